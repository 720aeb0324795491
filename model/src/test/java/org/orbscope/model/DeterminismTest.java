package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

class DeterminismTest {
    @Test
    void deterministicArrivalsAndDemandsGiveExactTimes() {
        // D/D/1 below saturation: nobody waits; completion = b_rec + b_poa + b_ser + b_mar exactly.
        ModelParameters p = ModelParameters.builder().dispatcherThreads(1).receiverCpu(Dist.deterministic(0.1 * MS))
                .poaCpu(Dist.deterministic(0.05 * MS)).servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.deterministic(0.3 * MS), Dist.deterministic(0.2 * MS),
                        Dist.deterministic(0.05 * MS))
                .stream(ArrivalLaw.DETERMINISTIC, 1000, 0, "obj.op").build();
        SimulationResult r = Simulator.run(p, 1000, 1);
        assertEquals(0.7, r.completion().meanMs(), 1e-9);
        assertEquals(0.7, r.completion().maxMs(), 1e-9);
        assertEquals(0, r.queue().meanMs(), 1e-12);
        assertEquals(0.5, r.cpuUtilization(), 0.001);
    }

    @Test
    void processorSharingSplitsTheCoreEvenly() {
        // Two requests 0.5 ms apart, each 1 ms CPU, 2 threads, 1 core: the first runs alone 0.5 ms, then both
        // at half speed; the first finishes at 1.5 ms (completion 1.5), the second at 2.0 ms (completion 1.5).
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 2, 1, Dist.deterministic(MS), Dist.ZERO,
                ArrivalLaw.DETERMINISTIC, 2000).build();
        SimulationResult r = Simulator.run(p, 2, 1);
        assertEquals(1.5, r.completion().meanMs(), 1e-9);
        assertEquals(1.5, r.completion().maxMs(), 1e-9);
    }

    @Test
    void sameSeedSameResultDifferentSeedDifferentResult() {
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 3, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 600).build();
        double a = Simulator.run(p, 20000, 5).completion().meanMs();
        assertEquals(a, Simulator.run(p, 20000, 5).completion().meanMs(), 0);
        assertNotEquals(a, Simulator.run(p, 20000, 6).completion().meanMs());
    }

    @Test
    void badParametersAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModelParameters.builder()
                .servant("obj", "RootPOA", 0).operation("obj", "op", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 10, 0, "obj.nope"));
        assertEquals("arrival stream: unknown target 'obj.nope' (servant.operation)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Dist.exponential(-1));
        assertThrows(IllegalArgumentException.class, () -> ModelParameters.builder().build());
    }
}
