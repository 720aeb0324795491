package org.orbscope.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.ServerLaunch;

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
        Process p = new ServerLaunch(scenario, out).jvm().log(dir.resolve("server.log")).start();
        String notReady = JvmLauncher.awaitFile(p, out.resolve("ready"), Duration.ofSeconds(120));
        if (notReady != null) {
            throw new AssertionError("server " + notReady + ": " + Files.readString(dir.resolve("server.log")));
        }
        return new ServerProcess(p, out);
    }

    /** Closes the server's input and waits for its own clean stop: a minute, for a loaded machine. */
    void stop() throws Exception {
        JvmLauncher.stop(process, Duration.ofSeconds(60));
    }
}
