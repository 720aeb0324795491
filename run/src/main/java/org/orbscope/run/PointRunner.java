package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/**
 * Runs one sweep point: writes its point.yaml, starts the server JVM (with the agent when the scenario monitors)
 * and waits until it is ready, runs the clients to their end, stops the server, and records how it went in
 * status.json. Where the JVMs run is a {@link PointJvms}: this machine by default, or registered hosts.
 * {@code orbscope run}, the benchmarks and the tests run points through here.
 *
 * <p>{@link #interrupt()} (from a signal handler) stops a point in progress in order: the clients are asked to
 * stop (they write what they measured), then the server (its agent flushes the trace); the point ends
 * {@link PointStatus#INTERRUPTED}.
 */
public final class PointRunner {
    public static final String SERVER_MAIN = "org.orbscope.server.ServerMain";
    public static final String CLIENT_MAIN = "org.orbscope.client.ClientMain";
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
        try {
            status = attempt(point.scenario(), dir, started);
        } finally {
            jvms.pointOver(dir);
        }
        status.write(dir.status());
        return status;
    }

    private PointStatus attempt(Scenario s, PointDirectory dir, long started) throws IOException, InterruptedException {
        ServerDirectory serverDir = dir.server();
        Files.createDirectories(serverDir.dir());
        if (interrupted) {
            return end(PointStatus.INTERRUPTED, "the run was interrupted before this point started", null, null, started);
        }
        Process server;
        try {
            server = jvms.startServer(s, dir);
        } catch (PointJvms.CannotStart e) {
            return end(PointStatus.FAILED, e.getMessage(), null, null, started);
        }
        try {
            String notReady = awaitReady(server, serverDir);
            if (notReady != null) {
                Integer exit = server.isAlive() ? JvmLauncher.stop(server, STOP_GRACE) : server.exitValue();
                return end(interrupted ? PointStatus.INTERRUPTED : PointStatus.FAILED, notReady, exit, null, started);
            }
            if (interrupted) {
                jvms.interruptClients();
            }
            PointJvms.ClientsEnd clients = jvms.runClients(s, dir, settings.readyTimeout());
            boolean serverAlive = server.isAlive();
            int serverExit = JvmLauncher.stop(server, STOP_GRACE);
            if (interrupted) {
                return end(PointStatus.INTERRUPTED, "the run was interrupted; results up to then are kept",
                        serverExit, clients.exit(), started);
            }
            String error = clients.error();
            if (clients.exit() != null && !serverAlive) {
                error = "the server exited (code " + serverExit + ") during the run; see " + serverDir.log();
            } else if (error == null && serverExit != 0) {
                error = "the server exited with code " + serverExit + " when stopped; see " + serverDir.log();
            }
            return end(error == null ? PointStatus.OK : PointStatus.FAILED, error, serverExit, clients.exit(), started);
        } finally {
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

    private static PointStatus end(String status, String error, Integer serverExit, Integer clientExit, long started) {
        return new PointStatus(status, error, serverExit, clientExit, started, System.currentTimeMillis());
    }
}
