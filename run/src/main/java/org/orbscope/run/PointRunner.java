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
import java.util.concurrent.TimeUnit;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;

/**
 * Runs one sweep point: writes its point.yaml, starts the server JVMs (each with the agent when it is monitored)
 * in dependency order and waits until they are ready, runs the client JVM to its end, stops the servers, and
 * records how it went in status.json; a server that dies fails the point by name. {@code orbscope run}, the benchmarks and the tests run points through here.
 *
 * <p>{@link #interrupt()} (from a signal handler) stops a point in progress in order: the client is asked to stop
 * (it writes what it measured), then the server (its agent flushes the trace); the point ends
 * {@link PointStatus#INTERRUPTED}.
 */
public final class PointRunner {
    public static final String SERVER_MAIN = "org.orbscope.server.ServerMain";
    public static final String CLIENT_MAIN = "org.orbscope.client.ClientMain";
    /** How long a JVM asked to stop may take at each step (stdin closed, SIGTERM, SIGKILL). */
    static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /** How long an interrupted client may take to write what it measured. */
    static final Duration CLIENT_WRITE_GRACE = Duration.ofSeconds(30);

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
    private volatile boolean interrupted;
    private volatile List<Process> clients = List.of();

    public PointRunner(Settings settings) {
        this.settings = settings;
    }

    /** Asks the point in progress (and any later one) to stop; safe from any thread. */
    public void interrupt() {
        interrupted = true;
        for (Process c : clients) {
            c.destroy(); // SIGTERM: the client stops sending and writes its files
        }
    }

    public boolean interrupted() {
        return interrupted;
    }

    /** Runs {@code point} into {@code dir}; never throws for a failed point, only for a run directory it cannot write. */
    public PointStatus run(SweepPoint point, PointDirectory dir) throws IOException, InterruptedException {
        long started = System.currentTimeMillis();
        AtomicFiles.write(dir.pointYaml(), ScenarioLoader.toYaml(point.tree()));
        PointStatus status = attempt(point.scenario(), dir, started);
        status.write(dir.status());
        return status;
    }

    /** A started server JVM and where it writes. */
    private record Server(ServerSpec spec, ServerDirectory dir, Process process) {
    }

