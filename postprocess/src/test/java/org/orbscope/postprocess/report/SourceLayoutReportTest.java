package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.testkit.SyntheticRun;

/** The report lays each experiment out the way its source does. */
class SourceLayoutReportTest {
    @TempDir
    Path tmp;

    /** Beekhuis's Appendix E in small: type x direction x size at one fixed rate. */
    static final String MARSHALLING = String.join("\n",
            "name: marshalling",
            "server:",
            "  objects: [{id: bench}]",
            "client:",
            "  processes:",
            "    - name: p",
            "      requests: 100",
            "      arrival: {law: deterministic, rate: 50/s}",
            "      targets: [{object: bench, payload: {type: octet, shape: sequence, direction: in, size: 24}}]",
            "sweep:",
            "  client.processes[0].targets[0].payload.type: [octet, double]",
            "  client.processes[0].targets[0].payload.shape: [sequence]",
            "  client.processes[0].targets[0].payload.direction: [in, inout]",
            "  client.processes[0].targets[0].payload.size: [24, 2400, 240000]",
            "");

    @Test
    void marshallingMatricesAreTypeBySizeOnePerDirection() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), MARSHALLING);
        for (String name : run.pointNames()) {
            Map<String, String> params = run.params(name);
            long size = Long.parseLong(params.get("client.processes[0].targets[0].payload.size"));
            long factor = params.get("client.processes[0].targets[0].payload.direction").equals("inout") ? 2 : 1;
            run.point(name, new SyntheticRun.Workload(100, 50, (i, process, object, op) -> 3_000_000 + 10 * factor
                    * size, 0.1, 0, 0));
        }
        Path out = Reporter.report(run.dir()).dir();
        List<String> pivot = Files.readAllLines(out.resolve("pivot.csv"));
        assertTrue(pivot.get(0).startsWith("measure,shape,direction,type_size,24,24_p5,24_p95,2400,"), pivot.get(0));
        assertEquals(1 + 2 * 2, pivot.size(), "a matrix per direction, a row per type: " + pivot);
        assertTrue(pivot.get(1).startsWith("client response,sequence,in,octet,3.0"), pivot.get(1));

        String html = Files.readString(out.resolve("index.html"));
        assertFalse(html.contains("data-figure=\"axis-response-shape\""), "an axis of one value draws nothing");
        assertTrue(html.contains("data-figure=\"axis-response-size\""));
        assertTrue(html.contains("id=\"throughput-flat\""), "one fixed rate: no stack of points on one x");
        assertFalse(html.contains("data-figure=\"throughput\""));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("Client response (ms): mean (p5-p95)"), "Beekhuis's statistic in the sweep table");
        assertFalse(md.contains("Measured queuing time"), "no trace: the server's columns are left out");
    }

    /** Balay et al.'s hot spot in small: 80% to one module, the rest over three copies, at two rates. */
    static final String HOT_SPOT = String.join("\n",
            "name: hotspot",
            "server:",
            "  objects: [{id: hot}, {id: module, copies: 3}]",
            "client:",
            "  processes:",
            "    - name: gui",
            "      requests: 100",
            "      arrival: {rate: 20/s}",
            "      targets: [{object: hot, operation: call, probability: 0.8}, "
                    + "{object: module, operation: call, probability: 0.2}]",
            "sweep:",
            "  client.processes[0].arrival.rate: [20/s, 40/s]",
            "");

    @Test
    void theHotSpotStandsAgainstTheRestAcrossTheSweep() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), HOT_SPOT);
        for (String name : run.pointNames()) {
            run.point(name, new SyntheticRun.Workload(100, 20,
                    (i, process, object, op) -> object.equals("hot") ? 8_000_000 : 2_000_000, 0.1, 0, 0));
        }
        Path out = Reporter.report(run.dir()).dir();
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("### By target across the sweep"), md);
        assertFalse(md.contains("### By object across the sweep"), "the copies merged into their target");
        String row = md.lines().filter(l -> l.startsWith("| rate=20_s |") && l.contains("(1.00x)")).findFirst()
                .orElseThrow(() -> new AssertionError(md));
        assertTrue(row.contains("| 8.00 (") && row.contains("| 2.00 ("), "hot and module means: " + row);
        assertTrue(Files.readString(out.resolve("index.html")).contains("<table id=\"breakdown-rate_20_s-target\""));
    }

    @Test
    void aDispatchSweepsManyObjectsShowTheBusiestAndTheCsvAll() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), String.join("\n",
                "name: dispatch",
                "server:",
                "  objects: [{id: hot}, {id: module, copies: 40}]",
                "client:",
                "  processes:",
                "    - name: p",
                "      requests: 400",
                "      arrival: {rate: 100/s}",
                "      targets: [{object: hot, operation: call, probability: 0.5}, "
                        + "{object: module, operation: call, probability: 0.5}]",
                ""));
        for (String name : run.pointNames()) {
            run.point(name, new SyntheticRun.Workload(400, 100, (i, process, object, op) -> 2_000_000, 0.1, 0, 0));
        }
        Path out = Reporter.report(run.dir()).dir();
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("groups with the most requests; report/breakdown.csv has them all"), md);
        String objectTable = md.substring(md.indexOf("### By object"));
        objectTable = objectTable.substring(0, objectTable.indexOf("\n\n", objectTable.indexOf("|")));
        long rows = objectTable.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| object")).count();
        assertEquals(BreakdownTables.SHOWN_GROUPS, rows, objectTable);
        assertTrue(objectTable.contains("| hot |"), "the busiest object stays: " + objectTable);
        long csvObjects = Files.readAllLines(out.resolve("breakdown.csv")).stream()
                .filter(l -> l.contains(",object,")).count();
        assertTrue(csvObjects > BreakdownTables.SHOWN_GROUPS, "breakdown.csv keeps every object: " + csvObjects);
    }

    /** The proxy pattern in small: one pair alone, three direct, three through the proxy (zip). */
    static final String PROXY = String.join("\n",
            "name: proxy",
            "servers:",
            "  - {name: s1, objects: [{id: pair1}]}",
            "  - {name: s2, objects: [{id: pair2}]}",
            "  - {name: proxy, objects: [{id: pair1}, {id: pair2}]}",
            "client:",
            "  processes:",
            "    - {name: c1, requests: 100, arrival: {rate: 50/s}, targets: [{server: s1, object: pair1}]}",
            "    - {name: c2, requests: 100, arrival: {rate: 50/s}, targets: [{server: s2, object: pair2}]}",
            "sweep:",
            "  zip: true",
            "  client.processes[0].targets[0].server: [s1, s1, proxy]",
            "  client.processes[1].targets[0].server: [s2, s2, proxy]",
            "  client.processes[1].requests: [1, 100, 100]",
            "");

    @Test
    void zippedStepsAreNamedByTheListsThatTellThemApart() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), PROXY);
        for (String name : run.pointNames()) {
            boolean proxy = run.params(name).get("client.processes[0].targets[0].server").equals("proxy");
            run.point(name, new SyntheticRun.Workload(100, 50,
                    (i, process, object, op) -> proxy ? 10_000_000 : 1_000_000, 0.1, 0, 0));
        }
        Path out = Reporter.report(run.dir()).dir();
        String html = Files.readString(out.resolve("index.html"));
        String figure = ExperimentReportTest.figure(html, "axis-response-steps");
        for (String step : List.of("s1 / 1", "s1 / 100", "proxy / 100")) {
            assertTrue(figure.contains(">" + step + "<"), step + " on the x axis: " + figure);
        }
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("### By process across the sweep"), md);
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| proxy / 100 |")), "rows by step name");
        assertFalse(Files.exists(out.resolve("regression.csv")), "request counts 1, 100, 100 are no variable");
    }
}
