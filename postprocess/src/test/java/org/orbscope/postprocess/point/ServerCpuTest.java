package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.orbscope.model.ArrivalLaw;
import org.orbscope.model.BatchMeans;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;
import org.orbscope.model.ThreadingModel;

class ServerCpuTest {
    private static final double MS = 1e6;

    /** A thread per request into one servant that serves one request at a time: S exp(8 ms), 70/s, one core. */
    private static ModelParameters oneAtATime() {
        return ModelParameters.builder().threadingModel(ThreadingModel.THREAD_PER_REQUEST).dispatcherThreads(0)
                .cores(1).servant("obj", "RootPOA", 1).operation("obj", "op", Dist.exponential(8 * MS), Dist.ZERO,
                        Dist.ZERO).stream(ArrivalLaw.POISSON, 70, 0, "obj.op").build();
    }

    @Test
    void theCpuOutsideTheStagesComesFromTheMeasuredUtilization() {
        // Application threads 64% of one core against 60% in the stages at 0.08 requests/ms: 0.5 ms per request;
        // the JVM's own threads 5% and orbscope's 2%.
        ServerCpu c = ServerCpu.of(0.64, "application threads", 0.60, 0.05, 0.02, 1, 0.08);
        assertEquals(0.5 * MS, c.perRequestNanos(), 1e-6);
        assertEquals(0.07, c.backgroundShare(), 1e-12);
        ModelParameters p = c.apply(oneAtATime());
        assertEquals(0.5 * MS, p.threadCreateCpu().mean(), 1e-6);
        assertEquals(0.93, p.cores(), 1e-12);
        // A pool reuses its threads: their CPU outside the stages (4% of the core) is taken from the cores too.
        assertEquals(0.04, c.applicationShare(), 1e-12);
        ModelParameters pool = c.apply(oneAtATime().toBuilder().threadingModel(ThreadingModel.THREAD_POOL)
                .dispatcherThreads(10).build());
        assertEquals(0, pool.threadCreateCpu().mean(), 1e-12);
        assertEquals(1 - 0.07 - 0.04, pool.cores(), 1e-12);
        // Measured on the process only (no split by thread), or without a rate: nothing.
        assertSame(ServerCpu.NONE, ServerCpu.of(0.64, "process", 0.60, 0.05, 0.02, 1, 0.08));
        assertSame(ServerCpu.NONE, ServerCpu.of(0.64, "application threads", 0.60, 0.05, 0.02, 1, null));
    }

    @Test
    void aBackgroundLoadSlowsAOneAtATimeServantToAnMm1OfTheLongerService() {
        // The JVM's and orbscope's threads take 10% of the one core: the servant's 8 ms of CPU take 8 / 0.9 ms,
        // an M/M/1 FIFO station at 70/s: W = S' / (1 - lambda S') = 23.53 ms, against 18.18 ms without them.
        ModelParameters p = new ServerCpu(0, 0, 0.10, "test").apply(oneAtATime());
        SimulationResult r = Simulator.run(p, 400_000, 8_000, 41);
        double s = 8 / 0.9;
        double w = s / (1 - 0.070 * s);
        BatchMeans.Interval i = r.completion().intervalMs(0.999);
        assertTrue(i.contains(w), "M/M/1 of the slowed servant: theory " + w + " ms, simulated " + i);
    }
}
