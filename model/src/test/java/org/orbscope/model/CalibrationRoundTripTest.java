package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

/**
 * The fidelity path without a measured run: a known model reports every simulated request as a measurement, the
 * calibration takes them in, and the calibrated model must predict the "measured" completion time.
 */
class CalibrationRoundTripTest {
    @Test
    void calibratedModelPredictsTheRunItWasCalibratedFrom() {
        Dist third = Dist.deterministic(0.4 * MS);
        ModelParameters truth = ModelParameters.builder().dispatcherThreads(4).receiverCpu(third).poaCpu(third)
                .servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.exponential(5 * MS), Dist.uniform(0, 2 * MS), third)
                .stream(ArrivalLaw.POISSON, 100, 0, "obj.op").build();
        StageSample s = new StageSample();
        SimulationResult measured = Simulator.run(truth, 100_000, 0, 1, (seq, op, arr, q, c, rec, poa, ser, sem, mar) ->
                s.add(new StageSample.Request("obj", "op", arr, c, q, Double.NaN, ser, mar, sem, rec, Double.NaN, poa,
                        rec + poa + ser + mar)));
        assertEquals(100_000, s.size());
        assertEquals(measured.completion().meanMs(), s.measuredCompletion().meanMs(), 1e-6);
        ModelParameters base = truth.toBuilder().receiverCpu(Dist.ZERO).poaCpu(Dist.ZERO)
                .replaceOperation("obj.op", Dist.ZERO, Dist.ZERO, Dist.ZERO).build();
        ModelParameters calibrated = Calibration.apply(base, s, Calibration.Mode.PAPER);
        SimulationResult predicted = Simulator.run(calibrated, 400_000, 2);
        // Different seed and b_sem replaced by its mean (the paper's deterministic b_sem): a few % apart at most.
        assertEquals(measured.completion().meanMs(), predicted.completion().meanMs(),
                0.05 * measured.completion().meanMs(), predicted.table() + measured.table());
        assertEquals(measured.cpuUtilization(), predicted.cpuUtilization(), 0.01);
    }
}
