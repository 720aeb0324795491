package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.testkit.SyntheticRun;

/** The report of sweeps other than the arrival rate, of several objects, processes and clients, over time. */
class ExperimentReportTest {
    /** Beekhuis's marshalling matrix in small: two operations x five payload sizes at one rate. */
    static final String PAYLOAD_SWEEP = String.join("\n",
            "name: marshalling",
            "server:",
            "  objects: [{id: target}]",
            "client:",
            "  processes:",
            "    - name: p",
            "      requests: 100",
            "      arrival: {law: deterministic, rate: 50/s}",
            "      targets: [{object: target, operation: in_octet_seq, payload: {size: 24}}]",
            "sweep:",
            "  client.processes[0].targets[0].operation: [in_octet_seq, in_double_seq]",
            "  client.processes[0].targets[0].payload.size: [24, 240, 2400, 24000, 240000]",
            "");

    /** Nanoseconds per payload byte of each operation in the synthetic payload sweep. */
    static long perByte(String operation) {
        return operation.equals("in_octet_seq") ? 10 : 20;
    }

    static final long EMPTY_CALL_NS = 3_000_000;

    @TempDir
    Path tmp;

    /** The payload sweep's points, each answered in 3 ms plus its bytes' cost (plus up to 1 us of jitter). */
    static SyntheticRun payloadRun(Path dir) throws Exception {
        SyntheticRun run = SyntheticRun.of(dir, PAYLOAD_SWEEP);
        for (String name : run.pointNames()) {
            Map<String, String> params = run.params(name);
            long size = Long.parseLong(params.get("client.processes[0].targets[0].payload.size"));
            long perByte = perByte(params.get("client.processes[0].targets[0].operation"));
            run.point(name, new SyntheticRun.Workload(100, 50, (i, process, object, op) -> EMPTY_CALL_NS + perByte * size,
                    0.1, 0, 0));
        }
        return run;
    }

