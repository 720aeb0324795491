package org.orbscope.trace;

/**
 * The event vocabulary. An event is one tag byte ({@link #MASK} bits: the type; high bits: flags), a varint
 * nanoTime delta from the previous event of the same thread segment, then the type's fields as varints.
 * Definition records (dictionaries) live in segments of thread {@link #DEFINITIONS_THREAD}: a tag byte, the
 * defined id, then the fields listed beside each {@code DEF_} constant, with no time. A method's stage role
 * ({@link #DEF_ROLE}) follows its {@link #DEF_METHOD} when the profile that recorded the trace gives it one; a
 * trace without role records (an older agent, or no profile) simply has no roles.
 */
public final class EventType {
    private EventType() {
    }

    public static final int MASK = 0x1F;
    /** Flag: thread CPU time (varint delta, zig-zag) follows the type's fields. */
    public static final int FLAG_CPU = 0x20;
    /** Flag: a correlation key (varlong) follows. */
    public static final int FLAG_KEY = 0x40;
    /** Flag: exceptional exit; wait ended by timeout; notifyAll. */
    public static final int FLAG_ALT = 0x80;

    public static final int METHOD_ENTER = 1;      // methodId
    public static final int METHOD_EXIT = 2;       // (method implied by the thread's call stack)
    public static final int THREAD_START = 3;      // parentThreadId, nameStringId
    public static final int THREAD_END = 4;
    public static final int THREAD_NAME = 5;       // nameStringId
    public static final int MONITOR_CONTENDED = 6; // monitorId
    public static final int MONITOR_ENTERED = 7;   // monitorId
    public static final int MONITOR_EXIT = 8;      // monitorId
    public static final int WAIT_BEGIN = 9;        // monitorId, timeoutMillis
    public static final int WAIT_END = 10;         // monitorId (FLAG_ALT: timed out)
    public static final int NOTIFY = 11;           // monitorId (FLAG_ALT: notifyAll)
    public static final int PARK_BEGIN = 12;       // blocker classId, timeoutNanos
    public static final int PARK_END = 13;
    public static final int ALLOCATION = 14;       // classId, bytes
    public static final int GC = 15;               // collectorStringId, causeStringId, durationNanos (time = GC start)
    public static final int PROCESS_SAMPLE = 16;   // processCpuNanos, epochMillis
    public static final int DROPPED = 17;          // events dropped since the last marker
    public static final int AGENT_ERRORS = 18;     // errors caught inside the agent since the last marker

    // Spans the JVM itself reported (JFR streaming, JDK 14+). JFR hands them over late and out of order, on
    // the agent's own thread, so they carry their start as a signed offset instead of advancing the stream's
    // clock (see ThreadBuffer#jfrSpan): a = subject trace thread id (0 unknown), b = class id (monitor class
    // or park blocker), c = duration ns, key = the JVM's monitor/blocker address.
    public static final int JFR_MONITOR_ENTER = 19; // blocked entering a monitor
    public static final int JFR_MONITOR_WAIT = 20;  // Object.wait (FLAG_ALT: timed out)
    public static final int JFR_THREAD_PARK = 21;   // LockSupport.park
    /**
     * A name of the request the thread works on, read from the ORB's request header where the profile says
     * ({@code operation=}, {@code object=} on a method line): a = the attribute's string id ({@code operation},
     * {@code object}), b = the value's string id. Written right after the enter of that method.
     */
    public static final int REQUEST_NAME = 23;     // attributeStringId, valueStringId
    // 29, 30: free for future event types (an old reader refuses them with a clear error).

    /**
     * Never in a file: {@link TraceReader#read} reports it where it skipped a damaged chunk, whose events of any
     * thread are missing ({@code threadId} 0, {@code nanos} the latest time read before it).
     */
    public static final int CHUNK_LOST = 31;

    // Definitions (thread 0 segments); no time delta.
    public static final int DEF_STRING = 24;       // id, length, UTF-8 bytes
    public static final int DEF_METHOD = 25;       // id, classStringId, nameStringId, descriptorStringId
    public static final int DEF_THREAD = 26;       // id, nameStringId, javaThreadId
    public static final int DEF_MONITOR = 27;      // id, classStringId, identityHash
    public static final int DEF_CLASS = 28;        // id, nameStringId
    /** The stage role of a method, from the ORB profile: id = the method id, then the role label's string id. */
    public static final int DEF_ROLE = 22;         // methodId, roleStringId

    public static final int DEFINITIONS_THREAD = 0;

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
        NAMES[JFR_MONITOR_ENTER] = "jfr-monitor-enter";
        NAMES[JFR_MONITOR_WAIT] = "jfr-monitor-wait";
        NAMES[JFR_THREAD_PARK] = "jfr-thread-park";
        NAMES[CHUNK_LOST] = "chunk-lost";
        NAMES[DEF_STRING] = "def-string";
        NAMES[DEF_METHOD] = "def-method";
        NAMES[DEF_THREAD] = "def-thread";
        NAMES[DEF_MONITOR] = "def-monitor";
        NAMES[DEF_CLASS] = "def-class";
        NAMES[DEF_ROLE] = "def-role";
    }

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
