package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.orbscope.run.watch.Watcher;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;

/**
 * Runs one sweep point: writes its point.yaml, starts the server JVMs (each with the agent when it is monitored)
 * in dependency order and waits until they are ready, runs the clients to their end, stops the servers, and
 * records how it went in status.json; a server that dies fails the point by name. A {@link Watcher} samples the
 * machine, the point's processes and JVMs and the others beside them from before the first JVM starts until the
 * last has ended. Where the JVMs run is a {@link PointJvms}: this machine by default, or registered hosts.
 * {@code orbscope run}, the benchmarks and the tests run points through here.
 *
 * <p>{@link #interrupt()} (from a signal handler) stops a point in progress in order: the clients are asked to
 * stop (they write what they measured), then the servers (their agents flush the traces); the point ends
 * {@link PointStatus#INTERRUPTED}.
 */
public final class PointRunner {
    /** How long a JVM asked to stop may take at each step (stdin closed, SIGTERM, SIGKILL). */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    /**
     * How points are run.
     *
     * @param scenarioDir where the scenario file lives (the agent config it names is relative to it)
     * @param readyTimeout how long the server may take to become ready
     * @param agentJar the agent jar, for monitored scenarios
     */
    public record Settings(Path scenarioDir, Duration readyTimeout, Path agentJar) {
    }

    private final Settings settings;
    private final PointJvms jvms;
    private volatile boolean interrupted;

    /** Runs points on this machine. */
    public PointRunner(Settings settings) {
        this(settings, new LocalJvms(settings.scenarioDir(), settings.agentJar()));
    }

    /** Runs points with their JVMs where {@code jvms} starts them. */
    public PointRunner(Settings settings, PointJvms jvms) {
        this.settings = settings;
        this.jvms = jvms;
    }

    /** Asks the point in progress (and any later one) to stop; safe from any thread. */
    public void interrupt() {
        interrupted = true;
        jvms.interruptClients();
    }

    public boolean interrupted() {
        return interrupted;
    }

    /** Runs {@code point} into {@code dir}; never throws for a failed point, only for a run directory it cannot write. */
    public PointStatus run(SweepPoint point, PointDirectory dir) throws IOException, InterruptedException {
        long started = System.currentTimeMillis();
        AtomicFiles.write(dir.pointYaml(), ScenarioLoader.toYaml(point.tree()));
        PointStatus status;
        Watcher watch = Watcher.start(dir, dir.watch(), EpochClock.calibrate());
        try {
            status = attempt(point.scenario(), dir, started);
        } finally {
            try {
                jvms.pointOver(dir);
            } finally {
                watch.close();
            }
        }
        status = withTraces(point.scenario(), dir, status);
        status.write(dir.status());
        return status;
    }

    /**
     * {@code status}, unless it is ok and a monitored server left no trace (its files are in place once the point is
     * over, shipped from a host too): then failed, with what is missing and the agent's reason.
     */
    private static PointStatus withTraces(Scenario s, PointDirectory dir, PointStatus status) throws IOException {
        if (!status.ok()) {
            return status;
        }
        Map<String, ServerDirectory> dirs = dir.servers(s);
        for (ServerSpec server : s.servers()) {
            String missing = s.monitoring(server).enabled() ? MissingTrace.of(dirs.get(server.name())) : null;
            if (missing != null) {
                return new PointStatus(PointStatus.FAILED, (s.singleServer() ? "" : "server '" + server.name() + "': ")
                        + missing, status.serverExit(), status.serverExits(), status.clientExit(),
                        status.startedEpochMs(), status.endedEpochMs());
            }
        }
        return status;
    }

    /** A started server JVM and where it writes. */
    private record Server(ServerSpec spec, ServerDirectory dir, Process process) {
    }

