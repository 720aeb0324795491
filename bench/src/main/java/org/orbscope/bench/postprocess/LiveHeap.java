package org.orbscope.bench.postprocess;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * The largest live heap seen while it runs: the heap's use right after each collection (what survived), polled
 * every 50 ms. Unlike the heap in use at the end, it catches state that grows while a trace is read.
 */
final class LiveHeap implements AutoCloseable {
    private final Thread poller;
    private volatile boolean done;
    private volatile long max;

    LiveHeap() {
        poller = new Thread(() -> {
            while (!done) {
                long sum = 0;
                for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                    MemoryUsage u = p.getType() == MemoryType.HEAP ? p.getCollectionUsage() : null;
                    if (u != null) {
                        sum += u.getUsed();
                    }
                }
                max = Math.max(max, sum);
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "live-heap");
        poller.setDaemon(true);
        poller.start();
    }

    /** Largest heap after a collection so far, in MiB. */
    double maxMiB() {
        return max / 1048576.0;
    }

    @Override
    public void close() throws InterruptedException {
        done = true;
        poller.join();
    }
}
