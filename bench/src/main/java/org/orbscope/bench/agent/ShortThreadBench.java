package org.orbscope.bench.agent;

import example.bench.Recursion;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The workload of {@link ShortThreadCost}: a thread that lives for one monitored call (two calls deep). */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShortThreadBench {
    private final int[] result = new int[1];

    @Benchmark
    public int threadForOneCall() throws InterruptedException {
        Thread t = new Thread(() -> result[0] = Recursion.call(1), "short-lived");
        t.start();
        t.join();
        return result[0];
    }
}
