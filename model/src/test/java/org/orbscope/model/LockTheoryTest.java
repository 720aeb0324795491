package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.orbscope.model.Models.MS;
import static org.orbscope.model.Models.within;

import org.junit.jupiter.api.Test;

/**
 * Locks against exact results. A lock is a FIFO server whose service is the CPU its holder spends inside it; where
 * that CPU never shares a core (no other CPU work, or enough cores for every job) the lock is an M/M/1 FIFO station,
 * and with a station before it, a tandem network whose mean response is the sum of its stations' (Jackson).
 * Every simulated mean is held to the theory within its own batch-means interval ({@link Models#within}).
 */
class LockTheoryTest {
    private static final long N = 1_000_000;

    /** One RootPOA servant whose operation computes {@code outside}, then takes lock "ledger" for {@code hold}. */
    private static ModelParameters.Builder locked(double cores, Dist outside, Dist hold, double ratePerSec) {
        return Models.single(ThreadingModel.THREAD_POOL, 0, cores, outside, Dist.ZERO, ArrivalLaw.POISSON,
                ratePerSec).lock("obj.op", "ledger", hold);
    }

    @Test
    void aLockAloneIsAnMm1FifoStation() {
        // Only the lock's holder computes, so one job at most is on the core: lambda 700/s, hold exp(1 ms):
        // W = 1/(mu - lambda) = 3.333 ms, the wait for the lock Wq = rho W = 2.333 ms.
        SimulationResult r = Models.run(locked(1, Dist.ZERO, Dist.exponential(MS), 700).build(), N, 21);
        within(1 / 0.3, r.completion(), "lock alone: M/M/1 W");
        SimulationResult.LockResult lock = r.locks().get("ledger");
        within(0.7 / 0.3, lock.waits(), "lock alone: M/M/1 Wq");
        // The holder never shares the core: the lock is held exactly while the core is busy.
        assertEquals(r.cpuUtilization(), lock.heldFraction(), 1e-9);
        assertEquals(0.7, lock.offeredUtilization(), 1e-12);
    }

    @Test
    void aLockWithAHandOffIsAnMg1StationWithAnExceptionalFirstService() {
        // The lock alone at 600/s, hold exp(1 ms), and 0.25 ms free before each waiter enters: an entry that finds
        // the lock taken needs S = h + hold of it, one that finds it free S0 = hold (Welch's M/G/1 with an
        // exceptional first service). The work ahead of an arrival is W = lambda E[X^2] / (2 (1 - rho)) with
        // rho = lambda E[S], X = S0 for the share p0 = (1 - rho) / (1 - rho + lambda E[S0]) that find it free, S
        // for the rest (Brumelle's H = lambda G with Poisson arrivals seeing time averages); the wait for the lock
        // is that plus its own hand-off when it queued: 3.053 ms against 1.5 ms without the hand-off.
        double lambda = 0.6;
        double h = 0.25;
        double rho = lambda * (1 + h);
        double p0 = (1 - rho) / (1 - rho + lambda);
        double meanX2 = p0 * 2 + (1 - p0) * (2 + 2 * h + h * h);
        double wait = lambda * meanX2 / (2 * (1 - rho)) + (1 - p0) * h;
        ModelParameters p = locked(1, Dist.ZERO, Dist.exponential(MS), 600)
                .lockHandoff("ledger", Dist.deterministic(h * MS)).build();
        SimulationResult r = Models.run(p, N, 27);
        SimulationResult.LockResult lock = r.locks().get("ledger");
        within(wait, lock.waits(), "lock with a hand-off: M/G/1 with an exceptional first service, wait");
        within(wait + 1, r.completion(), "lock with a hand-off: W");
        // Held only while its holder computes: the hand-offs are not holds.
        assertEquals(r.cpuUtilization(), lock.heldFraction(), 1e-9);
    }

    @Test
    void aLockCalibratedFromTwoMomentsWaitsAsTheExactMg1OfThoseMoments() {
        // What the calibration gives a lock the server timed: a hold of mean 1 ms and squared coefficient of
        // variation 0.16, a hand-off of mean 0.15 ms and 4 (mostly none, now and then long), at 550/s. The same
        // exceptional-first-service result with their first two moments: E[hold^2] = 1.16, E[h^2] = 0.15^2 x 5.
        double lambda = 0.55;
        double h = 0.15;
        double h2 = h * h * 5;
        double rho = lambda * (1 + h);
        double p0 = (1 - rho) / (1 - rho + lambda);
        double meanX2 = p0 * 1.16 + (1 - p0) * (1.16 + 2 * h + h2);
        double wait = lambda * meanX2 / (2 * (1 - rho)) + (1 - p0) * h;
        ModelParameters p = locked(1, Dist.ZERO, Dist.withMoments(MS, 0.16), 550)
                .lockHandoff("ledger", Dist.withMoments(h * MS, 4)).build();
        within(wait, Models.run(p, N, 28).locks().get("ledger").waits(), "two-moment hold and hand-off: wait");
    }

