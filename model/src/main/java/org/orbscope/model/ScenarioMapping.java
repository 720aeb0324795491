package org.orbscope.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.orbscope.scenario.ArrivalSpec;
import org.orbscope.scenario.CallSpec;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.Distribution;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.OrbSpec;
import org.orbscope.scenario.PoaSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SessionSpec;
import org.orbscope.scenario.TargetSpec;

/**
 * The one mapping from a (validated, single-point) scenario to Harkema et al.'s model: the threading model of the
 * server's ORB ({@link #threading}), N_con connections, the POAs
 * (a {@code SINGLE_THREAD_MODEL} POA is T_poa = 1), the dispatcher pool T_disp ({@code orb.poolMax}, JacORB's
 * default 20 when not set) shared or one per POA as JacORB does ({@code orb.poolShared}), servants with T_ser
 * ({@code concurrency}), each operation's CPU and waiting demand and its calls (sub-requests, sync or oneway,
 * collocated on the same server) and the lock it holds, the IDL's oneway operation ({@code post}) as one with no
 * reply, the arrival processes with their routing, and the cores the server may use;
 * with {@code servers:}, each server with its own cores, pool and POAs (its servants named server/id);
 * {@code client.instances} client JVMs are that many copies of the client's connections and arrival processes,
 * each instance's processes on its own connections, every process with its own request count. The middleware's own costs (b_rec, b_poa, b_mar) are not in a
 * scenario: they come from {@link Overrides} or from {@link Calibration}.
 */
public final class ScenarioMapping {
    /** JacORB's {@code jacorb.poa.thread_pool_max} when a scenario does not set it. */
    public static final int JACORB_DEFAULT_POOL_MAX = 20;

    /** How a server's ORB threads, as the model sees it: the model, T_disp and the pool's scope. */
    record Threading(ThreadingModel model, int threads, PoolScope scope) {
    }

    /**
     * What the server's ORB really does with a request ({@link OrbProduct}): JacORB hands it to a dispatcher pool
     * of {@code poolMax} threads, one per POA unless shared; Yoko's thread_pool model to its one pool of
     * {@code poolMax} (10) threads, its thread_per_request model to a new thread, its threaded model to none (the
     * receiver thread dispatches), the workload server's leader_followers to the leader of {@code poolMax} (10)
     * threads (the model's leader/followers of that many threads); glassfish-corba and the WildFly ORB to a pool that
     * grows without bound and keeps its threads (a thread per request in progress, created once), to one pool of
     * {@code poolMax} threads when the scenario bounds it, or with {@code nioSelect: false} to none.
     */
    static Threading threading(ServerSpec server) {
        OrbSpec orb = server.orb();
        int unbounded = JACORB_DEFAULT_POOL_MAX; // T_disp is not read by the models without a pool
        switch (orb.product()) {
            case YOKO:
                OrbProduct.YokoConcModel m = orb.concModel() == null ? OrbProduct.YokoConcModel.THREAD_PER_REQUEST
                        : orb.concModel();
                return switch (m) {
                    case THREAD_POOL -> new Threading(ThreadingModel.THREAD_POOL,
                            orb.poolMax() != null ? orb.poolMax() : OrbProduct.YOKO_DEFAULT_POOL, PoolScope.SHARED);
                    case THREADED -> new Threading(ThreadingModel.THREAD_PER_CONNECTION, unbounded, PoolScope.SHARED);
                    case LEADER_FOLLOWERS -> new Threading(ThreadingModel.LEADER_FOLLOWER,
                            orb.poolMax() != null ? orb.poolMax() : OrbProduct.YOKO_DEFAULT_POOL, PoolScope.SHARED);
                    default -> new Threading(ThreadingModel.THREAD_PER_REQUEST, unbounded, PoolScope.SHARED);
                };
            case GLASSFISH:
            case OPENJDK_ORB:
                if (Boolean.FALSE.equals(orb.nioSelect())) {
                    return new Threading(ThreadingModel.THREAD_PER_CONNECTION, unbounded, PoolScope.SHARED);
                }
                return orb.poolMax() != null ? new Threading(ThreadingModel.THREAD_POOL, orb.poolMax(), PoolScope.SHARED)
                        : new Threading(ThreadingModel.THREAD_PER_REQUEST, unbounded, PoolScope.SHARED);
            default:
                return new Threading(ThreadingModel.THREAD_POOL,
                        orb.poolMax() != null ? orb.poolMax() : JACORB_DEFAULT_POOL_MAX,
                        Boolean.TRUE.equals(orb.poolShared()) ? PoolScope.SHARED : PoolScope.PER_POA);
        }
    }

