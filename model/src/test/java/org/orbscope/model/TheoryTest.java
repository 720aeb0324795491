package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

/**
 * The simulator against exact queueing results. 1-2 M requests per case keep the standard error of the mean
 * well under 1% (M/M/1 at rho=0.7 has an integrated autocorrelation time of a few dozen requests), so the 2%
 * bound is several standard errors wide: a failure is a bug, not noise.
 */
class TheoryTest {
    private static final double TOL = 0.02;
    private static final long N = 1_000_000;

    private static void near(double expected, double actual, String what) {
        assertEquals(expected, actual, TOL * expected, what + ": expected " + expected + " got " + actual);
    }

    @Test
    void mm1FcfsThroughDispatcherPool() {
        // lambda 700/s, mu 1000/s: W = 1/(mu - lambda) = 3.333 ms, Wq = rho W = 2.333 ms.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 700).build();
        SimulationResult r = Models.run(p, 2 * N, 1);
        near(1 / 0.3, r.completion().meanMs(), "M/M/1 W");
        near(0.7 / 0.3, r.queue().meanMs(), "M/M/1 Wq");
        near(0.7, r.cpuUtilization(), "utilization");
    }

    @Test
    void mm1ProcessorSharingWithUnlimitedThreads() {
        // M/M/1-PS: W = 1/(mu - lambda) = 2 ms at lambda 500/s; the CPU is the only queue.
        for (ThreadingModel m : new ThreadingModel[] {ThreadingModel.THREAD_PER_REQUEST, ThreadingModel.THREAD_POOL}) {
            ModelParameters p = Models.single(m, 0, 1, Dist.exponential(MS), Dist.ZERO, ArrivalLaw.POISSON, 500)
                    .build();
            SimulationResult r = Models.run(p, N, 2);
            near(2.0, r.completion().meanMs(), m + " M/M/1-PS W");
            assertEquals(0, r.queue().meanMs(), 1e-12);
        }
    }

    @Test
    void mg1ProcessorSharingIsInsensitive() {
        // M/G/1-PS: W = E[S]/(1 - rho) whatever the distribution (here uniform 0..2 ms, rho 0.6 -> 2.5 ms).
        ModelParameters p = Models.single(ThreadingModel.THREAD_PER_REQUEST, 0, 1, Dist.uniform(0, 2 * MS),
                Dist.ZERO, ArrivalLaw.POISSON, 600).build();
        near(2.5, Models.run(p, N, 3).completion().meanMs(), "M/G/1-PS W");
    }

    @Test
    void mmcErlangCWithCpuThreadsAndCores() {
        // 3 dispatcher threads on 3 cores, servant CPU exp(1 ms), lambda 2400/s: M/M/3 with a = 2.4.
        int c = 3;
        double a = 2.4;
        double wq = Models.erlangC(c, a) / (c * 1000.0 - 2400.0) * 1000;
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, c, c, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 2400).build();
        SimulationResult r = Models.run(p, 2 * N, 4);
        near(wq, r.queue().meanMs(), "M/M/3 Wq");
        near(wq + 1, r.completion().meanMs(), "M/M/3 W");
    }

    @Test
    void mmcErlangCWithNonCpuServantTime() {
        // Non-CPU time (b_sem) holds the dispatcher thread but no core: M/M/4 on a single core.
        int c = 4;
        double a = 3.0;
        double wq = Models.erlangC(c, a) / (c * 1000.0 - 3000.0) * 1000;
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, c, 1, Dist.ZERO, Dist.exponential(MS),
                ArrivalLaw.POISSON, 3000).build();
        SimulationResult r = Models.run(p, 2 * N, 5);
        near(wq, r.queue().meanMs(), "M/M/4 Wq");
        assertEquals(0, r.cpuUtilization(), 1e-12);
    }

    @Test
    void mm2ProcessorSharingEqualsMm2() {
        // Two cores shared by unlimited threads: each job gets min(1, 2/n), so n(t) is the M/M/2 birth-death
        // chain and W equals M/M/2's 1/mu + C(2,a)/(2mu - lambda).
        double wq = Models.erlangC(2, 1.5) / (2000.0 - 1500.0) * 1000;
        ModelParameters p = Models.single(ThreadingModel.THREAD_PER_REQUEST, 0, 2, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 1500).build();
        near(1 + wq, Models.run(p, 2 * N, 6).completion().meanMs(), "M/M/2-PS W");
    }

    @Test
    void md1PollaczekKhinchine() {
        // M/D/1, service 1 ms, lambda 600/s: Wq = rho / (2 mu (1 - rho)) = 0.75 ms.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.deterministic(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 600).build();
        SimulationResult r = Models.run(p, N, 7);
        near(0.75, r.queue().meanMs(), "M/D/1 Wq");
        near(1.75, r.completion().meanMs(), "M/D/1 W");
    }

    @Test
    void receiverThreadIsAnMd1Queue() {
        // Everything but b_rec free: the connection's receiver is M/D/1 (PK again, on the receiver FIFO).
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 10, 1, Dist.ZERO, Dist.ZERO,
                ArrivalLaw.POISSON, 600).receiverCpu(Dist.deterministic(MS)).build();
        SimulationResult r = Models.run(p, N, 8);
        near(0.75, r.receiverWait().meanMs(), "receiver M/D/1 Wq");
        near(1.75, r.completion().meanMs(), "receiver M/D/1 W");
    }

    @Test
    void secondPhaseHoldsTheThreadButNotTheRequest() {
        // Thread busy 0.6 ms servant + 0.4 ms 2nd phase = M/D/1 with S = 1 ms for the queue;
        // completion ends after the 1st phase: W = Wq + 0.6 ms.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.deterministic(0.6 * MS), Dist.ZERO,
                ArrivalLaw.POISSON, 600).dispatcherCpuPhase2(Dist.deterministic(0.4 * MS)).build();
        SimulationResult r = Models.run(p, N, 9);
        near(0.75, r.queue().meanMs(), "queue with 2nd phase");
        near(1.35, r.completion().meanMs(), "completion excludes 2nd phase");
    }

    @Test
    void dispatchHandoffExtendsTheThreadServiceTime() {
        // T_disp = 1, hand-off h = 0.25 ms (thread held, no CPU) then exp(1 ms) CPU: M/G/1 with S' = h + S,
        // E[S'] = 1.25 ms, E[S'^2] = h^2 + 2 h E[S] + 2 E[S]^2 = 2.5625 ms^2, lambda 0.5/ms, rho 0.625:
        // Wq = lambda E[S'^2] / (2 (1 - rho)) = 1.70833 ms; measured queueing includes h.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 500).dispatchHandoff(Dist.deterministic(0.25 * MS)).build();
        SimulationResult r = Models.run(p, 2 * N, 10);
        near(0.5 * 2.5625 / 0.75 + 0.25, r.queue().meanMs(), "queueing incl. hand-off");
        near(0.5 * 2.5625 / 0.75 + 1.25, r.completion().meanMs(), "completion");
    }
}
