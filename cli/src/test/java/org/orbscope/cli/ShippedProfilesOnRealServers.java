package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacorb.orb.ParsedIOR;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.postprocess.point.TraceStages;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.RequestStages;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.StageColumn;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.trace.AgentOptions;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.ObjectKeyText;
import org.orbscope.trace.profile.OrbProfile;

/**
 * Each shipped ORB profile against a real server of its ORB: the server JVM under the agent with the profile from its
 * start, or attached to before it has served a request and again after, the orbscope client (JacORB over IIOP on
 * loopback) sending a Poisson stream of oneway posts, pings and calls to two objects, then the trace alone must find
 * every method of the profile and hold every request the client sent, whole, with no stage negative, on the threads
 * the profile names, and name each one's operation and object key as the client sent it.
 *
 * <p>The cases are two test classes, so that surefire's forks run them side by side: the servers traced from their
 * start ({@link ShippedProfilesTracedFromStartTest}) and those attached to ({@link ShippedProfilesWhenAttachedTest}).
 */
abstract class ShippedProfilesOnRealServers {
    static final int REQUESTS = 600;
    /** The client's reachability check of each of its three targets, before the schedule. */
    static final int CHECKS = 3;
    /** Requests of the broad trace's round, one at a time. */
    static final int BROAD_REQUESTS = 20;
    /** Requests of the round the suggested profile records. */
    static final int SUGGESTED_REQUESTS = 300;
    /** Twoway calls and pings, and oneway posts (which no reply ends). */
    static final String SCENARIO = String.join("\n",
            "name: profiles",
            "server:",
            "  warmupCalls: 0",
            "  poaManagers: [m]",
            "  poas: [{name: P, manager: m}]",
            "  objects:",
            "    - id: echo",
            "      poa: P",
            "      operations: {call: {cpu: 100us, replySize: 64}, ping: {cpu: 100us}, post: {cpu: 100us}}",
            "    - id: other",
            "      poa: P",
            "      operations: {call: {cpu: 100us, replySize: 64}, ping: {cpu: 100us}, post: {cpu: 100us}}",
            "client:",
            "  maxDuration: 120s",
            "  processes:",
            "    - name: p",
            "      requests: " + REQUESTS,
            "      arrival: {law: poisson, rate: 300/s}",
            "      targets: [{object: echo, operation: call, payload: {size: 64}, probability: 0.4},",
            "                {object: echo, operation: ping, probability: 0.2},",
            "                {object: other, operation: post, payload: {size: 64}, probability: 0.4}]",
            "");

    /** A fixture server of an ORB other than JacORB: its jar (whose manifest names target/lib/*) and main class. */
    record Fixture(String module, String main) {
        static final Fixture GLASSFISH = new Fixture("glassfish-fixture", "org.orbscope.fixture.glassfish.GlassfishServer");
        static final Fixture YOKO = new Fixture("yoko-fixture", "org.orbscope.fixture.yoko.YokoServer");
        static final Fixture OPENJDK_ORB = new Fixture("openjdk-orb-fixture", "org.orbscope.fixture.openjdk.OpenJdkOrbServer");

        Path jar() {
            return Path.of("..", module, "target", module + ".jar");
        }

        /** The server JVM serving objects echo and other into {@code server}, with the ORB's own options. */
        JvmLauncher jvm(ServerDirectory server, String... orbOptions) {
            assumeTrue(Files.isRegularFile(jar()), module + " not packaged yet");
            List<String> args = new ArrayList<>(List.of("--out", server.dir().toString(), "--objects", "echo,other",
                    "--cpu-us", "100", "--reply-bytes", "64"));
            args.addAll(List.of(orbOptions));
            return JvmLauncher.main(main).classpath(jar().toString()).args(args);
        }
    }

    @TempDir
    Path dir;

    static String broadRound() {
        return SCENARIO.replace("requests: " + REQUESTS, "requests: " + BROAD_REQUESTS)
                .replace("{law: poisson, rate: 300/s}", "{law: deterministic, rate: 10/s}");
    }