    /**
     * What a scenario does not say, or what the user overrides: threading model and cores (null = from the
     * scenario), and the middleware's CPU per request in nanoseconds.
     */
    public record Overrides(ThreadingModel threading, Double cores, double receiverCpuNanos, double poaCpuNanos,
                            double marshalCpuNanos) {
        public static final Overrides NONE = new Overrides(null, null, 0, 0, 0);
    }

    private ScenarioMapping() {
    }

    /** The model of {@code s} with no middleware costs. */
    public static ModelParameters map(Scenario s) {
        return map(s, Overrides.NONE);
    }

    /**
     * The model of {@code s}.
     *
     * @throws IllegalArgumentException when the scenario asks for something the model cannot express
     */
    public static ModelParameters map(Scenario s, Overrides o) {
        ClientSpec client = s.client();
        ModelParameters.Builder b = ModelParameters.builder();
        b.threadingModel(o.threading() != null ? o.threading() : threading(s.servers().get(0)).model());
        b.connections(client.connections() * client.jvms());
        b.receiverCpu(Dist.deterministic(o.receiverCpuNanos())).poaCpu(Dist.deterministic(o.poaCpuNanos()));
        Dist marshal = Dist.deterministic(o.marshalCpuNanos());
        List<List<ServerSpec>> groups = cpuGroups(s);
        for (ServerSpec server : s.servers()) {
            Threading t = threading(server);
            int threads = t.threads();
            PoolScope scope = t.scope();
            if (s.singleServer()) {
                b.cores(cores(server)).dispatcherThreads(threads).poolScope(scope);
            } else {
                b.server(server.name(), cpuCores(groups, server), threads, scope);
            }
            b.poa(PoaSpec.ROOT, 0);
            for (PoaSpec p : server.poas()) {
                b.poa(p.name(), p.threadLimit());
            }
            for (ObjectSpec obj : server.objects()) {
                String servant = servant(s, new Scenario.Ref(server, obj));
                b.servant(servant, obj.poa(), obj.concurrency());
                for (Map.Entry<String, OperationSpec> op : obj.operations().entrySet()) {
                    OperationSpec d = op.getValue();
                    operation(b, servant, op.getKey(), dist(d.cpu()), dist(d.waiting()), marshal);
                    if (d.lock() != null) {
                        b.lock(servant + "." + op.getKey(), d.lock().name(), dist(d.lock().hold()));
                    }
                }
            }
        }
        for (List<ServerSpec> group : groups) {
            if (group.size() > 1) {
                b.shareCpu(group.stream().map(ServerSpec::name).toList());
            }
        }
        if (o.cores() != null) {
            b.cores(o.cores());
        }
        for (ServerSpec server : s.servers()) {
            for (ObjectSpec obj : server.objects()) {
                for (Map.Entry<String, OperationSpec> op : obj.operations().entrySet()) {
                    String from = servant(s, new Scenario.Ref(server, obj)) + "." + op.getKey();
                    for (CallSpec c : op.getValue().calls()) {
                        // A call made with probability p is p visits; one to N copies is p / N visits to each.
                        List<Scenario.Ref> copies = s.callees(c);
                        for (Scenario.Ref copy : copies) {
                            b.call(from, operation(b, s, copy, c.operation(), marshal), c.count(), c.sync(),
                                    c.probability() / copies.size());
                        }
                    }
                }
            }
        }
        for (ProcessSpec p : client.processes()) {
            String[] targets = new String[p.targets().size()];
            double[] probabilities = p.session() != null ? sessionShares(p.session(), targets.length)
                    : new double[targets.length];
            for (int t = 0; t < targets.length; t++) {
                TargetSpec target = p.targets().get(t);
                // An operation the scenario does not list costs nothing on the server, in the model too.
                targets[t] = operation(b, s, s.resolve(target.server(), target.object()),
                        target.operation(client.invocation()), marshal);
                if (p.session() == null) {
                    probabilities[t] = p.probability(t);
                }
            }
            // An open process's calls wait for the client's invoker threads where a user's pace can hold them: a
            // pool the scenario sizes, or work after each reply; else the pool sized from the rate is not modelled.
            boolean pooled = !p.arrival().closed() && (client.invokers() != null || p.processing().any());
            for (int jvm : client.jvmsOf(p)) {
                // One connection per client JVM pins its stream there; several spread round-robin over all of them.
                b.stream(arrivals(p.arrival()), client.connections() == 1 ? jvm : -1, targets, probabilities,
                        count(p));
                if (pooled || p.processing().any()) {
                    b.caller(new ModelParameters.Caller(pooled ? jvm : -1, dist(p.processing().cpu()),
                            dist(p.processing().waiting())));
                }
                if (pooled) {
                    b.invokers(jvm, client.invokerThreads());
                }
            }
        }
        return b.build();
    }

