package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.run.PointStatus;
import org.orbscope.testkit.SyntheticRun;

/** {@code orbscope compare}'s report: runs side by side, ratios, and differences beyond the runs' spread flagged. */
class CompareReportTest {
    @TempDir
    Path tmp;

    /**
     * The payload sweep of {@link ExperimentReportTest} with in_double_seq costing {@code doubleFactor} times as
     * much per byte: 400 requests a point so that batch means have 20 batches of 20.
     */
    static SyntheticRun payloadRun(Path dir, long doubleFactor) throws Exception {
        SyntheticRun run = SyntheticRun.of(dir, ExperimentReportTest.PAYLOAD_SWEEP);
        for (String name : run.pointNames()) {
            Map<String, String> params = run.params(name);
            long size = Long.parseLong(params.get("client.processes[0].targets[0].payload.size"));
            String op = params.get("client.processes[0].targets[0].operation");
            long perByte = ExperimentReportTest.perByte(op) * (op.equals("in_double_seq") ? doubleFactor : 1);
            run.point(name, new SyntheticRun.Workload(400, 50,
                    (i, process, object, operation) -> ExperimentReportTest.EMPTY_CALL_NS + perByte * size
                            // A spread between requests, the same in both runs.
                            + (i % 7) * 20_000L, 0.1, 0, 0));
        }
        return run;
    }

    /** Writes the comparison of {@code runs} into tmp/cmp. */
    static Path compare(Path out, Path... runs) throws Exception {
        Reporter.compare(List.of(runs), List.of(), AnalysisOptions.defaults(), out);
        return out;
    }

    @Test
    void aSlowerOperationIsFlaggedAndTheRestIsNot() throws Exception {
        Path a = payloadRun(tmp.resolve("before"), 1).dir();
        Path b = payloadRun(tmp.resolve("after"), 3).dir();
        Path out = compare(tmp.resolve("cmp"), a, b);

        List<String> csv = Files.readAllLines(out.resolve("compare.csv"));
        assertEquals("point,measure,run,value,half_width_95,ratio,differs", csv.get(0));
        int flagged = 0;
        int compared = 0;
        for (String line : csv.subList(1, csv.size())) {
            // The point names hold commas: quoted.
            String[] c = line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
            c[0] = c[0].replace("\"", "");
            if (!c[1].equals("response_mean_ms") || !c[2].equals("after")) {
                continue;
            }
            compared++;
            boolean slower = c[0].contains("in_double_seq");
            long size = Long.parseLong(c[0].replaceAll(".*size=", ""));
            double before = (ExperimentReportTest.EMPTY_CALL_NS + ExperimentReportTest.perByte("in_double_seq") * size
                    + 3 * 20_000) / 1e6;
            double expected = slower
                    ? (before * 1e6 + 2 * ExperimentReportTest.perByte("in_double_seq") * size) / 1e6 / before : 1.0;
            assertEquals(expected, Double.parseDouble(c[5]), 0.001, line);
            // 2 x 20 ns x 24 bytes is less than the runs' spread (the requests differ by up to 120 us).
            assertEquals(slower && size > 24, Boolean.parseBoolean(c[6]), line);
            assertFalse(c[4].isEmpty(), "a half-width from 20 batches: " + line);
            flagged += Boolean.parseBoolean(c[6]) ? 1 : 0;
        }
        assertEquals(10, compared, "every point of the sweep compared: " + csv);
        assertEquals(4, flagged);

        JsonNode root = new ObjectMapper().readTree(out.resolve("compare.json").toFile());
        assertEquals(List.of("before", "after"), List.of(root.path("runs").path(0).asText(),
                root.path("runs").path(1).asText()));
        assertEquals(10, root.path("points").size());

        String html = Files.readString(out.resolve("index.html"));
        for (String figure : List.of("compare-axis-response-operation", "compare-axis-response-size",
                "compare-spectrum-operation_in_octet_seq_size_24")) {
            assertTrue(html.contains("data-figure=\"" + figure + "\""), figure);
        }
        assertTrue(html.contains("id=\"compare-throughput-flat\""), "every point at 50/s: said, not drawn");
        assertEquals(2 * 2, ExperimentReportTest.count(ExperimentReportTest.figure(html,
                "compare-axis-response-size"), "<polyline"), "a line per run and operation");
        assertTrue(html.contains("<table id=\"compare-response_mean_ms\""));
        assertTrue(html.contains("<td class=\"warn\">"), "flagged ratios marked");
        assertFalse(html.contains("<script"), "no scripts: one self-contained page");
        assertFalse(java.util.regex.Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "nothing fetched");
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("### Client mean response time (ms)"), md);
        assertTrue(md.contains(" *"), "flagged ratios starred");
    }

    @Test
    void runsOfOnePointAreComparedWithoutFiguresOfADot() throws Exception {
        String html = Files.readString(compare(tmp.resolve("cmp-one"), rateRuns("one", 10)).resolve("index.html"));
        assertTrue(html.contains("id=\"compare-one-point\""), "a sentence for the figures across a sweep");
        assertFalse(html.contains("data-figure=\"compare-rate-response\"")
                || html.contains("data-figure=\"compare-throughput\""), "no figure whose lines are dots");
        assertTrue(html.contains("data-figure=\"compare-spectrum-rate_10_s\""), "the runs' spectra overlaid");
    }

    @Test
    void aRunWithAPointThatMustNotBeUsedIsNamedFirst() throws Exception {
        Path[] runs = rateRuns("judged", 10);
        Path point = runs[1].resolve("points").resolve("rate=10_s");
        new PointStatus(PointStatus.FAILED, "the client JVM died", 1, null, 0, 0, 0).write(point.resolve("status.json"));
        List<String> warnings = Reporter.compare(List.of(runs), List.of(), AnalysisOptions.defaults(),
                tmp.resolve("cmp-judged")).warnings();
        // Each run's 50 responses are too few for its p99 (suspect); the second run's point failed (invalid).
        assertTrue(warnings.get(0).startsWith("judged0: rate=10_s is suspect (too short"), warnings.toString());
        assertTrue(warnings.get(1).startsWith("judged1: rate=10_s is invalid (the point failed: the client JVM died"),
                warnings.toString());
    }

    @Test
    void aRateSweepIsComparedAgainstTheRate() throws Exception {
        Path out = compare(tmp.resolve("cmp"), rateRuns("run", 10, 20));
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("data-figure=\"compare-rate-response\""));
        assertTrue(html.contains("run0#2") || html.contains(">run1<"), "each run named: " + html);
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("2.00x"), "the second run twice as slow: " + md);
    }

    /**
     * Two runs named {@code prefix}0 and 1 of a point at each rate (requests per second), 50 requests each; the
     * second run twice as slow.
     */
    private Path[] rateRuns(String prefix, int... rates) throws Exception {
        Path[] runs = new Path[2];
        for (int r = 0; r < 2; r++) {
            SyntheticRun run = new SyntheticRun(tmp.resolve(prefix + r));
            for (int rate : rates) {
                run.point("rate=" + rate + "_s", rate, 50, (9_000_000 + 100_000L * rate) * (r + 1), 50, rate / 100.0,
                        false);
            }
            runs[r] = run.dir();
        }
        return runs;
    }
}
