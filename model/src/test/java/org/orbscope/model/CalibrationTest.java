package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Calibration from a synthetic stages.csv with the postprocess columns (no measured run exists yet). */
class CalibrationTest {
    private static final String HEADER = "request,key,status,missing,arrival_ns,receiver_ns,queue_ns,completion_ns,"
            + "receiver_cpu_ns,cpu_receiver_ns,cpu_poa_ns,cpu_servant_ns,cpu_reply_ns,cpu_total_ns,"
            + "servant_noncpu_ns,object,operation";

    @TempDir
    Path dir;

    /** 1000 requests 10 ms apart; servant CPU alternates 1 and 3 ms; one rejected and one incomplete row. */
    private Path table(boolean keyed) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(keyed ? HEADER : HEADER.replace(",object,operation", ""));
        long t0 = 1_700_000_000_000_000_000L;
        for (int i = 0; i < 1000; i++) {
            long servant = i % 2 == 0 ? 1_000_000 : 3_000_000;
            long total = 300_000 + 100_000 + servant + 50_000 + 80_000;
            String row = i + ",\"k,1\",complete,," + (t0 + i * 10_000_000L) + ",200000,1000," + (servant + 600_000)
                    + ",200000,300000,100000," + servant + ",50000," + total + ",500000";
            lines.add(keyed ? row + ",obj,op" : row);
        }
        lines.add("1000,k2,rejected,,,,,,,,,,,,");
        lines.add("1001,k3,incomplete,reply,1,,,,,,,,,,");
        Path p = dir.resolve(keyed ? "keyed.csv" : "pooled.csv");
        Files.write(p, lines);
        return p;
    }

    @Test
    void readsMeansAndSkipsIncompleteRows() throws IOException {
        StageSample s = StageSample.read(table(true));
        assertEquals(1000, s.size());
        assertTrue(s.keyed());
        assertEquals(300_000, s.meanReceiverCpuNanos(), 1e-6);
        assertEquals(200_000, s.meanReceiverFirstPhaseCpuNanos(), 1e-6);
        assertEquals(80_000, s.meanDispatcherPhase2CpuNanos(), 1e-6);
        assertEquals(100, s.measuredRatePerSec(), 1e-4); // epoch ns lose ~256 ns as doubles
        assertEquals(2.6, s.measuredCompletion().meanMs(), 1e-9);
        assertEquals(2_000_000, s.operations().get("obj.op").servantCpu().length * 0 + mean(s.operations()
                .get("obj.op").servantCpu()), 1e-6);
    }

    @Test
    void paperModeMergesPhasesPhasedModeSplitsThem() throws IOException {
        StageSample s = StageSample.read(table(true));
        ModelParameters base = ModelParameters.builder().dispatcherThreads(4).servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.exponential(9e6), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 100, 0, "obj.op").build();
        ModelParameters paper = Calibration.apply(base, s, Calibration.Mode.PAPER);
        assertEquals(300_000, paper.receiverCpu().mean(), 1e-6);
        assertEquals(180_000, paper.poaCpu().mean(), 1e-6);
        assertTrue(paper.dispatcherCpuPhase2().isZero());
        ModelParameters.Operation op = paper.operations().get(0);
        assertEquals(Dist.Kind.EMPIRICAL, op.cpu().kind());
        assertEquals(2_000_000, op.cpu().mean(), 1e-6);
        assertEquals(50_000, op.marshal().mean(), 1e-6);
        assertEquals(500_000, op.nonCpu().mean(), 1e-6);
        assertEquals(4, paper.dispatcherThreads());

        ModelParameters phased = Calibration.apply(base, s, Calibration.Mode.PHASED);
        assertEquals(200_000, phased.receiverCpu().mean(), 1e-6);
        assertEquals(100_000, phased.receiverCpuPhase2().mean(), 1e-6);
        assertEquals(100_000, phased.poaCpu().mean(), 1e-6);
        assertEquals(80_000, phased.dispatcherCpuPhase2().mean(), 1e-6);
        assertEquals(1_000, phased.dispatchHandoff().mean(), 1);
        assertTrue(paper.dispatchHandoff().isZero());
        // Same CPU per request either way; the phased model completes requests earlier.
        assertEquals(paper.meanCpuPerRequestNanos(), phased.meanCpuPerRequestNanos(), 1e-3);
        SimulationResult a = Simulator.run(paper, 50_000, 1);
        SimulationResult b = Simulator.run(phased, 50_000, 1);
        assertTrue(b.completion().meanMs() < a.completion().meanMs(), a.table() + b.table());
    }

    @Test
    void standaloneModelReproducesTheMeasuredLoad() throws IOException {
        StageSample s = StageSample.read(table(false));
        assertFalse(s.keyed());
        ModelParameters p = Calibration.standalone(s, new Calibration.Settings(1, 10, 1, s.measuredRatePerSec(),
                ArrivalLaw.DETERMINISTIC, Calibration.Mode.PAPER));
        SimulationResult r = Simulator.run(p, 20_000, 3);
        // 100/s x 2.53 ms CPU on one core.
        assertEquals(0.253, r.cpuUtilization(), 0.005);
        assertEquals(0.253, r.offeredUtilization(), 1e-6);
    }

    @Test
    void badCellsAreReportedWithFileLineAndColumn() throws IOException {
        Path p = dir.resolve("bad.csv");
        Files.write(p, List.of(HEADER, "0,k,complete,,1,1,1,1,1,1,1,abc,1,1,0,obj,op"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StageSample.read(p));
        assertEquals(p + ":2: column cpu_servant_ns: not a number: 'abc'", e.getMessage());
        Files.write(p, List.of(HEADER, "0,k,complete,,1,1,1,1,,,,,,,,obj,op"));
        e = assertThrows(IllegalArgumentException.class, () -> StageSample.read(p));
        assertTrue(e.getMessage().contains("no thread CPU times"), e.getMessage());
        Files.write(p, List.of("a,b,c"));
        assertThrows(IllegalArgumentException.class, () -> StageSample.read(p));
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
