package org.orbscope.trace;

import org.orbscope.trace.internal.RawEvent;
import org.orbscope.trace.internal.TraceFormat;

/**
 * One decoded event. The reader hands every visitor call the same instance, refilled, so {@link #copy} what you keep.
 *
 * <p>Every event has a {@link #type}, a {@link #threadId} and a time ({@link #nanos}). The rest depends on the type:
 * each accessor says which types it belongs to and what it returns for the others. Times and durations are
 * nanoseconds (the JVM's {@code nanoTime} clock for instants: {@link TraceReader#toEpochNanos} converts), sizes are
 * bytes, and names are ids that the trace's {@link Dictionary} resolves.
 */
public final class Event {
    /** The fields as decoded, which the accessors name per type (one layout for all keeps reading allocation-free). */
    final RawEvent raw;

    Event(RawEvent raw) {
        this.raw = raw;
    }

    /** The event type, one of the {@link EventType} constants. */
    public int type() {
        return raw.type;
    }

    /**
     * The trace id of the thread whose stream holds the event (the agent's own thread for GC, process samples and
     * JFR spans; 0 for a {@link EventType#CHUNK_LOST} of every thread).
     */
    public int threadId() {
        return raw.threadId;
    }

    /** When it happened, the JVM's {@code nanoTime}; for a GC or a JFR span, when it began. */
    public long nanos() {
        return raw.nanos;
    }

    /**
     * For an enter or exit, the call depth (0: the outermost call recorded on the thread; -1: an exit whose enter is
     * not in the trace); for other events, how many calls are open on the thread.
     */
    public int depth() {
        return raw.depth;
    }

    /** The method of an enter, and of an exit (paired with its enter by the reader); 0 for an unpaired exit and others. */
    public int methodId() {
        return raw.methodId;
    }

    /** The thread's CPU time at an enter or exit that recorded one, in ns; -1 when not recorded and for others. */
    public long cpuNanos() {
        return raw.cpuNanos;
    }

    /** For an exit, when its enter happened ({@code nanoTime}); 0 for an unpaired exit and others. */
    public long enterNanos() {
        return raw.enterNanos;
    }

    /** For an exit, the thread's CPU time at its enter, in ns; -1 when not recorded, unpaired, and for others. */
    public long enterCpuNanos() {
        return raw.enterCpuNanos;
    }

    /** For an exit paired with its enter, the call's wall time in ns; -1 otherwise. */
    public long wallNanos() {
        return raw.type == EventType.METHOD_EXIT && raw.depth >= 0 ? raw.nanos - raw.enterNanos : -1;
    }

    /** Whether an enter carries a correlation key ({@link #key}). */
    public boolean hasKey() {
        return (raw.flags & TraceFormat.FLAG_KEY) != 0;
    }

    /**
     * An enter's correlation key (the identity the profile names, joining the work of one request across threads);
     * a JFR span's monitor or blocker address ({@link #address}); 0 otherwise.
     */
    public long key() {
        return raw.key;
    }

    /** Whether an exit left by an exception. */
    public boolean isExceptional() {
        return raw.type == EventType.METHOD_EXIT && (raw.flags & TraceFormat.FLAG_ALT) != 0;
    }

    /** The starting thread's parent, a trace thread id ({@link EventType#THREAD_START}; 0: none or unknown). */
    public int parentThreadId() {
        return raw.type == EventType.THREAD_START ? (int) raw.a : 0;
    }

    /** The string id of a thread's name ({@link EventType#THREAD_START}, {@link EventType#THREAD_NAME}); 0 otherwise. */
    public int nameStringId() {
        return raw.type == EventType.THREAD_START || raw.type == EventType.THREAD_NAME ? (int) raw.b : 0;
    }

    /**
     * The monitor of a monitor event, a wait or a notify ({@link EventType#MONITOR_CONTENDED} to
     * {@link EventType#NOTIFY}), for {@link Dictionary#monitor}; 0 otherwise.
     */
    public int monitorId() {
        return raw.type >= EventType.MONITOR_CONTENDED && raw.type <= EventType.NOTIFY ? (int) raw.a : 0;
    }

    /** Whether a notify woke every waiter ({@code notifyAll}). */
    public boolean isNotifyAll() {
        return raw.type == EventType.NOTIFY && (raw.flags & TraceFormat.FLAG_ALT) != 0;
    }

    /** Whether a wait ended by its timeout rather than a notify ({@link EventType#WAIT_END}, a JFR monitor wait). */
    public boolean timedOut() {
        return (raw.type == EventType.WAIT_END || raw.type == EventType.JFR_MONITOR_WAIT) && (raw.flags & TraceFormat.FLAG_ALT) != 0;
    }

    /** The timeout a wait or park began with, in ns (a wait's is recorded in whole ms); 0: none, and for others. */
    public long timeoutNanos() {
        if (raw.type == EventType.WAIT_BEGIN) {
            return raw.b * 1_000_000L;
        }
        return raw.type == EventType.PARK_BEGIN ? raw.b : 0;
    }

