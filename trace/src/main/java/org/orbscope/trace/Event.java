package org.orbscope.trace;

/**
 * One decoded event. The reader hands every visitor call the same instance, refilled, so {@link #copy} what you keep.
 *
 * <p>Every event has a {@link #type}, a {@link #threadId} and a time ({@link #nanos}). The rest depends on the type:
 * each accessor says which types it belongs to and what it returns for the others. Times and durations are
 * nanoseconds (the JVM's {@code nanoTime} clock for instants: {@link TraceReader#toEpochNanos} converts), sizes are
 * bytes, and names are ids that the trace's {@link Dictionary} resolves.
 */
public final class Event {
    // The fields as decoded: a, b and c hold the type's own fields in the order the file has them, which the named
    // accessors read (EventType lists the order). One layout for every type keeps the reader's loop free of
    // allocation and of a class per type.
    int type;
    int flags;
    int threadId;
    long nanos;
    int methodId;
    int depth;
    long enterNanos;
    long enterCpuNanos;
    long cpuNanos;
    long key;
    long a;
    long b;
    long c;

    Event() {
    }

    /** The event type, one of the {@link EventType} constants. */
    public int type() {
        return type;
    }

    /**
     * The trace id of the thread whose stream holds the event (the agent's own thread for GC, process samples and
     * JFR spans; 0 for a {@link EventType#CHUNK_LOST} of every thread).
     */
    public int threadId() {
        return threadId;
    }

    /** When it happened, the JVM's {@code nanoTime}; for a GC or a JFR span, when it began. */
    public long nanos() {
        return nanos;
    }

    /**
     * For an enter or exit, the call depth (0: the outermost call recorded on the thread; -1: an exit whose enter is
     * not in the trace); for other events, how many calls are open on the thread.
     */
    public int depth() {
        return depth;
    }

    /** The method of an enter, and of an exit (paired with its enter by the reader); 0 for an unpaired exit and others. */
    public int methodId() {
        return methodId;
    }

    /** The thread's CPU time at an enter or exit that recorded one, in ns; -1 when not recorded and for others. */
    public long cpuNanos() {
        return cpuNanos;
    }

    /** For an exit, when its enter happened ({@code nanoTime}); 0 for an unpaired exit and others. */
    public long enterNanos() {
        return enterNanos;
    }

    /** For an exit, the thread's CPU time at its enter, in ns; -1 when not recorded, unpaired, and for others. */
    public long enterCpuNanos() {
        return enterCpuNanos;
    }

    /** For an exit paired with its enter, the call's wall time in ns; -1 otherwise. */
    public long wallNanos() {
        return type == EventType.METHOD_EXIT && depth >= 0 ? nanos - enterNanos : -1;
    }

    /** Whether an enter carries a correlation key ({@link #key}). */
    public boolean hasKey() {
        return (flags & EventType.FLAG_KEY) != 0;
    }

    /**
     * An enter's correlation key (the identity the profile names, joining the work of one request across threads);
     * a JFR span's monitor or blocker address ({@link #address}); 0 otherwise.
     */
    public long key() {
        return key;
    }

    /** Whether an exit left by an exception. */
    public boolean isExceptional() {
        return type == EventType.METHOD_EXIT && (flags & EventType.FLAG_ALT) != 0;
    }

    /** The starting thread's parent, a trace thread id ({@link EventType#THREAD_START}; 0: none or unknown). */
    public int parentThreadId() {
        return type == EventType.THREAD_START ? (int) a : 0;
    }

    /** The string id of a thread's name ({@link EventType#THREAD_START}, {@link EventType#THREAD_NAME}); 0 otherwise. */
    public int nameStringId() {
        return type == EventType.THREAD_START || type == EventType.THREAD_NAME ? (int) b : 0;
    }

