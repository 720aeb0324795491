package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;

/**
 * Request sampling on a real JacORB server: the agent records one request in N, drawn where the receiver begins
 * a message and carried by the request's key to the controller and dispatcher threads, so every recorded request
 * is whole (all stages, every fragment's CPU times) and the others leave nothing in the trace.
 */
class RequestSamplingRunTest {
    private static final int REQUESTS = 1000;
    private static final int SAMPLE = 4;
    private static final int WARMUP_CALLS = 200;

    @TempDir
    Path dir;

    /**
     * {@code orbscope run} of the tiny scenario written to {@code scenario}, {@link #REQUESTS} requests after
     * {@link #WARMUP_CALLS} warm-up calls, its server monitored with the JacORB profile and the agent options
     * {@code config}; returns the run's directory (skipped when the workload or the agent is not built).
     */
    private Path runMonitored(Path scenario, String config) throws Exception {
        return runMonitored(scenario, config, "jacorb", REQUESTS);
    }

    /** As above, on the ORB whose shipped profile is {@code profile}, with {@code requests} requests. */
    private Path runMonitored(Path scenario, String config, String profile, int requests) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Files.writeString(dir.resolve("agent.conf"), config);
        String tiny = RunCommandEndToEndTest.TINY;
        if (!profile.equals("jacorb")) {
            tiny = tiny.replace("  orb: {poolMin: 1, poolMax: 2}", "  orb: {product: " + profile + "}");
        }
        Files.writeString(scenario, tiny
                .replace(RunCommandEndToEndTest.TINY_WARMUP, "  warmupCalls: " + WARMUP_CALLS)
                .replace("requests: 40", "requests: " + requests)
                + "monitoring: {enabled: true, profile: " + profile + ", cpuTime: true, config: agent.conf}\n");
        CliRunner r = CliRunner.run("run", scenario.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS,
                "--out", dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        return CliRunner.onlyRun(dir.resolve("runs"));
    }