    /**
     * What {@code s} asks for that {@link #map} leaves out of the model, one plain sentence each, so that a
     * prediction is never read as covering more than it does. Empty when the model expresses the whole scenario
     * (the middleware's own costs aside: they are never in a scenario).
     */
    public static List<String> unmodelled(Scenario s) {
        return unmodelled(s, false);
    }

    /**
     * As {@link #unmodelled(Scenario)}, for a model of {@code s} that has a client and network delay when
     * {@code clientDelay} (given or calibrated, {@link ModelParameters#clientDelay()}): a closed loop's cycle is
     * then modelled whole.
     */
    public static List<String> unmodelled(Scenario s, boolean clientDelay) {
        List<String> out = new ArrayList<>();
        ClientSpec client = s.client();
        boolean closed = false;
        boolean payload = false;
        for (ProcessSpec p : client.processes()) {
            closed |= p.arrival().closed();
            for (TargetSpec t : p.targets()) {
                payload |= t.payload().octets() > 0;
            }
        }
        if (closed && !clientDelay) {
            out.add("the client's and the network's time (no client delay given): a closed loop's cycle in the "
                    + "model is the server's completion time plus the think time, so the model's throughput is an "
                    + "upper bound");
        }
        if (client.processes().stream().anyMatch(p -> p.session() != null)) {
            out.add("a session's order of calls and its pause between sessions: the model routes each call of a "
                    + "session's clients apart, by the session's long-run share of calls to each target, and "
                    + "thinks the think time after every call");
        }
        if (client.processes().stream().anyMatch(p -> p.freshConnection() != null)) {
            out.add("opening a fresh connection before a session or a request: the model's connections stay open");
        }
        if (client.processes().stream().anyMatch(p -> p.processing().cpu().maxNanos() > 0)) {
            out.add("the client's processing CPU is time in the model: the client's cores, shared by its threads, "
                    + "are not");
        }
        if (payload) {
            out.add("payload sizes do not change the demands: the reply marshalling CPU (b_mar) is one figure for "
                    + "every payload unless "
                    + "calibrated from a monitored run");
        }
        ThreadingModel first = threading(s.servers().get(0)).model();
        for (ServerSpec server : s.servers()) {
            if (threading(server).model() != first) {
                out.add("server '" + server.name() + "' threads as " + threading(server).model() + " on its ORB ("
                        + server.orb().product().yamlName() + "), but the model has one threading model for every "
                        + "server: that of the first, " + first);
            }
            if (server.orb().queueMax() != null) {
                out.add("orb.queueMax " + server.orb().queueMax() + (s.singleServer() ? "" : " of server '"
                        + server.name() + "'") + " is not modelled: the model's queue is unbounded");
            }
        }
        boolean calls = s.servers().stream().flatMap(v -> v.objects().stream())
                .flatMap(o -> o.operations().values().stream()).anyMatch(op -> !op.calls().isEmpty());
        if (calls) {
            out.add("the calling servant's side of its calls costs nothing in the model (marshalling the "
                    + "sub-request, its connection, unmarshalling the reply)");
        }
        boolean copies = s.servers().stream().flatMap(v -> v.objects().stream())
                .flatMap(o -> o.operations().values().stream()).flatMap(op -> op.calls().stream())
                .anyMatch(c -> s.callees(c).size() > 1);
        if (copies) {
            out.add("a servant call to an object with copies goes to one copy drawn per call; the model draws "
                    + "for each copy apart (probability / copies each): the same mean visits, while how many "
                    + "calls one request makes varies more in the simulation");
        }
        for (List<ServerSpec> group : cpuGroups(s)) {
            Set<Integer> all = cpus(group);
            if (group.stream().anyMatch(v -> !cpus(List.of(v)).equals(all))) {
                out.add("servers " + group.stream().map(v -> "'" + v.name() + "'").collect(Collectors.joining(", "))
                        + " share some of their host's cores but not all: the model lets them share all "
                        + all.size() + " as one CPU; pin them to the same cpus, or to disjoint ones, for the model "
                        + "and the run to agree");
            }
        }
        return out;
    }

