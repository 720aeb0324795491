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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
import org.orbscope.run.ServerLaunch;
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
 */
class ShippedProfilesOnRealServersTest {
    private static final int REQUESTS = 600;
    /** The client's reachability check of each of its three targets, before the schedule. */
    private static final int CHECKS = 3;
    /** Twoway calls and pings, and oneway posts (which no reply ends). */
    private static final String SCENARIO = String.join("\n",
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
    private record Fixture(String module, String main) {
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

    @Test
    @Timeout(600)
    void aGlassfishServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.GLASSFISH.jvm(server), server, scenario(SCENARIO));
        assertEquals("glassfish", profileOf(dir.resolve("server.trace")));
    }

    @Test
    @Timeout(600)
    void aJacorbServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        ServerDirectory server = server();
        Path scenario = scenario(SCENARIO);
        traceFromStart(AgentOptions.PROFILE_AUTO, new ServerLaunch(scenario, server.dir()).jvm(), server, scenario);
        assertEquals("jacorb", profileOf(dir.resolve("server.trace")));
    }

    /** Yoko dispatches by its object adapter's concurrency model: a thread per request, a pool, or the receiver. */
    @ParameterizedTest
    @ValueSource(strings = {"thread_per_request", "thread_pool", "threaded"})
    @Timeout(600)
    void aYokoServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole(String model) throws Exception {
        ServerDirectory server = server();
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.YOKO.jvm(server, "--conc-model", model), server,
                scenario(SCENARIO));
        assertEquals("yoko", profileOf(dir.resolve("server.trace")));
    }

    @Test
    @Timeout(600)
    void aWildflyOrbServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        // profile=auto at start-up: the recording starts when the ORB's first class loads, with the ORB's profile.
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.OPENJDK_ORB.jvm(server), server, scenario(SCENARIO));
        assertTrue(log("server.log").contains("orbscope agent: profile openjdk-orb (this JVM loads WildFly ORB"
                + " (openjdk-orb 10.1) / JDK 8 ORB, its classes in com.sun.corba.se)"), log("server.log"));

        // The glassfish profile (the same lineage in other packages) finds none of its methods, and both commands
        // say so and name the ORB the trace shows.
        String trace = dir.resolve("server.trace").toString();
        String mismatch = "0 of 8 methods of profile glassfish found; this trace's JVM loads WildFly ORB (openjdk-orb 10.1)"
                + " / JDK 8 ORB (its classes in com.sun.corba.se): try --profile openjdk-orb";
        CliRunner check = CliRunner.run("profile", "check", trace, "--profile", "glassfish");
        assertEquals(Orbscope.EXIT_RUN_FAILED, check.exit, check.toString());
        assertTrue(check.out.contains("methods: " + mismatch), check.toString());
        Path out = dir.resolve("glassfish-report");
        CliRunner report = CliRunner.run("report", trace, "--profile", "glassfish", "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        String notes = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                .path("notes").toString();
        assertTrue(notes.contains("the server trace has no request-stage events: " + mismatch), notes);
        assertFalse(notes.contains("was the agent started"), notes);
    }

    /**
     * The include adds a class the fresh server has loaded whose methods name GIOPIncomingMessage, the class of the
     * arrival method, which the server loads only at its first request: describing that class for the attach loads
     * it (as a broad include of Yoko's classes does), and it is instrumented all the same.
     */
    @Test
    @Timeout(600)
    void aRunningYokoServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.YOKO.jvm(server, "--conc-model", "thread_pool"), server, scenario(SCENARIO),
                "include=org.apache.yoko.orb.OB.GIOPConnection");
        assertTrue(log("server.log").contains("orbscope agent: profile yoko (this JVM loads Apache Yoko 1.4, its classes"
                + " in org.apache.yoko.orb)"), log("server.log"));
    }

    /** Attached to without --profile, then with another ORB's profile, which the agent says finds nothing. */
    @Test
    @Timeout(600)
    void aRunningWildflyOrbServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.OPENJDK_ORB.jvm(server), server, scenario(SCENARIO));
        assertTrue(log("server.log").contains("orbscope agent: profile openjdk-orb (this JVM loads WildFly ORB"
                + " (openjdk-orb 10.1) / JDK 8 ORB, its classes in com.sun.corba.se)"), log("server.log"));
        assertTrue(log("server.log").contains("orbscope agent: 0 of 8 methods of profile glassfish found; this JVM loads"
                + " WildFly ORB (openjdk-orb 10.1) / JDK 8 ORB (its classes in com.sun.corba.se): try profile=openjdk-orb"),
                log("server.log"));

        // The two traces compare side by side, per operation by the server's completion times.
        Path out = dir.resolve("fresh-vs-served");
        CliRunner compare = CliRunner.run("compare", dir.resolve("fresh.trace").toString(),
                dir.resolve("served.trace").toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, compare.exit, compare.toString());
        JsonNode tables = new ObjectMapper().readTree(out.resolve("compare.json").toFile()).path("breakdown");
        assertTrue(tables.toString().contains("fresh completion mean (ms)") && tables.toString().contains("\"post\""),
                tables.toString());
    }

    @Test
    @Timeout(600)
    void aRunningGlassfishServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.GLASSFISH.jvm(server), server, scenario(SCENARIO));
        assertEquals("glassfish", profileOf(dir.resolve("fresh.trace")));
    }

    /**
     * The guide of docs/profiles.md on each ORB's server as if it had no profile: a broad trace of the ORB's packages
     * with the identities its methods hold, while a few requests pass one at a time, {@code profile suggest}, then
     * the proposal records a client run on the same server in which {@code profile check} and the report find every
     * request whole. glassfish reads and dispatches in one thread pool, with a queue between; the WildFly ORB and
     * JacORB reach the request object through a field; Yoko's threaded model dispatches on the receiver thread.
     */
    @ParameterizedTest
    @ValueSource(strings = {"yoko", "yoko-threaded", "glassfish", "openjdk-orb", "jacorb"})
    @Timeout(600)
    void aProfileSuggestedFromABroadTraceHoldsEveryRequestWhole(String orb) throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        ServerDirectory server = server();
        int few = 20;
        int requests = 300;
        Path broadRound = scenario("broad.yaml", SCENARIO.replace("requests: " + REQUESTS, "requests: " + few)
                .replace("{law: poisson, rate: 300/s}", "{law: deterministic, rate: 10/s}"));
        Path scenario = scenario(SCENARIO.replace("requests: " + REQUESTS, "requests: " + requests));
        JvmLauncher jvm = switch (orb) {
            case "yoko" -> Fixture.YOKO.jvm(server, "--conc-model", "thread_pool", "--pool-threads", "2");
            case "yoko-threaded" -> Fixture.YOKO.jvm(server, "--conc-model", "threaded");
            case "glassfish" -> Fixture.GLASSFISH.jvm(server);
            case "openjdk-orb" -> Fixture.OPENJDK_ORB.jvm(server);
            default -> {
                assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
                yield new ServerLaunch(scenario, server.dir()).jvm();
            }
        };
        String include = switch (orb) {
            case "glassfish" -> "com.sun.corba.ee.**";
            case "openjdk-orb" -> "com.sun.corba.se.**";
            case "jacorb" -> "org.jacorb.**";
            default -> "org.apache.yoko.**";
        };
        Process p = jvm.log(dir.resolve("server.log")).start();
        Path broad = dir.resolve("broad.trace");
        Path suggested = dir.resolve("suggested.profile");
        Path profiled = dir.resolve("profiled.trace");
        CliRunner suggest;
        int serverExit;
        try {
            awaitReady(p, server);
            String pid = Long.toString(p.pid());
            drive(broadRound, server, new ClientDirectory(dir.resolve("first-round")), few);
            attached(pid, List.of("--profile", "none", "-o", "include=" + include, "-o", "identities=true", "--out",
                    broad.toString()), () -> drive(broadRound, server, new ClientDirectory(dir.resolve("broad-round")), few));
            suggest = CliRunner.run("profile", "suggest", broad.toString(), "--name", orb + "-suggested", "--out",
                    suggested.toString());
            assertEquals(Orbscope.EXIT_OK, suggest.exit, suggest + "\n" + Files.readString(suggested));
            attached(pid, List.of("--profile", suggested.toString(), "-o", "cpu=true", "--out", profiled.toString()),
                    () -> drive(scenario, server, new ClientDirectory(dir.resolve("client")), requests));
        } finally {
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        String proposal = Files.readString(suggested);
        // A receiver that dispatches is a stage-less ORB, and the proposal says so.
        assertEquals(orb.equals("yoko-threaded"), suggest.out.contains("stage-less"), suggest + "\n" + proposal);
        CliRunner check = CliRunner.run("profile", "check", profiled.toString());
        assertEquals(Orbscope.EXIT_OK, check.exit, check + "\n" + proposal);
        Path out = dir.resolve("suggested-report");
        CliRunner report = CliRunner.run("report", profiled.toString(), "--profile", suggested.toString(),
                "--scenario", scenario.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        JsonNode s = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0).path("server");
        assertEquals(requests, s.path("measured").asLong(), s + "\n" + proposal);
        assertEquals(0, s.path("incomplete").asLong(), s + "\n" + proposal);
    }

    private interface ClientRun {
        void run() throws Exception;
    }

    /** {@code orbscope attach PID ARGS}, the client run, {@code attach PID --stop}. */
    private static void attached(String pid, List<String> args, ClientRun run) throws Exception {
        List<String> all = new ArrayList<>(List.of("attach", pid));
        all.addAll(args);
        CliRunner attach = CliRunner.run(all.toArray(new String[0]));
        assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
        run.run();
        CliRunner stop = CliRunner.run("attach", pid, "--stop");
        assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
    }

    private ServerDirectory server() {
        return new ServerDirectory(dir.resolve("server"));
    }

    private Path scenario(String text) throws Exception {
        return scenario("profiles.yaml", text);
    }

    private Path scenario(String file, String text) throws Exception {
        Path f = dir.resolve(file);
        Files.writeString(f, text);
        return f;
    }

    /** The server under the agent from its start; one client run. */
    private void traceFromStart(String profileName, JvmLauncher serverJvm, ServerDirectory server, Path scenario)
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
     * (glassfish's; Yoko's on glassfish), which finds none of its methods.
     */
    private void traceByAttaching(String profileName, JvmLauncher serverJvm, ServerDirectory server, Path scenario,
            String... agentOptions) throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Process p = serverJvm.log(dir.resolve("server.log")).start();
        List<String> runs = List.of("fresh", "served");
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
        } finally {
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        for (String run : runs) {
            checkTrace(profileName, dir.resolve(run + ".trace"), scenario, server, new ClientDirectory(dir.resolve(run)),
                    true);
        }
    }

    /** The profile a trace's header names (the one the agent picked). */
    private static String profileOf(Path trace) throws Exception {
        try (TraceReader r = TraceReader.open(trace)) {
            return r.header().profileName();
        }
    }

    /**
     * Waits for the agent's "recording to" line: with {@code profile=auto} the recording begins only once the ORB's
     * first class has loaded and the instrumentation is installed, which a fast server can outrun with its ready file.
     */
    private void awaitRecording(Process server) throws Exception {
        Path log = dir.resolve("server.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (!(Files.isRegularFile(log) && Files.readString(log).contains("orbscope agent: recording to"))) {
            assertTrue(server.isAlive() && System.nanoTime() < deadline, "the agent never began:\n" + log("server.log"));
            Thread.sleep(50);
        }
    }

    private void awaitReady(Process server, ServerDirectory dirs) throws Exception {
        String notReady = JvmLauncher.awaitFile(server, dirs.ready(), Duration.ofSeconds(240));
        assertEquals(null, notReady, notReady + "\n" + log("server.log"));
    }

    /** One run of the workload client in a JVM of its own; every request sent and answered. */
    private void drive(Path scenario, ServerDirectory server, ClientDirectory client) throws Exception {
        drive(scenario, server, client, REQUESTS);
    }

    private void drive(Path scenario, ServerDirectory server, ClientDirectory client, int requests) throws Exception {
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
    private void checkTrace(String profileName, Path trace, Path scenario, ServerDirectory server, ClientDirectory client,
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
    private static Map<String, Long> counts(JsonNode groups) {
        Map<String, Long> out = new TreeMap<>();
        groups.forEach(g -> out.put(g.path("key").asText(), g.path("requests").asLong()));
        return out;
    }

    /** Object id -> the object key of its IOR as a trace writes it, read with JacORB's IOR parser. */
    private static Map<String, String> objectKeys(ServerDirectory server) throws Exception {
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

    private String log(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (Exception e) {
            return "(no " + name + ")";
        }
    }
}
