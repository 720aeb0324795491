package org.orbscope.trace;

/**
 * One decoded event. The reader reuses a single instance per call back, so copy what you keep. Field use by
 * type is listed in {@link EventType}; {@code cpuNanos} is -1 and {@code key} is 0 when absent.
 */
public final class Event {
    public int type;
    public int flags;
    public int threadId;
    /** nanoTime of the event (JVM clock; convert with {@link TraceReader#toEpochNanos}). */
    public long nanos;
    /** Method id of an enter, and of the matching exit (the reader tracks the call stack per thread). */
    public int methodId;
    /**
     * Call depth of an enter/exit (0 = outermost recorded call; -1 = an exit whose enter is not in the trace);
     * for other events, the number of calls open on the thread.
     */
    public int depth;
    /** For an exit: the enter's time, so {@code nanos - enterNanos} is the call's wall time. */
    public long enterNanos;
    /** For an exit with CPU: the enter's thread CPU time. */
    public long enterCpuNanos;
    public long cpuNanos;
    public long key;
    /** Monitor id, class id, parent thread id, collector string id, process CPU ns, count: by type. */
    public long a;
    /** Timeout, size, name string id, cause string id, epoch ms: by type. */
    public long b;
    /** GC duration; JFR span duration. */
    public long c;

    /** A detached copy, for callers that keep events (the reader reuses its instance). */
    public Event copy() {
        Event e = new Event();
        e.type = type;
        e.flags = flags;
        e.threadId = threadId;
        e.nanos = nanos;
        e.methodId = methodId;
        e.depth = depth;
        e.enterNanos = enterNanos;
        e.enterCpuNanos = enterCpuNanos;
        e.cpuNanos = cpuNanos;
        e.key = key;
        e.a = a;
        e.b = b;
        e.c = c;
        return e;
    }

    @Override
    public String toString() {
        return EventType.name(type) + "{thread=" + threadId + ", nanos=" + nanos + ", flags=" + flags + ", method="
                + methodId + ", depth=" + depth + ", cpu=" + cpuNanos + ", key=" + key + ", a=" + a + ", b=" + b
                + ", c=" + c + '}';
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    public boolean isExceptional() {
        return type == EventType.METHOD_EXIT && has(EventType.FLAG_ALT);
    }
}
