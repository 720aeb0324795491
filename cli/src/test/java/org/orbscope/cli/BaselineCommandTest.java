package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.SocketFigures;

/** {@code orbscope baseline}: a socket echo server JVM and a socket client JVM over loopback, then the report. */
class BaselineCommandTest {
    static final String SCENARIO = String.join("\n",
            "name: base",
            "server:",
            "  warmupCalls: 0",
            "  objects:",
            "    - {id: o, operations: {call: {replySize: 100}}}",
            "client:",
            "  maxDuration: 60s",
            "  processes:",
            "    - name: a",
            "      requests: 40",
            "      arrival: {law: deterministic, rate: 100/s}",
            "      targets:",
            "        - {object: o, payload: {type: double, size: 2400}}",
            "        - {object: o, payload: {type: long, shape: array, direction: inout, size: 240}}",
            "        - {object: o, operation: call, payload: {size: 10}}",
            "        - {object: o, operation: post, payload: {size: 240}}",
            "        - {object: o, operation: ping}",
            "");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void aRunsTargetsStandBesideSocketRoundTripsAndStreamsOfTheirOctets() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("base.yaml");
        Files.writeString(scenario, SCENARIO);
        CliRunner ran = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString(),
                "--no-report");
        assertEquals(Orbscope.EXIT_OK, ran.exit, ran.toString());
        Path run;
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            run = s.findFirst().orElseThrow();
        }
        CliRunner r = CliRunner.run("baseline", scenario.toString(), "--run", run.toString(), "--requests", "200",
                "--stream-mb", "2", "--max-seconds", "20", "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS);
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path out = run.resolve("baseline");
        assertTrue(r.out.contains("report: " + out.resolve("report.md")), r.toString());

        // The socket cases are the targets' payload octets: out and back for two-way calls (at least one octet
        // each way), a stream of its octets for the oneway post.
        SocketFigures socket = SocketFigures.read(out.resolve("client").resolve("socket.json"));
        List<String> trips = new ArrayList<>();
        for (SocketFigures.RoundTrip t : socket.roundTrips()) {
            trips.add(t.requestOctets() + ":" + t.replyOctets());
            assertEquals(200, t.requests(), "measured round trips of " + trips);
            assertTrue(t.meanUs() > 0 && t.p5Us() <= t.p50Us() && t.p50Us() <= t.p99Us(), t.toString());
        }
        assertEquals(List.of("1:1", "10:100", "240:240", "2400:1"), trips);
        assertEquals(1, socket.streams().size());
        SocketFigures.Stream st = socket.streams().get(0);
        assertEquals(240, st.writeOctets());
        assertEquals(st.writes() * 240, st.bytes(), "the receiver read every octet written");
        assertTrue(st.mbPerSec() > 0);

        // One comparison per target, with the ORB's answered requests and the matching socket figure.
        long[] answered = new long[5];
        RequestsCsv.read(run.resolve("points/single/client/requests.csv"), rec -> answered[rec.target()] += rec.ok() ? 1 : 0);
        JsonNode comparisons = new ObjectMapper().readTree(out.resolve("baseline.json").toFile()).get("comparisons");
        assertEquals(5, comparisons.size());
        String[][] expected = {{"in_double_seq", "2400", "0", "round trip"}, {"inout_long_array_240", "240", "240",
                "round trip"}, {"call", "10", "100", "round trip"}, {"post", "240", "0", "stream write"},
                {"ping", "0", "0", "round trip"}};
        for (int i = 0; i < 5; i++) {
            JsonNode c = comparisons.get(i);
            assertEquals(expected[i][0], c.get("operation").asText());
            assertEquals(expected[i][1], c.get("requestOctets").asText(), expected[i][0]);
            assertEquals(expected[i][2], c.get("replyOctets").asText(), expected[i][0]);
            assertEquals(expected[i][3], c.get("socket").asText(), expected[i][0]);
            assertEquals(answered[i], c.get("orbRequests").asLong(), expected[i][0]);
            assertEquals(c.get("orbMeanMs").asDouble() / c.get("socketMeanMs").asDouble(), c.get("ratioMean").asDouble(),
                    1e-9, expected[i][0]);
        }
        assertEquals(6, Files.readAllLines(out.resolve("comparison.csv")).size(), "header and one row per target");
        assertEquals(6, Files.readAllLines(out.resolve("socket.csv")).size(), "header, four round trips, one stream");
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| single | a #1 | inout_long_array_240 | sync | 240 | 240 |"), md);
    }

    @Test
    void aRunDirectoryThatIsNoneIsOneLineAndExit2() throws Exception {
        Path scenario = dir.resolve("base.yaml");
        Files.writeString(scenario, SCENARIO);
        CliRunner r = CliRunner.run("baseline", scenario.toString(), "--run", dir.toString());
        assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
        assertEquals(1, r.err.lines().count(), r.err);
        assertTrue(r.err.contains("not a run directory"), r.err);
        assertFalse(Files.exists(dir.resolve("baseline")));
        CliRunner bad = CliRunner.run("baseline", scenario.toString(), "--requests", "0");
        assertEquals(Orbscope.EXIT_BAD_INPUT, bad.exit, bad.toString());
    }
}
