package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.KnownTrace;
import org.orbscope.trace.testing.SyntheticTrace;
import org.orbscope.trace.tools.jvm.TraceSummary;

/** The three files of the JVM summary of {@link KnownTrace}: what each says, and the flame graph's frames. */
class JvmSummaryReportTest {
    @TempDir
    Path dir;

    private Path written(int top) throws IOException {
        Path out = dir.resolve("jvm");
        JvmSummaryReport.write(TraceSummary.read(KnownTrace.write(dir.resolve("known.trace"))), out, top);
        return out;
    }

    @Test
    void thePageHasEveryTableAndAFlameGraphWithAFramePerCallPath() throws IOException {
        String html = Files.readString(written(20).resolve("index.html"));
        for (String id : new String[] {"monitors-top", "monitors-all", "parks", "allocations", "methods-top",
                "threads", "gc", "info"}) {
            assertTrue(html.contains("<table id=\"" + id + "\">"), id);
        }
        assertFalse(html.contains("<script"), "no scripts");
        assertFalse(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").contains("http"), "no network");
        // The top monitor row: Queue@b2, 8 us of contention in one entry, held 19 us, by 2 threads.
        assertTrue(html.contains("<tr><td>com.acme.Queue@b2</td><td>agent</td><td>2</td><td>1</td><td>0.008</td>"
                + "<td>0.008</td><td>0.019</td><td>0.017</td><td>1</td><td>0</td><td>0.002</td><td>0.002</td>"
                + "<td>1</td><td>2</td></tr>"), html);
        assertTrue(html.contains("<tr><td>com.acme.BigOrder</td><td>1</td><td>56</td><td>56.0</td></tr>"), html);
        assertTrue(html.contains("<tr><td>com.acme.App#fib(I)I</td><td>2</td><td>0</td><td>0.007</td><td>0.005</td>"
                + "<td>0.007</td><td>2</td><td>0.008</td><td>0.008</td></tr>"), html);
        // The waiter has neither start nor end events: its lifetime comes from its first and last event.
        assertTrue(html.contains("<tr><td>waiter</td><td>3 (3)</td><td>0.003*</td><td>0.011*</td><td>0.008</td>"
                + "<td>-</td><td>0.000</td><td>0.005</td><td>0.000</td><td>0.000</td><td>0.005</td><td>0.000</td>"
                + "<td>4</td></tr>"), html);
        assertTrue(html.contains("1 method exits had no enter in the trace"), html);
        assertTrue(html.contains("Dropped events: 5; errors inside the agent: 2."), html);

        String svg = html.substring(html.indexOf("<svg class=\"flame\""), html.indexOf("</svg>", html.indexOf("<svg class=\"flame\"")));
        // root, run, run>fib, run>fib>fib, run>fib>fib>leaf, leaf: the tree's six paths, each a frame.
        assertEquals(6, count(svg, "<rect"), svg);
        assertTrue(svg.contains("<title>com.acme.App#fib(I)I\n1 calls, 0.005 ms wall (12.35%), self 0.003 ms, cpu "
                + "0.005 ms in 1 calls with CPU times</title>"), svg);
        // Widths follow inclusive wall time: run is 39 of the root's 40.5 us.
        Matcher run = Pattern.compile("<title>com.acme.App#run\\(\\)V\n[^<]*</title><rect x=\"[0-9.]+\" y=\"[0-9.]+\" "
                + "width=\"([0-9.]+)\"").matcher(svg);
        assertTrue(run.find(), svg);
        assertEquals(1180 * 39.0 / 40.5, Double.parseDouble(run.group(1)), 0.06);
    }

    @Test
    void theTopTablesHoldTopRowsAndTheJsonHoldsEveryFigure() throws IOException {
        Path out = written(1);
        String html = Files.readString(out.resolve("index.html"));
        String top = html.substring(html.indexOf("<table id=\"methods-top\">"));
        top = top.substring(0, top.indexOf("</table>"));
        assertEquals(1, count(top, "<tr><td>"), "--top 1: one method row");
        assertTrue(top.contains("com.acme.App#run()V"), top);

        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## Monitors (top 1 of 4 by contention)"), md);
        assertTrue(md.contains("| com.acme.Queue@b2 | agent | 2 | 1 | 0.008 |"), md);
        assertTrue(md.contains("| com.acme.BigOrder | 1 | 56 | 56.0 |"), md);
        assertTrue(md.contains("| main | 1 (1) | 0.000 | 0.041 | 0.041 | 0.030 | 0.008 |"), md);

        JsonNode json = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("known.trace", json.path("trace").asText());
        assertEquals(4, json.path("monitors").size());
        assertEquals(19_000, json.path("monitors").get(0).path("holdNanos").asLong());
        assertEquals(3, json.path("methods").path("methods").size(), "every method, not the top only");
        JsonNode fib = json.path("methods").path("methods").get(1);
        assertEquals("com.acme.App#fib(I)I", fib.path("name").asText());
        assertEquals(7_000, fib.path("wallInclusiveNanos").asLong());
        assertTrue(json.path("methods").path("methods").get(2).path("cpuInclusiveNanos").isNull(), "unknown CPU is null");
        assertEquals(1, json.path("methods").path("exitsWithoutEnter").asLong());
        JsonNode tree = json.path("methods").path("callTree");
        assertEquals(6, tree.size());
        assertEquals(-1, tree.get(0).path("parent").asInt());
        assertEquals(40_500, tree.get(0).path("wallNanos").asLong());
        assertEquals("com.acme.App#run()V", tree.get(1).path("method").asText());
        assertEquals(0, tree.get(1).path("parent").asInt());
        assertEquals(2, json.path("facts").path("gcPauses").asLong());
        assertEquals(4, json.path("threads").size());
        assertEquals(31_000, json.path("threads").get(1).path("lifetimeNanos").asLong());
    }

    @Test
    void framesNarrowerThanAPixelAreMergedIntoOne() throws IOException {
        Path file = dir.resolve("narrow.trace");
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int big = t.method("com.acme.Big#run()V");
            SyntheticTrace.Script s = t.thread("main");
            s.at(0).enter(big).at(1_000_000).exit();
            // 400 methods of 10 ns each: 1180 px / 1,004,000 ns makes each 0.012 px, together 4.7 px.
            for (int i = 0; i < 400; i++) {
                s.after(0).enter(t.method("com.acme.Small" + i + "#run()V")).after(10).exit();
            }
        }
        String svg = FlameGraph.svg(TraceSummary.read(file).methods().callTree());
        assertEquals(3, count(svg, "<rect"), "root, Big.run and one merged frame: " + svg);
        assertTrue(svg.contains("<title>400 frames narrower than a pixel\n0.004 ms wall (0.40%)</title>"), svg);
    }

    static int count(String s, String what) {
        return HtmlInChromiumTest.count(s, what);
    }
}
