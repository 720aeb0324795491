package org.orbscope.bench.agent;

import example.bench.Recursion;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The workloads; {@link AgentOverhead} runs them in forks with and without the agent. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RecursionBench {
    public static final int DEPTH = 10;
    public static final int CALLS = DEPTH + 1;

    @Benchmark
    public int recursion() {
        return Recursion.call(DEPTH);
    }

    /**
     * A thread that calls the monitored method first and stays alive, so that the agent's per-method owner
     * entry is not the measuring thread's: the cost for the threads of a method shared by several.
     */
    @State(Scope.Benchmark)
    public static class OtherOwner {
        @Setup
        public void callFirstFromAnotherThread() throws InterruptedException {
            CountDownLatch called = new CountDownLatch(1);
            Thread owner = new Thread(() -> {
                Recursion.call(1);
                called.countDown();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "owner");
            owner.setDaemon(true);
            owner.start();
            called.await();
        }
    }

    @Benchmark
    public int recursionOwnedByAnotherThread(OtherOwner owner) {
        return Recursion.call(DEPTH);
    }

    @Benchmark
    public int floorWall() {
        return Recursion.floorWall(DEPTH);
    }

    @Benchmark
    public int minimalRecorder() {
        return Recursion.minimalRecorder(DEPTH);
    }

    @Benchmark
    public int floorCpu() {
        return Recursion.floorCpu(DEPTH);
    }
}
