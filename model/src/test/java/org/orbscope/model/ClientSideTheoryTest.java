package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;
import static org.orbscope.model.Models.within;

import org.junit.jupiter.api.Test;

/**
 * What the client does, against exact results: a oneway request has no reply. Simulated means are held to the theory
 * within their batch-means intervals ({@link Models#within}).
 */
class ClientSideTheoryTest {
    private static final long N = 1_000_000;

    @Test
    void onewayOpenArrivalsAreOpenArrivalsWithNoReply() {
        // T_disp = 1, servant exp(1 ms), reply marshalling exp(0.5 ms) that a oneway request never does: M/M/1 FCFS
        // at 700/s, W = 3.333 ms and Wq = 2.333 ms, the same as a two-way operation with b_mar = 0.
        ModelParameters oneway = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 700).build().toBuilder()
                .replaceOperation("obj.op", Dist.exponential(MS), Dist.ZERO, Dist.exponential(0.5 * MS))
                .oneway("obj.op").build();
        assertEquals(0.7, oneway.offeredUtilization(), 1e-12);
        SimulationResult r = Models.run(oneway, 2 * N, 31);
        within(1 / 0.3, r.completion(), "oneway: M/M/1 W");
        within(0.7 / 0.3, r.queue(), "oneway: M/M/1 Wq");
        assertEquals(0, r.utilizationByStage().get("marshal"), 0);
        // The same arrivals and servant demands with b_mar = 0 and a reply give the very same times.
        ModelParameters noReplyCost = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS),
                Dist.ZERO, ArrivalLaw.POISSON, 700).build();
        assertEquals(Models.run(noReplyCost, 2 * N, 31).completion().meanMs(), r.completion().meanMs(), 1e-9);
    }

    @Test
    void aOnewaySubRequestMarshalsNoReplyOnItsServer() {
        // front.op calls back.post oneway 2 times; back.post would marshal 0.1 ms: its server's busy time is its
        // servant's 0.05 ms per visit alone, exactly.
        ModelParameters p = ModelParameters.builder()
                .server("front", 1, 0, PoolScope.SHARED).servant("f", "RootPOA", 0)
                .operation("f", "op", Dist.deterministic(0.1 * MS), Dist.ZERO, Dist.ZERO)
                .server("back", 1, 0, PoolScope.SHARED).servant("b", "RootPOA", 0)
                .operation("b", "post", Dist.deterministic(0.05 * MS), Dist.ZERO, Dist.deterministic(0.1 * MS))
                .oneway("b.post").call("f.op", "b.post", 2, false)
                .stream(ArrivalLaw.POISSON, 1000, 0, "f.op").build();
        assertEquals(0.1, p.offeredUtilization(1), 1e-12);
        long n = 100_000;
        SimulationResult r = Simulator.run(p, n, 0, 32);
        double busyMs = r.servers().get("back").cpuUtilization() * r.simulatedSeconds() * 1000;
        assertEquals(n * 2 * 0.05, busyMs, 1e-9 * n);
    }

    @Test
    void aClosedClientCannotWaitForAOnewayReply() {
        ModelParameters.Builder b = ModelParameters.builder().servant("obj", "RootPOA", 0)
                .operation("obj", "post", Dist.ZERO, Dist.ZERO, Dist.ZERO).oneway("obj.post")
                .stream(Arrivals.closed(1, Dist.ZERO), 0, new String[] {"obj.post"}, new double[] {1});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertTrue(e.getMessage().contains("sends none"), e.getMessage());
    }
}
