package org.orbscope.server;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;

/**
 * Samples the server process every interval into system.csv: process CPU time (all threads), heap, thread
 * count, threads started and GC totals, so utilization over the run is the slope of process_cpu_ns against time. The CPU is
 * also split by who spent it: the application's Java threads (the ORB's receivers and dispatchers, which
 * execute requests), orbscope's own threads (this sampler, the agent's writer, flusher and JFR reader), and
 * by difference the JVM's internal threads (JIT compilers, GC workers), which no Java API lists.
 */
final class SystemSampler implements AutoCloseable {
    private final Path file;
    private final Thread thread;
    private final long intervalMillis;
    private volatile boolean running = true;

    SystemSampler(Path file, long intervalMillis) {
        this.file = file;
        this.intervalMillis = intervalMillis;
        this.thread = new Thread(this::loop, "orbscope-sampler");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void loop() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (SystemCsv.Writer w = SystemCsv.create(file)) {
            ThreadCpu byThread = new ThreadCpu(threads);
            long next = System.currentTimeMillis();
            while (true) {
                long gcCount = 0;
                long gcTime = 0;
                for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                    gcCount += Math.max(0, gc.getCollectionCount());
                    gcTime += Math.max(0, gc.getCollectionTime());
                }
                long processCpu = os.getProcessCpuTime();
                byThread.sample(processCpu);
                w.append(new SystemSample(System.currentTimeMillis(), processCpu,
                        memory.getHeapMemoryUsage().getUsed(), threads.getThreadCount(), threads.getTotalStartedThreadCount(), gcCount, gcTime,
                        byThread.application, byThread.tooling));
                if (!running) {
                    return;
                }
                next += intervalMillis;
                long sleep = next - System.currentTimeMillis();
                if (sleep > 0) {
                    try {
                        Thread.sleep(sleep);
                    } catch (InterruptedException e) {
                        // close() wants one last sample
                    }
                }
            }
        } catch (IOException e) {
            System.err.println("orbscope server: cannot write " + file + ": " + e.getMessage());
        }
    }

    /** Takes a last sample and stops. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Cumulative CPU of the process's threads by group. orbscope's threads live as long as the process and are
     * summed from their own clocks. The application's threads may live for one request (a thread per request), so
     * short that no sample sees them; their CPU is the process's minus orbscope's and the JVM's internal threads'
     * ({@link JvmThreadCpu}), which the process keeps when they end. Where the JVM's threads cannot be read (not
     * Linux), the application's CPU is the sum of its live threads' clocks, which loses what a thread spent after
     * its last sample.
     */
    static final class ThreadCpu {
        private final ThreadMXBean threads;
        private final Map<Long, long[]> last = new HashMap<>();
        private final JvmThreadCpu jvm = JvmThreadCpu.available() ? new JvmThreadCpu() : null;
        /** The task names of every Java thread seen (see {@link JvmThreadCpu#sample}). */
        private final Set<String> javaTaskNames = new HashSet<>();
        private long javaApplication;
        long application;
        long tooling;

        ThreadCpu(ThreadMXBean threads) {
            this.threads = threads;
        }

        /** Samples the threads' CPU once the process has used {@code processCpu} nanoseconds. */
        void sample(long processCpu) {
            if (!threads.isThreadCpuTimeSupported()) {
                return;
            }
            if (!threads.isThreadCpuTimeEnabled()) {
                threads.setThreadCpuTimeEnabled(true);
            }
            // Where the JVM's threads can be read, the application's CPU is the rest of the process's, so only
            // orbscope's clocks are read: one read per thread per sample costs a server of hundreds of threads
            // a share of a core. Ended threads leave the table.
            boolean byRest = jvm != null && processCpu >= 0;
            Map<Long, long[]> live = new HashMap<>();
            for (Thread t : liveThreads()) {
                javaTaskNames.add(JvmThreadCpu.taskName(t.getName()));
                boolean tool = isTooling(t.getName());
                if (byRest && !tool) {
                    continue;
                }
                long cpu = threads.getThreadCpuTime(t.getId());
                if (cpu < 0) {
                    continue; // ended between listing and reading
                }
                long[] seen = last.getOrDefault(t.getId(), new long[] {0});
                long delta = cpu - seen[0];
                seen[0] = cpu;
                live.put(t.getId(), seen);
                if (tool) {
                    tooling += delta;
                } else {
                    javaApplication += delta;
                }
            }
            last.keySet().retainAll(live.keySet());
            last.putAll(live);
            if (!byRest) {
                application = javaApplication;
                return;
            }
            try {
                application = Math.max(0, processCpu - tooling - jvm.sample(javaTaskNames));
            } catch (IOException e) {
                // /proc unreadable for this sample: the application's figure stands until the next
            }
        }

        static boolean isTooling(String name) {
            return name.startsWith("orbscope-") || name.startsWith("JFR ");
        }

        private static Thread[] liveThreads() {
            ThreadGroup root = Thread.currentThread().getThreadGroup();
            while (root.getParent() != null) {
                root = root.getParent();
            }
            Thread[] all = new Thread[root.activeCount() + 16];
            int n;
            while ((n = root.enumerate(all, true)) == all.length) {
                all = new Thread[all.length * 2];
            }
            return java.util.Arrays.copyOf(all, n);
        }
    }
}
