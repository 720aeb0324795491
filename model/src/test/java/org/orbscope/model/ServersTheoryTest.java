package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Several servers and servant calls against exact results: a sync call makes a tandem of stations, a oneway call
 * forks a stream, a caller's thread is held while it waits, and every server's busy time is its visits times their
 * demands. 10^6 requests per case, as in {@link TheoryTest}: a 2% miss is a bug, not noise.
 */
class ServersTheoryTest {
    private static final double TOL = 0.02;
    private static final long N = 1_000_000;

    private static void near(double expected, double actual, String what) {
        assertEquals(expected, actual, TOL * expected, what + ": expected " + expected + " got " + actual);
    }

    /** A front server and a back server, one core each, front.op calling back.op once. */
    private static ModelParameters.Builder twoServers(int frontThreads, Dist front, Dist back, boolean sync,
                                                      double ratePerSec) {
        return ModelParameters.builder()
                .server("front", 1, frontThreads, PoolScope.SHARED).servant("f", "RootPOA", 0)
                .operation("f", "op", front, Dist.ZERO, Dist.ZERO)
                .server("back", 1, 0, PoolScope.SHARED).servant("b", "RootPOA", 0)
                .operation("b", "op", back, Dist.ZERO, Dist.ZERO)
                .call("f.op", "b.op", 1, sync)
                .stream(ArrivalLaw.POISSON, ratePerSec, 0, "f.op");
    }

    @Test
    void aSyncCallMakesATandemOfTwoMm1Stations() {
        // Unlimited threads, processor sharing on each server's core: M/M/1-PS at the front (its CPU phase; the
        // M/M/1 departures are Poisson) then at the back. W = 1/(1000-500) + 1/(1250-500) s = 2 + 1.3333 ms.
        ModelParameters p = twoServers(0, Dist.exponential(MS), Dist.exponential(0.8 * MS), true, 500).build();
        SimulationResult r = Models.run(p, N, 11);
        near(2 + 4.0 / 3, r.completion().meanMs(), "front completion = sum of the two sojourns");
        near(4.0 / 3, r.servers().get("back").completion().meanMs(), "back sojourn");
        near(0.5, r.servers().get("front").cpuUtilization(), "front utilization");
        near(0.4, r.servers().get("back").cpuUtilization(), "back utilization");
    }

