package org.orbscope.trace.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The writer's set of buffers (grown by the writer as recording needs them, up to a fixed capacity) and their
 * hand-over between recording threads and the writer thread, without locks and without allocating. A lock could park a recording thread, and the agent records parking:
 * a contended hand-over would then re-enter itself (seen as a deadlock at JVM exit with ArrayBlockingQueue).
 * java.util.concurrent has no bounded queue that is both lock-free and allocation-free, so each buffer keeps
 * its own state, and full buffers carry a submission number so the writer keeps every thread's buffers in order.
 */
final class BufferExchange {
    private static final int FREE = 0;
    private static final int TAKEN = 1;
    private static final int FULL = 2;

    /** Room for every buffer the exchange may hold; only [0, {@link #allocated}) exist. */
    private final ThreadBuffer[] buffers;
    private final int bufferBytes;
    /** How many buffers exist; volatile, so a thread that reads it sees those buffers whole. */
    private volatile int allocated;
    private final AtomicIntegerArray state;
    private final AtomicLongArray sequence;
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicInteger hint = new AtomicInteger();
    /** Writer thread only: the next submission number to write, and scratch space for a drain. */
    private long nextToWrite = 1;
    private final long[] pending;

    /** Room for {@code capacity} buffers of {@code bufferBytes}; {@code initial} of them are allocated now. */
    BufferExchange(int capacity, int bufferBytes, int initial) {
        buffers = new ThreadBuffer[capacity];
        this.bufferBytes = bufferBytes;
        state = new AtomicIntegerArray(capacity);
        sequence = new AtomicLongArray(capacity);
        pending = new long[capacity];
        grow(initial);
    }

    /**
     * Allocates up to {@code count} more buffers (writer thread, or before the exchange is shared); returns how many.
     * Buffers are made as recording needs them, so a JVM that records a few threads holds a few buffers, and
     * no recording thread ever allocates one.
     */
    int grow(int count) {
        int n = allocated;
        int end = (int) Math.min(buffers.length, (long) n + Math.max(0, count));
        for (int i = n; i < end; i++) {
            ThreadBuffer b = new ThreadBuffer(bufferBytes);
            b.slot = i;
            buffers[i] = b;
        }
        allocated = end;
        return end - n;
    }

    int allocated() {
        return allocated;
    }

    /** Buffers the exchange may still allocate. */
    int capacity() {
        return buffers.length;
    }

    /** How many allocated buffers are free right now. */
    int free() {
        int n = allocated;
        int free = 0;
        for (int i = 0; i < n; i++) {
            if (state.get(i) == FREE) {
                free++;
            }
        }
        return free;
    }

    /** A free buffer, or null when every buffer is in use or waiting to be written. */
    ThreadBuffer take() {
        int n = allocated;
        if (n == 0) {
            return null;
        }
        int start = Math.floorMod(hint.getAndIncrement(), n);
        for (int k = 0; k < n; k++) {
            int i = start + k < n ? start + k : start + k - n;
            if (state.get(i) == FREE && state.compareAndSet(i, FREE, TAKEN)) {
                return buffers[i];
            }
        }
        return null;
    }

    /** How many buffers have been submitted so far (their submission numbers run from 1). */
    long submittedCount() {
        return submitted.get();
    }

    /** Writer thread: whether every buffer with a submission number up to {@code n} has been drained. */
    boolean drainedUpTo(long n) {
        return nextToWrite > n;
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
        int n = allocated;
        for (int i = 0; i < n; i++) {
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

}
