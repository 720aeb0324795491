package org.orbscope.server;

import java.io.Closeable;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.PortableServer.IdAssignmentPolicyValue;
import org.omg.PortableServer.LifespanPolicyValue;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;
import org.omg.PortableServer.POAManager;
import org.omg.PortableServer.ServantRetentionPolicyValue;
import org.omg.PortableServer.ThreadPolicyValue;
import org.orbscope.scenario.LockSpec;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.PoaSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.LocksCsv;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ReadyFile;
import org.orbscope.run.ServerDirectory;

/**
 * The scenario's server in this JVM: one ORB of the scenario's product (JacORB, glassfish-corba, Yoko or the
 * WildFly ORB, through the standard {@code org.omg} API and the same IDL-generated classes), the POA hierarchy with its POA managers and policies,
 * the objects activated on their POAs, IOR files and corbaloc URLs, and a process sampler.
 *
 * <pre>{@code
 * try (WorkloadServer s = WorkloadServer.start(scenario, outDir)) { s.await(); }
 * }</pre>
 */
public final class WorkloadServer implements AutoCloseable {
    static final String HOST = "127.0.0.1";
    /**
     * How long the shutdown of an ORB other than JacORB may take (it finishes the requests in progress): half of the
     * 10 s that orbscope run gives a server to end once told to stop, so that a shutdown that never returns leaves
     * the server the time to write what it served, and its agent the trace, before the run ends it.
     */
    static final long SHUTDOWN_MILLIS = 5_000;

    private final ORB orb;
    private final OrbProduct product;
    private final Thread orbThread;
    private final SystemSampler sampler;
    private final Map<String, String> iors;
    private final Map<String, TargetServant> servants;
    /** The limits of the POAs with {@code threads} (or SINGLE_THREAD_MODEL), by POA name. */
    private final Map<String, ServantSlots> poaSlots;
    private final Map<String, ServantLock> locks;
    private final ServerDirectory out;
    /** Whether the scenario sends oneway requests, which the server lets arrive before it stops. */
    private final boolean onewaysSent;
    /** glassfish-corba's or the WildFly ORB's pool of {@code poolMax} threads ({@link SunOrbPool}); else null. */
    private final Closeable threadPool;
    /** The pool that dispatches the scenario's POAs under {@code concModel: leader_followers}, else null. */
    private final LeaderFollowers leaderFollowers;
    private volatile boolean closed;

    private WorkloadServer(ORB orb, OrbProduct product, Thread orbThread, SystemSampler sampler, Map<String, String> iors,
                           Map<String, TargetServant> servants, Map<String, ServantSlots> poaSlots,
                           Map<String, ServantLock> locks, ServerDirectory out, boolean onewaysSent,
                           Closeable threadPool, LeaderFollowers leaderFollowers) {
        this.orb = orb;
        this.product = product;
        this.orbThread = orbThread;
        this.sampler = sampler;
        this.iors = iors;
        this.servants = servants;
        this.poaSlots = poaSlots;
        this.locks = locks;
        this.out = out;
        this.onewaysSent = onewaysSent;
        this.threadPool = threadPool;
        this.leaderFollowers = leaderFollowers;
    }

    /** What each object received so far, one row per object and operation called (requests counted as they start). */
    public List<ReceivedCsv.Row> received() {
        List<ReceivedCsv.Row> rows = new ArrayList<>();
        servants.values().forEach(s -> rows.addAll(s.receivedRows()));
        return rows;
    }

    private long onewaysStarted() {
        return received().stream().filter(r -> TargetSpec.isOneway(r.operation())).mapToLong(ReceivedCsv.Row::requests)
                .sum();
    }

    /** The servant locks' waits and holds so far, one row per lock the scenario names per interval it was entered in. */
    public List<LocksCsv.Row> locks() {
        List<LocksCsv.Row> rows = new ArrayList<>();
        locks.values().forEach(l -> rows.addAll(l.rows()));
        return rows;
    }

    /** Object id -> stringified IOR. */
    public Map<String, String> iors() {
        return iors;
    }

    /** The one server of a {@code server:} scenario. */
    public static WorkloadServer start(Scenario scenario, Path outDir) throws Exception {
        return start(scenario, scenario.servers().get(0), outDir, Map.of());
    }

