package org.orbscope.server;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * What the workload server's process sampler ({@link SystemSampler}, every 100 ms into system.csv) costs as the
 * server's threads grow: glassfish-corba never ends a pool thread, and its servers hold hundreds. The sampler's
 * CPU per sample with the JVM's own threads and 20 parked application threads (the yardstick), then with
 * {@code threads} parked ones, in the same JVM; each the mean over {@code samples} samples after 50 unmeasured.
 * In the sampler's package, to reach its per-thread accounting without a server around it.
 *
 * <pre>{@code java -cp bench/target/benchmarks.jar org.orbscope.server.SamplerCost 500 200}</pre>
 */
public final class SamplerCost {
    private static final int YARDSTICK_THREADS = 20;

    private SamplerCost() {
    }

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int samples = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        SystemSampler.ThreadCpu sampler = new SystemSampler.ThreadCpu(mx);
        park(0, YARDSTICK_THREADS);
        double few = cpuPerSample(sampler, os, mx, samples);
        park(YARDSTICK_THREADS, threads);
        double many = cpuPerSample(sampler, os, mx, samples);
        System.out.printf(Locale.ROOT, "%d threads: %.3f ms of CPU per sample (%.1f%% of a core at 10 a second)%n",
                YARDSTICK_THREADS, few, few);
        System.out.printf(Locale.ROOT, "%d threads: %.3f ms of CPU per sample (%.1f%% of a core at 10 a second), "
                + "%.2fx the %d threads'%n", threads, many, many, many / few, YARDSTICK_THREADS);
    }

    private static void park(int from, int to) {
        for (int i = from; i < to; i++) {
            Thread t = new Thread(() -> {
                while (true) {
                    LockSupport.park();
                }
            }, "RequestProcessor-" + i);
            t.setDaemon(true);
            t.start();
        }
    }

    /** The sampler's CPU per sample in milliseconds, after 50 samples unmeasured. */
    private static double cpuPerSample(SystemSampler.ThreadCpu sampler, com.sun.management.OperatingSystemMXBean os,
                                       ThreadMXBean mx, int samples) {
        for (int i = 0; i < 50; i++) {
            sampler.sample(os.getProcessCpuTime());
        }
        long before = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < samples; i++) {
            sampler.sample(os.getProcessCpuTime());
        }
        return (mx.getCurrentThreadCpuTime() - before) / 1e6 / samples;
    }
}
