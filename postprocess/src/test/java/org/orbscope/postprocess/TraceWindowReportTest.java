package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.report.OverTimeReport;
import org.orbscope.postprocess.point.TraceWindow;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;
import org.orbscope.testkit.JacorbTraceBuilder;

/** The report of a window of a recording holds exactly the requests of the whole trace's report that arrived in it. */
class TraceWindowReportTest {
    private static final long BASE = 7_000_000_000L;
    private static final long GAP = 20_000_000L;
    private static final int N = 3000;

    @TempDir
    Path tmp;

    @Test
    void aWindowReportIsTheSameWindowOfTheWholeTrace() throws Exception {
        // 60 s of recording, six join horizons; a GC pause in every 100th request's servant call makes rows differ.
        Path trace = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < N; i++) {
                b.request(BASE + i * GAP, 0x70 + i % 7, i, true);
                if (i % 100 == 50) {
                    b.gc(BASE + i * GAP + 5_000_000, 1_000_000 + i);
                }
            }
        }
        Path whole = tmp.resolve("whole");
        TraceReport.report(trace, AnalysisOptions.defaults(), whole);
        List<RequestStages> all = StagesCsv.read(whole.resolve("stages.csv"));
        assertEquals(N, all.size());
        long from = all.get(1000).get(StageColumn.ARRIVAL);
        long to = all.get(2000).get(StageColumn.ARRIVAL);

        Path part = tmp.resolve("part");
        TraceReport.report(trace, AnalysisOptions.builder().window(iso(from), iso(to)).build(), part);
        List<RequestStages> window = StagesCsv.read(part.resolve("stages.csv"));
        List<RequestStages> expected = all.stream().filter(r -> r.get(StageColumn.ARRIVAL) >= from
                && r.get(StageColumn.ARRIVAL) < to).toList();
        assertEquals(1000, expected.size());
        assertEquals(expected.size(), window.size());
        for (int i = 0; i < expected.size(); i++) {
            RequestStages e = expected.get(i);
            RequestStages w = window.get(i);
            assertEquals(e.index, w.index);
            assertEquals(e.key, w.key);
            assertEquals(e.status, w.status);
            for (int c = 0; c < StageColumn.count(); c++) {
                assertEquals(e.get(StageColumn.at(c)), w.get(StageColumn.at(c)), "row " + e.index + " "
                        + StageColumn.at(c).header());
            }
        }
        JsonNode p = new ObjectMapper().readTree(part.resolve("summary.json").toFile()).path("points").get(0);
        assertEquals(1000, p.path("server").path("requests").asLong(), p.toString());
        assertEquals(1000, p.path("server").path("measured").asLong());
        double servantGcMs = expected.stream().mapToLong(r -> r.get(StageColumn.SERVANT_GC)).average().orElseThrow() / 1e6;
        assertEquals(servantGcMs, p.path("makeUp").path("servant").path("gc").asDouble(), 1e-9);
        assertEquals(JacorbTraceBuilder.COMPLETION_NS / 1e6, p.path("stages").path("completion").path("meanMs")
                .asDouble(), 1e-9);

        // The over-time table of either report covers the whole recording.
        for (Path report : List.of(whole, part)) {
            List<String> lines = Files.readAllLines(report.resolve(OverTimeReport.CSV));
            long requests = lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[3])).sum();
            assertEquals(N, requests, report.toString());
            long pauses = lines.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[9])).sum();
            assertEquals(N / 100, pauses);
            assertTrue(Files.readString(report.resolve("index.html")).contains(OverTimeReport.HTML));
        }
    }

    /**
     * Each row of the over-time table reports alone with its {@code --from/--to}: the rows count from the
     * recording's start, as the window's bounds do, however far into a wall-clock second the recording starts.
     */
    @Test
    void anOverTimeRowsWindowReportsExactlyItsRequests() throws Exception {
        Path trace = tmp.resolve("offset.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            // The recording starts at its first event (built times lie before the writer's calibration instant),
            // placed 0.6 s into a wall-clock second by the calibration's epoch, known within a millisecond.
            long calibration = b.writer().startNanos();
            long epochMillis = System.currentTimeMillis() - (System.nanoTime() - calibration) / 1_000_000;
            long first = calibration - 100_000_000_000L + Math.floorMod(600 - epochMillis, 1000) * 1_000_000L;
            for (int i = 0; i < 400; i++) {
                b.request(first + i * 10_000_000L, 0x70 + i % 7, i, true);
            }
        }
        Path whole = tmp.resolve("whole");
        TraceReport.report(trace, AnalysisOptions.defaults(), whole);
        List<String> rows = Files.readAllLines(whole.resolve(OverTimeReport.CSV)).stream().skip(1)
                .filter(l -> Long.parseLong(l.split(",")[3]) > 0).toList();
        assertEquals(4, rows.size(), rows.toString());
        long total = 0;
        for (String row : rows) {
            String[] f = row.split(",");
            Instant start = Instant.parse(f[0]);
            assertTrue(Math.abs(start.getNano() - 600_000_000) < 5_000_000, "rows start 0.6 s into a second: " + row);
            long startNs = start.getEpochSecond() * 1_000_000_000L + start.getNano();
            long requests = Long.parseLong(f[3]);
            String from = f[1] + "s";
            String to = (Long.parseLong(f[1]) + Math.round(Double.parseDouble(f[2]))) + "s";
            Path part = tmp.resolve("row-" + f[1]);
            TraceReport.report(trace, AnalysisOptions.builder().window(from, to).build(), part);
            List<RequestStages> window = StagesCsv.read(part.resolve("stages.csv"));
            assertEquals(requests, window.size(), "--from " + from + " --to " + to + " against the row " + row);
            for (RequestStages r : window) {
                long at = r.get(StageColumn.ARRIVAL);
                assertTrue(at >= startNs && at < startNs + 1_000_000_000L, row + ": " + iso(at));
            }
            total += requests;
        }
        assertEquals(400, total, rows.toString());
    }

    @Test
    void windowBoundsAreInstantsOrTimesSinceTheStart() {
        TraceWindow w = TraceWindow.parse("90s", "1h30m", 1_000);
        assertEquals(1_000 + 90_000_000_000L, w.fromNs());
        assertEquals(1_000 + 5_400_000_000_000L, w.toNs());
        assertEquals(1_763_935_200_000_000_000L, TraceWindow.parse("2025-11-23T22:00:00Z", null, 0).fromNs());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceWindow.parse("ten", null, 0));
        assertTrue(e.getMessage().startsWith("--from ten: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TraceWindow.parse("2m", "1m", 0));
    }

    private static String iso(long epochNs) {
        return Instant.ofEpochSecond(0, epochNs).toString();
    }
}
