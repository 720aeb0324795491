package org.orbscope.agent;

/**
 * How many per-thread buffers of what size the trace writer may hold. The config's figures ({@code buffers},
 * {@code buffer.size}, 512 x 64 KiB by default), within a sixteenth of the heap's limit: the agent shares the
 * application's heap, and an OutOfMemoryError it caused would end the application. A small heap gets smaller
 * buffers first (down to {@link #MIN_AUTO_BYTES}, so that a few dozen threads still each find one), then fewer.
 * The writer allocates them as recording needs them; events that find no free buffer are dropped and counted.
 */
final class BufferPool {
    static final int MIN_BYTES = 4 * 1024;
    /**
     * The writer's chunk record holds at least one buffer, and readers refuse records above 64 MiB as damage:
     * 16 MiB leaves room.
     */
    static final int MAX_BYTES = 16 * 1024 * 1024;
    /** The exchange numbers buffers in 20 bits. */
    static final int MAX_COUNT = 1 << 20;
    static final int MIN_AUTO_BYTES = 16 * 1024;
    /** Buffers worth keeping when the heap is small: one per busy thread of a small server, and some in flight. */
    private static final int WANTED_COUNT = 32;
    private static final int MIN_COUNT = 4;

    final int count;
    final int bytes;
    /** Why the pool is smaller than the config asked for, or null. */
    final String note;

    private BufferPool(int count, int bytes, String note) {
        this.count = count;
        this.bytes = bytes;
        this.note = note;
    }

    /** The pool for {@code config} in a JVM whose heap may grow to {@code maxHeap} bytes ({@code Runtime.maxMemory()}). */
    static BufferPool of(AgentConfig config, long maxHeap) {
        int count = config.buffers;
        int bytes = config.bufferSize;
        long budget = maxHeap == Long.MAX_VALUE ? Long.MAX_VALUE : maxHeap / 16;
        if ((long) count * bytes <= budget) {
            return new BufferPool(count, bytes, null);
        }
        if (!config.bufferSizeSet) {
            bytes = (int) Math.max(MIN_AUTO_BYTES, Math.min(bytes, Long.highestOneBit(Math.max(1, budget / WANTED_COUNT))));
        }
        count = (int) Math.max(MIN_COUNT, Math.min(count, budget / bytes));
        String note = "buffers " + count(config.buffers, config.bufferSize) + " are more than a " + mib(maxHeap)
                + " heap can spare: the trace writer holds at most " + count(count, bytes) + " (a sixteenth of the heap),"
                + " taken as needed; events that find no free buffer are dropped and counted";
        return new BufferPool(count, bytes, note);
    }

    private static String count(int count, int bytes) {
        return count + " x " + (bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes");
    }

    private static String mib(long bytes) {
        return bytes / (1024 * 1024) + " MiB";
    }
}