    /**
     * Starts {@code server} of {@code scenario}.
     *
     * @param peers the directory ({@link ServerDirectory}) of each other server whose objects this server's servants call
     */
    public static WorkloadServer start(Scenario scenario, ServerSpec server, Path outDir, Map<String, Path> peers)
            throws Exception {
        ServerDirectory out = new ServerDirectory(outDir);
        Files.createDirectories(out.iorDir());
        SystemSampler sampler = new SystemSampler(out.systemCsv(), 100);
        sampler.start();
        int port = freePort();
        String implName = safe(scenario.name()) + (scenario.singleServer() ? "" : "." + server.name());
        java.util.Properties properties = OrbProperties.forServer(server.orb(), implName, port, HOST);
        OrbProperties.systemProperties(properties);
        ORB orb = ORB.init(new String[0], properties);
        LeaderFollowers leaderFollowers = OrbProperties.leaderFollowers(server.orb());
        try {
            Closeable threadPool = SunOrbPool.sizes(server.orb().product()) ? SunOrbPool.install(orb, server.orb())
                    : null;
            POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
            Map<String, POA> poas = buildPoas(root, server.poas(), leaderFollowers);
            Map<String, String> iors = new LinkedHashMap<>();
            Map<String, TargetServant> servants = new LinkedHashMap<>();
            StringBuilder urls = new StringBuilder();
            int index = 0;
            Map<String, ServantLock> locks = new LinkedHashMap<>();
            Map<String, ServantSlots> poaSlots = new LinkedHashMap<>();
            for (PoaSpec p : server.poas()) {
                ServantSlots limit = ServantSlots.of(p.threadLimit());
                if (limit != null) {
                    poaSlots.put(p.name(), limit);
                }
            }
            for (ObjectSpec o : server.objects()) {
                POA poa = poas.get(o.poa());
                TargetServant servant = servant(o, server.seed() * 1_000_003L + index++, locks,
                        poaSlots.get(o.poa()));
                byte[] oid = o.id().getBytes(StandardCharsets.UTF_8);
                org.omg.CORBA.Object ref;
                if (poaIds(server, o.poa()) == PoaSpec.IdAssignment.SYSTEM_ID) {
                    ref = poa.id_to_reference(poa.activate_object(servant));
                } else {
                    poa.activate_object_with_id(oid, servant);
                    ref = poa.id_to_reference(oid);
                }
                String ior = orb.object_to_string(ref);
                iors.put(o.id(), ior);
                servants.put(o.id(), servant);
                AtomicFiles.write(out.ior(o.id()), ior + "\n");
                urls.append(o.id()).append(' ').append(OrbProperties.jacorb(server.orb().product())
                        ? Corbaloc.of(orb, ior) : "-").append('\n');
            }
            AtomicFiles.write(out.urls(), urls.toString());
            CallWiring.wire(scenario, server, orb, iors, servants, peers);
            Thread orbThread = new Thread(orb::run, "orbscope-orb-run");
            orbThread.setDaemon(true);
            orbThread.start();
            if (OrbProperties.warmsUp(server.orb().product())) {
                ServerWarmup.run(iors, server.warmupCalls(), properties);
            }
            ReadyFile.now(port).write(out.ready());
            return new WorkloadServer(orb, server.orb().product(), orbThread, sampler, iors, servants, poaSlots, locks,
                    out, OnewayDrain.sent(scenario), threadPool, leaderFollowers);
        } catch (Exception | Error e) {
            orb.shutdown(false);
            if (leaderFollowers != null) {
                leaderFollowers.stop();
            }
            sampler.close();
            throw e;
        }
    }

    private static PoaSpec.IdAssignment poaIds(ServerSpec server, String poa) {
        for (PoaSpec p : server.poas()) {
            if (p.name().equals(poa)) {
                return p.idAssignment();
            }
        }
        return PoaSpec.IdAssignment.SYSTEM_ID; // RootPOA assigns its own ids
    }

