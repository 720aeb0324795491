package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;
import static org.orbscope.model.Models.within;

import org.junit.jupiter.api.Test;

/**
 * What the client does, against exact results: a oneway request has no reply, a client and network delay adds to
 * the response and to a closed loop's cycle, and every arrival process sends its own count. Simulated means are held
 * to the theory within their batch-means intervals ({@link Models#within}).
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

    @Test
    void theClientDelayAddsToTheResponseAndLeavesTheServerAlone() {
        // M/M/1 FCFS at 700/s with a client and network delay uniform 0..1 ms: response W + 0.5 ms, and the server's
        // completion times are those of the run without the delay, request for request.
        ModelParameters plain = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 700).build();
        ModelParameters delayed = plain.toBuilder().clientDelay(Dist.uniform(0, MS)).build();
        SimulationResult r = Models.run(delayed, 2 * N, 33);
        within(1 / 0.3 + 0.5, r.clientResponse(), "open M/M/1 + delay: response");
        assertEquals(Models.run(plain, 2 * N, 33).completion().meanMs(), r.completion().meanMs(), 1e-9);
        assertEquals(0, Models.run(plain, 2 * N, 33).clientResponse().count());
    }

    @Test
    void aClosedLoopCyclesThroughTheDelay() {
        // 5 clients, one core shared by processor sharing (servant exp 1 ms), think exp(2 ms) plus a deterministic
        // 1 ms client and network delay: a product-form network of a PS station and an infinite-server station
        // (think + delay, insensitive to its distribution). Mean value analysis gives R(5) exactly.
        int clients = 5;
        double response = Models.mvaResponse(clients, 1, 2 + 1);
        ModelParameters p = ModelParameters.builder().dispatcherThreads(0).cores(1).servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(Arrivals.closed(clients, Dist.exponential(2 * MS)), 0, new String[] {"obj.op"},
                        new double[] {1})
                .clientDelay(Dist.deterministic(MS)).build();
        SimulationResult r = Models.run(p, 2 * N, 34);
        within(response, r.completion(), "closed PS + IS (MVA): server completion R(5)");
        within(response + 1, r.clientResponse(), "closed PS + IS (MVA): client response R(5) + delay");
    }

    @Test
    void aClientOfOneInvokerThatWorksOnEachReplyIsAnMg1Queue() {
        // Poisson inputs at 300/s to a client of one invoker thread; the server answers in a deterministic 1 ms
        // (one request at a time, so it never queues), then the thread works exp(1 ms) on the reply. The thread is
        // an M/G/1 station of service B = 1 ms + exp(1 ms): E[B] = 2 ms, E[B^2] = 5 ms^2, rho = 0.6, and
        // Pollaczek-Khinchine gives Wq = 0.3 x 5 / (2 x 0.4) = 1.875 ms. The client response runs from the input
        // to the reply: Wq + 1 ms. The server's completion is its 1 ms alone.
        ModelParameters p = ModelParameters.builder().dispatcherThreads(0).cores(1).servant("obj", "RootPOA", 0)
                .operation("obj", "op", Dist.ZERO, Dist.deterministic(MS), Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 300, 0, "obj.op")
                .caller(new ModelParameters.Caller(0, Dist.exponential(MS), Dist.ZERO))
                .invokers(0, 1).build();
        SimulationResult r = Models.run(p, 2 * N, 36);
        within(1.875 + 1, r.clientResponse(), "M/G/1 client: Wq + the call");
        assertEquals(1, r.completion().meanMs(), 1e-9, "the server's own time");
        // Unlimited invokers: nobody waits, and the work after a reply costs the response nothing.
        SimulationResult free = Models.run(p.toBuilder().invokers(0, 0).build(), 2 * N, 36);
        assertEquals(1, free.clientResponse().meanMs(), 1e-9, "unlimited invokers: the call alone");
    }

    @Test
    void aOnewayCallHoldsItsInvokerOnlyToSendIt() {
        // One invoker, oneway calls: the thread is free once a call is sent, so the inputs never wait and the
        // server sees the Poisson stream itself: M/D/1 FCFS with one dispatcher thread, W = 1 + 0.6 / (2 x 0.4).
        ModelParameters p = ModelParameters.builder().dispatcherThreads(1).cores(1).servant("obj", "RootPOA", 0)
                .operation("obj", "post", Dist.deterministic(MS), Dist.ZERO, Dist.ZERO).oneway("obj.post")
                .stream(ArrivalLaw.POISSON, 600, 0, "obj.post")
                .caller(new ModelParameters.Caller(0, Dist.exponential(MS), Dist.ZERO))
                .invokers(0, 1).build();
        SimulationResult r = Models.run(p, 2 * N, 37);
        within(1 + 0.6 / 0.8, r.completion(), "M/D/1 at the server");
    }

    @Test
    void everyProcessSendsItsOwnCount() {
        // Three closed clients (one thread, no think time) on one core shared by processor sharing, servant exp(1 ms).
        // Counts 300000, 1, 1: the two others leave after one request each, and the first is then alone: its mean
        // completion is its demand, 1 ms. Counts equal: three clients always share the core: 3 ms (MVA, Z = 0).
        ModelParameters alone = threeClients(300_000, 1, 1);
        SimulationResult r = Simulator.run(alone, 300_002, 0, 35);
        assertEquals(300_000, r.operations().get("o1.op").completion().count());
        assertEquals(1, r.operations().get("o2.op").completion().count());
        assertEquals(1, r.operations().get("o3.op").completion().count());
        within(1, r.completion(), "one client alone of three: its demand");
        SimulationResult all = Simulator.run(threeClients(100_000, 100_000, 100_000), 300_000, 0, 36);
        within(3, all.completion(), "three closed clients together: N x S");
        // Another run length keeps the counts' proportions, the shares summing to the length exactly: a tenth of
        // the run leaves the one-request clients a tenth of a request each, which rounds to none.
        SimulationResult scaled = Simulator.run(alone, 30_000, 0, 37);
        assertEquals(30_000, scaled.operations().get("o1.op").completion().count());
        assertEquals(0, scaled.operations().get("o2.op").completion().count());
        assertEquals(30_000, scaled.requests());
    }

    @Test
    void aReplayThatRunsOutEndsItsShareAndTheStreamsWithoutACount() {
        // A replay of 1001 send times 2 ms apart with a count of its own, and a closed client without one: a run of
        // 5000 shares all 5000 to the replay, which has only 1001 times; the closed client stops with it.
        long[] times = new long[1001];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 2_000_000L;
        }
        ModelParameters p = ModelParameters.builder().dispatcherThreads(0).cores(2)
                .servant("a", "RootPOA", 0).operation("a", "op", Dist.deterministic(MS), Dist.ZERO, Dist.ZERO)
                .servant("b", "RootPOA", 0).operation("b", "op", Dist.deterministic(MS), Dist.ZERO, Dist.ZERO)
                .stream(Arrivals.replay(times), 0, new String[] {"a.op"}, new double[] {1}, 1001)
                .stream(Arrivals.closed(1, Dist.deterministic(MS)), 0, new String[] {"b.op"}, new double[] {1}, 0)
                .build();
        SimulationResult r = Simulator.run(p, 5000, 0, 38);
        assertEquals(1001, r.operations().get("a.op").completion().count());
        // The closed client's cycle is 2 ms (1 ms served alone or beside one replayed request on 2 cores, 1 ms
        // think): it sends while the replay does, 2 s.
        assertEquals(1001, r.operations().get("b.op").completion().count(), 1);
    }

    private static ModelParameters threeClients(long a, long b, long c) {
        ModelParameters.Builder m = ModelParameters.builder().dispatcherThreads(0).cores(1);
        long[] counts = {a, b, c};
        for (int i = 1; i <= 3; i++) {
            m.servant("o" + i, "RootPOA", 0).operation("o" + i, "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO);
        }
        for (int i = 1; i <= 3; i++) {
            m.stream(Arrivals.closed(1, Dist.ZERO), 0, new String[] {"o" + i + ".op"}, new double[] {1},
                    counts[i - 1]);
        }
        return m.build();
    }

    @Test
    void sharesFollowTheCountsAndSumToTheRun() {
        assertArrayEquals(new long[] {20_000, 1, 1}, SimulationEngine.apportion(20_002, new long[] {20_000, 1, 1}));
        assertArrayEquals(new long[] {1_000, 0, 0}, SimulationEngine.apportion(1_000, new long[] {20_000, 1, 1}));
        assertArrayEquals(new long[] {2, 1, 0}, SimulationEngine.apportion(3, new long[] {1, 1, 0}));
        assertArrayEquals(new long[] {500, 500}, SimulationEngine.apportion(1_000, new long[] {7, 7}));
    }

    private static void assertArrayEquals(long[] expected, long[] actual) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual,
                java.util.Arrays.toString(actual));
    }
}