    @Test
    void twoAxisSweepIsPivotedDrawnByEachAxisAndRegressed() throws Exception {
        SyntheticRun run = payloadRun(tmp.resolve("run"));
        Path out = Reporter.report(run.dir()).dir();
        JsonNode root = new ObjectMapper().readTree(out.resolve("summary.json").toFile());

        JsonNode axes = root.path("axes");
        assertEquals("operation", axes.path(0).path("label").asText());
        assertTrue(axes.path(0).path("numbers").isNull() || axes.path(0).path("numbers").isMissingNode(), axes.toString());
        assertEquals("size", axes.path(1).path("label").asText());
        assertEquals(240000.0, axes.path(1).path("numbers").path(4).asDouble());

        // One matrix: operation rows x size columns, each cell the mean and the 5th/95th percentile.
        List<String> pivot = Files.readAllLines(out.resolve("pivot.csv"));
        assertEquals("measure,operation_size,24,24_p5,24_p95,240,240_p5,240_p95,2400,2400_p5,2400_p95,24000,24000_p5,"
                + "24000_p95,240000,240000_p5,240000_p95", pivot.get(0));
        assertEquals(3, pivot.size(), pivot.toString());
        for (String line : pivot.subList(1, 3)) {
            String[] c = line.split(",");
            String op = c[1];
            long[] sizes = {24, 240, 2400, 24000, 240000};
            for (int s = 0; s < sizes.length; s++) {
                double expectedMs = (EMPTY_CALL_NS + perByte(op) * sizes[s]) / 1e6;
                assertEquals(expectedMs, Double.parseDouble(c[2 + 3 * s]), 0.002, line);
                assertTrue(Double.parseDouble(c[3 + 3 * s]) <= Double.parseDouble(c[2 + 3 * s]) + 0.01, line);
                assertTrue(Double.parseDouble(c[4 + 3 * s]) >= Double.parseDouble(c[2 + 3 * s]) - 0.01, line);
            }
        }

        // Per operation, response time on payload size: the slope is the cost per byte, the power law's exponent 1.
        JsonNode regression = root.path("regression");
        assertEquals(2, regression.size(), regression.toString());
        for (JsonNode group : regression) {
            String op = group.path("group").asText().replace("operation=", "");
            JsonNode linear = group.path("fits").path(0);
            assertEquals("linear", linear.path("model").asText());
            assertEquals(3.0, linear.path("terms").path(0).path("estimate").asDouble(), 0.002, linear.toString());
            assertEquals(perByte(op) / 1e6, linear.path("terms").path(1).path("estimate").asDouble(), 1e-8);
            assertTrue(linear.path("rSquared").asDouble() > 0.9999, linear.toString());
            JsonNode power = group.path("fits").path(1);
            assertEquals("power law", power.path("model").asText());
            assertEquals(1.0, power.path("terms").path(2).path("estimate").asDouble(), 0.01, power.toString());
            assertTrue(power.path("terms").path(2).has("stdError"), power.toString());
            JsonNode origin = group.path("fits").path(2);
            assertEquals("linear without constant", origin.path("model").asText());
            assertEquals(1, origin.path("terms").size(), "no constant: " + origin);
        }
        String markdown = Files.readString(out.resolve("report.md"));
        assertTrue(markdown.matches("(?s).*; prediction \\(ms\\): y = [23]\\.\\d+ \\+ .*"), "the linear formula with its estimates");
        assertTrue(markdown.contains("The linear model's constant, 3.00 ms, is not zero within its 95% interval"),
                markdown);
        List<String> regressionCsv = Files.readAllLines(out.resolve("regression.csv"));
        assertTrue(regressionCsv.get(0).startsWith("group,model,formula,n,r2,"), regressionCsv.get(0));

        String html = Files.readString(out.resolve("index.html"));
        for (String figure : List.of("axis-response-operation", "axis-response-size", "spectrum-overlay")) {
            assertTrue(html.contains("data-figure=\"" + figure + "\""), figure);
        }
        assertTrue(html.contains("id=\"throughput-flat\""), "every point at 50/s: said, not drawn");
        assertFalse(html.contains("data-figure=\"rate-response\""), "no rate figure for a sweep at one rate");
        // Sizes over four decades: a log axis, ticks at powers of ten.
        String bySize = figure(html, "axis-response-size");
        assertTrue(bySize.contains(">100000</text>") || bySize.contains(">1e+05</text>"), bySize);
        assertEquals(2, count(bySize, "<polyline"), "one line per operation");
        String byOperation = figure(html, "axis-response-operation");
        assertTrue(byOperation.contains(">in_double_seq</text>"), "categories on the x axis");
        assertEquals(5, count(byOperation, "<polyline"), "one line per size");
        assertTrue(html.contains("<table id=\"pivot-0\""), "the matrix in the page");
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("## Matrices"), md);
        assertTrue(md.contains("| in_octet_seq | 3.00 (3.00-3.00) |"), md);
        assertTrue(md.contains("## Regression"), md);
    }

    /** Beekhuis's experiment C in small: client threads and their connections walked together (zip). */
    static final String ZIP_SWEEP = String.join("\n",
            "name: threads",
            "server:",
            "  objects: [{id: target}]",
            "client:",
            "  processes:",
            "    - {name: p, requests: 50, arrival: {rate: 50/s}, targets: [{object: target, operation: call}]}",
            "sweep:",
            "  zip: true",
            "  client.processes[0].requests: [50, 60, 70]",
            "  client.connections: [1, 5, 25]",
            "");

    @Test
    void aZippedSweepIsRegressedOnItsFirstAxisOnly() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), ZIP_SWEEP);
        for (String name : run.pointNames()) {
            long requests = Long.parseLong(run.params(name).get("client.processes[0].requests"));
            run.point(name, new SyntheticRun.Workload(100, 50, (i, process, object, op) -> 100_000 * requests,
                    0.1, 0, 0));
        }
        JsonNode regression = new ObjectMapper().readTree(Reporter.report(run.dir()).dir().resolve("summary.json")
                .toFile()).path("regression");
        assertEquals(1, regression.size(), regression.toString());
        assertEquals("[\"requests\"]", regression.path(0).path("variables").toString(), "connections move with it");
        JsonNode linear = regression.path(0).path("fits").path(0);
        assertEquals(0.1, linear.path("terms").path(1).path("estimate").asDouble(), 1e-4, linear.toString());
    }

    @Test
    void rateSweepKeepsThePapersFigures() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        run.point("rate=10_s", 10, 50, 10_000_000, 50, 0.1, false);
        run.point("rate=20_s", 20, 50, 11_000_000, 50, 0.2, false);
        String html = Files.readString(Reporter.report(run.dir()).dir().resolve("index.html"));
        assertTrue(html.contains("data-figure=\"rate-response\""));
        assertFalse(html.contains("data-figure=\"axis-response-"), "a rate sweep is drawn against the rate");
        assertTrue(html.contains("arrival rate (requests/ms)"));
    }

    /** A hot object and a cold one, each with its own process, from two client JVMs. */
    static final String HOT_SPOT = String.join("\n",
            "name: hotspot",
            "server:",
            "  objects: [{id: hot}, {id: cold}]",
            "client:",
            "  instances: 2",
            "  processes:",
            "    - {name: busy, requests: 100, arrival: {rate: 40/s}, targets: [{object: hot, operation: call}]}",
            "    - {name: quiet, requests: 100, arrival: {rate: 10/s}, targets: [{object: cold, operation: ping}]}",
            "");

    @Test
    void requestsAreBrokenDownByObjectOperationProcessAndClient() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), HOT_SPOT);
        run.point("single", new SyntheticRun.Workload(100, 20,
                (i, process, object, op) -> object.equals("hot") ? 10_000_000 : 2_000_000, 0.1, 1000, 20));
        Path out = Reporter.report(run.dir()).dir();
        JsonNode point = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0);
        JsonNode breakdown = point.path("breakdown");
        assertEquals(List.of("object", "target", "operation", "process", "client"), names(breakdown));
        JsonNode cold = breakdown.path("object").path(0);
        JsonNode hot = breakdown.path("object").path(1);
        assertEquals("cold", cold.path("key").asText());
        assertEquals(100, hot.path("requests").asLong(), "50 from each client");
        assertEquals(10.0, hot.path("response").path("meanMs").asDouble(), 0.001);
        assertEquals(2.0, cold.path("response").path("meanMs").asDouble(), 0.001);
        double total = point.path("client").path("ok").asDouble() / windowSec(point);
        assertEquals(total, hot.path("throughputPerSec").asDouble() + cold.path("throughputPerSec").asDouble(), 0.01,
                "the groups' throughputs add up to the point's");
        assertEquals("busy", breakdown.path("process").path(0).path("key").asText());
        assertEquals(List.of("1", "2"), keys(breakdown.path("client")));
        assertEquals(100, breakdown.path("client").path(0).path("requests").asLong());
        assertFalse(hot.has("cpuShare"), "no trace: no server CPU to share");

        List<String> csv = Files.readAllLines(out.resolve("breakdown.csv"));
        assertTrue(csv.get(0).startsWith("point,dimension,key,requests,ok,failed,not_sent,throughput_per_s,mean_ms"));
        assertEquals(1 + 2 + 2 + 2 + 2 + 2, csv.size(), csv.toString());
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("<table id=\"breakdown-single-object\""), "a table per dimension with two groups");
        assertFalse(html.contains("<table id=\"breakdown-single-target\""), "no copies: the targets are the objects");
        assertTrue(Files.readString(out.resolve("report.md")).contains("### By process"));

        // Over time: every request in some second, the GC pauses system.csv counted.
        List<String> timeline = Files.readAllLines(out.resolve("timeline.csv"));
        assertEquals("point,second,requests,p50_ms,p99_ms,max_ms,server_cpu_pct,gc_ms", timeline.get(0));
        long requests = 0;
        double gcMs = 0;
        for (String line : timeline.subList(1, timeline.size())) {
            String[] c = line.split(",", -1);
            requests += Long.parseLong(c[2]);
            gcMs += Double.parseDouble(c[7]);
            assertTrue(Double.parseDouble(c[5]) >= Double.parseDouble(c[4]), line);
        }
        assertEquals(200, requests, "both clients' latency logs, merged second by second");
        assertTrue(gcMs >= 20 * 4, "a 20 ms pause every second of the 5 s workload: " + gcMs);
        assertTrue(html.contains("data-figure=\"timeline-single\""));
        assertTrue(figure(html, "timeline-single").contains("class=\"mark\""), "GC pauses shaded");

        // The spectrum closes in on 100% and ends at the maximum.
        JsonNode spectrum = point.path("clientSpectrum");
        JsonNode last = spectrum.path(spectrum.size() - 1);
        assertEquals(100.0, last.path("percentile").asDouble());
        assertEquals(200, last.path("count").asLong());
        assertEquals(point.path("client").path("response").path("maxMs").asDouble(), last.path("ms").asDouble(), 0.02);
        assertNotNull(figure(html, "spectrum-overlay"));
        assertFalse(html.contains("data-figure=\"spectrum-single\""), "one point: its spectrum drawn once");
        assertTrue(Files.readAllLines(out.resolve("spectrum.csv")).size() > 2, "a header and the steps");
    }

    static double windowSec(JsonNode point) {
        // Requests every 50 ms from the epoch, the last (to the cold object) answered 2 ms after it was due.
        return (99 * 50 + 2.0) / 1000;
    }

    static List<String> names(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    static List<String> keys(JsonNode groups) {
        List<String> out = new ArrayList<>();
        groups.forEach(g -> out.add(g.path("key").asText()));
        return out;
    }

    /** The SVG of a figure in a page, or an assertion error naming the figure. */
    static String figure(String html, String name) {
        int at = html.indexOf("data-figure=\"" + name + "\"");
        assertTrue(at >= 0, "no figure " + name);
        int start = html.lastIndexOf("<svg", at);
        return html.substring(start, html.indexOf("</svg>", at) + 6);
    }

    static int count(String s, String what) {
        return HtmlInChromiumTest.count(s, what);
    }
}
