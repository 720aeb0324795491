package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.testkit.JacorbTraceBuilder;

/**
 * A trace on its own holds the agent's samples of the whole process: its utilization is the process's, and the
 * check against the requests' CPU time is not made (no request's CPU holds the JIT, the GC or the agent), so no
 * report of a trace says the check failed, nor sends the reader to a system.csv a trace cannot have.
 */
class TraceUtilizationTest {
    @TempDir
    Path dir;

    @Test
    void theProcessSamplesOfATraceAreReportedNotChecked() throws Exception {
        // The process uses 0.6 CPU throughout: more than the requests' 4.1 ms every 10 ms.
        Path trace = JacorbTraceBuilder.withSamples(dir.resolve("server.trace"), 100, 10_000_000, 0.6);
        Path out = dir.resolve("report");
        TraceReport.report(trace, AnalysisOptions.defaults(), out);
        JsonNode p = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").get(0);
        JsonNode u = p.path("utilization");
        assertEquals("process", u.path("basis").asText(), u.toString());
        assertEquals(0.6 / u.path("cpus").asInt(), u.path("measured").asDouble(), 0.01, u.toString());
        assertTrue(u.path("calculated").isNumber(), "arrival rate x CPU per request still given: " + u);
        assertTrue(u.path("agree").isMissingNode() || u.path("agree").isNull(), "not checked: " + u);
        String notes = p.path("notes").toString();
        assertFalse(notes.contains("FAILED"), notes);
        assertFalse(notes.contains("system.csv"), notes);
    }
}