    @Test
    void serversSharingOneCoreAreOneMultiClassPsStation() {
        // Two servers on one core, each with its own Poisson stream: one M/M/1-PS station of two classes, whose
        // mean sojourn is S_i / (1 - rho) for each class whatever its demand's law (PS is insensitive).
        // rho = 300/s x 1 ms + 100/s x 2 ms = 0.5: 2 ms and 4 ms. Apart, they would take 1/(1-0.3) and 2/(1-0.2) ms.
        ModelParameters p = ModelParameters.builder()
                .server("a", 1, 0, PoolScope.SHARED).servant("x", "RootPOA", 0)
                .operation("x", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .server("b", 1, 0, PoolScope.SHARED).servant("y", "RootPOA", 0)
                .operation("y", "op", Dist.deterministic(2 * MS), Dist.ZERO, Dist.ZERO)
                .shareCpu(List.of("a", "b"))
                .stream(ArrivalLaw.POISSON, 300, 0, "x.op")
                .stream(ArrivalLaw.POISSON, 100, 0, "y.op").build();
        assertEquals(1, p.cpuCount());
        near(0.5, p.offeredCpuUtilization(1), "offered, the core's");
        SimulationResult r = Models.run(p, N, 15);
        near(2.0, r.servers().get("a").completion().meanMs(), "a's sojourn");
        near(4.0, r.servers().get("b").completion().meanMs(), "b's sojourn");
        near(0.3, r.servers().get("a").cpuUtilization(), "a's share of the core");
        near(0.2, r.servers().get("b").cpuUtilization(), "b's share of the core");
        near(0.5, r.cpuUtilization(), "the core");
        assertThrows(IllegalArgumentException.class, () -> p.toBuilder().shareCpu(List.of("a", "c")).build());
        assertThrows(IllegalArgumentException.class, () -> ModelParameters.builder()
                .server("a", 1, 0, PoolScope.SHARED).servant("x", "RootPOA", 0)
                .operation("x", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .server("b", 2, 0, PoolScope.SHARED).shareCpu(List.of("a", "b"))
                .stream(ArrivalLaw.POISSON, 300, 0, "x.op").build(), "a shared CPU has one number of cores");
    }

    @Test
    void aOnewayCallLeavesTheCallerAloneAndLoadsTheCallee() {
        ModelParameters p = twoServers(0, Dist.exponential(MS), Dist.exponential(0.8 * MS), false, 500).build();
        SimulationResult r = Models.run(p, N, 12);
        near(2.0, r.completion().meanMs(), "front completion: the M/M/1-PS sojourn alone");
        near(4.0 / 3, r.servers().get("back").completion().meanMs(), "back: M/M/1-PS fed the front's departures");
        assertEquals(N - N / 50, r.servers().get("back").completion().count(), "one sub-request per measured request");
        near(0.4, r.servers().get("back").cpuUtilization(), "back utilization = rate x demand");
    }

    @Test
    void aSyncCallHoldsTheCallersThreadWhileItWaits() {
        // One front thread, no front CPU: the thread is busy exactly while the back serves its sub-request
        // (deterministic 1 ms, unlimited threads there): the front is M/D/1, Wq = rho/(2 mu (1-rho)) = 0.75 ms.
        ModelParameters p = twoServers(1, Dist.ZERO, Dist.deterministic(MS), true, 600).build();
        SimulationResult r = Models.run(p, N, 13);
        near(0.75, r.queue().meanMs(), "front dispatcher queue");
        near(1.75, r.completion().meanMs(), "front completion");
        // A collocated call holds the thread the same way: the called servant runs on it.
        ModelParameters local = ModelParameters.builder().dispatcherThreads(1).cores(1)
                .servant("f", "RootPOA", 0).operation("f", "op", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .servant("g", "RootPOA", 0).operation("g", "op", Dist.deterministic(MS), Dist.ZERO, Dist.ZERO)
                .call("f.op", "g.op", 1, false).stream(ArrivalLaw.POISSON, 600, 0, "f.op").build();
        SimulationResult l = Models.run(local, N, 14);
        near(0.75, l.queue().meanMs(), "collocated: queue");
        near(1.75, l.completion().meanMs(), "collocated (even oneway): completion");
    }

    @Test
    void everyServersBusyTimeIsItsVisitsTimesTheirDemandExactly() {
        // Fan-out: front (2 cores) 0.2 ms, then 3 sync calls to mid, 2 oneway calls to back, a collocated call;
        // mid (1 core) 0.1 ms and 1 sync call to back; back (1 core) 0.05 ms. Deterministic demands, so the
        // work is exact: front 0.2 + 0.07, mid 3 x 0.1, back 2 x 0.05 + 3 x 0.05 per request.
        ModelParameters p = ModelParameters.builder()
                .server("front", 2, 8, PoolScope.SHARED).servant("f", "RootPOA", 0).servant("h", "RootPOA", 1)
                .operation("f", "op", Dist.deterministic(0.2 * MS), Dist.ZERO, Dist.ZERO)
                .operation("h", "op", Dist.deterministic(0.07 * MS), Dist.ZERO, Dist.ZERO)
                .server("mid", 1, 4, PoolScope.PER_POA).servant("m", "RootPOA", 0)
                .operation("m", "op", Dist.deterministic(0.1 * MS), Dist.ZERO, Dist.ZERO)
                .server("back", 1, 2, PoolScope.SHARED).servant("b", "RootPOA", 0)
                .operation("b", "op", Dist.deterministic(0.05 * MS), Dist.ZERO, Dist.ZERO)
                .call("f.op", "m.op", 3, true).call("f.op", "b.op", 2, false).call("f.op", "h.op", 1, true)
                .call("m.op", "b.op", 1, true)
                .stream(ArrivalLaw.POISSON, 800, 0, "f.op").build();
        double[] perRequestMs = {0.27, 0.3, 0.25};
        double[] cores = {2, 1, 1};
        String[] names = {"front", "mid", "back"};
        for (int s = 0; s < 3; s++) {
            assertEquals(800 * perRequestMs[s] / 1000 / cores[s], p.offeredUtilization(s), 1e-12,
                    names[s] + ": offered = rate x demand / cores");
        }
        long n = 200_000;
        SimulationResult r = Simulator.run(p, n, 0, 15);
        double seconds = r.simulatedSeconds();
        for (int s = 0; s < 3; s++) {
            double busyMs = r.servers().get(names[s]).cpuUtilization() * cores[s] * seconds * 1000;
            assertEquals(n * perRequestMs[s], busyMs, 1e-9 * n * perRequestMs[s], names[s] + ": busy time");
            near(p.offeredUtilization(s), r.servers().get(names[s]).cpuUtilization(), names[s] + " utilization");
        }
        assertEquals(5 * n, r.servers().get("back").completion().count(), "back: 2 oneway + 3 via mid per request");
        assertTrue(r.littleRelativeError() < 1e-6, r.table());
    }

    @Test
    void callsThatComeBackAreRefused() {
        ModelParameters.Builder b = ModelParameters.builder().servant("a", "RootPOA", 0)
                .operation("a", "op", Dist.ZERO, Dist.ZERO, Dist.ZERO).servant("c", "RootPOA", 0)
                .operation("c", "op", Dist.ZERO, Dist.ZERO, Dist.ZERO)
                .call("a.op", "c.op", 1, true).call("c.op", "a.op", 1, true)
                .stream(ArrivalLaw.POISSON, 10, 0, "a.op");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertTrue(e.getMessage().contains("would wait for itself"), e.getMessage());
    }
}
