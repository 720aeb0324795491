package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

/**
 * Each threading model of section 2.4.1 reduced to a case with a known answer: when it serialises the upcalls
 * it must behave as M/M/1 FCFS (W = 1/(mu - lambda) = 2.5 ms at 600/s), when it does not, as M/M/1-PS.
 */
class ThreadingModelTest {
    private static final long N = 1_000_000;
    private static final double MM1 = 2.5;

    private static ModelParameters.Builder twoConnections(ThreadingModel m, int threads) {
        return ModelParameters.builder().threadingModel(m).dispatcherThreads(threads).connections(2)
                .servant("obj", "RootPOA", 0).operation("obj", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 300, 0, "obj.op").stream(ArrivalLaw.POISSON, 300, 1, "obj.op");
    }

    private static void near(double expected, double actual, String what) {
        assertEquals(expected, actual, 0.02 * expected, what + ": expected " + expected + " got " + actual);
    }

    @Test
    void threadPerConnectionOneConnectionIsMm1() {
        ModelParameters p = Models.single(ThreadingModel.THREAD_PER_CONNECTION, 0, 1, Dist.exponential(MS),
                Dist.ZERO, ArrivalLaw.POISSON, 600).build();
        SimulationResult r = Models.run(p, N, 11);
        near(MM1, r.completion().meanMs(), "thread-per-connection");
        near(1.5, r.receiverWait().meanMs(), "waits at the receiver");
    }

    @Test
    void threadedGlobalMutexSerialisesAllConnections() {
        SimulationResult r = Models.run(twoConnections(ThreadingModel.THREADED, 0).build(), N, 12);
        near(MM1, r.completion().meanMs(), "threaded (global mutex)");
    }

    @Test
    void threadPerConnectionTwoConnectionsIsTwoIndependentThreadsSharingTheCpu() {
        // Without the mutex, two receivers share the CPU: slower per request than PS, faster than FCFS.
        SimulationResult r = Models.run(twoConnections(ThreadingModel.THREAD_PER_CONNECTION, 0).build(), N, 13);
        assertTrue(r.completion().meanMs() > 2.5 * 0.98 && r.completion().meanMs() < 3.5, r.table());
    }

    @Test
    void leaderFollowerWithOneThreadIsMm1() {
        SimulationResult r = Models.run(twoConnections(ThreadingModel.LEADER_FOLLOWER, 1).build(), N, 14);
        near(MM1, r.completion().meanMs(), "leader/follower, 1 thread");
    }

    @Test
    void leaderFollowerWithManyThreadsIsProcessorSharing() {
        SimulationResult r = Models.run(twoConnections(ThreadingModel.LEADER_FOLLOWER, 0).build(), N, 15);
        near(MM1, r.completion().meanMs(), "leader/follower, unlimited (M/M/1-PS has the same mean)");
        assertEquals(0, r.receiverWait().meanMs(), 1e-9);
    }

    @Test
    void threadPerServantSerialisesEachServant() {
        // Two servants, each its own M/M/1 at 300/s on its own core: W = 1/(1000-300) s.
        ModelParameters p = ModelParameters.builder().threadingModel(ThreadingModel.THREAD_PER_SERVANT).cores(2)
                .servant("a", "RootPOA", 0).servant("b", "RootPOA", 0)
                .operation("a", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .operation("b", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 300, 0, "a.op").stream(ArrivalLaw.POISSON, 300, 0, "b.op").build();
        SimulationResult r = Models.run(p, N, 16);
        near(1000.0 / 700, r.operations().get("a.op").completion().meanMs(), "servant a");
        near(1000.0 / 700, r.operations().get("b.op").completion().meanMs(), "servant b");
    }

    @Test
    void singleThreadedPoaAndServantLimitsSerialise() {
        // Unlimited dispatchers but T_poa = 1 (SINGLE_THREAD_MODEL POA) -> M/M/1 FCFS at the POA;
        // the same with T_ser = 1 at the servant.
        ModelParameters poa = ModelParameters.builder().dispatcherThreads(0).poa("st", 1).servant("obj", "st", 0)
                .operation("obj", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 600, 0, "obj.op").build();
        SimulationResult r = Models.run(poa, N, 17);
        near(MM1, r.completion().meanMs(), "T_poa=1");
        near(1.5, r.poaWait().meanMs(), "POA wait");
        ModelParameters ser = ModelParameters.builder().dispatcherThreads(0).servant("obj", "RootPOA", 1)
                .operation("obj", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 600, 0, "obj.op").build();
        r = Models.run(ser, N, 18);
        near(MM1, r.completion().meanMs(), "T_ser=1");
        near(1.5, r.servantWait().meanMs(), "servant wait");
    }

    @Test
    void aPoaOfTwoThreadsIsMm2() {
        // Unlimited dispatchers, one POA of T_poa = 2 on two cores: at most two requests compute, each on a core of
        // its own, and the rest wait in the POA's FIFO: M/M/2 FCFS. At 1500/s with exp(1 ms), Erlang C(2, 1.5) =
        // 9/14, Wq = C / (2 mu - lambda) = 1.2857 ms, W = 2.2857 ms.
        ModelParameters p = ModelParameters.builder().dispatcherThreads(0).cores(2).poa("two", 2)
                .servant("obj", "two", 0).operation("obj", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 1500, 0, "obj.op").build();
        SimulationResult r = Models.run(p, N, 19);
        double waits = Models.erlangC(2, 1.5) / 0.5;
        Models.within(waits, r.poaWait(), "T_poa=2: M/M/2 Wq");
        Models.within(1 + waits, r.completion(), "T_poa=2: M/M/2 W");
    }

    @Test
    void perPoaPoolsAreIndependent() {
        // JacORB default: one pool per POA. Two POAs with 1 thread each, 2 cores: two independent M/M/1.
        ModelParameters p = ModelParameters.builder().poolScope(PoolScope.PER_POA).dispatcherThreads(1).cores(2)
                .poa("p1", 0).poa("p2", 0).servant("a", "p1", 0).servant("b", "p2", 0)
                .operation("a", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .operation("b", "op", Dist.exponential(MS), Dist.ZERO, Dist.ZERO)
                .stream(ArrivalLaw.POISSON, 1200, -1, new String[] {"a.op", "b.op"}, new double[] {1, 1})
                .connections(1).build();
        SimulationResult r = Models.run(p, N, 19);
        near(MM1, r.completion().meanMs(), "per-POA pools");
        assertEquals(r.utilizationByPoa().get("p1"), r.utilizationByPoa().get("p2"), 0.01);
    }
}
