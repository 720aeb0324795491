package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/**
 * Runs one sweep point: writes its point.yaml, starts the server JVM (with the agent when the scenario monitors)
 * and waits until it is ready, runs the client JVM to its end, stops the server, and records how it went in
 * status.json. {@code orbscope run}, the benchmarks and the tests run points through here.
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

    private PointStatus attempt(Scenario s, PointDirectory dir, long started) throws IOException, InterruptedException {
        ServerDirectory serverDir = dir.server();
        List<ClientDirectory> clientDirs = dir.clients(s.client().instances());
        Files.createDirectories(serverDir.dir());
        for (ClientDirectory c : clientDirs) {
            Files.createDirectories(c.dir());
        }
        if (interrupted) {
            return end(PointStatus.INTERRUPTED, "the run was interrupted before this point started", null, null, started);
        }
        String agent = null;
        if (s.monitoring().enabled()) {
            if (settings.agentJar() == null || !Files.isRegularFile(settings.agentJar())) {
                return end(PointStatus.FAILED, "monitoring is enabled but the agent jar is missing: "
                        + settings.agentJar(), null, null, started);
            }
            agent = agentArgument(s.monitoring(), serverDir.trace());
        }
        Process server = JvmLauncher.main(SERVER_MAIN).cpus(s.server().cpus()).jvmArgs(s.server().jvmArgs())
                .agent(agent).log(serverDir.log())
                .args("--scenario", dir.pointYaml().toString(), "--out", serverDir.dir().toString()).start();
        try {
            String notReady = awaitReady(server, serverDir);
            if (notReady != null) {
                Integer exit = server.isAlive() ? JvmLauncher.stop(server, STOP_GRACE) : server.exitValue();
                return end(interrupted ? PointStatus.INTERRUPTED : PointStatus.FAILED, notReady, exit, null, started);
            }
            List<Process> launched = new ArrayList<>();
            boolean gated = clientDirs.size() > 1;
            for (int i = 0; i < clientDirs.size(); i++) {
                ClientDirectory clientDir = clientDirs.get(i);
                List<String> args = new ArrayList<>(List.of("--scenario", dir.pointYaml().toString(), "--ior-dir",
                        serverDir.iorDir().toString(), "--out", clientDir.dir().toString()));
                if (gated) {
                    args.addAll(List.of("--instance", Integer.toString(i), "--start-gate", dir.startGate().toString()));
                }
                launched.add(JvmLauncher.main(CLIENT_MAIN).cpus(s.client().cpus()).jvmArgs(s.client().jvmArgs())
                        .log(clientDir.log()).args(args.toArray(String[]::new)).start());
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
            boolean serverAlive = server.isAlive();
            int serverExit = JvmLauncher.stop(server, STOP_GRACE);
            if (interrupted) {
                return end(PointStatus.INTERRUPTED, "the run was interrupted; results up to then are kept",
                        serverExit, clientExit, started);
            }
            if (clientExit == null) {
                return end(PointStatus.FAILED, "the client did not finish within " + limit / 1000 + " s; killed",
                        serverExit, null, started);
            }
            String error = null;
            if (!serverAlive) {
                error = "the server exited (code " + serverExit + ") during the run; see " + serverDir.log();
            } else if (clientExit != 0) {
                error = "a client exited with code " + clientExit + "; see " + clientDirs.get(0).log()
                        + (clientDirs.size() > 1 ? " (and the other clients' logs)" : "");
            } else if (serverExit != 0) {
                error = "the server exited with code " + serverExit + " when stopped; see " + serverDir.log();
            }
            return end(error == null ? PointStatus.OK : PointStatus.FAILED, error, serverExit, clientExit, started);
        } finally {
            clients = List.of();
            if (server.isAlive()) {
                server.destroyForcibly();
            }
        }
    }

    private String awaitReady(Process server, ServerDirectory serverDir) throws InterruptedException {
        long deadline = System.nanoTime() + settings.readyTimeout().toNanos();
        while (!interrupted) {
            String why = JvmLauncher.awaitFile(server, serverDir.ready(), Duration.ofMillis(200));
            if (why == null) {
                return null;
            }
            if (!server.isAlive()) {
                return "the server exited with code " + server.exitValue() + " before it was ready; see "
                        + serverDir.log();
            }
            if (System.nanoTime() > deadline) {
                return "the server was not ready within " + settings.readyTimeout().toSeconds() + " s (no "
                        + serverDir.ready() + ")";
            }
        }
        return "the run was interrupted while the server was starting";
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

    private static PointStatus end(String status, String error, Integer serverExit, Integer clientExit, long started) {
        return new PointStatus(status, error, serverExit, clientExit, started, System.currentTimeMillis());
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
