package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.ServerLaunch;

/**
 * The tiny scenario's JacORB server started unmonitored in a JVM of its own, as a server orbscope did not start:
 * the tests that attach to a running server share it. Closing it stops the JVM.
 */
final class TinyServer implements AutoCloseable {
    /** The scenario the server runs and a client drives ({@link RunCommandEndToEndTest#TINY}, no warm-up calls). */
    final Path scenario;
    /** The server's output directory: its {@code ior} and {@code ready} files. */
    final Path dir;
    final Process process;

    private TinyServer(Path scenario, Path dir, Process process) {
        this.scenario = scenario;
        this.dir = dir;
        this.process = process;
    }

    /** Starts the server under {@code work} and waits until it is ready; skips the test when nothing is built yet. */
    static TinyServer start(Path work) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path scenario = work.resolve("tiny.yaml");
        Files.writeString(scenario, RunCommandEndToEndTest.TINY.replace(RunCommandEndToEndTest.TINY_WARMUP, "  warmupCalls: 0"));
        Path dir = work.resolve("server");
        Process process = new ServerLaunch(scenario, dir).jvm().log(work.resolve("server.log")).start();
        TinyServer server = new TinyServer(scenario, dir, process);
        try {
            String notReady = JvmLauncher.awaitFile(process, dir.resolve("ready"), Duration.ofSeconds(120));
            assertEquals(null, notReady, notReady);
        } catch (Throwable t) {
            server.close();
            throw t;
        }
        return server;
    }

    String pid() {
        return Long.toString(process.pid());
    }

    Path ior() {
        return dir.resolve("ior");
    }

    /** Runs {@code orbscope client} once against the server, writing its records to {@code out}. */
    CliRunner drive(Path out) throws Exception {
        return CliRunner.run("client", scenario.toString(), "--ior", ior().toString(), "--out", out.toString());
    }

    @Override
    public void close() throws InterruptedException {
        JvmLauncher.stop(process, Duration.ofSeconds(10));
    }
}
