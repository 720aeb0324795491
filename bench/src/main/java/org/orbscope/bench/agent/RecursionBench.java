package org.orbscope.bench.agent;

import example.bench.Recursion;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The three workloads; {@link AgentOverhead} runs them in forks with and without the agent. */
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
