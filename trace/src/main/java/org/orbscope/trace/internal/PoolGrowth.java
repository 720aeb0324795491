package org.orbscope.trace.internal;

/**
 * How many buffers the writer holds: a few at open, more as recording needs them, never so many that the agent's
 * memory pushes the application towards an OutOfMemoryError (one thrown while the agent allocates would still end
 * a JVM run with {@code -XX:+ExitOnOutOfMemoryError}). Recording threads never allocate a buffer; they drop and
 * count while none is free.
 */
final class PoolGrowth {
    private final BufferExchange exchange;
    private final int bufferBytes;
    /** Once the pool cannot grow because the heap is nearly full, said once. */
    private boolean heapReported;

    PoolGrowth(BufferExchange exchange, int bufferBytes) {
        this.exchange = exchange;
        this.bufferBytes = bufferBytes;
    }

    /**
     * Buffers allocated at open: 8 MiB of them (at least 8), enough for bursts of busy threads before the writer
     * first looks, while a large setting costs nothing until recording needs it.
     */
    static int initialBuffers(int capacity, int bufferBytes) {
        int n = Math.min(capacity, Math.max(8, (8 << 20) / bufferBytes));
        while (n > 1 && !heapAllows(n, bufferBytes)) {
            n /= 2;
        }
        return n;
    }

    /** Whether {@code count} more buffers fit with a quarter of the heap left unused (garbage counted as used). */
    private static boolean heapAllows(int count, int bufferBytes) {
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        if (max == Long.MAX_VALUE) {
            return true;
        }
        long unused = max - (rt.totalMemory() - rt.freeMemory());
        return unused - (long) count * bufferBytes > max / 4;
    }

    /** The JVM's direct memory limit: {@code -XX:MaxDirectMemorySize}, which defaults to the heap's limit. */
    static long maxDirectMemory() {
        try {
            String v = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("MaxDirectMemorySize").getValue();
            long limit = Long.parseLong(v);
            if (limit > 0) {
                return limit;
            }
        } catch (RuntimeException | LinkageError notHotSpot) {
            // another JVM: assume HotSpot's default
        }
        return Runtime.getRuntime().maxMemory();
    }

    /** Writer thread: allocates more buffers while few are free, doubling the pool up to its capacity, heap allowing. */
    void growIfShort() {
        int n = exchange.allocated();
        if (n == exchange.capacity()) {
            return;
        }
        int free = exchange.free();
        if (free > n / 2) {
            return;
        }
        int add = Math.min(Math.max(4, n), exchange.capacity() - n);
        if (heapAllows(add, bufferBytes)) {
            exchange.grow(add);
        } else if (free == 0 && !heapReported) {
            heapReported = true;
            System.err.println("orbscope: the heap is nearly full, so the trace writer keeps " + n + " of up to " + exchange.capacity()
                    + " buffers; events that find none free are dropped and counted (the application runs on)");
        }
    }
}
