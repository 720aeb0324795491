package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.KnownTrace;
import org.orbscope.trace.tools.jvm.TraceSummary;

/**
 * The JVM summary page in headless Chromium: it fits the report's width, and the DOM it builds has the tables and
 * the flame graph's frames.
 */
class JvmSummaryInChromiumTest {
    @TempDir
    Path tmp;

    @Test
    void theSummaryPageLoadsWithItsTablesAndFlameGraph() throws Exception {
        assumeTrue(Files.isExecutable(HtmlInChromiumTest.CHROMIUM), "chromium not installed (CI installs it)");
        Path out = tmp.resolve("jvm");
        JvmSummaryReport.write(TraceSummary.read(KnownTrace.write(tmp.resolve("known.trace"))), out, 20);
        String dom = HtmlInChromiumTest.load(out.resolve("index.html"), tmp, null);

        for (String id : new String[] {"monitors-top", "monitors-all", "parks", "allocations", "methods-top", "threads"}) {
            assertTrue(dom.contains("<table id=\"" + id + "\">"), id + " in the DOM");
        }
        String threads = dom.substring(dom.indexOf("<table id=\"threads\">"));
        assertEquals(4, HtmlInChromiumTest.count(threads.substring(0, threads.indexOf("</table>")), "<tr><td>"),
                "one row per thread");
        int svg = dom.indexOf("<svg class=\"flame\"");
        assertTrue(svg >= 0, "the flame graph's svg in the DOM");
        String flame = dom.substring(svg, dom.indexOf("</svg>", svg));
        assertEquals(6, HtmlInChromiumTest.count(flame, "<rect"), "a frame per call path");
        assertTrue(flame.contains("<title>com.acme.App#run()V"), flame);
        assertFalse(dom.contains("ERR_"), "no Chromium error page");
        assertFalse(dom.contains("NaN"), "no NaN printed");
    }
}
