package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestStages;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

/**
 * The workload server on each ORB ({@code server.orb.product}), driven by {@code orbscope run}: the same scenario (a
 * POA of its own, twoway and oneway operations with demands and payloads) served by that ORB, monitored by the agent
 * with that ORB's shipped profile; every request answered, and the report of the trace counts per operation what the
 * client sent and the servants received. The four ORBs in their default threading are the points of the shipped
 * scenario four-orbs, whose short run this class makes; Yoko's pool is a run of its own.
 */
class OrbProductsRunTest {
    static final int REQUESTS = 60;
    /** The shipped scenario whose short run this class makes ({@link ShippedScenarioRuns#RUN_ELSEWHERE}). */
    static final String FOUR_ORBS = "four-orbs.yaml";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static String scenario(String orb) {
        return String.join("\n",
                "name: every-orb",
                "server:",
                "  orb: " + orb,
                "  warmupCalls: 20",
                "  poaManagers: [m]",
                "  poas: [{name: P, manager: m}]",
                "  objects:",
                "    - id: echo",
                "      poa: P",
                "      operations: {call: {cpu: 200us, replySize: 16}, post: {cpu: 100us}}",
                "monitoring: {enabled: true}",
                "client:",
                "  maxDuration: 60s",
                "  processes:",
                "    - name: p",
                "      requests: " + REQUESTS,
                "      arrival: {law: poisson, rate: 200/s}",
                "      targets: [{object: echo, operation: call, payload: {size: 32}}, {object: echo, operation: ping},",
                "                {object: echo, operation: post}]",
                "");
    }