    /**
     * Creates the POAs parents first. POAs naming the same POA manager share it; a POA without a manager
     * shares the RootPOA's, so by default one manager gates every request as in a plain JacORB server. With
     * {@code leaderFollowers}, every POA hands its requests to that pool.
     */
    private static Map<String, POA> buildPoas(POA root, List<PoaSpec> specs, LeaderFollowers leaderFollowers)
            throws Exception {
        Map<String, POA> poas = new HashMap<>();
        poas.put(PoaSpec.ROOT, root);
        Map<String, POAManager> managers = new HashMap<>();
        List<POAManager> toActivate = new ArrayList<>();
        toActivate.add(root.the_POAManager());
        List<PoaSpec> pending = new ArrayList<>(specs);
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (java.util.Iterator<PoaSpec> it = pending.iterator(); it.hasNext(); ) {
                PoaSpec p = it.next();
                POA parent = poas.get(p.parent());
                if (parent == null) {
                    continue;
                }
                POAManager manager = p.manager() == null ? root.the_POAManager() : managers.get(p.manager());
                POA poa = parent.create_POA(p.name(), manager, policies(root, p, leaderFollowers));
                if (p.manager() != null && manager == null) {
                    managers.put(p.manager(), poa.the_POAManager());
                    toActivate.add(poa.the_POAManager());
                }
                poas.put(p.name(), poa);
                it.remove();
                progress = true;
            }
            if (!progress) {
                throw new IllegalArgumentException("POAs without a reachable parent: " + pending);
            }
        }
        for (POAManager m : toActivate) {
            m.activate();
        }
        return poas;
    }

    private static Policy[] policies(POA root, PoaSpec p, LeaderFollowers leaderFollowers) {
        Policy[] standard = {
            root.create_thread_policy(p.threadPolicy() == PoaSpec.ThreadPolicy.SINGLE_THREAD_MODEL
                    ? ThreadPolicyValue.SINGLE_THREAD_MODEL : ThreadPolicyValue.ORB_CTRL_MODEL),
            root.create_lifespan_policy(p.lifespan() == PoaSpec.Lifespan.PERSISTENT
                    ? LifespanPolicyValue.PERSISTENT : LifespanPolicyValue.TRANSIENT),
            root.create_id_assignment_policy(p.idAssignment() == PoaSpec.IdAssignment.USER_ID
                    ? IdAssignmentPolicyValue.USER_ID : IdAssignmentPolicyValue.SYSTEM_ID),
            root.create_servant_retention_policy(ServantRetentionPolicyValue.RETAIN),
        };
        if (leaderFollowers == null) {
            return standard;
        }
        Policy[] all = java.util.Arrays.copyOf(standard, standard.length + 1);
        all[standard.length] = leaderFollowers.policy();
        return all;
    }

    /**
     * The servant of {@code o}; its operations' locks come from {@code locks}, the server's, by name, and its POA's
     * limit is {@code poaSlots} (null: unlimited).
     */
    private static TargetServant servant(ObjectSpec o, long seed, Map<String, ServantLock> locks,
                                         ServantSlots poaSlots) {
        Map<String, DemandSampler> demands = new HashMap<>();
        Map<String, byte[]> replies = new HashMap<>();
        long s = seed;
        for (Map.Entry<String, OperationSpec> e : o.operations().entrySet()) {
            LockSpec lock = e.getValue().lock();
            demands.put(e.getKey(), new DemandSampler(e.getValue(), s++,
                    lock == null ? null : locks.computeIfAbsent(lock.name(), ServantLock::new)));
            replies.put(e.getKey(), new byte[e.getValue().replySize()]);
        }
        return new TargetServant(o.id(), demands, replies, poaSlots, o.concurrency());
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    /**
     * What the objects were sent and how the locks were held, once the ORB has finished the requests in progress;
     * locks.csv only when the scenario names a lock.
     */
    private void writeReceived() {
        try {
            ReceivedCsv.write(out.received(), received());
        } catch (IOException e) {
            System.err.println("orbscope server: cannot write " + out.received() + ": " + e.getMessage());
        }
        if (!locks.isEmpty()) {
            try {
                LocksCsv.write(out.locks(), locks());
            } catch (IOException e) {
                System.err.println("orbscope server: cannot write " + out.locks() + ": " + e.getMessage());
            }
        }
    }

    /** Blocks until {@link #close} (or the ORB shuts down). */
    public void await() throws InterruptedException {
        orbThread.join();
    }

    /** Stops the ORB (finishing requests in progress) and the sampler, and writes what was served. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (onewaysSent && !OnewayDrain.await(this::onewaysStarted)) {
            System.err.println("orbscope server: oneway requests were still arriving " + OnewayDrain.LIMIT_MILLIS / 1000
                    + " s after the stop; stopping with " + onewaysStarted() + " started");
        }
        // Yoko 1.4's shutdown in its thread_pool model never returns (ThreadPool.destroy waits for a notification
        // that does not come once its threads have ended): another product's ORB gets SHUTDOWN_MILLIS, then what
        // was served is written all the same (the requests were answered before).
        Thread shutdown = new Thread(() -> {
            try {
                orb.shutdown(true);
                orb.destroy();
            } catch (RuntimeException e) {
                System.err.println("orbscope server: ORB shutdown: " + e);
            }
        }, "orbscope-orb-shutdown");
        shutdown.setDaemon(true);
        shutdown.start();
        try {
            shutdown.join(OrbProperties.jacorb(product) ? 0 : SHUTDOWN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (shutdown.isAlive()) {
            System.err.println("orbscope server: the ORB's shutdown did not end within " + SHUTDOWN_MILLIS / 1000
                    + " s; stopping without it");
        }
        if (threadPool != null) {
            try {
                threadPool.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("orbscope server: thread pool close: " + e);
            }
        }
        sampler.close();
        writeReceived();
        if (leaderFollowers != null) {
            leaderFollowers.stop();
            System.err.println("orbscope server: " + leaderFollowers.summary());
        }
        // What the run can check its POA limits against: the most requests each limited POA had in its servants.
        poaSlots.forEach((poa, slots) -> System.err.println("orbscope server: POA " + poa + ": at most " + slots.most()
                + " requests in its servants at once (threads " + slots.limit() + ")"));
    }
}
