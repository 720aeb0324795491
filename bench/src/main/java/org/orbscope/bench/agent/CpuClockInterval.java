package org.orbscope.bench.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * How much of a short stage's measured CPU time is the thread CPU clock's own cost, read as the agent reads it
 * ({@code ThreadMXBean.getCurrentThreadCpuTime}, a system call on Linux), when every request reads it and when
 * one request in 10 does (request or CPU sampling), with and without the agent's warm read (the clock read twice
 * when this thread's last read is older than 10 us; the second value kept).
 *
 * <p>One thread plays a server thread: it parks 400 us between requests (as a receiver blocks on its socket),
 * touches 512 KiB (the rest of the request path), and runs a fixed computation, the stage, between two clock
 * reads on the requests that are read. The yardstick, measured in the same iterations, is the stage's wall time
 * by {@code System.nanoTime} (no system call): the stage computes without blocking, so its wall time is its CPU
 * time, and a mode's CPU median minus the wall median is the clock's share of the interval. Modes alternate
 * within each round. Prints per round and mode: median and mean of the CPU interval, median wall time, and the
 * ratio of the CPU median to the every-request-warm median.
 * Usage: CpuClockInterval [ROUNDS [REQUESTS [WORK]]]   (run it on one core: taskset -c 0)
 */
public final class CpuClockInterval {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long COLD_NANOS = 10_000L;
    private static long sink;
    private static long lastRead = Long.MIN_VALUE / 2;

    private CpuClockInterval() {
    }

    private static long work(int k) {
        long x = 1;
        for (int i = 0; i < k; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    /** Wall time of the last read's sample point, taken to be the middle of the read (what the agent assumes). */
    private static long lastMiddle;
    /** Wall time from the start of the last read's work to its sample point, and from there to its end. */
    private static long lastBefore;
    private static long lastAfter;

    private static long read(boolean warm) {
        long start = System.nanoTime();
        if (warm && start - lastRead > COLD_NANOS) {
            sink += THREADS.getCurrentThreadCpuTime();
        }
        long before = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        long after = System.nanoTime();
        lastRead = after;
        lastMiddle = before + ((after - before) >> 1);
        lastBefore = lastMiddle - start;
        lastAfter = after - lastMiddle;
        return cpu;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int k = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        byte[] rest = new byte[512 * 1024];
        String[] names = {"every request, warm", "every request, cold", "1 in 10, cold", "1 in 10, warm"};
        String[] netNames = {"every request, warm, net", "every request, cold, net", "1 in 10, cold, net", "1 in 10, warm, net"};
        for (int round = 0; round < rounds; round++) {
            double reference = 0;
            for (int m = 0; m < names.length; m++) {
                int every = m < 2 ? 1 : 10;
                boolean warm = m == 0 || m == 3;
                long[] cpu = new long[requests / every + 1];
                long[] net = new long[cpu.length];
                long[] wall = new long[cpu.length];
                int n = 0;
                for (int i = 0; i < requests; i++) {
                    LockSupport.parkNanos(400_000);
                    for (int j = 0; j < rest.length; j += 64) {
                        rest[j]++;
                    }
                    if (i % every != 0) {
                        sink += work(k);
                        continue;
                    }
                    long c0 = read(warm);
                    long after0 = lastAfter;
                    long w0 = System.nanoTime();
                    sink += work(k);
                    long w1 = System.nanoTime();
                    long c1 = read(warm);
                    if (i >= requests / 3) { // the first third: the JIT's
                        cpu[n] = c1 - c0;
                        // the reads' halves inside the interval (and the warm read) taken out, as cpu.net does; the
                        // agent always reads twice when cold, so the rows read once show the rule without it
                        net[n] = c1 - c0 - after0 - lastBefore;
                        wall[n++] = w1 - w0;
                    }
                }
                double mean = Arrays.stream(cpu, 0, n).average().orElse(0);
                double netMean = Arrays.stream(net, 0, n).average().orElse(0);
                Arrays.sort(cpu, 0, n);
                Arrays.sort(net, 0, n);
                Arrays.sort(wall, 0, n);
                long median = cpu[n / 2];
                if (m == 0) {
                    reference = median;
                }
                System.out.printf("round %d  %-20s  n %6d  CPU median %6d ns  mean %6.0f ns  stage wall median %6d ns"
                        + "  clock share %5d ns  ratio %.3f%n", round, names[m], n, median, mean, wall[n / 2],
                        median - wall[n / 2], median / reference);
                System.out.printf("round %d  %-26s  CPU median %6d ns  mean %6.0f ns  against the stage's wall median %+5d ns%n",
                        round, netNames[m], net[n / 2], netMean, net[n / 2] - wall[n / 2]);
            }
        }
        if (sink == 42) {
            System.out.println();
        }
    }
}
