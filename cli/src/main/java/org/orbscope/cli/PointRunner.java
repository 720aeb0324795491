package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/** Runs one sweep point: point.yaml, server JVM until ready, client JVM, graceful server stop. */
final class PointRunner {
    private final Path scenarioDir;
    private final long readyTimeoutMillis;

    PointRunner(Path scenarioDir, long readyTimeoutMillis) {
        this.scenarioDir = scenarioDir;
        this.readyTimeoutMillis = readyTimeoutMillis;
    }

    PointResult run(SweepPoint point, Path dir) throws IOException, InterruptedException {
        Scenario s = point.scenario();
        Path pointYaml = dir.resolve("point.yaml");
        AtomicFiles.write(pointYaml, ScenarioLoader.toYaml(point.tree()));
        Path serverDir = dir.resolve("server");
        Path clientDir = dir.resolve("client");
        Files.createDirectories(serverDir);
        Files.createDirectories(clientDir);
        String agent = JvmCommand.agentArgument(s.monitoring(), scenarioDir, serverDir.resolve("server.trace"));
        if (agent != null && !Files.isRegularFile(JvmCommand.agentJar())) {
            return new PointResult(point.name(), -1, -1, "monitoring is enabled but the agent jar is missing: " + JvmCommand.agentJar());
        }
        List<String> serverCmd = JvmCommand.build(s.server().cpus(), s.server().jvmArgs(), agent, JvmCommand.SERVER_MAIN,
                List.of("--scenario", pointYaml.toString(), "--out", serverDir.toString()));
        Process server = new ProcessBuilder(serverCmd).redirectErrorStream(true)
                .redirectOutput(serverDir.resolve("server.log").toFile()).start();
        try {
            String notReady = awaitReady(server, serverDir.resolve("ready"));
            if (notReady != null) {
                return new PointResult(point.name(), exitOf(server), -1, notReady);
            }
            List<String> clientCmd = JvmCommand.build(s.client().cpus(), s.client().jvmArgs(), null, JvmCommand.CLIENT_MAIN,
                    List.of("--scenario", pointYaml.toString(), "--ior-dir", serverDir.resolve("ior").toString(),
                            "--out", clientDir.toString()));
            Process client = new ProcessBuilder(clientCmd).redirectErrorStream(true)
                    .redirectOutput(clientDir.resolve("client.log").toFile()).start();
            long limit = TimeUnit.NANOSECONDS.toMillis(s.client().maxDurationNanos()) + 60_000;
            int clientExit;
            if (client.waitFor(limit, TimeUnit.MILLISECONDS)) {
                clientExit = client.exitValue();
            } else {
                stop(client);
                return new PointResult(point.name(), stop(server), -1, "the client did not finish within " + limit / 1000 + " s; killed");
            }
            boolean serverAlive = server.isAlive();
            int serverExit = stop(server);
            String error = null;
            if (!serverAlive) {
                error = "the server exited (code " + serverExit + ") during the run; see " + serverDir.resolve("server.log");
            } else if (clientExit != 0) {
                error = "the client exited with code " + clientExit + "; see " + clientDir.resolve("client.log");
            } else if (serverExit != 0) {
                error = "the server exited with code " + serverExit + " when stopped; see " + serverDir.resolve("server.log");
            }
            return new PointResult(point.name(), serverExit, clientExit, error);
        } finally {
            if (server.isAlive()) {
                server.destroyForcibly();
            }
        }
    }

    /** Null when the ready marker appeared; otherwise why not. */
    private String awaitReady(Process server, Path ready) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(readyTimeoutMillis);
        while (!Files.exists(ready)) {
            if (!server.isAlive()) {
                return "the server exited with code " + server.exitValue() + " before it was ready; see "
                        + ready.resolveSibling("server.log");
            }
            if (System.nanoTime() > deadline) {
                return "the server was not ready within " + readyTimeoutMillis / 1000 + " s (no " + ready + ")";
            }
            Thread.sleep(20);
        }
        return null;
    }

    private static int exitOf(Process p) throws InterruptedException {
        return p.isAlive() ? stop(p) : p.exitValue();
    }

    /** Close stdin (the workload mains stop on EOF), then SIGTERM, then SIGKILL. */
    static int stop(Process p) throws InterruptedException {
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed: go on to SIGTERM
        }
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
        return p.isAlive() ? -1 : p.exitValue();
    }
}