    /**
     * The monitor of a monitor event, a wait or a notify ({@link EventType#MONITOR_CONTENDED} to
     * {@link EventType#NOTIFY}), for {@link Dictionary#monitor}; 0 otherwise.
     */
    public int monitorId() {
        return type >= EventType.MONITOR_CONTENDED && type <= EventType.NOTIFY ? (int) a : 0;
    }

    /** Whether a notify woke every waiter ({@code notifyAll}). */
    public boolean isNotifyAll() {
        return type == EventType.NOTIFY && (flags & EventType.FLAG_ALT) != 0;
    }

    /** Whether a wait ended by its timeout rather than a notify ({@link EventType#WAIT_END}, a JFR monitor wait). */
    public boolean timedOut() {
        return (type == EventType.WAIT_END || type == EventType.JFR_MONITOR_WAIT) && (flags & EventType.FLAG_ALT) != 0;
    }

    /** The timeout a wait or park began with, in ns (a wait's is recorded in whole ms); 0: none, and for others. */
    public long timeoutNanos() {
        if (type == EventType.WAIT_BEGIN) {
            return b * 1_000_000L;
        }
        return type == EventType.PARK_BEGIN ? b : 0;
    }

    /**
     * A class id for {@link Dictionary#className}: the allocated object's ({@link EventType#ALLOCATION}), the park's
     * blocker ({@link EventType#PARK_BEGIN}) or the monitor's or blocker's a JFR span reports; 0: none or unknown.
     */
    public int classId() {
        if (type == EventType.ALLOCATION || type == EventType.PARK_BEGIN) {
            return (int) a;
        }
        return EventType.isJfrSpan(type) ? (int) b : 0;
    }

    /** The bytes of an allocation; 0 otherwise. */
    public long bytes() {
        return type == EventType.ALLOCATION ? b : 0;
    }

    /** The string id of a GC's collector name ({@code G1 Young Generation}); 0 otherwise. */
    public int collectorStringId() {
        return type == EventType.GC ? (int) a : 0;
    }

    /** The string id of a GC's cause ({@code G1 Evacuation Pause}); 0 otherwise. */
    public int causeStringId() {
        return type == EventType.GC ? (int) b : 0;
    }

    /** How long a GC or a JFR span lasted, in ns; 0 otherwise. */
    public long durationNanos() {
        return type == EventType.GC || EventType.isJfrSpan(type) ? c : 0;
    }

    /** The process's CPU time, in ns, at a {@link EventType#PROCESS_SAMPLE}; 0 otherwise. */
    public long processCpuNanos() {
        return type == EventType.PROCESS_SAMPLE ? a : 0;
    }

    /** The epoch milliseconds a {@link EventType#PROCESS_SAMPLE} was taken at; 0 otherwise. */
    public long epochMillis() {
        return type == EventType.PROCESS_SAMPLE ? b : 0;
    }

    /**
     * What a marker counts: events dropped ({@link EventType#DROPPED}), errors caught inside the agent
     * ({@link EventType#AGENT_ERRORS}), damaged stretches skipped ({@link EventType#CHUNK_LOST}); 0 otherwise.
     */
    public long count() {
        return type == EventType.DROPPED || type == EventType.AGENT_ERRORS || type == EventType.CHUNK_LOST ? a : 0;
    }

    /** The trace thread a JFR span is about (it is recorded on the agent's thread); 0: unknown, and for others. */
    public int subjectThreadId() {
        return EventType.isJfrSpan(type) ? (int) a : 0;
    }

    /** The JVM's address of the monitor or blocker of a JFR span; 0 otherwise. */
    public long address() {
        return EventType.isJfrSpan(type) ? key : 0;
    }

    /** The string id of a request name's attribute ({@code operation}, {@code object}); 0 otherwise. */
    public int attributeStringId() {
        return type == EventType.REQUEST_NAME ? (int) a : 0;
    }

    /** The string id of a request name's value; 0 otherwise. */
    public int valueStringId() {
        return type == EventType.REQUEST_NAME ? (int) b : 0;
    }

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
}
