package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.scenario.ScenarioLoader;

/**
 * The shipped payload and invocation-style scenarios (Beekhuis's marshalling matrix, Balay et al.'s SII/DII and
 * oneway/twoway) validate whole, and their short runs ({@link ShippedScenarioRuns}, with all its checks) end in a
 * report: every point ok, every request of every point answered, with the operation the point's descriptor says,
 * and the server received each request's elements.
 */
class PayloadScenariosTest {
    static final Path SCENARIOS = Path.of("..", "scenarios");

    @TempDir
    Path dir;

    @Test
    void theShippedScenariosValidateWithTheirFullSweeps() {
        for (Map.Entry<String, Integer> e : Map.of("beekhuis-a-marshalling.yaml", 180, "balay-sii-vs-dii.yaml", 4,
                "balay-oneway-vs-twoway.yaml", 8).entrySet()) {
            CliRunner r = CliRunner.run("validate", SCENARIOS.resolve(e.getKey()).toString());
            assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
            assertTrue(r.out.contains(e.getValue() + " point(s)"), r.out);
        }
    }

    /**
     * Runs {@code file} short; per point (by name) the operation called and the elements each request carries;
     * checks that every point has the requests its scenario asks for, all answered, as expected.
     */
    private void runsShort(String file, Map<String, Object[]> expected) throws Exception {
        assertTrue(ShippedScenarioRuns.RUN_ELSEWHERE.contains(file), file);
        Path run = ShippedScenarioRuns.runShort(SCENARIOS.resolve(file), dir);
        assertTrue(Files.isRegularFile(run.resolve("report/report.md")), "report written");
        assertEquals(expected.size() + 1, Files.readAllLines(run.resolve("report/summary.csv")).size());
        for (Map.Entry<String, Object[]> e : expected.entrySet()) {
            Path point = run.resolve("points").resolve(e.getKey());
            assertEquals(PointStatus.OK, PointStatus.read(point.resolve("status.json")).status(), e.getKey());
            long requests = ScenarioMapping.requests(ScenarioLoader.load(new PointDirectory(point).pointYaml()));
            List<RequestRecord> rows = new ArrayList<>();
            RequestsCsv.read(point.resolve("client/requests.csv"), rows::add);
            assertEquals(requests, rows.size(), e.getKey());
            for (RequestRecord rec : rows) {
                assertTrue(rec.ok(), e.getKey() + ": " + rec);
                assertEquals(e.getValue()[0], rec.operation(), e.getKey());
            }
            List<ReceivedCsv.Row> received = ReceivedCsv.read(point.resolve("server/received.csv"));
            assertEquals(1, received.size(), e.getKey() + ": " + received);
            assertEquals(e.getValue()[0], received.get(0).operation(), e.getKey());
            assertEquals(requests, received.get(0).requests(), e.getKey());
            assertEquals(requests * (long) e.getValue()[1], received.get(0).elements(), e.getKey());
        }
    }

    @Test
    @Timeout(600)
    void beekhuisMarshallingRunsNarrowedToItsLargestStructAndStringCells() throws Exception {
        runsShort("beekhuis-a-marshalling.yaml", Map.of(
                        "type=basic,shape=array,direction=inout,size=240000", new Object[] {"inout_basic_array_240000", 10000L},
                        "type=basic,shape=sequence,direction=inout,size=240000", new Object[] {"inout_basic_seq", 10000L},
                        "type=string,shape=array,direction=inout,size=240000", new Object[] {"inout_string_240000", 240000L},
                        "type=string,shape=sequence,direction=inout,size=240000", new Object[] {"inout_string", 240000L}));
    }

    @Test
    @Timeout(600)
    void balaySiiVsDiiRunsShort() throws Exception {
        runsShort("balay-sii-vs-dii.yaml", Map.of(
                "invocation=sync,operation=ping", new Object[] {"ping", 0L},
                "invocation=sync,operation=post", new Object[] {"post", 0L},
                "invocation=dii,operation=ping", new Object[] {"ping", 0L},
                "invocation=dii,operation=post", new Object[] {"post", 0L}));
    }

    @Test
    @Timeout(600)
    void balayOnewayVsTwowayRunsShort() throws Exception {
        Map<String, Object[]> expected = new java.util.LinkedHashMap<>();
        for (long size : new long[] {0, 1024, 16384, 262144}) {
            expected.put("invocation=sync,size=" + size, new Object[] {"in_octet_seq", size});
            expected.put("invocation=oneway,size=" + size, new Object[] {"post", size});
        }
        runsShort("balay-oneway-vs-twoway.yaml", expected);
    }
}
