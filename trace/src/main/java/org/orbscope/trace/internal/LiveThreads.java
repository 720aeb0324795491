package org.orbscope.trace.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The threads defined and not yet retired, which a new ring segment defines again, and their retirement: a thread
 * that will submit no more is dropped once the writer has written every buffer submitted before it retired, so a
 * recording's memory does not grow with the threads that come and go. Guarded by the {@link Definitions} lock.
 */
final class LiveThreads {
    /** The defined threads not yet retired, by trace id, in the order defined. */
    private final Map<Integer, LiveThread> live = new LinkedHashMap<>();
    /** Threads retired, oldest first: {trace id, buffers submitted when it was retired}. */
    private final ArrayDeque<long[]> retiring = new ArrayDeque<>();

    /** A defined thread whose events may still come: its name, and what a new segment repeats of it. */
    static final class LiveThread {
        final int id;
        int nameId;
        byte[] name;
        final long javaThreadId;

        LiveThread(int id, int nameId, String name, long javaThreadId) {
            this.id = id;
            this.nameId = nameId;
            this.name = name.getBytes(StandardCharsets.UTF_8);
            this.javaThreadId = javaThreadId;
        }

        /** Bytes its definition takes at most. */
        int definitionBytes() {
            return name.length + 48;
        }

        void define(ThreadBuffer b) {
            b.stringDefinition(nameId, name);
            b.threadDefinition(id, nameId, javaThreadId);
        }
    }

    void add(LiveThread t) {
        live.put(t.id, t);
    }

    /** The thread, or null once retired. */
    LiveThread get(int id) {
        return live.get(id);
    }

    /** The thread submits no more buffers after the {@code submitted}th of the recording. */
    void retire(int id, long submitted) {
        retiring.add(new long[] {id, submitted});
    }

    /**
     * Writer thread: drops the retired threads whose buffers are all written (a writer held up, by a dump or a slow
     * disk, still repeats a thread whose last buffer it has yet to write); {@code all}: every retired thread, as after
     * a failure nothing more is written.
     */
    void completeRetirements(boolean all, BufferExchange exchange) {
        long[] r;
        while ((r = retiring.peek()) != null && (all || exchange.drainedUpTo(r[1]))) {
            retiring.poll();
            live.remove((int) r[0]);
        }
    }

    /** The definitions of every live thread, in a buffer of their own, for a new segment's first chunks. */
    ThreadBuffer definitions() {
        int bytes = 0;
        for (LiveThread t : live.values()) bytes += t.definitionBytes();
        ThreadBuffer b = new ThreadBuffer(Math.max(bytes, 64));
        b.reset(TraceFormat.DEFINITIONS_THREAD, 0);
        for (LiveThread t : live.values()) t.define(b);
        return b;
    }
}
