package org.orbscope.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.orbscope.run.ExitCode;
import org.orbscope.run.LaunchException;
import org.orbscope.run.ServerLaunch;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/**
 * The workload server JVM that {@code orbscope run} starts, with the arguments of a {@link ServerLaunch}: it
 * serves one of the scenario's servers ({@code --server}; the one server of a {@code server:} scenario needs
 * none), calling the servers of its {@code --peer} directories. It runs until its standard input closes (the
 * launcher's handle) or it is sent SIGTERM. Exit codes ({@link ExitCode}): 0 after a clean stop, 2 for bad input,
 * 1 if the server could not start.
 */
public final class ServerMain {
    private ServerMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Reads the launch arguments and the scenario they name, and runs the server; returns the exit code. */
    private static int run(String... args) {
        ServerLaunch launch;
        Scenario scenario;
        try {
            launch = ServerLaunch.parse(args);
            scenario = ScenarioLoader.load(launch.scenario());
        } catch (LaunchException | ScenarioException e) {
            System.err.println("orbscope server: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        return run(launch, scenario);
    }

    /**
     * Runs the server of {@code launch} until stdin closes or the JVM is asked to end; returns the exit code.
     * {@code scenario} is the one {@code launch} names, already loaded ({@code orbscope server} hands it over).
     */
    public static int run(ServerLaunch launch, Scenario scenario) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        Path out = launch.out();
        ServerSpec spec = pick(scenario, launch.server());
        if (spec == null) {
            return ExitCode.BAD_INPUT;
        }
        WorkloadServer server;
        try {
            server = WorkloadServer.start(scenario, spec, out, launch.peers());
        } catch (Exception e) {
            System.err.println("orbscope server: cannot start: " + e);
            return ExitCode.RUN_FAILED;
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
        return ExitCode.OK;
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
