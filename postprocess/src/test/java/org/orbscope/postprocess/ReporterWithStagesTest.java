package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointAnalyzer;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.testkit.SyntheticRun;
import org.orbscope.run.StagesCsv;
import org.orbscope.postprocess.stages.SyntheticServer;

class ReporterWithStagesTest {
    @TempDir
    Path tmp;

    @Test
    void stagesStatisticsSanityCheckAndSimulation() throws Exception {
        SyntheticRun run = twoTracedPoints();
        double cpuMs = SyntheticServer.CPU_PER_REQUEST_NS / 1e6;
        Path out = Reporter.report(run.dir(), AnalysisOptions.builder()
                .traces(t -> SyntheticServer.forTrace(t, Integer.MAX_VALUE)).build()).dir();

        JsonNode p10 = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").get(0);
        assertEquals("read", p10.path("server").path("trace").asText());
        assertEquals(300, p10.path("server").path("complete").asLong());
        assertEquals(300, p10.path("server").path("matchedToClient").asLong());
        JsonNode stages = p10.path("stages");
        assertEquals(8.2, stages.path("completion").path("meanMs").asDouble(), 1e-9);
        assertEquals(0.06, stages.path("queue").path("meanMs").asDouble(), 1e-9);
        assertEquals(0.0, stages.path("queue").path("varianceMs2").asDouble(), 1e-12);
        assertEquals(8.0, stages.path("servant").path("p50Ms").asDouble(), 0.01);
        assertEquals(cpuMs, p10.path("cpuPerRequestMs").asDouble(), 1e-9);
        assertEquals(4.0, p10.path("makeUp").path("servant").path("cpu").asDouble(), 1e-9);
        JsonNode util = p10.path("utilization");
        assertTrue(util.path("agree").asBoolean(), util.toString());
        assertEquals(util.path("measured").asDouble(), util.path("calculated").asDouble(), 0.002);
        JsonNode sim = p10.path("simulated");
        assertTrue(sim.has("completionMs"), "simulated columns: " + sim);
        assertTrue(sim.path("completionMs").asDouble() > 0);

        Path csv = run.dir().resolve("points").resolve("rate=10_s").resolve("report").resolve("stages.csv");
        List<String> lines = Files.readAllLines(csv);
        assertEquals(StagesCsv.header(), lines.get(0));
        assertEquals(301, lines.size());
        assertTrue(lines.get(1).contains(",obj,call,complete,"), lines.get(1));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| completion | 300 | 8.20 |"), md);
        assertFalse(md.contains("FAILED"));
    }

    @Test
    void truncatedTraceCountsWhatIsMissing() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        Path p = run.point("single", 10, 100, 8_400_000, 100, 0.041, true);
        Files.writeString(p.resolve("server").resolve("server.trace"), "synthetic");
        Path out = Reporter.report(run.dir(), AnalysisOptions.builder()
                .traces(t -> SyntheticServer.forTrace(t, 60)).build()).dir();
        JsonNode p0 = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").get(0);
        assertEquals(60, p0.path("server").path("complete").asLong());
        assertEquals(40, p0.path("server").path("incomplete").asLong());
        assertEquals(60, p0.path("stages").path("completion").path("count").asLong());
        assertTrue(p0.path("server").path("truncated").asBoolean());
        String notes = p0.path("notes").toString();
        assertTrue(notes.contains("truncated"), notes);
        assertTrue(notes.contains("40 of 100 server requests are incomplete"), notes);
        assertNotNull(Files.readString(out.resolve("index.html")));
    }

    @Test
    void aReportTakesOverTheAnalysesItIsGivenAndReadsOnlyTheOtherPointsTraces() throws Exception {
        SyntheticRun run = twoTracedPoints();
        List<Path> read = new ArrayList<>();
        AnalysisOptions options = Reporter.POINT_OPTIONS.toBuilder().traces(t -> {
            read.add(t);
            return SyntheticServer.forTrace(t, Integer.MAX_VALUE);
        }).build();
        Reporter.Report whole = Reporter.report(run.dir(), options);
        String summary = Files.readString(whole.dir().resolve("summary.csv"));
        assertEquals(2, read.size(), read.toString());

        PointDirectory first = RunDirectory.open(run.dir()).point("rate=10_s");
        PointAnalysis judged = PointAnalyzer.analyze(first, whole.points().get(0).params(), options);
        read.clear();
        Reporter.Report reused = Reporter.report(run.dir(), options, Map.of(Reporter.analysedKey(first), judged));
        assertEquals(List.of(run.dir().resolve("points/rate=20_s/server/server.trace")), read);
        assertSame(judged, reused.points().get(0));
        assertEquals(summary, Files.readString(reused.dir().resolve("summary.csv")));
    }

    /** A run of two monitored points, rate=10_s and rate=20_s, 300 requests each. */
    private SyntheticRun twoTracedPoints() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        double cpuMs = SyntheticServer.CPU_PER_REQUEST_NS / 1e6;
        for (int rate : new int[] {10, 20}) {
            Path p = run.point("rate=" + rate + "_s", rate, 300, 8_400_000, 300, rate / 1000.0 * cpuMs, true);
            Files.writeString(p.resolve("server").resolve("server.trace"), "synthetic");
        }
        return run;
    }
}
