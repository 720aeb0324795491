package org.orbscope.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Spends CPU time, measured on the calling thread's own CPU clock: under contention a 10 ms demand still
 * costs 10 ms of CPU and simply takes longer in wall time. Reading that clock is a system call, too slow to make
 * in the loop itself, so it is read between work slices calibrated to take {@code SLICE_NANOS} (20 us) each, which
 * bounds the overshoot to one slice.
 */
public final class CpuBurner {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long SLICE_NANOS = 20_000;
    /** Loop iterations per slice, calibrated once; volatile so every thread sees the calibration. */
    private static volatile int iterationsPerSlice = calibrate();
    /** Written so the JIT cannot drop the work. */
    @SuppressWarnings("unused")
    private static volatile long sink;

    private CpuBurner() {
    }

    private static int calibrate() {
        if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
        int n = 1_000;
        for (int round = 0; round < 8; round++) {
            long t0 = System.nanoTime();
            sink = work(n, round);
            long spent = Math.max(1, System.nanoTime() - t0);
            n = (int) Math.max(100, Math.min(10_000_000, n * (double) SLICE_NANOS / spent));
        }
        return n;
    }

    private static long work(int iterations, long seed) {
        long x = seed | 1;
        for (int i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** The calling thread's CPU time so far, in nanoseconds (the clock {@link #burn} reads). */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Burns {@code cpuNanos} of this thread's CPU time. */
    public static void burn(long cpuNanos) {
        if (cpuNanos <= 0) {
            return;
        }
        long end = THREADS.getCurrentThreadCpuTime() + cpuNanos;
        long x = 0;
        int slice = iterationsPerSlice;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            x += work(slice, x);
        }
        sink = x;
    }
}
