package org.orbscope.agent;

import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * A recorded thread's stream of events in one recording: the storage of the writer buffer it has leased, which
 * it takes over so events are encoded in place ({@link ThreadRecorder} says why), hands back when full or a
 * second old, and the events it drops when the writer has no buffer free. The guarded paths' events other than
 * method calls are written here; each charges the agent's work on the thread ({@link #charge}) as it ends.
 */
abstract class ThreadStream extends ThreadBuffer {
    private static final long FLUSH_AFTER_NANOS = 1_000_000_000L;

    final Thread thread;
    final int traceId;
    final TraceWriter writer;
    /** The writer's buffer whose storage this stream writes into, or null (then it has no room). */
    private ThreadBuffer leased;
    /** Events this thread could not write, in all; and since it last had a buffer (said in the next one). */
    long dropped;
    private long droppedSinceAcquire;
    /** The thread's name as the trace last gave it. */
    private String name;
    private boolean endWritten;
    /** A park-begin was written and its park-end is due. */
    boolean parked;

    ThreadStream(Thread thread, int traceId, TraceWriter writer) {
        this.thread = thread;
        this.traceId = traceId;
        this.writer = writer;
        this.name = thread.getName();
    }

    /** Charges the agent's work on this thread since wall time {@code start}, when its fragment is charged. */
    abstract void charge(long start);

    /** Whether a buffer is leased: the hot path writes only then. */
    final boolean hasLease() {
        return leased != null;
    }

    /** False once the buffer is older than a second: it is handed over, so a quiet thread's events reach the file. */
    final boolean fresh(long now) {
        return fresh(this, now);
    }

    /** Whether {@code b}, a buffer of events, is younger than a second and may take more before it is handed over. */
    static boolean fresh(ThreadBuffer b, long now) {
        return now - b.baseNanosForFlush() < FLUSH_AFTER_NANOS;
    }

    /**
     * This stream with room, or null (dropping). Takes a new buffer when full or older than a second. The stream
     * has no room while this calls out (hand-over, thread name): a re-entrant event then takes the guarded path,
     * which the thread's busy flag turns away.
     */
    final ThreadBuffer room(long now) {
        if (leased != null) {
            if (hasRoom() && fresh(now)) {
                return this;
            }
            handOver();
        }
        // When dropping, retry the free pool only now and then.
        if (droppedSinceAcquire > 0 && (droppedSinceAcquire & 0xFF) != 0) {
            return null;
        }
        ThreadBuffer b = writer.acquire(traceId, now);
        if (b == null) {
            return null;
        }
        if (droppedSinceAcquire > 0) {
            b.dropped(now, droppedSinceAcquire);
            droppedSinceAcquire = 0;
        }
        String current = thread.getName();
        if (!current.equals(name)) {
            name = current;
            b.threadName(now, writer.renameThread(traceId, current));
        }
        takeOver(b);
        leased = b;
        return this;
    }

    private void handOver() {
        ThreadBuffer b = leased;
        leased = null;
        handBack(b);
        writer.submit(b);
    }

    /** Counts an event dropped unless it was {@code written}. */
    final void dropUnless(boolean written) {
        if (!written) {
            dropped++;
            droppedSinceAcquire++;
        }
    }

    /** A monitor entered at {@code now}; after a contended enter that began at {@code contendedSince} unless that is 0. */
    final void monitorEntered(int monitorId, long contendedSince, long now) {
        ThreadBuffer b = room(contendedSince > 0 ? contendedSince : now);
        boolean ok = b != null;
        if (ok && contendedSince > 0) {
            ok = b.monitorContended(contendedSince, monitorId);
        }
        dropUnless(ok && b.monitorEntered(now, monitorId));
        charge(now);
    }

    final void monitorExit(int monitorId, long now) {
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.monitorExit(now, monitorId));
        charge(now);
    }

    /** A wait begins; returns when. */
    final long waitBegin(int monitorId, long timeoutMillis) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.waitBegin(now, monitorId, timeoutMillis));
        charge(now);
        return now;
    }

    final void waitEnd(int monitorId, boolean timedOut) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.waitEnd(now, monitorId, timedOut));
        charge(now);
    }

    final void notifyEvent(int monitorId, boolean all) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.notify(now, monitorId, all));
        charge(now);
    }

    final void parkBegin(int blockerClassId, long timeoutNanos) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        parked = b != null && b.parkBegin(now, blockerClassId, timeoutNanos);
        dropUnless(parked);
        charge(now);
    }

    final void parkEnd() {
        parked = false;
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.parkEnd(now));
        charge(now);
    }

    final void allocation(int classId, long bytes) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.allocation(now, classId, bytes));
        charge(now);
    }

    /**
     * A name of the thread's current request (attribute and value string ids), just after the enter that read it
     * (whose guard charges this too).
     */
    final void requestName(int attribute, int value) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.requestName(now, attribute, value));
    }

    /** An object the method entered just before holds (path string id, identity hash), after that enter. */
    final void identity(int path, long hash) {
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && b.identity(now, path, hash));
    }

    /** The thread was started at {@code startNanos} by the thread of trace id {@code parent} (0: none known). */
    final void threadStart(int parent, long startNanos) {
        ThreadBuffer b = room(startNanos);
        dropUnless(b != null && b.threadStart(startNanos, parent, writer.threadNameId(traceId)));
    }

    /**
     * Writes the thread's end once ({@code threadEnded}) and hands the last buffer over. Called by the dying thread
     * itself (Thread.exit advice), by the flusher once the thread is dead, or at stop: whoever calls it, the owner
     * no longer writes.
     */
    void finish(boolean threadEnded) {
        long now = System.nanoTime();
        if (threadEnded && !endWritten) {
            endWritten = true;
            ThreadBuffer b = room(now);
            if (b != null) {
                b.threadEnd(now);
            }
            ThreadRecorders.ended(thread.getId(), traceId, now);
        }
        if (leased != null) {
            handOver();
        }
    }
}
