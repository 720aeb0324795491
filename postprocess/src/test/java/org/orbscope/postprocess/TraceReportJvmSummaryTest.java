package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.testkit.JsonRows.row;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.testkit.JacorbTraceBuilder;

/** The report of a bare trace carries the trace's JVM summaries in jvm/ and links them from its page. */
class TraceReportJvmSummaryTest {
    @TempDir
    Path dir;

    @Test
    void theReportOfATraceLinksItsJvmSummaries() throws Exception {
        Path trace = dir.resolve("server.trace");
        int n = 12;
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < n; i++) {
                b.request(1_000_000_000L + i * 20_000_000L, 0x40 + i, i, true);
            }
        }
        Path out = dir.resolve("report");
        TraceReport.report(trace, AnalysisOptions.defaults(), out);
        assertTrue(Files.readString(out.resolve("index.html")).contains("<a href=\"jvm/index.html\">"));
        assertTrue(Files.isRegularFile(out.resolve("jvm").resolve("index.html")));
        JsonNode json = new ObjectMapper().readTree(out.resolve("jvm").resolve("summary.json").toFile());
        assertEquals(n, row(json.path("methods").path("methods"), "name",
                "org.jacorb.poa.RequestProcessor#invokeOperation()V").path("calls").asLong());
        JsonNode pool = row(json.path("monitors"), "name", "org.jacorb.poa.RPPoolManager@4d");
        assertEquals(n, pool.path("contended").asLong(), "a contended entry per dispatched request");
        assertEquals(n, pool.path("waits").asLong(), "a wait per request on the controller");
    }
}
