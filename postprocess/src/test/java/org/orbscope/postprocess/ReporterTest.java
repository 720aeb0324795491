package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.SyntheticRun;

class ReporterTest {
    @TempDir
    Path tmp;

    @Test
    void clientOnlyRunStillReportsAndSaysStagesAreAbsent() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run"));
        run.point("rate=10_s", 10, 200, 10_000_000, 200, 0.1, false);
        run.point("rate=20_s", 20, 200, 12_000_000, 120, 0.2, false);
        Path out = Reporter.report(run.dir()).dir();

        for (String f : List.of("index.html", "report.md", "summary.csv", "summary.json")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        JsonNode json = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode points = json.path("points");
        assertEquals(2, points.size());
        JsonNode p10 = points.get(0);
        assertEquals("rate=10_s", p10.path("name").asText());
        assertEquals(0.01, p10.path("offeredRatePerMs").asDouble(), 1e-12);
        assertEquals(200, p10.path("client").path("ok").asLong());
        assertEquals(10.0005, p10.path("client").path("response").path("meanMs").asDouble(), 0.001);
        assertEquals("absent", p10.path("server").path("trace").asText());
        assertTrue(p10.path("stages").isEmpty(), "no stage numbers without a trace");
        assertTrue(p10.path("notes").toString().contains("no stage data"));
        assertEquals(0.1, p10.path("utilization").path("measured").asDouble(), 1e-6);
        JsonNode p20 = points.get(1);
        assertEquals(80, p20.path("client").path("failed").asLong());
        assertTrue(p20.path("notes").toString().contains("did not complete"));

        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(0).startsWith("point,client.processes[0].arrival.rate,status,client_sent,client_ok,"),
                csv.get(0));
        assertTrue(csv.get(1).startsWith("rate=10_s,10/s,ok,200,200,0,"), csv.get(1));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| Point | Client response (ms): mean (p5-p95) | Achieved throughput (req/s) |"), md);
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("id=\"sweep-table\""));
        assertTrue(html.contains("<svg"));
        assertTrue(!html.contains("http://") || html.replace("http://www.w3.org/2000/svg", "").indexOf("http://") < 0,
                "no network references");
    }

    @Test
    void notARunDirectoryIsBadInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Reporter.report(tmp));
        assertTrue(e.getMessage().contains("no points/"));
    }

    @Test
    void emptyClientFileDoesNotStopTheReport() throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve("run2"));
        Path p = run.point("single", 10, 10, 10_000_000, 10, 0.1, false);
        Files.writeString(p.resolve("client").resolve("requests.csv"), "");
        Files.delete(p.resolve("client").resolve("summary.json"));
        Path out = Reporter.report(run.dir()).dir();
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("empty file"), md);
        assertTrue(md.contains("summary.json missing"), md);
    }
}
