package org.orbscope.trace;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The writer's fixed set of buffers and their hand-over between recording threads and the writer thread,
 * without locks and without allocating. A lock could park a recording thread, and the agent records parking:
 * a contended hand-over would then re-enter itself (seen as a deadlock at JVM exit with ArrayBlockingQueue).
 * java.util.concurrent has no bounded queue that is both lock-free and allocation-free, so each buffer keeps
 * its own state, and full buffers carry a submission number so the writer keeps every thread's buffers in order.
 */
final class BufferExchange {
    private static final int FREE = 0;
    private static final int TAKEN = 1;
    private static final int FULL = 2;

    private final ThreadBuffer[] buffers;
    private final AtomicIntegerArray state;
    private final AtomicLongArray sequence;
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicInteger hint = new AtomicInteger();
    /** Writer thread only: the next submission number to write, and scratch space for a drain. */
    private long nextToWrite = 1;
    private final long[] pending;

    BufferExchange(int count, int bufferBytes) {
        buffers = new ThreadBuffer[count];
        for (int i = 0; i < count; i++) {
            buffers[i] = new ThreadBuffer(bufferBytes);
            buffers[i].slot = i;
        }
        state = new AtomicIntegerArray(count);
        sequence = new AtomicLongArray(count);
        pending = new long[count];
    }

    /** A free buffer, or null when every buffer is in use or waiting to be written. */
    ThreadBuffer take() {
        int n = buffers.length;
        int start = Math.floorMod(hint.getAndIncrement(), n);
        for (int k = 0; k < n; k++) {
            int i = start + k < n ? start + k : start + k - n;
            if (state.get(i) == FREE && state.compareAndSet(i, FREE, TAKEN)) {
                return buffers[i];
            }
        }
        return null;
    }

    /** Hands a filled buffer to the writer. */
    void submit(ThreadBuffer b) {
        sequence.set(b.slot, submitted.incrementAndGet());
        state.set(b.slot, FULL);
    }

    /** Gives a buffer back unwritten, or after writing it. */
    void release(ThreadBuffer b) {
        state.set(b.slot, FREE);
    }

    /**
     * Writer thread: the full buffers in submission order, at most {@code maxBytes} of them (at least one), into
     * {@code out}; returns how many. A submission whose number is taken but whose buffer is not marked full yet
     * stops the drain there, so a later buffer of the same thread is never written first, unless
     * {@code skipGaps} (closing: a thread that stalls mid-hand-over must not hold up the end of the trace).
     */
    int drain(ThreadBuffer[] out, int maxBytes, boolean skipGaps) {
        int found = 0;
        for (int i = 0; i < buffers.length; i++) {
            if (state.get(i) == FULL) {
                pending[found++] = sequence.get(i) << 20 | i; // buffer counts are far below 2^20
            }
        }
        Arrays.sort(pending, 0, found);
        int taken = 0;
        int bytes = 0;
        for (int k = 0; k < found; k++) {
            long seq = pending[k] >>> 20;
            if (seq > nextToWrite && !skipGaps) {
                break;
            }
            ThreadBuffer b = buffers[(int) (pending[k] & 0xFFFFF)];
            if (taken > 0 && bytes + b.pos > maxBytes) {
                break;
            }
            out[taken++] = b;
            bytes += b.pos;
            nextToWrite = Math.max(nextToWrite, seq + 1);
        }
        return taken;
    }

    int size() {
        return buffers.length;
    }
}
