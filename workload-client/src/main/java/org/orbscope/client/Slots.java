package org.orbscope.client;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Per-request fields in chunks of {@value #CHUNK}, indexed by request number: the scheduled requests of open
 * processes first, then the requests closed loops add while the run goes (a closed loop bounded by time has no
 * count before the run). Each slot is written by the one thread that owns the request; chunks are added under a
 * lock and published through a volatile array, so readers never see a chunk half made.
 */
final class Slots {
    static final int CHUNK = 1 << 16;
    private static final int SHIFT = 16;
    private static final int MASK = CHUNK - 1;

    /** One chunk of slots. */
    static final class Chunk {
        final long[] intended = new long[CHUNK];
        final long[] sent = new long[CHUNK];
        final long[] completed = new long[CHUNK];
        final int[] outcome = new int[CHUNK];
        final int[] process = new int[CHUNK];
        final int[] target = new int[CHUNK];
        /** Request numbers in the order they ended; -1 until written. */
        final AtomicIntegerArray ended = new AtomicIntegerArray(CHUNK);

        Chunk() {
            for (int i = 0; i < CHUNK; i++) {
                ended.set(i, -1);
            }
        }
    }

    private volatile Chunk[] chunks = new Chunk[0];

    /** Makes room for slots {@code 0..n-1}. */
    synchronized void ensure(long n) {
        int needed = (int) ((n + CHUNK - 1) >>> SHIFT);
        Chunk[] c = chunks;
        if (needed <= c.length) {
            return;
        }
        Chunk[] grown = Arrays.copyOf(c, needed);
        for (int i = c.length; i < needed; i++) {
            grown[i] = new Chunk();
        }
        chunks = grown;
    }

    Chunk chunk(int i) {
        return chunks[i >>> SHIFT];
    }

    static int at(int i) {
        return i & MASK;
    }
}
