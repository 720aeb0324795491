package org.orbscope.trace;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A trace's header: the facts of the recording, read once when the trace is opened ({@link TraceReader#header}).
 * In the file it is {@code key=value} lines; the keys are the constants of this class, which every writer of a
 * header and every reader uses, so a key is spelled in one place. The trace writer puts the clock calibration and
 * the JVM's facts, the agent what it was asked and how it recorded, and the recording's ORB profile its name and
 * thread roles. A writer may add entries of its own ({@link #get}).
 *
 * <p>Immutable. Typed accessors read a missing or malformed value as the default each one names, as traces written
 * by older agents lack some entries.
 */
public final class TraceHeader {
    /** The JVM's {@code nanoTime} at the calibration instant (the trace writer). */
    public static final String START_NANOS = "start.nanoTime";
    /** The epoch milliseconds at the calibration instant (the trace writer). */
    public static final String START_EPOCH_MILLIS = "start.epochMillis";
    /** The recording JVM's {@code java.version} (the trace writer). */
    public static final String JAVA_VERSION = "java.version";
    /** The recording JVM's {@code java.vm.name} (the trace writer). */
    public static final String JAVA_VM_NAME = "java.vm.name";
    /** The recording machine's {@code os.name} (the trace writer). */
    public static final String OS_NAME = "os.name";
    /** The recording machine's {@code os.arch} (the trace writer). */
    public static final String OS_ARCH = "os.arch";
    /** The processors the recording JVM saw (the trace writer). */
    public static final String PROCESSORS = "processors";
    /** The number of a ring's segment; absent in a single trace file and in a dump (the trace writer). */
    public static final String RING_SEGMENT = "ring.segment";
    /** The agent's option string as given ({@link AgentOptions}). */
    public static final String AGENT_OPTIONS = "agent.options";
    /** Whether the agent was attached to a running JVM ({@code true}) or started with it. */
    public static final String AGENT_ATTACHED = "agent.attached";
    /** The recording machine's host name (the agent). */
    public static final String HOST = "host";
    /** The recording JVM's {@code pid@host} name (the agent). */
    public static final String PID = "pid";
    /** When the recording JVM started, epoch milliseconds (the agent). */
    public static final String JVM_START_EPOCH_MILLIS = "jvm.start.epochMillis";
    /** The recording JVM's command ({@code sun.java.command}; the agent). */
    public static final String JAVA_COMMAND = "java.command";
    /** One request fragment's CPU times in this many were recorded; 0: none (the agent). */
    public static final String CPU_SAMPLE = "agent.cpu.sample";
    /** One request in this many was recorded whole, drawn where its first fragment begins (the agent). */
    public static final String REQUEST_SAMPLE = "agent.request.sample";
    /**
     * The agent's CPU budget ({@code budget=1%}) the request sample adapted to; {@link #REQUEST_SAMPLE} is then the
     * sample it started with, and {@code request-sample} events give it per period (the agent).
     */
    public static final String REQUEST_BUDGET = "agent.request.budget";
    /** Whether request fragments' CPU times are net of the agent's own work on the thread (the agent). */
    public static final String CPU_NET = "agent.cpu.net";
    /** Which monitor events were recorded: {@code all} or {@code contended} (the agent). */
    public static final String MONITOR_EVENTS = "agent.monitors.events";
    /** Whether the agent could read HotSpot's lock bits to tell a contended monitor enter (the agent). */
    public static final String MONITOR_HEADER_TEST = "agent.monitors.headerTest";
    /** The recording profile's name; several joined by commas. A profile file names itself with the same key. */
    public static final String PROFILE_NAME = "profile.name";
    /** The ORB the recording profile describes. A profile file names it with the same key. */
    public static final String PROFILE_ORB = "profile.orb";
    /** Prefix of the keys of the profile's thread roles ({@code profile.threads.receiver}), as in a profile file. */
    public static final String PROFILE_THREADS = "profile.threads.";

    private final Map<String, String> entries;

    private TraceHeader(Map<String, String> entries) {
        this.entries = entries;
    }

    /** The header of these entries, in their order. */
    public static TraceHeader of(Map<String, String> entries) {
        return new TraceHeader(Collections.unmodifiableMap(new LinkedHashMap<>(entries)));
    }

    /** Every entry, in the file's order. */
    public Map<String, String> entries() {
        return entries;
    }

    /** The value of any key, or null. */
    public String get(String key) {
        return entries.get(key);
    }

    /** The {@code nanoTime} of the calibration instant; 0 when missing. */
    public long startNanos() {
        return longValue(START_NANOS, 0);
    }

    /** The epoch milliseconds of the calibration instant; 0 when missing. */
    public long startEpochMillis() {
        return longValue(START_EPOCH_MILLIS, 0);
    }

    /** The processors the recording JVM saw; 0 when unknown. */
    public int processors() {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, longValue(PROCESSORS, 0)));
    }

    /** The number of this ring segment; 0 for a trace file or a dump. */
    public long ringSegment() {
        return longValue(RING_SEGMENT, 0);
    }

    /** What the agent was given ({@link AgentOptions#NONE} when the trace does not say). */
    public AgentOptions agentOptions() {
        return AgentOptions.parse(entries.get(AGENT_OPTIONS));
    }

    /** Whether the agent was attached to a running JVM. */
    public boolean attached() {
        return Boolean.parseBoolean(entries.get(AGENT_ATTACHED));
    }

    /**
     * The N of "one request fragment's CPU times in N"; 0 when none were recorded; -1 when the header does not say.
     */
    public int cpuSample() {
        return (int) longValue(CPU_SAMPLE, -1);
    }

    /** The N of "one request in N recorded whole"; 1 (every request) when absent or not a positive whole number. */
    public int requestSample() {
        long n = longValue(REQUEST_SAMPLE, 1);
        return n >= 1 && n <= Integer.MAX_VALUE ? (int) n : 1;
    }

    /**
     * Whether request fragments' CPU times are the thread's CPU clock net of the agent's own work on that thread (so
     * only their differences on one thread mean anything); false when the header does not say.
     */
    public boolean cpuNet() {
        return Boolean.parseBoolean(entries.get(CPU_NET));
    }

    /** Which monitor events were recorded ({@code all}, {@code contended}), or null when the header does not say. */
    public String monitorEvents() {
        return entries.get(MONITOR_EVENTS);
    }

    /** Whether the agent could tell a contended monitor enter from HotSpot's lock bits. */
    public boolean monitorHeaderTest() {
        return Boolean.parseBoolean(entries.get(MONITOR_HEADER_TEST));
    }

    /** The recording profile's name (several joined by commas), or null: recorded without a profile, or older. */
    public String profileName() {
        String n = entries.get(PROFILE_NAME);
        return n == null || n.isEmpty() ? null : n;
    }

    /** The ORB the recording profile describes, or null. */
    public String profileOrb() {
        return entries.get(PROFILE_ORB);
    }

    /** The profile's thread roles: role to thread name glob ({@code receiver -> ServerMessageReceptor*}), in order. */
    public Map<String, String> threadRoles() {
        Map<String, String> roles = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : entries.entrySet()) {
            if (e.getKey().startsWith(PROFILE_THREADS) && e.getKey().length() > PROFILE_THREADS.length()) {
                roles.put(e.getKey().substring(PROFILE_THREADS.length()), e.getValue());
            }
        }
        return roles;
    }

    private long longValue(String key, long otherwise) {
        String s = entries.get(key);
        try {
            return s == null ? otherwise : Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    @Override
    public String toString() {
        return entries.toString();
    }
}