    @Test
    @Timeout(600)
    void oneRequestInNIsRecordedWholeOnEveryThreadItVisits() throws Exception {
        Path scenario = dir.resolve("tiny.yaml");
        Path run = runMonitored(scenario, "request.sample = " + SAMPLE + "\ncpu.sample = 1\n");
        JsonNode point = sampledPoint(run);
        JsonNode server = point.path("server");
        // A binomial count: 1,000 draws of 1 in 4 fall outside 150-350 with a probability below 1e-12.
        long measured = server.path("measured").asLong();
        assertTrue(measured >= 150 && measured <= 350, "recorded " + measured + " of " + REQUESTS + ": " + server);
        assertTrue(point.path("notes").toString().contains("one request in " + SAMPLE), point.toString());
        // Client records are paired by rank, which a sample does not keep.
        assertEquals(0, server.path("matchedToClient").asLong(), server.toString());

        assertEquals(measured, completeRowsWith(run, StageColumn.CPU_CONTROLLER),
                "stages.csv marks the probes as such: " + server);

        // The trace on its own: the scenario's warm-up calls and checks (202) are left out by rank, 1 in 4 of them
        // (51); the run's report told them by time. Binomial counts of 202 draws differ by more than 40 with a
        // probability far below 1e-9.
        Path out = dir.resolve("trace-report");
        Path trace = run.resolve("points/single/server/server.trace");
        CliRunner report = CliRunner.run("report", trace.toString(), "--scenario", scenario.toString(),
                "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        JsonNode alone = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                .path("server");
        assertEquals(SAMPLE, alone.path("requestSample").asInt(), alone.toString());
        assertEquals(51, alone.path("probes").asLong(), alone.toString());
        assertTrue(Math.abs(alone.path("measured").asLong() - measured) <= 40, alone + " against " + server);
    }

    /**
     * The other ORBs: the reading thread's arrival draws, its enqueue publishes the request's key (glassfish's and
     * the WildFly ORB's mediator, Yoko's Upcall), and the thread that dispatches it continues the request by that key
     * from the work item that encloses the whole dispatch, so the dispatch's last boundary is recorded too.
     */
    @ParameterizedTest
    @ValueSource(strings = {"glassfish", "openjdk-orb", "yoko"})
    @Timeout(600)
    void onTheOtherOrbsOneRequestInNIsRecordedWholeToo(String orb) throws Exception {
        int requests = 400;
        Path run = runMonitored(dir.resolve("tiny.yaml"), "request.sample = " + SAMPLE + "\ncpu.sample = 1\n",
                orb, requests);
        JsonNode server = sampledPoint(run).path("server");
        // 400 draws of 1 in 4: mean 100, standard deviation 8.7; outside 40-160 is beyond 6.9 of them.
        long measured = server.path("measured").asLong();
        assertTrue(measured >= 40 && measured <= 160, "recorded " + measured + " of " + requests + ": " + server);
        assertEquals(measured, completeRowsWith(run), server.toString());
    }

    /** The run's only point in its summary.json, asserted to state the sample and to have every recorded request whole. */
    private static JsonNode sampledPoint(Path run) throws Exception {
        JsonNode point = new ObjectMapper().readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        JsonNode server = point.path("server");
        assertEquals(SAMPLE, server.path("requestSample").asInt(), server.toString());
        assertEquals(0, server.path("incomplete").asLong(), "every recorded request is whole: " + server);
        return point;
    }

    /**
     * The complete requests of the run's only point in its stages.csv, each asserted to have every stage and its
     * receiver's and dispatcher's CPU times (cpu.sample=1), and the {@code more} columns.
     */
    private static long completeRowsWith(Path run, StageColumn... more) throws Exception {
        List<StageColumn> columns = new ArrayList<>(List.of(StageColumn.RECEIVER, StageColumn.QUEUE,
                StageColumn.DISPATCHER, StageColumn.SERVANT, StageColumn.COMPLETION, StageColumn.CPU_RECEIVER,
                StageColumn.CPU_DISPATCHER, StageColumn.CPU_TOTAL));
        columns.addAll(List.of(more));
        long complete = 0;
        for (RequestStages row : StagesCsv.read(run.resolve("points/single/report/stages.csv"))) {
            if (row.complete()) {
                complete++;
                for (StageColumn c : columns) {
                    assertTrue(row.has(c), c + " missing in recorded request " + row.index);
                }
            }
        }
        return complete;
    }

    /**
     * Under a budget the sample moves, and the report says what it was: the note gives the requests recorded of
     * those seen in the agent's control periods, the figures state their sample, and no client record is paired by
     * rank. (That the budget holds is the agent's BudgetIT.)
     */
    @Test
    @Timeout(600)
    void underABudgetTheReportStatesTheRequestsRecordedOfThoseSeen() throws Exception {
        Path run = runMonitored(dir.resolve("tiny.yaml"), "budget = 2%\ncpu.sample = 1\n");
        JsonNode point = new ObjectMapper().readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        JsonNode server = point.path("server");
        String notes = point.path("notes").toString();
        assertTrue(notes.contains("the agent adapted its request sample to a budget of 2.0% of the process's CPU"), notes);
        Matcher m = Pattern.compile("recorded (\\d+) of the (\\d+) requests").matcher(notes);
        assertTrue(m.find(), notes);
        long recorded = Long.parseLong(m.group(1));
        long seen = Long.parseLong(m.group(2));
        // The receiver's messages, each of which draws: the scenario's requests and warm-up calls, and the messages
        // that are not requests (locate requests, a connection's last wait), fewer than the requests.
        assertTrue(seen >= REQUESTS + WARMUP_CALLS && seen <= 2 * (REQUESTS + WARMUP_CALLS), notes);
        assertTrue(recorded > 0 && recorded < seen, "the budget left requests out: " + notes);
        assertEquals(Math.round(seen / (double) recorded), server.path("requestSample").asLong(), server.toString());
        assertEquals(0, server.path("incomplete").asLong(), "every recorded request is whole: " + point);
        assertEquals(0, server.path("matchedToClient").asLong(), server.toString());
    }
}
