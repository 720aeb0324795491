package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.LocalJvms;
import org.orbscope.run.PointJvms;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.HostParts;
import org.orbscope.scenario.HostsSpec;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;

/**
 * The coordinator of {@code orbscope run} for scenarios with hosts: a CORBA object bound in a naming service
 * (JacORB's name server, started here, or one the user names), which hosts running {@code orbscope host} call to
 * register, fetch their part of each point, exchange clock pings, meet at the barrier and ship their results.
 *
 * <pre>{@code
 * try (Coordinator c = Coordinator.start(options, run, System.out)) {
 *     c.awaitHosts(points, () -> false);
 *     PointRunner runner = new PointRunner(settings, c.jvms(settings));
 *     runner.run(c.place(point), run.point(point.name()));
 * }
 * }</pre>
 */
public final class Coordinator implements AutoCloseable {
    /** The name the coordinator is bound under in the naming service, unless told otherwise. */
    public static final String DEFAULT_NAME = "orbscope.coordinator";
    /** The port of a naming service the run starts: CORBA's own (corbaloc's default). */
    public static final int DEFAULT_NAMING_PORT = 2809;
    /** The coordinator's own object key, for {@code corbaloc:iiop:1.2@ADDRESS:PORT/orbscope-coordinator}. */
    static final String OBJECT_KEY = "orbscope-coordinator";
    /** JacORB's dispatcher threads for the coordinator: every host may hold one in a call at once, twice. */
    private static final int THREADS = 2 * HostsSpec.MAX_HOSTS + 16;

    /**
     * Where the coordinator listens and registers.
     *
     * @param naming a running naming service's URL, or null to start JacORB's name server
     * @param address the address hosts reach this machine at, or null to take the first of its interfaces
     * @param namingPort the port of the naming service the run starts
     * @param name the name the coordinator is bound under
     */
    public record Options(String naming, String address, int namingPort, String name) {
    }

    private final ORB orb;
    private final CoordinatorServant servant;
    private final NamingService started;
    private final NamingContextExt namingContext;
    private final RunDirectory run;
    private final PrintStream out;
    private final Options options;
    private final String address;
    private final String naming;

    private Coordinator(ORB orb, CoordinatorServant servant, NamingService started, NamingContextExt namingContext,
                        RunDirectory run, PrintStream out, Options options, String address, String naming) {
        this.orb = orb;
        this.servant = servant;
        this.started = started;
        this.namingContext = namingContext;
        this.run = run;
        this.out = out;
        this.options = options;
        this.address = address;
        this.naming = naming;
    }

    /**
     * Starts the naming service (unless one is given), the coordinator object, and binds it.
     *
     * @throws IOException with one line saying what could not be started or reached
     */
    public static Coordinator start(Options o, RunDirectory run, PrintStream out) throws IOException,
            InterruptedException {
        String address = o.address() != null ? o.address() : Addresses.guess();
        NamingService started = null;
        String naming = o.naming();
        if (naming == null) {
            started = NamingService.start(address, o.namingPort(), run.namingIor(), run.namingLog(),
                    Duration.ofSeconds(60));
            naming = started.url;
        }
        Properties p = new Properties();
        p.setProperty("OAIAddr", address);
        p.setProperty("jacorb.poa.thread_pool_max", Integer.toString(THREADS));
        p.setProperty("jacorb.poa.queue_max", Integer.toString(THREADS));
        ORB orb = JacorbOrbs.orb(p);
        try {
            POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
            root.the_POAManager().activate();
            CoordinatorServant servant = new CoordinatorServant();
            org.omg.CORBA.Object ref = root.servant_to_reference(servant);
            ((org.jacorb.orb.ORB) orb).addObjectKey(OBJECT_KEY, ref);
            AtomicFiles.write(run.coordinatorIor(), orb.object_to_string(ref) + "\n");
            Thread orbThread = new Thread(orb::run, "orbscope-coordinator-orb");
            orbThread.setDaemon(true);
            orbThread.start();
            NamingContextExt context = bind(orb, naming, o.name(), ref);
            out.println("orbscope run: coordinator bound as '" + o.name() + "' in the naming service " + naming);
            out.println("orbscope run: on each host run: orbscope host --naming " + naming + " --name NAME");
            return new Coordinator(orb, servant, started, context, run, out, o, address, naming);
        } catch (IOException | RuntimeException | org.omg.CORBA.UserException e) {
            orb.shutdown(false);
            if (started != null) {
                started.close();
            }
            throw e instanceof IOException io ? io : new IOException("the coordinator could not start: " + e, e);
        }
    }

