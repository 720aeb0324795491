package org.orbscope.server;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples the server process every interval into system.csv: process CPU time (all threads), heap, thread
 * count and GC totals, so utilisation over the run is the slope of process_cpu_ns against time.
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
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("epoch_ms,process_cpu_ns,heap_used_bytes,threads,gc_count,gc_time_ms\n");
            long next = System.currentTimeMillis();
            while (true) {
                long gcCount = 0;
                long gcTime = 0;
                for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                    gcCount += Math.max(0, gc.getCollectionCount());
                    gcTime += Math.max(0, gc.getCollectionTime());
                }
                w.write(System.currentTimeMillis() + "," + os.getProcessCpuTime() + "," + memory.getHeapMemoryUsage().getUsed()
                        + "," + threads.getThreadCount() + "," + gcCount + "," + gcTime + "\n");
                w.flush();
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
}
