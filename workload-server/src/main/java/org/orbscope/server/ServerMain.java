package org.orbscope.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.CountDownLatch;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;

/**
 * {@code ServerMain --scenario point.yaml --out DIR}: the server JVM that {@code orbscope run} starts. It runs
 * until its standard input closes (the launcher's handle) or it is sent SIGTERM. Exit codes: 0 after a clean
 * stop, 2 for a bad scenario, 1 if the server could not start.
 */
public final class ServerMain {
    private ServerMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the server until stdin closes or the JVM is asked to end; returns the exit code. */
    public static int run(String[] args) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        Path scenarioFile = null;
        Path out = Paths.get(".");
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                System.err.println("orbscope server: " + args[i] + " needs a value");
                return 2;
            } else if (args[i].equals("--scenario")) {
                scenarioFile = Paths.get(args[i + 1]);
            } else if (args[i].equals("--out")) {
                out = Paths.get(args[i + 1]);
            } else {
                System.err.println("orbscope server: unknown argument " + args[i]);
                return 2;
            }
        }
        if (scenarioFile == null) {
            System.err.println("usage: ServerMain --scenario FILE --out DIR");
            return 2;
        }
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(scenarioFile);
        } catch (ScenarioException e) {
            System.err.println("orbscope server: " + e.getMessage());
            return 2;
        }
        WorkloadServer server;
        try {
            server = WorkloadServer.start(scenario, out);
        } catch (Exception e) {
            System.err.println("orbscope server: cannot start: " + e);
            return 1;
        }
        System.err.println("orbscope server: ready, " + server.iors().size() + " objects, IORs in " + out.resolve("ior"));
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stop.countDown();
        }, "orbscope-server-stop"));
        Thread stdin = new Thread(() -> {
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // the launcher closes our stdin to stop us
                }
            } catch (IOException ignored) {
                // treated as closed
            }
            stop.countDown();
        }, "orbscope-stdin");
        stdin.setDaemon(true);
        stdin.start();
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
        System.err.println("orbscope server: stopped");
        return 0;
    }
}
