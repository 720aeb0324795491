package org.orbscope.trace.internal;

/**
 * One event's fields as the decoder fills them, one layout for every type: the tag's type and flags, the thread and
 * time, the call fields the reader pairs, and {@code a} to {@code d}: the type's own fields in the order
 * the file has them ({@link org.orbscope.trace.Event}'s accessors give each its name and unit). A plain mutable
 * record, refilled for every event, so reading allocates nothing per event.
 */
public final class RawEvent {
    public int type;
    public int flags;
    public int threadId;
    public long nanos;
    public int methodId;
    public int depth;
    public long enterNanos;
    public long enterCpuNanos;
    public long cpuNanos;
    public long key;
    public long a;
    public long b;
    public long c;
    public long d;

    /** Every field reset to an event with no fields beyond its type, thread and time. */
    void clear(int type, int flags, int threadId, long nanos, int depth) {
        this.type = type;
        this.flags = flags;
        this.threadId = threadId;
        this.nanos = nanos;
        this.cpuNanos = -1;
        this.key = 0;
        this.a = 0;
        this.b = 0;
        this.c = 0;
        this.d = 0;
        this.methodId = 0;
        this.enterNanos = 0;
        this.enterCpuNanos = -1;
        this.depth = depth;
    }

    public RawEvent copy() {
        RawEvent e = new RawEvent();
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
        e.d = d;
        return e;
    }

    @Override
    public String toString() {
        return org.orbscope.trace.EventType.name(type) + "{thread=" + threadId + ", nanos=" + nanos + ", flags=" + flags
                + ", method=" + methodId + ", depth=" + depth + ", cpu=" + cpuNanos + ", key=" + key + ", a=" + a
                + ", b=" + b + ", c=" + c + '}';
    }
}
