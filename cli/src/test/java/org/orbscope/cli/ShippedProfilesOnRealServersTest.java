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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.jacorb.orb.ParsedIOR;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.postprocess.run.TraceStages;
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
import org.orbscope.trace.profile.ObjectKeyText;
import org.orbscope.trace.profile.OrbProfile;

/**
 * Each shipped ORB profile against a real server of its ORB: the server JVM under the agent with the profile, the
 * orbscope client (JacORB over IIOP on loopback) sending a Poisson stream of pings and calls to two objects, then the
 * trace alone must hold every request the client sent, whole, with no stage negative, and name each one's operation
 * and object key as the client sent it.
 */
class ShippedProfilesOnRealServersTest {
    private static final int REQUESTS = 600;
    /** The client's reachability check of each of its three targets, before the schedule. */
    private static final int CHECKS = 3;
    private static final String SCENARIO = String.join("\n",
            "name: profiles",
            "server:",
            "  warmupCalls: 0",
            "  poaManagers: [m]",
            "  poas: [{name: P, manager: m}]",
            "  objects:",
            "    - id: echo",
            "      poa: P",
            "      operations: {call: {cpu: 100us, replySize: 64}, ping: {cpu: 100us}}",
            "    - id: other",
            "      poa: P",
            "      operations: {call: {cpu: 100us, replySize: 64}, ping: {cpu: 100us}}",
            "client:",
            "  maxDuration: 120s",
            "  processes:",
            "    - name: p",
            "      requests: " + REQUESTS,
            "      arrival: {law: poisson, rate: 300/s}",
            "      targets: [{object: echo, operation: call, payload: {size: 64}, probability: 0.5},",
            "                {object: echo, operation: ping, probability: 0.25}, {object: other, operation: ping, probability: 0.25}]",
            "");
    /** The glassfish fixture's jar; its manifest names target/lib/*, a class path without JacORB. */
    private static final Path GLASSFISH_FIXTURE = Path.of("..", "glassfish-fixture", "target", "glassfish-fixture.jar");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void aGlassfishServerTracedWithTheGlassfishProfileHoldsEveryRequestWhole() throws Exception {
        assumeTrue(Files.isRegularFile(GLASSFISH_FIXTURE), "glassfish fixture not packaged yet");
        ServerDirectory server = new ServerDirectory(dir.resolve("server"));
        traceAndCheck("glassfish", JvmLauncher.main("org.orbscope.fixture.glassfish.GlassfishServer")
                .classpath(GLASSFISH_FIXTURE.toString())
                .args("--out", server.dir().toString(), "--objects", "echo,other", "--cpu-us", "100", "--reply-bytes", "64"),
                server);
    }

    @Test
    @Timeout(600)
    void aJacorbServerTracedWithTheJacorbProfileHoldsEveryRequestWhole() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        ServerDirectory server = new ServerDirectory(dir.resolve("server"));
        traceAndCheck("jacorb", new ServerLaunch(scenario(), server.dir()).jvm(), server);
    }

    private Path scenario() throws Exception {
        Path f = dir.resolve("profiles.yaml");
        if (!Files.exists(f)) {
            Files.writeString(f, SCENARIO);
        }
        return f;
    }

    private void traceAndCheck(String profileName, JvmLauncher serverJvm, ServerDirectory server) throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path trace = dir.resolve("server.trace");
        Process p = serverJvm.agent("-javaagent:" + AgentJar.locate() + "=profile=" + profileName + ",cpu=true,out=" + trace)
                .log(dir.resolve("server.log")).start();
        ClientDirectory client = new ClientDirectory(dir.resolve("client"));
        int serverExit;
        try {
            String notReady = JvmLauncher.awaitFile(p, server.ready(), Duration.ofSeconds(240));
            assertEquals(null, notReady, notReady + "\n" + log("server.log"));
            Process c = new ClientLaunch(scenario(), Map.of(ServerSpec.SINGLE, server.iorDir()), null, client.dir())
                    .jvm().log(dir.resolve("client.log")).start();
            assertTrue(c.waitFor(240, TimeUnit.SECONDS), "client still running:\n" + log("client.log"));
            assertEquals(0, c.exitValue(), log("client.log"));
        } finally {
            // The server stops when its standard input closes; the agent writes the rest of the trace as it exits.
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        ClientSummary sent = ClientSummary.read(client.summary());
        assertEquals(REQUESTS, sent.sent(), sent.toString());
        assertEquals(REQUESTS, sent.completed(), sent.toString());

        // The stage table from the trace's own roles: every request the server served, checks included, is whole.
        OrbProfile profile = OrbProfile.load(profileName);
        StageResult stages = TraceStages.extract(trace, null);
        assertEquals("recorded in the trace", stages.diagnostics().roles);
        assertFalse(stages.diagnostics().truncated, "the agent finished the trace as the server exited");
        assertEquals(0, stages.diagnostics().droppedEvents);
        List<String> wrong = new ArrayList<>();
        for (RequestStages r : stages.rows()) {
            if (!r.complete()) {
                wrong.add("request " + r.index + " " + r.status + " missing " + r.missing);
            }
            for (StageColumn c : List.of(StageColumn.RECEIVER, StageColumn.QUEUE, StageColumn.DISPATCHER,
                    StageColumn.SERVANT, StageColumn.REPLY, StageColumn.COMPLETION, StageColumn.RECEIVER2,
                    StageColumn.DISPATCHER2)) {
                if (r.has(c) && r.get(c) < 0) {
                    wrong.add("request " + r.index + " " + c.header() + " = " + r.get(c));
                }
            }
            // The threads the profile documents are the ones that did the work.
            if (!matches(profile.threadRoles().get("receiver"), r.receiverThread)
                    || !matches(profile.threadRoles().get("dispatcher"), r.dispatcherThread)) {
                wrong.add("request " + r.index + " on threads '" + r.receiverThread + "' and '" + r.dispatcherThread + "'");
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " requests wrong");
        assertEquals(REQUESTS + CHECKS, stages.rows().size(), "one row per request the client sent, checks included");

        // The same through the commands a user runs on a trace.
        CliRunner check = CliRunner.run("profile", "check", trace.toString());
        assertEquals(Orbscope.EXIT_OK, check.exit, check.toString());
        Path out = dir.resolve("report");
        CliRunner report = CliRunner.run("report", trace.toString(), "--scenario", scenario().toString(),
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
        assertEquals(Set.of("call", "ping"), byOperation.keySet());
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

    /** A thread name against a profile's thread glob ({@code *} any characters). */
    private static boolean matches(String glob, String name) {
        return name.matches(Arrays.stream(glob.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")));
    }

    private String log(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (Exception e) {
            return "(no " + name + ")";
        }
    }
}