    /**
     * The servers that share a processor: those of one host (the run's machine when none is named) that may use a
     * core in common, an unpinned server every core of its host. Each group is one processor-sharing CPU in the
     * model; a server alone is a group of one.
     */
    static List<List<ServerSpec>> cpuGroups(Scenario s) {
        List<List<ServerSpec>> groups = new ArrayList<>();
        for (ServerSpec server : s.servers()) {
            List<ServerSpec> joined = new ArrayList<>(List.of(server));
            for (Iterator<List<ServerSpec>> it = groups.iterator(); it.hasNext(); ) {
                List<ServerSpec> g = it.next();
                if (Objects.equals(g.get(0).host(), server.host()) && !Collections.disjoint(cpus(g), cpus(joined))) {
                    joined.addAll(0, g);
                    it.remove();
                }
            }
            groups.add(joined);
        }
        return groups;
    }

    /** The cores the servers may use together: the union of their cpus, every processor if one is unpinned. */
    private static Set<Integer> cpus(List<ServerSpec> servers) {
        Set<Integer> all = new TreeSet<>();
        for (ServerSpec server : servers) {
            if (server.cpus().isEmpty()) {
                for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
                    all.add(c);
                }
            } else {
                all.addAll(server.cpus());
            }
        }
        return all;
    }

    /** The cores of the CPU a server runs on: those its group ({@link #cpuGroups}) may use together. */
    private static int cpuCores(List<List<ServerSpec>> groups, ServerSpec server) {
        for (List<ServerSpec> group : groups) {
            if (group.contains(server)) {
                return cpus(group).size();
            }
        }
        throw new IllegalStateException("server '" + server.name() + "' is in no group");
    }

    /** The model's name of an object's servant: its id with one server, server/id with several. */
    private static String servant(Scenario s, Scenario.Ref ref) {
        return ref.key(s);
    }

    /**
     * The label (servant.operation) of an operation a target or call names; an operation the scenario does not
     * list costs nothing on the server, in the model too.
     */
    private static String operation(ModelParameters.Builder b, Scenario s, Scenario.Ref ref, String operation,
                                    Dist marshal) {
        String label = servant(s, ref) + "." + operation;
        if (b.indexOfOperation(label) < 0) {
            operation(b, servant(s, ref), operation, Dist.ZERO, Dist.ZERO, marshal);
        }
        return label;
    }

    /** Adds an operation, oneway when the IDL declares it so (it sends no reply: no b_mar). */
    private static void operation(ModelParameters.Builder b, String servant, String operation, Dist cpu, Dist wait,
                                  Dist marshal) {
        b.operation(servant, operation, cpu, wait, marshal);
        if (TargetSpec.isOneway(operation)) {
            b.oneway(servant + "." + operation);
        }
    }

    /**
     * The number of requests the scenario's client sends: counts, or rate x duration (a closed process bounded by
     * time counts nothing: its rate is an outcome), over all client JVMs (instances, on every client host).
     */
    public static long requests(Scenario s) {
        long n = 0;
        for (ProcessSpec p : s.client().processes()) {
            n += count(p) * s.client().jvmsOf(p).size();
        }
        return n;
    }

    /**
     * What one client JVM's process sends: its count, or rate x duration, or its replay file's times; 0 for a
     * closed process bounded by time (its rate is an outcome).
     */
    private static long count(ProcessSpec p) {
        if (p.requests() != null) {
            return p.requests();
        }
        if (p.arrival().closed()) {
            return 0;
        }
        return p.durationNanos() > 0 ? (long) (p.arrival().ratePerSecond() * p.durationNanos() / 1e9)
                : p.arrival().replayTimesNanos().length;
    }

    /** The processors the server may use: the CPUs it is pinned to, else every processor of this machine. */
    public static int cores(ServerSpec server) {
        return server.cpus().isEmpty() ? Runtime.getRuntime().availableProcessors() : server.cpus().size();
    }

    /**
     * The long-run share of a session's calls that go to each of its {@code n} targets: each target's expected
     * visits per session over the session's expected length. A sequence visits each target once; a chain with
     * transitions Q among the targets (the rest ends the session) starting at target 0 visits them
     * v = e_0 (I - Q)^-1 times (the validator sees that every session ends, so I - Q is invertible).
     */
    static double[] sessionShares(SessionSpec session, int n) {
        double[] v = new double[n];
        if (!session.chain()) {
            Arrays.fill(v, 1.0 / n);
            return v;
        }
        RealMatrix a = MatrixUtils.createRealIdentityMatrix(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a.addToEntry(j, i, -session.transitions().get(i).get(j)); // (I - Q) transposed
            }
        }
        RealVector start = new ArrayRealVector(n);
        start.setEntry(0, 1);
        RealVector visits = new LUDecomposition(a).getSolver().solve(start);
        double length = 0;
        for (int i = 0; i < n; i++) {
            length += visits.getEntry(i);
        }
        for (int i = 0; i < n; i++) {
            v[i] = visits.getEntry(i) / length;
        }
        return v;
    }

    static Arrivals arrivals(ArrivalSpec a) {
        switch (a.law()) {
            case DETERMINISTIC: return Arrivals.open(ArrivalLaw.DETERMINISTIC, a.ratePerSecond());
            case HYPEREXPONENTIAL: return Arrivals.hyperexponential(a.ratePerSecond(), a.scv());
            case MMPP: return Arrivals.mmpp(a.mmppStates());
            case REPLAY: return Arrivals.replay(a.replayTimesNanos());
            case CLOSED: return Arrivals.closed(a.threads(), dist(a.thinkTime()));
            default: return Arrivals.open(ArrivalLaw.POISSON, a.ratePerSecond());
        }
    }

    static Dist dist(Distribution d) {
        switch (d.kind()) {
            case EXPONENTIAL: return Dist.exponential(d.meanNanos());
            case UNIFORM: return Dist.uniform(d.minNanos(), d.maxNanos());
            case EMPIRICAL: return Dist.empirical(Arrays.stream(d.valuesNanos()).asDoubleStream().toArray());
            default: return Dist.deterministic(d.meanNanos());
        }
    }
}
