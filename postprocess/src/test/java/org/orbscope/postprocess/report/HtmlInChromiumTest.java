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
import org.orbscope.postprocess.TraceReport;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.testkit.SyntheticRun;
import org.orbscope.postprocess.stages.SyntheticServer;

/**
 * Loads the HTML report in headless Chromium (Debian's chromium package; .ci/run installs it) 1280 pixels wide and
 * checks the DOM Chromium built: the sweep table with its rows, the SVG charts, no error page, nothing wider than
 * the page. The reports of a quickstart, a sweep, a comparison and a trace are screenshot as they load, into the
 * directory the system property {@code orbscope.screenshots} names (docs/screenshots for the docs), else the test's
 * own.
 */
class HtmlInChromiumTest {
    /** Debian's chromium, or the binary the system property {@code orbscope.chromium} names. */
    static final Path CHROMIUM = Path.of(System.getProperty("orbscope.chromium", "/usr/bin/chromium"));
    /** The page width the reports are made to fit, and screenshot at. */
    static final int WIDTH = 1280;
    /** The height of the screenshot: the front of the page, what a reader sees first. */
    static final int SCREENSHOT_HEIGHT = 1600;

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
        String dom = load(html, tmp, null);

        assertTrue(dom.contains("<table id=\"sweep-table\""), "sweep table in the DOM");
        assertEquals(3, count(table(dom, "sweep-table"), "<tr><td><a href=\"#p-"), "one sweep row per point");
        assertTrue(table(dom, "sweep-table").indexOf("Client response") < table(dom, "sweep-table")
                .indexOf("Arrival rate"), "the client's columns first");
        assertTrue(table(dom, "sweep-table").contains("<td>not monitored</td>"), "no 0 / 0 for an unmonitored run");
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
        for (int rate : new int[] {10, 20, 30}) {
            Path p = run.point("rate=" + rate + "_s", rate, 200, 8_400_000, 200, rate * 0.0041, true);
            Files.writeString(p.resolve("server").resolve("server.trace"), "synthetic");
        }
        Path html = Reporter.report(run.dir(), AnalysisOptions.builder()
                .traces(t -> SyntheticServer.forTrace(t, Integer.MAX_VALUE)).build()).dir().resolve("index.html");
        String dom = load(html, tmp, "sweep");
        assertTrue(dom.contains("Queueing time in the dispatcher queue"));
        assertTrue(dom.contains("Distribution: completion time"));
        assertTrue(dom.contains("Stage make-up (mean)"));
        assertEquals(3, count(dom, "<table class=\"stages\">"), "a stage table per point");
        assertTrue(count(dom, "<svg") >= 2 + 3 * 6, "sweep charts + per-point charts");
        assertDrawn(dom, List.of("rate-queue", "rate-completion", "rate-response", "throughput", "spectrum-overlay"));
        assertTrue(figure(dom, "throughput").contains("model completion"), "the model's curve");
    }

    @Test
    void twoAxisPayloadSweepFiguresAreDrawn() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = ExperimentReportTest.payloadRun(tmp.resolve("run"));
        String dom = load(Reporter.report(run.dir()).dir().resolve("index.html"), tmp, null);
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
        String dom = load(Reporter.report(run.dir()).dir().resolve("index.html"), tmp, null);
        assertDrawn(dom, List.of("axis-response-steps", "spectrum-overlay"));
        assertTrue(dom.contains("<table id=\"groups-process\""), "each client across the sweep");
    }

    @Test
    void comparisonFiguresAreDrawn() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        Path a = CompareReportTest.payloadRun(tmp.resolve("before"), 1).dir();
        Path b = CompareReportTest.payloadRun(tmp.resolve("after"), 3).dir();
        Path out = CompareReportTest.compare(tmp.resolve("cmp"), a, b);
        String dom = load(out.resolve("index.html"), tmp, "compare");
        assertDrawn(dom, List.of("compare-axis-response-operation", "compare-axis-response-size",
                "compare-spectrum-operation_in_double_seq_size_240000"));
        assertTrue(dom.contains("id=\"compare-throughput-flat\""), "one rate: the throughput figure is a sentence");
        assertTrue(dom.contains("<table id=\"compare-response_mean_ms\""));
        assertTrue(dom.contains("<td class=\"warn\">"), "flagged ratios");
    }

    @Test
    void quickstartReportDrawsNoFigureOfOneDot() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), Files.readString(QUICKSTART));
        String point = run.pointNames().get(0);
        run.point(point, new SyntheticRun.Workload(750, 250, (i, process, object, op) -> (object.equals("ledger")
                ? 3_000_000 : 1_200_000) + (i % 10) * 150_000L, 0.35, 0, 0));
        String dom = load(Reporter.report(run.dir()).dir().resolve("index.html"), tmp, "quickstart");

        assertTrue(dom.contains("id=\"figures-one-point\""), "one point: a sentence, not three charts of a dot");
        assertFalse(dom.contains("data-figure=\"rate-"), "no figure against the rate");
        assertEquals(1, count(dom, "data-figure=\"spectrum-"), "the spectrum drawn once");
        String sweep = table(dom, "sweep-table");
        assertTrue(sweep.contains("<td>not monitored</td>"), sweep);
        assertTrue(sweep.contains("<td>750</td>"), "the requests answered: " + sweep);
        assertTrue(table(dom, "spectrum").contains(" = max</td>"), "p99.9 of 750 requests is their maximum");
        assertFalse(dom.contains("Server CPU utilization over the run"), "the server's CPU drawn once, in the timeline");
        assertDrawn(dom, List.of("throughput", "spectrum-overlay", "timeline-" + HtmlReport.anchor(point)));
    }

    @Test
    void bareTraceReportShowsTheServerNotEmptyClientCharts() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "chromium not installed (CI installs it)");
        Path trace = JacorbTraceBuilder.withSamples(tmp.resolve("server.trace"), 300, 10_000_000, 0.6);
        Path out = tmp.resolve("trace-report");
        TraceReport.report(trace, AnalysisOptions.defaults(), out);
        String dom = load(out.resolve("index.html"), tmp, "trace");

        assertFalse(dom.contains("system.csv"), "a trace has no system.csv");
        assertFalse(dom.contains("check FAILED") || dom.contains(">DIFFERS<") || dom.contains("differ by more"),
                "the whole process's CPU is not checked against the requests'");
        assertTrue(dom.contains("CPU(s) by the process over"), "the process's CPU from the trace's samples");
        assertFalse(dom.contains("data-figure=\"rate-") || dom.contains("data-figure=\"throughput\"")
                || dom.contains("data-figure=\"spectrum-"), "no client charts without a client");
        assertFalse(dom.contains("Client: 0 records"), "no client counts without a client");
        assertTrue(dom.contains("whatever its classes are called"), "the stages described for any ORB");
        assertDrawn(dom, List.of());
        assertTrue(dom.contains("Distribution: completion time"));
        assertFalse(dom.contains(">no data<"), "every histogram has its bar, of equal queueing times too");
        Path overTime = out.resolve(OverTimeReport.HTML);
        assertTrue(Files.isRegularFile(overTime), "the trace's report has its page over time");
        String page = load(overTime, tmp, null);
        assertFalse(page.contains("NaN"), "no NaN printed over time");
    }

    /** The quickstart scenario as shipped. */
    static final Path QUICKSTART = Path.of("..", "scenarios", "quickstart.yaml");

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

    /** The table of id {@code id} in {@code dom}, from its start tag to its end. */
    static String table(String dom, String id) {
        int start = dom.indexOf("<table id=\"" + id + "\"");
        assertTrue(start >= 0, "table " + id + " in the DOM");
        return dom.substring(start, dom.indexOf("</table>", start));
    }

    /**
     * Chromium's DOM of the report {@code html} laid out {@value #WIDTH} pixels wide, which it must fit: the page
     * no wider, no table wider than the box it is in (a table that scrolls sideways hides its last columns).
     * {@code screenshot} (may be null) names the PNG of the page's front written as it loads.
     */
    static String load(Path html, Path work, String screenshot) throws IOException, InterruptedException {
        // A copy of the page with a script that writes what Chromium laid out into the DOM it dumps: the report
        // itself has no scripts.
        Path measured = html.resolveSibling("measured-" + html.getFileName());
        Files.writeString(measured, Files.readString(html).replace("</body>", "<script>"
                + "var page = document.documentElement.clientWidth, wide = [];"
                + "document.querySelectorAll('table').forEach(function (t) {"
                + "  var r = t.getBoundingClientRect();"
                + "  if (r.width > 0 && (r.right > page || r.width > t.parentElement.clientWidth + 1)) wide.push(t.id);"
                + "});"
                + "document.body.setAttribute('data-page-width', document.documentElement.scrollWidth);"
                + "document.body.setAttribute('data-too-wide', wide.join(' '));</script></body>"));
        Path png = screenshot == null ? null : screenshots(work).resolve(screenshot + ".png");
        String dom = chromium(measured, work, png);
        Matcher w = Pattern.compile("data-page-width=\"(\\d+)\"").matcher(dom);
        assertTrue(w.find(), "the page measured");
        assertTrue(Integer.parseInt(w.group(1)) <= WIDTH, "the page fits " + WIDTH + " px: " + w.group(1));
        assertTrue(dom.contains("data-too-wide=\"\""), "no table wider than its box: "
                + dom.replaceAll("(?s).*(data-too-wide=\"[^\"]*\").*", "$1"));
        if (png != null) {
            assertTrue(Files.size(png) > 0, "screenshot " + png);
        }
        return dom;
    }

    /** Where the screenshots go: {@code orbscope.screenshots}'s directory, else {@code work}. */
    private static Path screenshots(Path work) throws IOException {
        String dir = System.getProperty("orbscope.screenshots");
        return Files.createDirectories(dir == null || dir.isBlank() ? work : Path.of(dir));
    }

    /** Chromium's DOM of {@code html}; its profile and output go under {@code work}, which the test removes. */
    static String dumpDom(Path html, Path work) throws IOException, InterruptedException {
        return chromium(html, work, null);
    }

    /** Chromium's DOM of {@code html} in a window {@value #WIDTH} pixels wide; a screenshot into {@code png}. */
    private static String chromium(Path html, Path work, Path png) throws IOException, InterruptedException {
        Path profile = Files.createDirectories(work.resolve("chromium-profile"));
        Path out = work.resolve("dom.html");
        List<String> command = new java.util.ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + "," + SCREENSHOT_HEIGHT, "--dump-dom"));
        if (png != null) {
            command.add("--screenshot=" + png.toAbsolutePath());
        }
        command.add(html.toUri().toString());
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