    /**
     * A class id for {@link Dictionary#className}: the allocated object's ({@link EventType#ALLOCATION}), the park's
     * blocker ({@link EventType#PARK_BEGIN}) or the monitor's or blocker's a JFR span reports; 0: none or unknown.
     */
    public int classId() {
        if (raw.type == EventType.ALLOCATION || raw.type == EventType.PARK_BEGIN) {
            return (int) raw.a;
        }
        return EventType.isJfrSpan(raw.type) ? (int) raw.b : 0;
    }

    /** The bytes of an allocation; 0 otherwise. */
    public long bytes() {
        return raw.type == EventType.ALLOCATION ? raw.b : 0;
    }

    /** The string id of a GC's collector name ({@code G1 Young Generation}); 0 otherwise. */
    public int collectorStringId() {
        return raw.type == EventType.GC ? (int) raw.a : 0;
    }

    /** The string id of a GC's cause ({@code G1 Evacuation Pause}); 0 otherwise. */
    public int causeStringId() {
        return raw.type == EventType.GC ? (int) raw.b : 0;
    }

    /** How long a GC or a JFR span lasted, in ns; 0 otherwise. */
    public long durationNanos() {
        return raw.type == EventType.GC || EventType.isJfrSpan(raw.type) ? raw.c : 0;
    }

    /** The process's CPU time, in ns, at a {@link EventType#PROCESS_SAMPLE}; 0 otherwise. */
    public long processCpuNanos() {
        return raw.type == EventType.PROCESS_SAMPLE ? raw.a : 0;
    }

    /** The epoch milliseconds a {@link EventType#PROCESS_SAMPLE} was taken at; 0 otherwise. */
    public long epochMillis() {
        return raw.type == EventType.PROCESS_SAMPLE ? raw.b : 0;
    }

    /**
     * What a marker counts: events dropped ({@link EventType#DROPPED}), errors caught inside the agent
     * ({@link EventType#AGENT_ERRORS}), damaged stretches skipped ({@link EventType#CHUNK_LOST}); 0 otherwise.
     */
    public long count() {
        return raw.type == EventType.DROPPED || raw.type == EventType.AGENT_ERRORS || raw.type == EventType.CHUNK_LOST ? raw.a : 0;
    }

    /** The trace thread a JFR span is about (it is recorded on the agent's thread); 0: unknown, and for others. */
    public int subjectThreadId() {
        return EventType.isJfrSpan(raw.type) ? (int) raw.a : 0;
    }

    /** The JVM's address of the monitor or blocker of a JFR span; 0 otherwise. */
    public long address() {
        return EventType.isJfrSpan(raw.type) ? raw.key : 0;
    }

    /** The one-in-N request sample in force from a {@link EventType#REQUEST_SAMPLE} on; 0 otherwise. */
    public long requestEvery() {
        return raw.type == EventType.REQUEST_SAMPLE ? raw.a : 0;
    }

    /** Requests that began in a {@link EventType#REQUEST_SAMPLE}'s period (recorded or not); 0 otherwise. */
    public long requestsSeen() {
        return raw.type == EventType.REQUEST_SAMPLE ? raw.b : 0;
    }

    /** Requests that began in a {@link EventType#REQUEST_SAMPLE}'s period and were drawn to be recorded; 0 otherwise. */
    public long requestsRecorded() {
        return raw.type == EventType.REQUEST_SAMPLE ? raw.c : 0;
    }

    /** The agent's CPU time in a {@link EventType#REQUEST_SAMPLE}'s period, as the agent estimates it; 0 otherwise. */
    public long agentCpuNanos() {
        return raw.type == EventType.REQUEST_SAMPLE ? raw.d : 0;
    }

    /** The process's CPU time in a {@link EventType#REQUEST_SAMPLE}'s period; 0 otherwise. */
    public long periodCpuNanos() {
        return raw.type == EventType.REQUEST_SAMPLE ? raw.key : 0;
    }

    /** The string id of a request name's attribute ({@code operation}, {@code object}); 0 otherwise. */
    public int attributeStringId() {
        return raw.type == EventType.REQUEST_NAME ? (int) raw.a : 0;
    }

    /** The string id of a request name's value; 0 otherwise. */
    public int valueStringId() {
        return raw.type == EventType.REQUEST_NAME ? (int) raw.b : 0;
    }

    /**
     * The string id of an {@link EventType#IDENTITY}'s path and the held object's class, a space between
     * ({@code arg0.upcall_ org.apache.yoko.orb.OB.Upcall}); 0 otherwise.
     */
    public int pathStringId() {
        return raw.type == EventType.IDENTITY ? (int) raw.a : 0;
    }

    /** An {@link EventType#IDENTITY}'s identity hash of the object its path reaches; 0 otherwise. */
    public long identityHash() {
        return raw.type == EventType.IDENTITY ? raw.b : 0;
    }

    /** A detached copy, for callers that keep events (the reader reuses its instance). */
    public Event copy() {
        return new Event(raw.copy());
    }

    @Override
    public String toString() {
        return raw.toString();
    }
}
