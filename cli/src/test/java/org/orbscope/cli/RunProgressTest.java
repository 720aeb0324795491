package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.point.Repetition;
import org.orbscope.postprocess.point.Validity;
import org.orbscope.run.ClientProgress;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/** What {@code orbscope run} shows while its points run. */
class RunProgressTest {
    private static final Path QUICKSTART = Path.of("..", "scenarios", "quickstart.yaml");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void throughAPipeARunPrintsItsExpectedTimeAndPlainStatusLinesWhileThePointRuns() {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        // The quickstart's rates for about 15 s (3,000 + 750 requests): longer than the plain lines' period.
        CliRunner r = CliRunner.run("run", QUICKSTART.toString(), "--set", "client.processes[0].requests=3000",
                "--set", "client.processes[1].requests=750", "--no-report",
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertTrue(r.out.contains("expected: 1 point, about 18 s (15 s of workload, 3 s per point to start and stop "
                + "its JVMs)"), r.out);
        List<String> status = r.out.lines().filter(l -> l.matches("point 1/1 single \\d+:\\d\\d: sent \\d+/3750, "
                + "completed \\d+, failed 0, .*; sweep \\d+:\\d\\d, about \\d+:\\d\\d left")).toList();
        assertFalse(status.isEmpty(), "a status line with the clients' figures while the point ran:\n" + r.out);
        assertEquals(-1, r.out.indexOf('\033'), "plain lines, no escape codes, through a pipe:\n" + r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.matches("point 1/1 single: ok(, [a-z]+)? \\(sent 3750, completed 3750, "
                + "failed 0,.*")), r.out);
    }

    private List<SweepPoint> quickstart() throws Exception {
        return ScenarioLoader.loadDocument(QUICKSTART, List.of()).points();
    }

    @Test
    void onATerminalTheStatusIsRewrittenInPlaceFromTheClientsProgressFiles() throws Exception {
        PointDirectory point = new PointDirectory(dir.resolve("single"));
        Histogram h = new Histogram(3);
        for (int ms = 1; ms <= 100; ms++) {
            h.recordValue(ms * 1_000_000L);
        }
        ClientProgress.of(750L, 412, 400, 2, 2.0, h, false).write(point.client().progress());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (Progress p = new Progress(out, 200, false, quickstart())) {
            p.sweepStarting();
            p.starting(0, 1, point);
            p.finished(0, 1, new PointStatus(PointStatus.OK, null, 0, null, 0, 0, 0), List.of(), null);
        }
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(shown.startsWith("expected: 1 point, about 6 s (3 s of workload, 3 s per point to start and stop "
                + "its JVMs)\n"), shown);
        // Two lines: the point and the sweep behind the bar, then the clients' figures; cleared for the result.
        assertTrue(shown.contains("[                    ] point 1/1 single 0:00; sweep 0:00, about 0:06 left\n"
                + "  sent 412/750, completed 400, failed 2, 200/s, p50 50 ms, p99 99 ms\r\033[2K\033[1A\r\033[2K"
                + "point 1/1 single: ok\n"), shown);
        assertTrue(shown.endsWith("point 1/1 single: ok\n"), shown);
    }

    @Test
    void aClientWithoutRepliesLeavesTheWorstP99ToTheOthers() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ClientSummary none = client(0, null);
        ClientSummary some = client(10, 4.0);
        try (Progress p = new Progress(out, 0, true, quickstart())) {
            p.starting(0, 1, new PointDirectory(dir.resolve("single")));
            p.finished(0, 1, new PointStatus(PointStatus.OK, null, 0, null, 0, 0, 0), List.of(none, some), null);
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("(sent 20, completed 10, failed 10, mean 2 ms, "
                + "p99 4 ms in the worst of 2 clients)"), bytes.toString(StandardCharsets.UTF_8));
    }

    private static ClientSummary client(long completed, Double p99Ms) {
        Double mean = p99Ms == null ? null : p99Ms / 2;
        return new ClientSummary(10, completed, 10 - completed, 0, 0, 1, completed, 10,
                new ClientSummary.Response(mean, null, null, null, null, p99Ms, p99Ms), null, Map.of(), true, false,
                null, null, null, null, null, null, null);
    }

    @Test
    void repeatedEachRepetitionGetsItsLineAndThePointItsSpreadAcrossThem() throws Exception {
        PointDirectory point = new PointDirectory(dir.resolve("single"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        PointStatus ok = new PointStatus(PointStatus.OK, null, 0, null, 0, 0, 0);
        List<Repetition> reps = List.of(
                new Repetition(1, PointStatus.OK, 10.0, 0.5, 9.0, 20.0, 100.0, Validity.Verdict.VALID, List.of()),
                new Repetition(2, PointStatus.OK, 12.0, 0.7, 11.0, 25.0, 100.0, Validity.Verdict.SUSPECT,
                        List.of("machine.steal")));
        try (Progress p = new Progress(out, 0, true, quickstart(), 2)) {
            p.starting(0, 1, point);
            p.finished(0, 1, ok, List.of(), null);
            p.starting(0, 2, point.repetition(2));
            p.finished(0, 2, ok, List.of(), null);
            p.pointFinished(0, RepetitionLine.of(reps, 2, 0.5, false));
        }
        // Two means 10 and 12: half-width t(0.975, 1) |12 - 10| / 2 = 12.7 ms, 115% of the mean 11 ms.
        assertEquals("point 1/1 single, repetition 1/2: ok\n"
                + "point 1/1 single, repetition 2/2: ok\n"
                + "point 1/1 single: 2 repetitions: mean 11 ms +/- 12.7 ms (+/- 116%, 95%, Student t across 2 "
                + "repetitions; +/- 0.6 ms within one), means 10-12 ms, worst suspect (repetition 2); --until 50%: "
                + "not met after 2\n", bytes.toString(StandardCharsets.UTF_8));
    }
}
