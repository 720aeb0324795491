package org.orbscope.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
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
        return start(new ServerLaunch(scenario, dir.resolve("server")), dir.resolve("server.log"));
    }

    /** Server {@code name} of a scenario with several servers (none of which calls another). */
    static ServerProcess start(Path dir, Path scenario, String name) throws Exception {
        return start(new ServerLaunch(scenario, dir.resolve("server-" + name), name, Map.of()),
                dir.resolve("server-" + name + ".log"));
    }

    private static ServerProcess start(ServerLaunch launch, Path log) throws Exception {
        Process p = launch.jvm().log(log).start();
        String notReady = JvmLauncher.awaitFile(p, launch.out().resolve("ready"), Duration.ofSeconds(120));
        if (notReady != null) {
            throw new AssertionError("server " + notReady + ": " + Files.readString(log));
        }
        return new ServerProcess(p, launch.out());
    }

    /** Closes the server's input and waits for its own clean stop: a minute, for a loaded machine. */
    void stop() throws Exception {
        JvmLauncher.stop(process, Duration.ofSeconds(60));
    }
}
