package org.orbscope.trace.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/** Counts per event type and per thread, duration, drops and errors: {@code orbscope trace stats}. */
public final class TraceStats {
    private final long[] perType = new long[EventType.COUNT];
    private final Map<Integer, Long> perThread = new TreeMap<>();
    private long events;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long droppedMarkers;
    private long errorMarkers;

    private TraceStats() {
    }

    /** Reads every event of the trace once, in file order. */
    public static TraceStats of(TraceReader r) throws IOException {
        TraceStats s = new TraceStats();
        // A plain array per thread id: a boxed map update per event would dominate the time on big traces.
        long[][] perThread = {new long[64]};
        r.read(e -> {
            s.events++;
            s.perType[e.type()]++;
            if (e.threadId() >= perThread[0].length) {
                perThread[0] = Arrays.copyOf(perThread[0], Math.max(e.threadId() + 1, perThread[0].length * 2));
            }
            perThread[0][e.threadId()]++;
            s.first = Math.min(s.first, e.nanos());
            s.last = Math.max(s.last, e.nanos());
            if (e.type() == EventType.DROPPED) {
                s.droppedMarkers += e.count();
            } else if (e.type() == EventType.AGENT_ERRORS) {
                s.errorMarkers += e.count();
            }
        });
        for (int t = 0; t < perThread[0].length; t++) {
            if (perThread[0][t] > 0) {
                s.perThread.put(t, perThread[0][t]);
            }
        }
        return s;
    }

    /** Events read, markers of lost chunks included. */
    public long events() {
        return events;
    }

    /** Events of one {@link EventType}. */
    public long ofType(int type) {
        return perType[type];
    }

    /** Events per trace thread id, in id order. */
    public Map<Integer, Long> perThread() {
        return Collections.unmodifiableMap(perThread);
    }

    /** Events dropped as the threads' {@link EventType#DROPPED} markers count them. */
    public long droppedMarkers() {
        return droppedMarkers;
    }

    /** Agent errors as the {@link EventType#AGENT_ERRORS} markers count them. */
    public long errorMarkers() {
        return errorMarkers;
    }

    /** How many segments the ring's gaps miss. */
    private static long missingSegments(TraceReader r) {
        return r.gaps().stream().mapToLong(g -> g.lastSegment() - g.firstSegment() + 1).sum();
    }

    /** Writes the counts, the trace's state and its header as {@code orbscope trace stats} prints them. */
    public void print(TraceReader r, PrintStream out) {
        out.printf("trace      %s%n", r.isTruncated() ? "TRUNCATED: " + r.truncation() : r.gaps().isEmpty() ? "complete"
                : "GAPS: " + missingSegments(r) + " segment(s) of the ring missing, named below");
        for (String d : r.damage()) {
            out.printf("damaged    %s%n", d);
        }
        out.printf("events     %d in %d chunks%n", events, r.chunks());
        out.printf("duration   %.3f ms%n", events == 0 ? 0.0 : (last - first) / 1e6);
        out.printf("dropped    %d%n", Math.max(r.droppedEvents(), droppedMarkers));
        out.printf("errors     %d (caught inside the agent)%n", Math.max(r.agentErrors(), errorMarkers));
        out.printf("methods    %d defined%n", r.dictionary().methodCount());
        out.println();
        out.println("per type");
        for (int t = 0; t < perType.length; t++) {
            if (perType[t] > 0) {
                out.printf("  %-18s %12d%n", EventType.name(t), perType[t]);
            }
        }
        out.println("per thread");
        for (Map.Entry<Integer, Long> e : perThread.entrySet()) {
            out.printf("  %-40s %12d%n", r.dictionary().threadName(e.getKey()) + " [" + e.getKey() + "]", e.getValue());
        }
        for (Map.Entry<String, String> e : r.header().entries().entrySet()) {
            out.printf("info %s = %s%n", e.getKey(), e.getValue());
        }
    }
}