    /** Binds the coordinator in the naming service (again, if a run before left its binding). */
    private static NamingContextExt bind(ORB orb, String naming, String name, org.omg.CORBA.Object ref)
            throws IOException {
        try {
            NamingContextExt context = NamingContextExtHelper.narrow(orb.string_to_object(naming));
            context.rebind(context.to_name(name), ref);
            return context;
        } catch (SystemException | org.omg.CORBA.UserException e) {
            throw new IOException("cannot bind the coordinator in the naming service " + naming + ": "
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        }
    }

    /** The naming service's URL, which hosts are given. */
    public String naming() {
        return naming;
    }

    /** The points' JVMs on the registered hosts (and the server on this machine unless a point names its host). */
    public PointJvms jvms(Path scenarioDir, Path agentJar) {
        return new HostJvms(servant, new LocalJvms(scenarioDir, agentJar), scenarioDir, run.name(), naming, out);
    }

    /**
     * Waits until the hosts the points need have registered, at most the longest {@code client.hosts.register}
     * of the points, or until {@code stop} says so; says which are still missing now and then, and which never came.
     */
    public void awaitHosts(List<SweepPoint> points, BooleanSupplier stop) throws InterruptedException {
        Set<String> named = new LinkedHashSet<>();
        int unnamed = 0;
        long limit = 0;
        for (SweepPoint p : points) {
            HostsSpec h = p.scenario().client().hosts();
            p.scenario().servers().stream().map(ServerSpec::host).filter(Objects::nonNull).forEach(named::add);
            if (h != null) {
                named.addAll(h.used());
                unnamed = h.names().isEmpty() ? Math.max(unnamed, h.count()) : unnamed;
                limit = Math.max(limit, h.registerNanos());
            }
        }
        long deadline = System.nanoTime() + (limit > 0 ? limit : TimeUnit.MINUTES.toNanos(2));
        long nextSay = 0;
        while (true) {
            Set<String> present = new LinkedHashSet<>();
            servant.available().forEach(h -> present.add(h.name()));
            Set<String> absent = new LinkedHashSet<>(named);
            absent.removeAll(present);
            int others = (int) present.stream().filter(n -> !named.contains(n)).count();
            int short_ = Math.max(0, unnamed - others);
            if (absent.isEmpty() && short_ == 0) {
                out.println("orbscope run: hosts registered: " + String.join(", ", present));
                return;
            }
            String waiting = (absent.isEmpty() ? "" : String.join(", ", absent))
                    + (short_ > 0 ? (absent.isEmpty() ? "" : " and ") + short_ + " more host(s)" : "");
            if (System.nanoTime() > deadline || stop.getAsBoolean()) {
                out.println("orbscope run: not registered in time: " + waiting + "; the points run without them");
                return;
            }
            if (System.nanoTime() > nextSay) {
                out.println("orbscope run: waiting for hosts to register: " + waiting + " (registered: "
                        + (present.isEmpty() ? "none" : String.join(", ", present)) + ")");
                nextSay = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            }
            servant.awaitChange(1000);
        }
    }

    /**
     * The point with each server listening on an address the hosts reach: its host's, or this machine's (unless
     * the scenario sets the server's address itself).
     */
    public SweepPoint place(SweepPoint p) throws ScenarioException {
        List<HostState> available = servant.available();
        var tree = HostParts.serverAddresses(p.tree(), host -> available.stream()
                .filter(h -> h.name().equals(host)).map(h -> h.info.address).findFirst().orElse(address));
        ScenarioDocument doc = ScenarioLoader.parseDocument(p.name(), ScenarioLoader.toYaml(tree), List.of());
        return new SweepPoint(p.name(), p.params(), doc.scenario(), tree);
    }

    /** Tells the hosts the run is over, unbinds the coordinator, and stops what the run started. */
    @Override
    public void close() throws InterruptedException {
        servant.quitAll();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (System.nanoTime() < deadline && servant.alive().stream().anyMatch(h -> !h.tasks.isEmpty())) {
            Thread.sleep(50);
        }
        try {
            namingContext.unbind(namingContext.to_name(options.name()));
        } catch (SystemException | org.omg.CORBA.UserException e) {
            // the naming service is gone or was changed meanwhile: nothing to undo there
        }
        orb.shutdown(false);
        if (started != null) {
            started.close();
        }
    }
}
