package org.orbscope.trace;

/**
 * The event types: what each {@link Event#type} is, by number, with its name ({@link #name}). The fields each type
 * carries are the {@link Event} accessors its Javadoc names for that type; the numbers are the file's (see
 * docs/trace-format.md), so a type keeps its number for good.
 */
public final class EventType {
    private EventType() {
    }

    /** A method entered: {@link Event#methodId}, and {@link Event#cpuNanos}, {@link Event#key} when recorded. */
    public static final int METHOD_ENTER = 1;
    /** A method left, paired with its enter by the reader: {@link Event#wallNanos}, {@link Event#isExceptional}. */
    public static final int METHOD_EXIT = 2;
    /** A thread started: {@link Event#parentThreadId}, {@link Event#nameStringId}. */
    public static final int THREAD_START = 3;
    /** A thread ended. */
    public static final int THREAD_END = 4;
    /** A thread took a new name: {@link Event#nameStringId}. */
    public static final int THREAD_NAME = 5;
    /** A thread had to wait to enter a monitor: {@link Event#monitorId}. */
    public static final int MONITOR_CONTENDED = 6;
    /** A thread entered a monitor (after contention, or any entry under {@code monitors.events=all}). */
    public static final int MONITOR_ENTERED = 7;
    /** A thread left a monitor: {@link Event#monitorId}. */
    public static final int MONITOR_EXIT = 8;
    /** {@code Object.wait} began: {@link Event#monitorId}, {@link Event#timeoutNanos}. */
    public static final int WAIT_BEGIN = 9;
    /** {@code Object.wait} ended: {@link Event#monitorId}, {@link Event#timedOut}. */
    public static final int WAIT_END = 10;
    /** {@code notify} or {@code notifyAll}: {@link Event#monitorId}, {@link Event#isNotifyAll}. */
    public static final int NOTIFY = 11;
    /** {@code LockSupport.park} began: the blocker's {@link Event#classId}, {@link Event#timeoutNanos}. */
    public static final int PARK_BEGIN = 12;
    /** {@code LockSupport.park} returned. */
    public static final int PARK_END = 13;
    /** An object of a selected class was constructed: {@link Event#classId}, {@link Event#bytes}. */
    public static final int ALLOCATION = 14;
    /** A garbage collection (its time is its start): collector, cause, {@link Event#durationNanos}. */
    public static final int GC = 15;
    /** The process's CPU time: {@link Event#processCpuNanos}, {@link Event#epochMillis}. */
    public static final int PROCESS_SAMPLE = 16;
    /** Events the agent dropped on this thread since the last marker (no buffer was free): {@link Event#count}. */
    public static final int DROPPED = 17;
    /** Errors caught inside the agent since the last marker: {@link Event#count}. */
    public static final int AGENT_ERRORS = 18;
    /**
     * A thread was blocked entering a monitor, as JFR reported it (JDK 14+; late, out of order, on the agent's own
     * thread, its time its start): {@link Event#subjectThreadId}, {@link Event#classId}, {@link Event#durationNanos},
     * {@link Event#address}.
     */
    public static final int JFR_MONITOR_ENTER = 19;
    /** {@code Object.wait} as JFR reported it: as {@link #JFR_MONITOR_ENTER}, and {@link Event#timedOut}. */
    public static final int JFR_MONITOR_WAIT = 20;
    /** {@code LockSupport.park} as JFR reported it: as {@link #JFR_MONITOR_ENTER}. */
    public static final int JFR_THREAD_PARK = 21;
    /**
     * A name of the request the thread works on, read from the ORB's request header where the profile says
     * ({@code operation=}, {@code object=} on a method line), right after the enter of that method:
     * {@link Event#attributeStringId} ({@code operation}, {@code object}), {@link Event#valueStringId}.
     */
    public static final int REQUEST_NAME = 23;
    /**
     * The agent's request sample over one control period of {@code budget=} ({@code orbscope-system} stream), its
     * time the period's end: {@link Event#requestEvery} (the N in force from this time on),
     * {@link Event#requestsSeen} and {@link Event#requestsRecorded} (requests that began in the period, and those of
     * them drawn), {@link Event#agentCpuNanos} (the agent's cost in the period as it estimates it) and
     * {@link Event#periodCpuNanos} (the process's CPU time in the period).
     */
    public static final int REQUEST_SAMPLE = 29;
    /**
     * An object the method entered just before holds ({@code identities=true}, for {@code include}d methods): its
     * {@code this}, an argument, or a field of one, and that object's identity hash: {@link Event#pathStringId}
     * (the path and the object's class: {@code this.request org.jacorb.orb.dsi.ServerRequest}), {@link Event#identityHash}. What {@code profile suggest}
     * judges a correlation key on.
     */
    public static final int IDENTITY = 30;
    // 22 and 24-28 are definition records, never events.

    /**
     * Never in a file: {@link TraceReader#read} reports it where it skipped a damaged chunk, whose events of any
     * thread are missing ({@code threadId} 0, {@code nanos} the latest time read before it).
     */
    public static final int CHUNK_LOST = 31;

    private static final String[] NAMES = new String[32];

    static {
        NAMES[METHOD_ENTER] = "enter";
        NAMES[METHOD_EXIT] = "exit";
        NAMES[THREAD_START] = "thread-start";
        NAMES[THREAD_END] = "thread-end";
        NAMES[THREAD_NAME] = "thread-name";
        NAMES[MONITOR_CONTENDED] = "monitor-contended";
        NAMES[MONITOR_ENTERED] = "monitor-entered";
        NAMES[MONITOR_EXIT] = "monitor-exit";
        NAMES[WAIT_BEGIN] = "wait-begin";
        NAMES[WAIT_END] = "wait-end";
        NAMES[NOTIFY] = "notify";
        NAMES[PARK_BEGIN] = "park-begin";
        NAMES[PARK_END] = "park-end";
        NAMES[ALLOCATION] = "allocation";
        NAMES[GC] = "gc";
        NAMES[PROCESS_SAMPLE] = "process-sample";
        NAMES[DROPPED] = "dropped";
        NAMES[AGENT_ERRORS] = "agent-errors";
        NAMES[REQUEST_NAME] = "request-name";
        NAMES[REQUEST_SAMPLE] = "request-sample";
        NAMES[IDENTITY] = "identity";
        NAMES[JFR_MONITOR_ENTER] = "jfr-monitor-enter";
        NAMES[JFR_MONITOR_WAIT] = "jfr-monitor-wait";
        NAMES[JFR_THREAD_PARK] = "jfr-thread-park";
        NAMES[CHUNK_LOST] = "chunk-lost";
    }

    /** The type's name as dumps and exports write it ({@code enter}, {@code monitor-contended}); {@code type-N} if unknown. */
    public static String name(int type) {
        String n = type >= 0 && type < NAMES.length ? NAMES[type] : null;
        return n == null ? "type-" + type : n;
    }

    /** True for the JFR-sourced spans (their time is their start; a stream may hold them out of order). */
    public static boolean isJfrSpan(int type) {
        return type >= JFR_MONITOR_ENTER && type <= JFR_THREAD_PARK;
    }

    /** Number of event types (for per-type counters indexed by type). */
    public static final int COUNT = 32;
}
