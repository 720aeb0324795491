package org.orbscope.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/**
 * {@code ServerMain --scenario point.yaml --out DIR [--server NAME] [--peer NAME=DIR ...]}: a server JVM that
 * {@code orbscope run} starts. {@code --server} picks one of the scenario's {@code servers} (the one server of a
 * {@code server:} scenario needs none); {@code --peer} gives the directory of each other server whose objects its
 * servants call. It runs until its standard input closes (the launcher's handle) or it is sent SIGTERM. Exit
 * codes: 0 after a clean stop, 2 for bad input, 1 if the server could not start.
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
        String name = null;
        Map<String, Path> peers = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                System.err.println("orbscope server: " + args[i] + " needs a value");
                return 2;
            } else if (args[i].equals("--scenario")) {
                scenarioFile = Paths.get(args[i + 1]);
            } else if (args[i].equals("--out")) {
                out = Paths.get(args[i + 1]);
            } else if (args[i].equals("--server")) {
                name = args[i + 1];
            } else if (args[i].equals("--peer") && args[i + 1].indexOf('=') > 0) {
                String v = args[i + 1];
                peers.put(v.substring(0, v.indexOf('=')), Paths.get(v.substring(v.indexOf('=') + 1)));
            } else if (args[i].equals("--peer")) {
                System.err.println("orbscope server: --peer " + args[i + 1] + " is not NAME=DIR");
                return 2;
            } else {
                System.err.println("orbscope server: unknown argument " + args[i]);
                return 2;
            }
        }
        if (scenarioFile == null) {
            System.err.println("usage: ServerMain --scenario FILE --out DIR [--server NAME] [--peer NAME=DIR ...]");
            return 2;
        }
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(scenarioFile);
        } catch (ScenarioException e) {
            System.err.println("orbscope server: " + e.getMessage());
            return 2;
        }
        ServerSpec spec = pick(scenario, name);
        if (spec == null) {
            return 2;
        }
        WorkloadServer server;
        try {
            server = WorkloadServer.start(scenario, spec, out, peers);
        } catch (Exception e) {
            System.err.println("orbscope server: cannot start: " + e);
            return 1;
        }
        System.err.println("orbscope server: " + (scenario.singleServer() ? "" : "'" + spec.name() + "' ")
                + "ready, " + server.iors().size() + " objects, IORs in " + out.resolve("ior"));
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

    /** The server {@code name} names, or the scenario's only one; null (said on stderr) when there is none. */
    static ServerSpec pick(Scenario scenario, String name) {
        List<String> names = scenario.servers().stream().map(ServerSpec::name).toList();
        if (name == null) {
            if (names.size() == 1) {
                return scenario.servers().get(0);
            }
            System.err.println("orbscope server: the scenario has " + names.size() + " servers (" + String.join(", ",
                    names) + "): give --server NAME");
            return null;
        }
        ServerSpec s = scenario.server(name);
        if (s == null) {
            System.err.println("orbscope server: --server " + name + ": the scenario has no such server (servers: "
                    + String.join(", ", names) + ")");
        }
        return s;
    }
}
