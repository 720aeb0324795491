package org.orbscope.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.ExitCode;
import org.orbscope.run.LaunchException;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/**
 * The workload client JVM that {@code orbscope run} and {@code orbscope host} start, with the arguments of a
 * {@link ClientLaunch}: the references of the scenario's objects come from each server's IOR directory, or one
 * reference stands for the one object. Exit codes ({@link ExitCode}): 0 every request answered, 1 the run failed
 * (server gone, requests failed), 2 bad input, 130 interrupted.
 */
public final class ClientMain {
    private ClientMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Reads the launch arguments and the scenario they name, and runs the client; returns the exit code. */
    private static int run(String... args) {
        ClientLaunch launch;
        try {
            launch = ClientLaunch.parse(args);
        } catch (LaunchException e) {
            System.err.println("orbscope client: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        return run(launch);
    }

    /** Loads the scenario {@code launch} names and runs the client; returns the exit code. */
    public static int run(ClientLaunch launch) {
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(launch.scenario());
        } catch (ScenarioException e) {
            System.err.println("orbscope client: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        return run(launch, scenario);
    }

    /**
     * Runs the client of {@code launch}; returns the exit code. {@code scenario} is the one {@code launch} names,
     * already loaded ({@code orbscope client} hands it over).
     */
    public static int run(ClientLaunch launch, Scenario scenario) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"));
        Path out = launch.out();
        Map<String, String> iors;
        try {
            iors = references(scenario, launch.iorDirs(), launch.reference());
        } catch (IOException e) {
            System.err.println("orbscope client: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        // A signal (Ctrl-C on the run's terminal, SIGTERM from the runner or `timeout`) stops sending; the hook
        // holds the JVM's exit until what was measured is written.
        AtomicReference<String> stop = new AtomicReference<>();
        CountDownLatch written = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.compareAndSet(null, WorkloadClient.INTERRUPTED);
            try {
                written.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "orbscope-client-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            ClientSummary r = WorkloadClient.run(scenario, iors, out, stop, launch.start());
            if (r.interrupted()) {
                System.err.println("orbscope client: " + WorkloadClient.INTERRUPTED + "; " + r.sent() + " requests sent, "
                        + "results so far are in " + out);
                return ExitCode.INTERRUPTED;
            }
            if (r.error() != null) {
                System.err.println("orbscope client: " + r.error() + "; results so far are in " + out);
                return ExitCode.RUN_FAILED;
            }
            if (r.failed() > 0) {
                System.err.println("orbscope client: " + r.failed() + " requests failed; see " + out.resolve("requests.csv"));
                return ExitCode.RUN_FAILED;
            }
            return ExitCode.OK;
        } catch (IOException e) {
            System.err.println("orbscope client: cannot write results to " + out + ": " + e.getMessage());
            return ExitCode.RUN_FAILED;
        } finally {
            written.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running and now returns
            }
        }
    }

    /**
     * References per object key ({@link Scenario.Ref#key}): from each server's IOR directory ({@code iorDirs}: server
     * name -> DIR holding {id}.ior; the one server of a {@code server:} scenario may be given under any name), or
     * one reference (file or URL) for every object when the scenario targets one object.
     */
    static Map<String, String> references(Scenario scenario, Map<String, Path> iorDirs, String ior) throws IOException {
        Map<String, String> iors = new LinkedHashMap<>();
        int objects = scenario.servers().stream().mapToInt(x -> x.objects().size()).sum();
        if (ior != null && objects > 1) {
            // One reference cannot stand for several objects: every request would go to the one object.
            throw new IOException("--ior names one object, but the scenario deploys " + objects + " ("
                    + scenario.servers().get(0).objects().get(0).id() + ", ...); give --ior-dir with one <id>.ior per "
                    + "object");
        }
        String one = ior == null ? null : oneReference(ior);
        for (ServerSpec server : scenario.servers()) {
            Path dir = scenario.servers().size() == 1 && iorDirs.size() == 1 ? iorDirs.values().iterator().next()
                    : iorDirs.get(server.name());
            if (one == null && dir == null) {
                throw new IOException("no IOR directory for server '" + server.name() + "' (--ior-dir "
                        + server.name() + "=DIR)");
            }
            for (ObjectSpec o : server.objects()) {
                String key = new Scenario.Ref(server, o).key(scenario);
                if (one != null) {
                    iors.put(key, one);
                    continue;
                }
                Path f = dir.resolve(o.id() + ".ior");
                if (!Files.isRegularFile(f)) {
                    throw new IOException("no IOR file for object '" + key + "': " + f);
                }
                String ref = new String(Files.readAllBytes(f), StandardCharsets.UTF_8).trim();
                if (!isReference(ref)) {
                    throw new IOException(f + ": does not hold an object reference (IOR:...)");
                }
                iors.put(key, ref);
            }
        }
        return iors;
    }

    /** The reference {@code --ior} gives: itself when it is one, else the content of the file it names. */
    private static String oneReference(String ior) throws IOException {
        if (isReference(ior)) {
            return ior;
        }
        Path f = Paths.get(ior);
        if (!Files.isRegularFile(f)) {
            throw new IOException("--ior " + ior + ": no such file, and not an IOR: or corbaloc: reference");
        }
        String ref = new String(Files.readAllBytes(f), StandardCharsets.UTF_8).trim();
        if (!isReference(ref)) {
            throw new IOException("--ior " + ior + ": the file does not hold an object reference (IOR:..., "
                    + "corbaloc:... or corbaname:...)");
        }
        return ref;
    }

    /** True for a stringified object reference or a URL form of one. */
    public static boolean isReference(String text) {
        return text.startsWith("IOR:") || text.startsWith("corbaloc:") || text.startsWith("corbaname:");
    }
}