    /**
     * The guide's rounds on the running server {@code pid} of {@code orb}, which has served requests: the broad
     * trace, {@code profile suggest}, the round the proposal records. What is left to check once the server ended.
     */
    Suggested suggest(String orb, String pid, ServerDirectory server) throws Exception {
        String include = switch (orb) {
            case "glassfish" -> "com.sun.corba.ee.**";
            case "openjdk-orb" -> "com.sun.corba.se.**";
            default -> "org.apache.yoko.**";
        };
        Path broadRound = scenario("broad.yaml", broadRound());
        Path scenario = scenario("suggested.yaml",
                SCENARIO.replace("requests: " + REQUESTS, "requests: " + SUGGESTED_REQUESTS));
        Path broad = dir.resolve("broad.trace");
        Path suggested = dir.resolve("suggested.profile");
        Path profiled = dir.resolve("profiled.trace");
        attached(pid, List.of("--profile", "none", "-o", "include=" + include, "-o", "identities=true", "--out",
                broad.toString()), () -> drive(broadRound, server, new ClientDirectory(dir.resolve("broad-round")),
                        BROAD_REQUESTS));
        CliRunner suggest = CliRunner.run("profile", "suggest", broad.toString(), "--name", orb + "-suggested", "--out",
                suggested.toString());
        assertEquals(Orbscope.EXIT_OK, suggest.exit, suggest + "\n" + Files.readString(suggested));
        attached(pid, List.of("--profile", suggested.toString(), "-o", "cpu=true", "--out", profiled.toString()),
                () -> drive(scenario, server, new ClientDirectory(dir.resolve("client")), SUGGESTED_REQUESTS));
        return () -> {
            String proposal = Files.readString(suggested);
            // A receiver that dispatches is a stage-less ORB, and the proposal says so.
            assertEquals(orb.equals("yoko-threaded"), suggest.out.contains("stage-less"), suggest + "\n" + proposal);
            CliRunner check = CliRunner.run("profile", "check", profiled.toString());
            assertEquals(Orbscope.EXIT_OK, check.exit, check + "\n" + proposal);
            Path out = dir.resolve("suggested-report");
            CliRunner report = CliRunner.run("report", profiled.toString(), "--profile", suggested.toString(),
                    "--scenario", scenario.toString(), "--out", out.toString());
            assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
            JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                    .path("server");
            assertEquals(SUGGESTED_REQUESTS, s.path("measured").asLong(), s + "\n" + proposal);
            assertEquals(0, s.path("incomplete").asLong(), s + "\n" + proposal);
        };
    }

    /** The checks of a suggested profile's round, made once its server has ended and written the trace. */
    interface Suggested {
        void check() throws Exception;
    }

    interface ClientRun {
        void run() throws Exception;
    }

    /** {@code orbscope attach PID ARGS}, the client run, {@code attach PID --stop}. */
    static void attached(String pid, List<String> args, ClientRun run) throws Exception {
        List<String> all = new ArrayList<>(List.of("attach", pid));
        all.addAll(args);
        CliRunner attach = CliRunner.run(all.toArray(new String[0]));
        assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
        run.run();
        CliRunner stop = CliRunner.run("attach", pid, "--stop");
        assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
    }

    ServerDirectory server() {
        return new ServerDirectory(dir.resolve("server"));
    }

    Path scenario(String text) throws Exception {
        return scenario("profiles.yaml", text);
    }

    Path scenario(String file, String text) throws Exception {
        Path f = dir.resolve(file);
        Files.writeString(f, text);
        return f;
    }

    /** The server under the agent from its start; one client run. */
    void traceFromStart(String profileName, JvmLauncher serverJvm, ServerDirectory server, Path scenario)
            throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path trace = dir.resolve("server.trace");
        AgentOptions options = AgentOptions.NONE.with(AgentOptions.PROFILE, profileName).with(AgentOptions.CPU, "true")
                .with(AgentOptions.OUT, trace.toString());
        Process p = serverJvm.agent(options.javaAgentOption(AgentJar.locate().toString()))
                .log(dir.resolve("server.log")).start();
        ClientDirectory client = new ClientDirectory(dir.resolve("client"));
        int serverExit;
        try {
            awaitReady(p, server);
            awaitRecording(p);
            drive(scenario, server, client);
        } finally {
            // The server stops when its standard input closes; the agent writes the rest of the trace as it exits.
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        checkTrace(profileName, trace, scenario, server, client, false);
    }

