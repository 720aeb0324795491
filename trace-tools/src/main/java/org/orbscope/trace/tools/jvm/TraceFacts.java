package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * What the trace itself says about the recording: how long and how many events, what was lost (dropped events,
 * errors inside the agent, a cut or damaged file) and the JVM's garbage collection pauses. Times in nanoseconds;
 * {@code firstNanos} and {@code lastNanos} since the trace's start (the agent's clock calibration).
 *
 * @param events events read (markers of skipped damage not counted)
 * @param footerEvents the events the writer counted in its footer, -1 when the trace has no footer
 * @param durationNanos from the first event to the last (0 without events)
 * @param droppedEvents events the agent dropped: the footer's count, or the sum of the trace's drop markers where
 *     that is larger (a trace without footer)
 * @param agentErrors errors caught inside the agent, counted the same way
 * @param truncation why the trace counts as truncated, or null
 * @param damage what was skipped as damaged, one line each
 * @param lostStretches damaged stretches of the file skipped (each one chunk or more)
 * @param lostEvents events in the skipped stretches: the footer's count less the events read; -1 when the trace
 *     has no footer to count them by
 * @param gcPauses GC events; {@code gcPauseNanos} their summed durations
 * @param info the trace header's entries (JVM, host, agent options, clock calibration)
 */
public record TraceFacts(long events, long footerEvents, Long firstNanos, Long lastNanos, long durationNanos,
                         long droppedEvents, long agentErrors, boolean truncated, String truncation,
                         List<String> damage, int lostStretches, long lostEvents, long gcPauses, long gcPauseNanos, long maxGcPauseNanos,
                         List<Collector> collectors, Map<String, String> info) {
    /** One garbage collector's pauses. */
    public record Collector(String name, long pauses, long pauseNanos, long maxPauseNanos) {
    }

    /** Counts while the trace streams by. */
    static final class Counter {
        private long events;
        private long first = Long.MAX_VALUE;
        private long last = Long.MIN_VALUE;
        private long droppedMarkers;
        private long errorMarkers;
        private final ById<long[]> gc = new ById<>(() -> new long[3]);

        void accept(Event e) {
            if (e.type() == EventType.CHUNK_LOST) {
                return;
            }
            events++;
            first = Math.min(first, e.nanos());
            last = Math.max(last, e.nanos());
            switch (e.type()) {
                case EventType.DROPPED:
                    droppedMarkers += e.count();
                    break;
                case EventType.AGENT_ERRORS:
                    errorMarkers += e.count();
                    break;
                case EventType.GC: {
                    long[] g = gc.get(e.collectorStringId());
                    g[0]++;
                    g[1] += e.durationNanos();
                    g[2] = Math.max(g[2], e.durationNanos());
                    break;
                }
                default:
                    break;
            }
        }

        TraceFacts finish(TraceReader r) {
            List<Collector> collectors = new ArrayList<>();
            gc.forEach((g, name) -> collectors.add(new Collector(r.dictionary().string(name) == null
                    ? "collector#" + name : r.dictionary().string(name), g[0], g[1], g[2])));
            collectors.sort(Comparator.comparingLong(Collector::pauseNanos).reversed().thenComparing(Collector::name));
            long pauses = collectors.stream().mapToLong(Collector::pauses).sum();
            long nanos = collectors.stream().mapToLong(Collector::pauseNanos).sum();
            long max = collectors.stream().mapToLong(Collector::maxPauseNanos).max().orElse(0);
            boolean any = events > 0;
            return new TraceFacts(events, r.footerEvents(), any ? first - r.startNanos() : null,
                    any ? last - r.startNanos() : null, any ? last - first : 0,
                    Math.max(r.droppedEvents(), droppedMarkers), Math.max(r.agentErrors(), errorMarkers),
                    r.isTruncated(), r.truncation(), List.copyOf(r.damage()), r.lostStretches(),
                    r.footerEvents() >= 0 ? Math.max(0, r.footerEvents() - events) : -1, pauses, nanos, max,
                    List.copyOf(collectors), r.header().entries());
        }
    }
}
