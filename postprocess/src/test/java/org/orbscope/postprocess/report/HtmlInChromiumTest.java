package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.testkit.SyntheticRun;
import org.orbscope.postprocess.stages.SyntheticServer;

/**
 * Loads the HTML report in headless Chromium (Debian's chromium package; .ci/run installs it) and checks the
 * DOM Chromium built: the sweep table with its rows, the SVG charts, and no error page.
 */
class HtmlInChromiumTest {
    /** Debian's chromium, or the binary the system property {@code orbscope.chromium} names. */
    static final Path CHROMIUM = Path.of(System.getProperty("orbscope.chromium", "/usr/bin/chromium"));

    @TempDir
    Path tmp;

    @Test
    void reportLoadsWithTableAndCharts() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        run.point("rate=10_s", 10, 100, 10_000_000, 100, 0.1, false);
        run.point("rate=20_s", 20, 100, 11_000_000, 100, 0.2, false);
        run.point("rate=30_s", 30, 100, 13_000_000, 100, 0.3, false);
        Path html = Reporter.report(run.dir()).dir().resolve("index.html");
        String dom = dumpDom(html, tmp);

        assertTrue(dom.contains("<table id=\"sweep-table\""), "sweep table in the DOM");
        assertEquals(3, count(dom, "<tr><td><a href=\"#p-"), "one sweep row per point");
        assertTrue(count(dom, "<svg") >= 4, "charts present");
        assertTrue(dom.contains("<polyline"), "line chart drawn");
        assertTrue(dom.contains("orbscope report: synthetic"));
        assertFalse(dom.contains("ERR_"), "no Chromium error page");
        assertFalse(dom.contains("This page isn"), "no Chromium error page");
        assertDrawn(dom, List.of("rate-response", "throughput", "spectrum-overlay", "spectrum-rate_10_s"));
    }

    @Test
    void reportWithStageDataShowsDrillDownCharts() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        for (int rate : new int[] {10, 30}) {
            Path p = run.point("rate=" + rate + "_s", rate, 200, 8_400_000, 200, rate * 0.0041, true);
            Files.writeString(p.resolve("server").resolve("server.trace"), "synthetic");
        }
        Path html = Reporter.report(run.dir(), AnalysisOptions.builder()
                .traces(t -> SyntheticServer.forTrace(t, Integer.MAX_VALUE)).build()).dir().resolve("index.html");
        String dom = dumpDom(html, tmp);
        assertTrue(dom.contains("Queueing time in the dispatcher queue"));
        assertTrue(dom.contains("Distribution: completion time"));
        assertTrue(dom.contains("Stage make-up (mean)"));
        assertEquals(2, count(dom, "<table class=\"stages\">"), "a stage table per point");
        assertTrue(count(dom, "<svg") >= 2 + 2 * 6, "sweep charts + per-point charts");
        assertDrawn(dom, List.of("rate-queue", "rate-completion", "rate-response", "throughput", "spectrum-overlay"));
        assertTrue(figure(dom, "throughput").contains("model completion"), "the model's curve");
    }

    @Test
    void twoAxisPayloadSweepFiguresAreDrawn() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = ExperimentReportTest.payloadRun(tmp.resolve("run"));
        String dom = dumpDom(Reporter.report(run.dir()).dir().resolve("index.html"), tmp);
        assertDrawn(dom, List.of("axis-response-operation", "axis-response-size", "spectrum-overlay",
                "timeline-operation_in_octet_seq_size_24"));
        assertTrue(dom.contains("id=\"throughput-flat\""), "one rate: the throughput figure is a sentence");
        assertTrue(dom.contains("<table id=\"pivot-0\""), "the matrix");
        assertTrue(dom.contains("<table id=\"regression-0\""), "the regression");
    }

    @Test
    void zippedProxySweepIsDrawnByStep() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), SourceLayoutReportTest.PROXY);
        for (String name : run.pointNames()) {
            boolean proxy = run.params(name).get("client.processes[0].targets[0].server").equals("proxy");
            run.point(name, new SyntheticRun.Workload(100, 50,
                    (i, process, object, op) -> proxy ? 10_000_000 : 1_000_000, 0.1, 0, 0));
        }
        String dom = dumpDom(Reporter.report(run.dir()).dir().resolve("index.html"), tmp);
        assertDrawn(dom, List.of("axis-response-steps", "spectrum-overlay"));
        assertTrue(dom.contains("<table id=\"groups-process\""), "each client across the sweep");
    }

    @Test
    void comparisonFiguresAreDrawn() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        Path a = CompareReportTest.payloadRun(tmp.resolve("before"), 1).dir();
        Path b = CompareReportTest.payloadRun(tmp.resolve("after"), 3).dir();
        Path out = CompareReportTest.compare(tmp.resolve("cmp"), a, b);
        String dom = dumpDom(out.resolve("index.html"), tmp);
        assertDrawn(dom, List.of("compare-axis-response-operation", "compare-axis-response-size",
                "compare-throughput", "compare-spectrum-operation_in_double_seq_size_240000"));
        assertTrue(dom.contains("<table id=\"compare-response_mean_ms\""));
        assertTrue(dom.contains("<td class=\"warn\">"), "flagged ratios");
    }

    /**
     * Each of {@code expected} is in the DOM, and every figure of the page is drawn: a line or point in it, no
     * "no data" placeholder; no Chromium error page, no NaN printed.
     */
    static void assertDrawn(String dom, List<String> expected) {
        Matcher m = Pattern.compile("<svg[^>]*data-figure=\"([^\"]+)\"").matcher(dom);
        Map<String, String> figures = new LinkedHashMap<>();
        while (m.find()) {
            figures.put(m.group(1), dom.substring(m.start(), dom.indexOf("</svg>", m.start())));
        }
        for (String f : expected) {
            assertTrue(figures.containsKey(f), "figure " + f + " in the DOM (figures: " + figures.keySet() + ")");
        }
        figures.forEach((name, svg) -> {
            assertFalse(svg.contains(">no data<"), "figure " + name + " has data");
            assertTrue(svg.contains("<polyline") || svg.contains("<circle"), "figure " + name + " draws a line");
        });
        assertFalse(dom.contains("ERR_"), "no Chromium error page");
        assertFalse(dom.toLowerCase().contains("nan"), "no NaN printed");
    }

    static String figure(String dom, String name) {
        return ExperimentReportTest.figure(dom, name);
    }

    /** Chromium's DOM of {@code html}; its profile and output go under {@code work}, which the test removes. */
    static String dumpDom(Path html, Path work) throws IOException, InterruptedException {
        Path profile = Files.createDirectories(work.resolve("chromium-profile"));
        Path out = work.resolve("dom.html");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + profile, "--dump-dom", html.toUri().toString())
                .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 240 s");
        }
        assertEquals(0, p.exitValue(), "chromium exit code");
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    static int count(String s, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
