package org.orbscope.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.orbscope.run.ClientSummary;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/**
 * {@code ClientMain --scenario point.yaml (--ior-dir DIR | --ior-dir NAME=DIR ... | --ior FILE|URL) --out DIR
 * [--instance N] [--start-gate FILE] [--clock-offset-ns NS]}: the client JVM that {@code orbscope run} and
 * {@code orbscope host} start. {@code --ior-dir} is the IOR directory of the one server, or of each named server of a
 * {@code servers:} scenario. Exit codes: 0 every request answered, 1 the run failed (server gone, requests failed),
 * 2 bad input.
 */
public final class ClientMain {
    private ClientMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the client; returns the exit code. */
    public static int run(String[] args) {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"));
        Path scenarioFile = null;
        List<String> iorDirs = new ArrayList<>();
        String ior = null;
        Path out = Paths.get(".");
        int instance = 0;
        long clockOffset = 0;
        Path startGate = null;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                System.err.println("orbscope client: " + args[i] + " needs a value");
                return 2;
            }
            switch (args[i]) {
                case "--scenario": scenarioFile = Paths.get(args[i + 1]); break;
                case "--ior-dir": iorDirs.add(args[i + 1]); break;
                case "--ior": ior = args[i + 1]; break;
                case "--out": out = Paths.get(args[i + 1]); break;
                case "--start-gate": startGate = Paths.get(args[i + 1]); break;
                case "--instance":
                case "--clock-offset-ns":
                    try {
                        long v = Long.parseLong(args[i + 1]);
                        if (args[i].equals("--instance")) {
                            instance = (int) v;
                        } else {
                            clockOffset = v;
                        }
                    } catch (NumberFormatException e) {
                        System.err.println("orbscope client: " + args[i] + " needs a number, not " + args[i + 1]);
                        return 2;
                    }
                    break;
                default:
                    System.err.println("orbscope client: unknown argument " + args[i]);
                    return 2;
            }
        }
        if (scenarioFile == null || (iorDirs.isEmpty() && ior == null)) {
            System.err.println("usage: ClientMain --scenario FILE (--ior-dir [NAME=]DIR ... | --ior FILE|URL) --out DIR "
                    + "[--instance N] [--start-gate FILE] [--clock-offset-ns NS]");
            return 2;
        }
        Scenario scenario;
        try {
            scenario = ScenarioLoader.load(scenarioFile);
        } catch (ScenarioException e) {
            System.err.println("orbscope client: " + e.getMessage());
            return 2;
        }
        Map<String, String> iors;
        try {
            iors = references(scenario, iorDirectories(scenario, iorDirs), ior);
        } catch (IOException e) {
            System.err.println("orbscope client: " + e.getMessage());
            return 2;
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
            ClientSummary r = WorkloadClient.run(scenario, iors, out, stop,
                    new WorkloadClient.Start(instance, startGate, clockOffset));
            if (r.interrupted()) {
                System.err.println("orbscope client: " + WorkloadClient.INTERRUPTED + "; " + r.sent() + " requests sent, "
                        + "results so far are in " + out);
                return 130;
            }
            if (r.error() != null) {
                System.err.println("orbscope client: " + r.error() + "; results so far are in " + out);
                return 1;
            }
            if (r.failed() > 0) {
                System.err.println("orbscope client: " + r.failed() + " requests failed; see " + out.resolve("requests.csv"));
                return 1;
            }
            return 0;
        } catch (IOException e) {
            System.err.println("orbscope client: cannot write results to " + out + ": " + e.getMessage());
            return 1;
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

    /**
     * Server name -> IOR directory from the {@code --ior-dir} values: {@code NAME=DIR} where NAME is one of the
     * scenario's servers, else the whole value is the directory of the one server (a point's directory name holds
     * '=' itself, e.g. {@code points/rate=20_s/server/ior}).
     */
    static Map<String, Path> iorDirectories(Scenario scenario, List<String> values) {
        Map<String, Path> dirs = new LinkedHashMap<>();
        for (String v : values) {
            int eq = v.indexOf('=');
            String name = eq > 0 ? v.substring(0, eq) : null;
            if (name != null && scenario.server(name) != null && !scenario.singleServer()) {
                dirs.put(name, Paths.get(v.substring(eq + 1)));
            } else {
                dirs.put(ServerSpec.SINGLE, Paths.get(v));
            }
        }
        return dirs;
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