    /**
     * The shipped scenario four-orbs' short run ({@link ShippedScenarioRuns#runShort}, every check the shards make of
     * a short run), each point checked as {@link #everyRequestIsCompleteInTheReport} says: JacORB, glassfish-corba,
     * Apache Yoko and the WildFly ORB, each in its default threading, under its shipped profile.
     */
    @Test
    @Timeout(600)
    void theFourOrbsScenarioRunsOnEachOrbAndEveryRequestIsCompleteInTheReport() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path run = ShippedScenarioRuns.runShort(ShippedScenarioRuns.SCENARIOS.resolve(FOUR_ORBS), dir);
        JsonNode points = JSON.readTree(run.resolve("report/summary.json").toFile()).path("points");
        List<String> products = new ArrayList<>();
        for (JsonNode p : points) {
            String product = p.path("name").asText().substring("product=".length());
            products.add(product);
            everyRequestIsCompleteInTheReport(run.resolve("points").resolve(p.path("name").asText()), p, product);
        }
        assertEquals(List.of("jacorb", "glassfish", "yoko", "openjdk-orb"), products);
    }

    @Test
    @Timeout(600)
    void onYokosPoolTheWorkloadRunsAndEveryRequestIsCompleteInTheReport() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path file = dir.resolve("every-orb.yaml");
        Files.writeString(file, scenario("{product: yoko, concModel: thread_pool, poolMax: 2}"));
        Path run = WorkloadServersProfileSuggestTest.run(dir, file, "runs");
        JsonNode p = JSON.readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        everyRequestIsCompleteInTheReport(run.resolve("points/single"), p, "yoko");
    }

    /**
     * The checks of a monitored point of {@code product}, {@code p} its row of the run's summary.json: every request
     * the point's scenario asks for answered ok, the servants received per operation what the client sent, the
     * report's facts name the ORB and its profile, and the trace holds every request complete: those after the
     * client's warm-up measured and counted per operation as the client sent them, and every one paired with its
     * client record.
     */
    private static void everyRequestIsCompleteInTheReport(Path point, JsonNode p, String product) throws Exception {
        Scenario scenario = ScenarioLoader.load(point.resolve("point.yaml"));
        long asked = ScenarioMapping.requests(scenario);
        long warmup = scenario.client().warmup();
        Map<String, Long> sent = new TreeMap<>();
        Map<String, Long> measuredSent = new TreeMap<>();
        RequestsCsv.ReadResult read = RequestsCsv.read(point.resolve("client/requests.csv"), rec -> {
            assertEquals(RequestRecord.OK, rec.outcome(), rec.toString());
            sent.merge(rec.operation(), 1L, Long::sum);
            if (rec.seq() >= warmup) {
                measuredSent.merge(rec.operation(), 1L, Long::sum);
            }
        });
        assertEquals(asked, read.rows, read.problems.toString());
        Map<String, Long> received = new TreeMap<>();
        ReceivedCsv.read(point.resolve("server/received.csv")).forEach(row -> received.merge(row.operation(),
                row.requests(), Long::sum));
        assertEquals(sent, received, "the servants received what the client sent: " + point);

        String facts = p.path("facts").toString();
        assertTrue(product.equals("jacorb") || facts.contains("ORB " + product), facts);
        assertTrue(facts.contains("agent on (profile " + product + ")"), facts);
        JsonNode server = p.path("server");
        assertEquals("read", server.path("trace").asText(), server.toString());
        assertEquals(0, server.path("incomplete").asLong(), server.toString());
        assertEquals(asked - warmup, server.path("measured").asLong(), server.toString());
        assertEquals(asked, server.path("matchedToClient").asLong(), server.toString());
        Map<String, Long> completed = new TreeMap<>();
        p.path("breakdown").path("operation").forEach(g -> completed.put(g.path("key").asText(),
                g.path("completion").path("count").asLong()));
        assertEquals(measuredSent, completed, "the trace's complete requests per operation, as the client sent them");
        assertTrue(Files.readString(point.resolve("server/server.log")).contains("recording"), "monitored");
    }

    /**
     * {@code poolMax} on glassfish-corba and the WildFly ORB bounds the default pool that reads and dispatches their
     * requests: three closed-loop clients on connections of their own keep three requests in the server, and the
     * report's stage table (of the trace the agent recorded with the ORB's shipped profile) has at most two of them
     * in a dispatcher at once, and two at once at some moment: the pool's two threads, the third request waiting in
     * the queue stage.
     */
    @ParameterizedTest
    @ValueSource(strings = {"glassfish", "openjdk-orb"})
    @Timeout(600)
    void poolMaxBoundsTheDispatchersTheReportShows(String product) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        int poolMax = 2;
        int clients = poolMax + 1;
        Path file = dir.resolve("bounded.yaml");
        Files.writeString(file, String.join("\n",
                "name: bounded-pool",
                "server:",
                "  orb: {product: " + product + ", poolMax: " + poolMax + "}",
                "  warmupCalls: 0",
                "  objects:",
                "    - id: echo",
                "      operations: {call: {cpu: 100us, wait: 3ms}}",
                "monitoring: {enabled: true}",
                "client:",
                "  connections: " + clients,
                "  maxDuration: 60s",
                "  processes:",
                "    - name: p",
                "      requests: " + REQUESTS,
                "      arrival: {law: closed, threads: " + clients + "}",
                "      targets: [{object: echo, operation: call}]",
                ""));
        Path run = WorkloadServersProfileSuggestTest.run(dir, file, "runs");
        Path point = run.resolve("points/single");
        JsonNode p = JSON.readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        assertTrue(p.path("facts").toString().contains("ORB " + product + ", poolMax " + poolMax),
                p.path("facts").toString());
        assertEquals(0, p.path("server").path("incomplete").asLong(), p.path("server").toString());
        List<RequestStages> rows = StagesCsv.read(point.resolve("report/stages.csv"));
        assertEquals(REQUESTS, rows.stream().filter(RequestStages::complete).count());
        // A client sends its next request once the reply is out, which may be before the thread is back in its pool.
        assertTrue(mostAtOnce(rows, StageColumn.ARRIVAL, StageColumn.DISPATCHER_END) > poolMax, "in the server");
        assertEquals(poolMax, mostAtOnce(rows, StageColumn.DISPATCH, StageColumn.DISPATCHER_END), "dispatched");
    }

    /** The most requests whose span from {@code from} to {@code to} held one instant. */
    static int mostAtOnce(List<RequestStages> rows, StageColumn from, StageColumn to) {
        List<long[]> edges = new ArrayList<>();
        for (RequestStages r : rows) {
            if (r.complete()) {
                edges.add(new long[] {r.get(from), 1});
                edges.add(new long[] {r.get(to), -1});
            }
        }
        // An end before a begin at the same instant: a thread that ends one request and begins the next holds one.
        edges.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        int now = 0;
        int most = 0;
        for (long[] e : edges) {
            now += (int) e[1];
            most = Math.max(most, now);
        }
        return most;
    }

    /**
     * A JacORB option under another product is refused where the scenario gives it, before anything starts; so is
     * another product in {@code orbscope server}.
     */
    @Test
    void anOptionOfAnotherOrbIsRefusedWithItsLine() throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, scenario("{product: yoko, queueMax: 5}"));
        CliRunner r = CliRunner.run("validate", file.toString());
        assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
        assertTrue(r.err.contains(file + ":3:") && r.err.contains("server.orb.queueMax: queueMax is an option of "
                + "jacorb, not of product yoko"), r.err);

        // orbscope server serves in its own JVM, whose class path is JacORB's: another ORB is for orbscope run.
        Files.writeString(file, scenario("{product: yoko}"));
        r = CliRunner.run("server", file.toString(), "--out", dir.resolve("server").toString());
        assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
        assertTrue(r.err.contains("server.orb.product yoko: this command serves JacORB in its own JVM"), r.err);
    }
}