    /**
     * The server started without the agent; {@code orbscope attach PID --profile} (without it when
     * {@code profileName} is null: the agent picks the ORB's; and {@code agentOptions}, each {@code -o KEY=VALUE})
     * before it has served a request, one client run, {@code attach --stop}; then the same once it has served
     * requests. Each trace holds its own run only. Without a profile, a last attach names another ORB's profile
     * (glassfish's; Yoko's on glassfish), which finds none of its methods. Then the guide of a suggested profile as
     * {@code orb} ({@link ShippedProfilesWhenAttachedTest#aProfileSuggestedFromABroadTraceHoldsEveryRequestWhole}) on the same server.
     */
    void traceByAttaching(String profileName, JvmLauncher serverJvm, ServerDirectory server, Path scenario,
            String orb, String... agentOptions) throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Process p = serverJvm.log(dir.resolve("server.log")).start();
        List<String> runs = List.of("fresh", "served");
        Suggested suggested;
        int serverExit;
        try {
            awaitReady(p, server);
            String pid = Long.toString(p.pid());
            for (String run : runs) {
                List<String> args = new ArrayList<>(List.of("attach", pid, "-o", "cpu=true",
                        "--out", dir.resolve(run + ".trace").toString()));
                if (profileName != null) {
                    args.addAll(List.of("--profile", profileName));
                }
                for (String option : agentOptions) {
                    args.addAll(List.of("-o", option));
                }
                CliRunner attach = CliRunner.run(args.toArray(new String[0]));
                assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
                // The profile the agent picked is said where the user attached too.
                assertTrue(profileName != null || attach.out.startsWith("orbscope: profile "), attach.toString());
                drive(scenario, server, new ClientDirectory(dir.resolve(run)));
                CliRunner stop = CliRunner.run("attach", pid, "--stop");
                assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
            }
            if (profileName == null) {
                // Another ORB's profile: glassfish's, or on glassfish itself Yoko's.
                String other = profileOf(dir.resolve("fresh.trace")).equals("glassfish") ? "yoko" : "glassfish";
                CliRunner wrong = CliRunner.run("attach", pid, "--profile", other, "--out",
                        dir.resolve("wrong.trace").toString());
                assertEquals(Orbscope.EXIT_OK, wrong.exit, wrong.toString());
                assertTrue(wrong.out.matches("(?s)orbscope: 0 of \\d+ methods of profile " + other
                        + " found; this JVM loads .*"), wrong.toString());
                assertEquals(Orbscope.EXIT_OK, CliRunner.run("attach", pid, "--stop").exit);
            }
            suggested = suggest(orb, pid, server);
        } finally {
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        for (String run : runs) {
            checkTrace(profileName, dir.resolve(run + ".trace"), scenario, server, new ClientDirectory(dir.resolve(run)),
                    true);
        }
        suggested.check();
    }

    /** The profile a trace's header names (the one the agent picked). */
    static String profileOf(Path trace) throws Exception {
        try (TraceReader r = TraceReader.open(trace)) {
            return r.header().profileName();
        }
    }

    /**
     * Waits for the agent's "recording to" line: with {@code profile=auto} the recording begins only once the ORB's
     * first class has loaded and the instrumentation is installed, which a fast server can outrun with its ready file.
     */
    void awaitRecording(Process server) throws Exception {
        Path log = dir.resolve("server.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!(Files.isRegularFile(log) && Files.readString(log).contains("orbscope agent: recording to"))) {
            assertTrue(server.isAlive() && System.nanoTime() < deadline, "the agent never began:\n" + log("server.log"));
            Thread.sleep(50);
        }
    }

    void awaitReady(Process server, ServerDirectory dirs) throws Exception {
        String notReady = JvmLauncher.awaitFile(server, dirs.ready(), Duration.ofSeconds(240));
        assertEquals(null, notReady, notReady + "\n" + log("server.log"));
    }

    /** One run of the workload client in a JVM of its own; every request sent and answered. */
    void drive(Path scenario, ServerDirectory server, ClientDirectory client) throws Exception {
        drive(scenario, server, client, REQUESTS);
    }

    void drive(Path scenario, ServerDirectory server, ClientDirectory client, int requests) throws Exception {
        Path log = client.dir().resolveSibling(client.dir().getFileName() + ".log");
        Process c = new ClientLaunch(scenario, Map.of(ServerSpec.SINGLE, server.iorDir()), null, client.dir())
                .jvm().log(log).start();
        assertTrue(c.waitFor(240, TimeUnit.SECONDS), "client still running:\n" + Files.readString(log));
        assertEquals(0, c.exitValue(), Files.readString(log));
        ClientSummary sent = ClientSummary.read(client.summary());
        assertEquals(requests, sent.sent(), sent.toString());
        assertEquals(requests, sent.completed(), sent.toString());
    }