    private PointStatus attempt(Scenario s, PointDirectory dir, long started) throws IOException, InterruptedException {
        Map<String, ServerDirectory> dirs = dir.servers(s);
        for (ServerDirectory d : dirs.values()) {
            Files.createDirectories(d.dir());
        }
        Outcome out = new Outcome(s, started);
        if (interrupted) {
            return out.end(PointStatus.INTERRUPTED, "the run was interrupted before this point started", null);
        }
        List<Server> servers = new ArrayList<>();
        try {
            String notReady = startServers(s, dir, dirs, servers, out);
            if (notReady != null) {
                stopAll(servers, out);
                return out.end(interrupted ? PointStatus.INTERRUPTED : PointStatus.FAILED, notReady, null);
            }
            if (interrupted) {
                jvms.interruptClients();
            }
            PointJvms.ClientsEnd clients = jvms.runClients(s, dir, settings.readyTimeout());
            Server died = servers.stream().filter(x -> !x.process().isAlive()).findFirst().orElse(null);
            stopAll(servers, out);
            if (interrupted) {
                return out.end(PointStatus.INTERRUPTED, "the run was interrupted; results up to then are kept",
                        clients.exit());
            }
            String error = clients.error();
            if (clients.exit() != null && died != null) {
                error = out.label(died.spec()) + " exited (code " + out.exits.get(died.spec().name())
                        + ") during the run; see " + died.dir().log();
            } else if (error == null) {
                for (Server x : servers) {
                    Integer code = out.exits.get(x.spec().name());
                    if (code == null || code != 0) {
                        error = out.label(x.spec()) + " exited with code " + code + " when stopped; see " + x.dir().log();
                        break;
                    }
                }
            }
            return out.end(error == null ? PointStatus.OK : PointStatus.FAILED, error, clients.exit());
        } finally {
            for (Server x : servers) {
                if (x.process().isAlive()) {
                    x.process().destroyForcibly();
                }
            }
        }
    }

    /** How the servers of a point are named in messages, their exit codes as they are stopped, and the status. */
    private static final class Outcome {
        final Scenario scenario;
        final long started;
        final Map<String, Integer> exits = new LinkedHashMap<>();

        Outcome(Scenario scenario, long started) {
            this.scenario = scenario;
            this.started = started;
        }

        /** "the server" for a {@code server:} scenario, "server 'name'" among several. */
        String label(ServerSpec server) {
            return scenario.singleServer() ? "the server" : "server '" + server.name() + "'";
        }

        PointStatus end(String status, String error, Integer clientExit) {
            Integer single = scenario.singleServer() ? exits.get(ServerSpec.SINGLE) : null;
            Map<String, Integer> several = scenario.singleServer() || exits.isEmpty() ? null : Map.copyOf(exits);
            return new PointStatus(status, error, single, several, clientExit, started, System.currentTimeMillis());
        }
    }

    /**
     * Starts the servers in dependency order: a server as soon as every server it calls is ready. Returns null
     * once all are ready, else why not (a server could not start, died, was not ready in time, or the run was
     * interrupted), naming the server.
     */
    private String startServers(Scenario s, PointDirectory dir, Map<String, ServerDirectory> dirs, List<Server> servers,
                                Outcome out) throws IOException, InterruptedException {
        Set<String> ready = new HashSet<>();
        Map<String, Long> deadlines = new HashMap<>();
        while (ready.size() < s.servers().size()) {
            for (ServerSpec spec : s.startOrder()) {
                if (!deadlines.containsKey(spec.name()) && ready.containsAll(s.dependencies(spec))) {
                    Process p;
                    try {
                        p = jvms.startServer(s, spec, dir);
                    } catch (PointJvms.CannotStart e) {
                        return s.singleServer() ? e.getMessage() : out.label(spec) + ": " + e.getMessage();
                    }
                    servers.add(new Server(spec, dirs.get(spec.name()), p));
                    deadlines.put(spec.name(), System.nanoTime() + settings.readyTimeout().toNanos());
                }
            }
            if (interrupted) {
                return "the run was interrupted while the " + (s.singleServer() ? "server was" : "servers were")
                        + " starting";
            }
            for (Server x : servers) {
                String name = x.spec().name();
                if (ready.contains(name)) {
                    continue;
                }
                if (Files.exists(x.dir().ready())) {
                    ready.add(name);
                } else if (!x.process().isAlive()) {
                    return out.label(x.spec()) + " exited with code " + x.process().exitValue()
                            + " before it was ready; see " + x.dir().log();
                } else if (System.nanoTime() > deadlines.get(name)) {
                    return out.label(x.spec()) + " was not ready within " + settings.readyTimeout().toSeconds()
                            + " s (no " + x.dir().ready() + ")";
                }
            }
            if (ready.size() < s.servers().size()) {
                Thread.sleep(20); // a server says it is ready by writing a file: there is nothing to block on
            }
        }
        return null;
    }

    /** Stops the servers, the last started first (a front server ends before the servers it calls). */
    private static void stopAll(List<Server> servers, Outcome out) throws InterruptedException {
        for (int i = servers.size() - 1; i >= 0; i--) {
            Server x = servers.get(i);
            out.exits.put(x.spec().name(), x.process().isAlive() ? JvmLauncher.stop(x.process(), STOP_GRACE)
                    : x.process().exitValue());
        }
    }
}
