package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A workload server in its own JVM for client tests: started until ready, stopped by closing its stdin. */
final class ServerProcess {
    final Process process;
    /** The server's output directory (ior/, system.csv, ready). */
    final Path out;

    private ServerProcess(Process process, Path out) {
        this.process = process;
        this.out = out;
    }

    static ServerProcess start(Path dir, Path scenario) throws Exception {
        Path out = dir.resolve("server");
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("org.orbscope.server.ServerMain");
        cmd.add("--scenario");
        cmd.add(scenario.toString());
        cmd.add("--out");
        cmd.add(out.toString());
        Path log = dir.resolve("server.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(out.resolve("ready"))) {
            assertTrue(p.isAlive(), "server died: " + new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
            assertTrue(System.nanoTime() < deadline, "server not ready in 30 s");
            Thread.sleep(50);
        }
        return new ServerProcess(p, out);
    }

    void stop() throws Exception {
        if (process.isAlive()) {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
