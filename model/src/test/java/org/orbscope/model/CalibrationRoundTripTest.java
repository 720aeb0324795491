package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.orbscope.model.Models.MS;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fidelity path without a measured run: a known model writes a synthetic stages.csv (per-request output),
 * the calibration reads it back, and the calibrated model must predict the "measured" completion time.
 */
class CalibrationRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void calibratedModelPredictsTheRunItWasCalibratedFrom() throws IOException {
        Dist third = Dist.deterministic(0.4 * MS);
        ModelParameters truth = ModelParameters.builder().dispatcherThreads(4).receiverCpu(third).poaCpu(third)
                .servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.exponential(5 * MS), Dist.uniform(0, 2 * MS), third)
                .stream(ArrivalLaw.POISSON, 100, 0, "obj.op").build();
        Path csv = dir.resolve("stages.csv");
        SimulationResult measured;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("request,status,arrival_ns,queue_ns,completion_ns,cpu_receiver_ns,cpu_poa_ns,cpu_servant_ns,"
                    + "cpu_reply_ns,cpu_total_ns,servant_noncpu_ns,object,operation");
            measured = Simulator.run(truth, 100_000, 0, 1, (seq, op, arr, q, c, rec, poa, ser, sem, mar) ->
                    w.printf(Locale.ROOT, "%d,complete,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%s,%s%n", seq,
                            arr, q, c, rec, poa, ser, mar, rec + poa + ser + mar, sem, "obj", "op"));
        }
        StageSample s = StageSample.read(csv);
        assertEquals(100_000, s.size());
        assertEquals(measured.completion().meanMs(), s.measuredCompletion().meanMs(), 1e-6);
        ModelParameters calibrated = Calibration.standalone(s, new Calibration.Settings(1, 4, 1,
                s.measuredRatePerSec(), ArrivalLaw.POISSON, Calibration.Mode.PAPER));
        SimulationResult predicted = Simulator.run(calibrated, 400_000, 2);
        // Different seed and b_sem replaced by its mean (the paper's deterministic b_sem): a few % apart at most.
        assertEquals(measured.completion().meanMs(), predicted.completion().meanMs(),
                0.05 * measured.completion().meanMs(), predicted.table() + measured.table());
        assertEquals(measured.cpuUtilization(), predicted.cpuUtilization(), 0.01);
    }
}