    /** The trace alone holds the client's run: every request whole, on the profile's threads, named as sent. */
    void checkTrace(String profileName, Path trace, Path scenario, ServerDirectory server, ClientDirectory client,
            boolean everyMethod)
            throws Exception {
        // The stage table from the trace's own roles: every request the server served, checks included, is whole.
        if (profileName == null || profileName.equals(AgentOptions.PROFILE_AUTO)) {
            try (TraceReader r = TraceReader.open(trace)) {
                profileName = r.header().profileName();
            }
        }
        OrbProfile profile = OrbProfile.load(profileName);
        StageResult stages = TraceStages.extract(trace, null);
        assertEquals("recorded in the trace", stages.diagnostics().roles);
        assertFalse(stages.diagnostics().truncated, "the agent finished the trace");
        assertEquals(0, stages.diagnostics().droppedEvents);
        List<String> wrong = new ArrayList<>();
        for (RequestStages r : stages.rows()) {
            if (!r.complete()) {
                wrong.add("request " + r.index + " " + r.operation + " " + r.status + " missing " + r.missing);
            }
            for (StageColumn c : List.of(StageColumn.RECEIVER, StageColumn.QUEUE, StageColumn.DISPATCHER,
                    StageColumn.SERVANT, StageColumn.REPLY, StageColumn.COMPLETION, StageColumn.RECEIVER2,
                    StageColumn.DISPATCHER2)) {
                if (r.has(c) && r.get(c) < 0) {
                    wrong.add("request " + r.index + " " + c.header() + " = " + r.get(c));
                }
            }
            // The threads the profile documents are the ones that did the work.
            if (!OrbProfile.threadMatches(profile.threadRoles().get("receiver"), r.receiverThread)
                    || !OrbProfile.threadMatches(profile.threadRoles().get("dispatcher"), r.dispatcherThread)) {
                wrong.add("request " + r.index + " on threads '" + r.receiverThread + "' and '" + r.dispatcherThread + "'");
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " requests wrong");
        assertEquals(REQUESTS + CHECKS, stages.rows().size(), "one row per request the client sent, checks included");

        // The same through the commands a user runs on a trace. An attach to a server whose models use every method
        // of the profile finds them all (Yoko's models without a pool never load its pool's method).
        CliRunner check = CliRunner.run("profile", "check", trace.toString());
        assertEquals(Orbscope.EXIT_OK, check.exit, check.toString());
        Matcher found = Pattern.compile("methods: (\\d+) of (\\d+) methods of profile " + profileName + " found")
                .matcher(check.out);
        assertTrue(found.find() && (!everyMethod || found.group(1).equals(found.group(2))), check.toString());
        Path out = dir.resolve(trace.getFileName() + "-report");
        CliRunner report = CliRunner.run("report", trace.toString(), "--scenario", scenario.toString(),
                "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0).path("server");
        assertEquals(CHECKS, s.path("probes").asLong(), s.toString());
        assertEquals(REQUESTS, s.path("measured").asLong(), s.toString());
        assertEquals(0, s.path("incomplete").asLong(), s.toString());

        // The trace names every request's operation and object key (the ORB's request header), so the report of
        // the trace alone counts per operation and per object what the client sent.
        Map<String, Long> byOperation = new TreeMap<>();
        Map<String, Long> byObject = new TreeMap<>();
        Map<String, String> keys = objectKeys(server);
        RequestsCsv.read(client.requestsCsv(), rec -> {
            byOperation.merge(rec.operation(), 1L, Long::sum);
            byObject.merge(keys.get(rec.object()), 1L, Long::sum);
        });
        assertEquals(2, byObject.size(), keys.toString());
        JsonNode breakdown = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                .path("breakdown");
        assertEquals(byOperation, counts(breakdown.path("operation")), breakdown.toString());
        assertEquals(byObject, counts(breakdown.path("object")), breakdown.toString());
        for (JsonNode g : breakdown.path("operation")) {
            assertTrue(g.path("completion").path("meanMs").asDouble() > 0, g.toString());
            assertTrue(g.path("ok").isMissingNode(), "no client outcome invented: " + g);
        }
        assertTrue(Files.readString(out.resolve("index.html")).contains("Requests by object and operation"));
    }

    /** Requests per group of a breakdown dimension in summary.json. */
    static Map<String, Long> counts(JsonNode groups) {
        Map<String, Long> out = new TreeMap<>();
        groups.forEach(g -> out.put(g.path("key").asText(), g.path("requests").asLong()));
        return out;
    }

    /** Object id -> the object key of its IOR as a trace writes it, read with JacORB's IOR parser. */
    static Map<String, String> objectKeys(ServerDirectory server) throws Exception {
        Map<String, String> keys = new TreeMap<>();
        org.jacorb.orb.ORB orb = (org.jacorb.orb.ORB) JacorbOrbs.orb(new Properties());
        try {
            for (String id : List.of("echo", "other")) {
                ParsedIOR ior = new ParsedIOR(orb, Files.readString(server.ior(id)).trim());
                keys.put(id, ObjectKeyText.of(ior.get_object_key()));
            }
        } finally {
            orb.shutdown(false);
        }
        return keys;
    }

    String log(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (Exception e) {
            return "(no " + name + ")";
        }
    }
}