    @Test
    void cpuOutsideTheLockThenTheLockIsATandem() {
        // Enough cores that no job ever shares one: the CPU outside the lock (uniform 0..4 ms) is an infinite-server
        // station, the lock (exp 1 ms) an M/M/1 one: W = E[outside] + 1/(mu - lambda) = 2 + 2.5 ms at 600/s.
        SimulationResult r = Models.run(locked(1e6, Dist.uniform(0, 4 * MS), Dist.exponential(MS), 600).build(), N,
                22);
        within(2 + 2.5, r.completion(), "CPU outside + lock: IS + M/M/1 W");
        within(0.6 / 0.4, r.locks().get("ledger").waits(), "CPU outside + lock: lock Wq");
    }

    @Test
    void theReceiverThenTheLockIsATandemOfTwoMm1FifoStations() {
        // One connection's receiver (FIFO, exp 0.8 ms) then the lock (FIFO, exp 1 ms) on two cores: at most one
        // receiver job and one holder compute at a time, so neither shares a core. The receiver's departures are
        // Poisson (Burke): W = 1/(1250 - 600) + 1/(1000 - 600) s = 1.5385 + 2.5 ms.
        ModelParameters p = locked(2, Dist.ZERO, Dist.exponential(MS), 600).receiverCpu(Dist.exponential(0.8 * MS))
                .build();
        SimulationResult r = Models.run(p, N, 23);
        within(1000.0 / 650 + 2.5, r.completion(), "receiver + lock: two M/M/1 in tandem W");
        within(600.0 / 1250 / (650.0 / 1000), r.receiverWait(), "receiver + lock: receiver Wq");
        within(0.6 / 0.4, r.locks().get("ledger").waits(), "receiver + lock: lock Wq");
    }

    @Test
    void closedClientsAndALockAreAClosedTwoStationNetwork() {
        // 6 closed clients thinking exp(3 ms), the lock held exp(1 ms), cores enough that no holder shares one: a
        // closed product-form network of an infinite-server station (think) and a FIFO exponential one (the lock).
        // Mean value analysis gives R(6) exactly, and the wait for the lock is R(6) less the hold.
        int clients = 6;
        double response = Models.mvaResponse(clients, 1, 3);
        ModelParameters p = ModelParameters.builder().dispatcherThreads(0).cores(1e6).servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.ZERO, Dist.ZERO, Dist.ZERO).lock("obj.op", "ledger", Dist.exponential(MS))
                .stream(Arrivals.closed(clients, Dist.exponential(3 * MS)), 0, new String[] {"obj.op"},
                        new double[] {1}).build();
        SimulationResult r = Models.run(p, N, 26);
        within(response, r.completion(), "closed clients + lock (MVA): R(6)");
        within(response - 1, r.locks().get("ledger").waits(), "closed clients + lock (MVA): lock Wq");
    }

    @Test
    void operationsNamingOneLockShareItAndOtherNamesDoNot() {
        // a and b take "ledger" at 350/s each: one M/M/1 at 700/s (W 3.333 ms); c takes "audit" at 500/s: an M/M/1
        // of its own (W 2 ms). Holds exp(1 ms); enough cores that only the locks queue.
        ModelParameters p = ModelParameters.builder().threadingModel(ThreadingModel.THREAD_POOL).dispatcherThreads(0)
                .cores(1e6).servant("obj", "RootPOA", 0)
                .operation("obj", "a", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .operation("obj", "b", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .operation("obj", "c", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .lock("obj.a", "ledger", Dist.exponential(MS)).lock("obj.b", "ledger", Dist.exponential(MS))
                .lock("obj.c", "audit", Dist.exponential(MS))
                .stream(ArrivalLaw.POISSON, 350, 0, "obj.a").stream(ArrivalLaw.POISSON, 350, 0, "obj.b")
                .stream(ArrivalLaw.POISSON, 500, 0, "obj.c").build();
        assertEquals(2, p.locks().size());
        assertEquals(0.7, p.offeredLockUtilization(0), 1e-12);
        SimulationResult r = Models.run(p, 2 * N, 24);
        within(0.7 / 0.3, r.locks().get("ledger").waits(), "shared lock: M/M/1 Wq at the summed rate");
        within(0.5 / 0.5, r.locks().get("audit").waits(), "other lock: M/M/1 Wq of its own");
    }

    @Test
    void theCpuInsideALockIsServantCpuInTheOfferedLoad() {
        // b_ser 0.3 ms outside + 0.2 ms inside, deterministic, 1000/s on one core: offered 50%, and the simulated
        // busy time is exactly the visits times both parts.
        ModelParameters p = locked(1, Dist.deterministic(0.3 * MS), Dist.deterministic(0.2 * MS), 1000).build();
        assertEquals(0.5, p.offeredUtilization(), 1e-12);
        long n = 100_000;
        SimulationResult r = Simulator.run(p, n, 0, 25);
        double busyMs = r.cpuUtilization() * r.simulatedSeconds() * 1000;
        assertEquals(n * 0.5, busyMs, 1e-9 * n);
        assertEquals(n * 0.2, r.utilizationByStage().get("lock") * r.simulatedSeconds() * 1000, 1e-9 * n);
    }
}