    private PointStatus attempt(Scenario s, PointDirectory dir, long started) throws IOException, InterruptedException {
        Map<String, ServerDirectory> dirs = dir.servers(s);
        List<ClientDirectory> clientDirs = dir.clients(s.client().instances());
        for (ServerDirectory d : dirs.values()) {
            Files.createDirectories(d.dir());
        }
        for (ClientDirectory c : clientDirs) {
            Files.createDirectories(c.dir());
        }
        Outcome out = new Outcome(s, started);
        if (interrupted) {
            return out.end(PointStatus.INTERRUPTED, "the run was interrupted before this point started", null);
        }
        if (s.monitored() && (settings.agentJar() == null || !Files.isRegularFile(settings.agentJar()))) {
            return out.end(PointStatus.FAILED, "monitoring is enabled but the agent jar is missing: "
                    + settings.agentJar(), null);
        }
        List<Server> servers = new ArrayList<>();
        try {
            String notReady = startServers(s, dir, dirs, servers, out);
            if (notReady != null) {
                stopAll(servers, out);
                return out.end(interrupted ? PointStatus.INTERRUPTED : PointStatus.FAILED, notReady, null);
            }
            List<Process> launched = new ArrayList<>();
            boolean gated = clientDirs.size() > 1;
            for (int i = 0; i < clientDirs.size(); i++) {
                ClientDirectory clientDir = clientDirs.get(i);
                List<String> args = new ArrayList<>(List.of("--scenario", dir.pointYaml().toString()));
                dirs.forEach((name, d) -> args.addAll(List.of("--ior-dir",
                        (s.singleServer() ? "" : name + "=") + d.iorDir())));
                args.addAll(List.of("--out", clientDir.dir().toString()));
                if (gated) {
                    args.addAll(List.of("--instance", Integer.toString(i), "--start-gate", dir.startGate().toString()));
                }
                launched.add(JvmLauncher.main(CLIENT_MAIN).cpus(s.client().cpus()).jvmArgs(s.client().jvmArgs())
                        .log(clientDir.log()).args(args).start());
            }
            clients = launched;
            if (interrupted) {
                launched.forEach(Process::destroy);
            }
            if (gated) {
                // A client that never checks fails on its own and says why in its log; the others go on.
                StartGate.open(dir.startGate(), clientDirs, launched, settings.readyTimeout());
            }
            long limit = TimeUnit.NANOSECONDS.toMillis(s.client().maxDurationNanos()) + 60_000;
            Integer clientExit = 0;
            for (Process c : launched) {
                Integer exit = awaitClient(c, limit);
                clientExit = exit == null ? null : clientExit == null || clientExit != 0 ? clientExit : exit;
            }
            clients = List.of();
            Server died = servers.stream().filter(x -> !x.process().isAlive()).findFirst().orElse(null);
            stopAll(servers, out);
            if (interrupted) {
                return out.end(PointStatus.INTERRUPTED, "the run was interrupted; results up to then are kept", clientExit);
            }
            if (clientExit == null) {
                return out.end(PointStatus.FAILED, "the client did not finish within " + limit / 1000 + " s; killed", null);
            }
            String error = null;
            if (died != null) {
                error = out.label(died.spec()) + " exited (code " + out.exits.get(died.spec().name())
                        + ") during the run; see " + died.dir().log();
            } else if (clientExit != 0) {
                error = "a client exited with code " + clientExit + "; see " + clientDirs.get(0).log()
                        + (clientDirs.size() > 1 ? " (and the other clients' logs)" : "");
            } else {
                for (Server x : servers) {
                    Integer code = out.exits.get(x.spec().name());
                    if (code == null || code != 0) {
                        error = out.label(x.spec()) + " exited with code " + code + " when stopped; see " + x.dir().log();
                        break;
                    }
                }
            }
            return out.end(error == null ? PointStatus.OK : PointStatus.FAILED, error, clientExit);
        } finally {
            clients = List.of();
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
     * Starts the servers in dependency order: a server as soon as every server it calls is ready, given their
     * directories for their IORs. Returns null once all are ready, else why not (a server died, was not ready in
     * time, or the run was interrupted), naming the server.
     */
    private String startServers(Scenario s, PointDirectory dir, Map<String, ServerDirectory> dirs, List<Server> servers,
                                Outcome out) throws IOException, InterruptedException {
        Set<String> ready = new HashSet<>();
        Map<String, Long> deadlines = new HashMap<>();
        while (ready.size() < s.servers().size()) {
            for (ServerSpec spec : s.startOrder()) {
                if (!deadlines.containsKey(spec.name()) && ready.containsAll(s.dependencies(spec))) {
                    servers.add(new Server(spec, dirs.get(spec.name()), launch(s, spec, dir, dirs)));
                    deadlines.put(spec.name(), System.nanoTime() + settings.readyTimeout().toNanos());
                }
            }
            if (interrupted) {
                return "the run was interrupted while the servers were starting";
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

    private Process launch(Scenario s, ServerSpec spec, PointDirectory dir, Map<String, ServerDirectory> dirs)
            throws IOException {
        ServerDirectory d = dirs.get(spec.name());
        List<String> args = new ArrayList<>(List.of("--scenario", dir.pointYaml().toString(), "--out", d.dir().toString()));
        if (!s.singleServer()) {
            args.addAll(List.of("--server", spec.name()));
        }
        for (String peer : s.dependencies(spec)) {
            args.addAll(List.of("--peer", peer + "=" + dirs.get(peer).dir()));
        }
        MonitoringSpec monitoring = s.monitoring(spec);
        String agent = monitoring.enabled() ? agentArgument(monitoring, d.trace()) : null;
        return JvmLauncher.main(SERVER_MAIN).cpus(spec.cpus()).jvmArgs(spec.jvmArgs()).agent(agent).log(d.log())
                .args(args).start();
    }

    /** Stops the servers, the last started first (a front server ends before the servers it calls). */
    private static void stopAll(List<Server> servers, Outcome out) throws InterruptedException {
        for (int i = servers.size() - 1; i >= 0; i--) {
            Server x = servers.get(i);
            out.exits.put(x.spec().name(), x.process().isAlive() ? JvmLauncher.stop(x.process(), STOP_GRACE)
                    : x.process().exitValue());
        }
    }

    /** The client's exit code, or null when it ran past {@code limitMillis} and was killed. */
    private Integer awaitClient(Process c, long limitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        while (!c.waitFor(100, TimeUnit.MILLISECONDS)) {
            if (interrupted) {
                // Asked to stop (interrupt() sent SIGTERM): give it the time to write what it measured.
                if (!c.waitFor(CLIENT_WRITE_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    JvmLauncher.stop(c, STOP_GRACE);
                }
                return c.isAlive() ? null : c.exitValue();
            }
            if (System.nanoTime() > deadline) {
                JvmLauncher.stop(c, STOP_GRACE);
                return null;
            }
        }
        return c.exitValue();
    }

    /**
     * {@code -javaagent:JAR=profile=...,cpu=...,out=TRACE[,config=FILE]} (the agent's option syntax); the config
     * file is relative to the scenario's directory.
     */
    String agentArgument(MonitoringSpec monitoring, Path trace) {
        StringBuilder b = new StringBuilder("-javaagent:").append(settings.agentJar().toAbsolutePath()).append('=')
                .append("profile=").append(monitoring.profile())
                .append(",cpu=").append(monitoring.cpuTime())
                .append(",out=").append(trace.toAbsolutePath());
        if (!monitoring.cpuTime()) {
            b.append(",cpu.sample=off"); // the profile's CPU boundaries too
        }
        if (monitoring.config() != null) {
            b.append(",config=").append(settings.scenarioDir().resolve(monitoring.config()).toAbsolutePath());
        }
        return b.toString();
    }
}
