package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;

/**
 * Per thread: its name, when it lived, its CPU time and the time it spent blocked, waiting and parked, and its
 * events. Lifetime comes from the thread's start and end events where the trace has them, else from its first
 * and last event; blocked, waiting and parked come from {@link MonitorSummary} and {@link ParkSummary}, CPU from
 * {@link MethodSummary}.
 */
public final class ThreadSummary {
    /**
     * One thread (times in nanoseconds; {@code fromNanos} and {@code toNanos} since the trace's start).
     *
     * @param id the trace's thread id
     * @param javaId the JVM's thread id ({@code Thread.getId()}), -1 unknown
     * @param started whether {@code fromNanos} is the thread's start event (else its first event)
     * @param ended whether {@code toNanos} is the thread's end event (else its last event)
     * @param lifetimeNanos from {@code fromNanos} to {@code toNanos}; null (as they are) when the thread has no
     *     events of its own
     * @param cpuNanos the CPU time of its outermost CPU-annotated calls: a lower bound of the thread's CPU time,
     *     null when it has none
     * @param blockedNanos entering contended monitors (agent events); {@code jfrBlockedNanos} the same from JFR
     * @param events events on the thread's own stream (JFR spans sit on the agent's JFR thread)
     */
    public record JavaThread(int id, String name, long javaId, Long fromNanos, Long toNanos, Long lifetimeNanos,
                             boolean started, boolean ended, Long cpuNanos, long blockedNanos, long waitingNanos,
                             long parkedNanos, long jfrBlockedNanos, long jfrWaitingNanos, long jfrParkedNanos,
                             long events) {
    }

    private static final class Figures {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long start = -1;
        long end = -1;
        long events;
    }

    private final ById<Figures> threads = new ById<>(Figures::new);
    private List<JavaThread> rows = List.of();

    ThreadSummary() {
    }

    void accept(Event e) {
        if (e.threadId() == 0) {
            return; // a chunk-lost marker of every thread, on no thread of its own
        }
        Figures t = threads.get(e.threadId());
        t.events++;
        if (EventType.isJfrSpan(e.type())) {
            return; // its time is the subject thread's, not this one's
        }
        t.first = Math.min(t.first, e.nanos());
        t.last = Math.max(t.last, e.nanos());
        if (e.type() == EventType.THREAD_START) {
            t.start = e.nanos();
        } else if (e.type() == EventType.THREAD_END) {
            t.end = e.nanos();
        }
    }

    void finish(Dictionary d, long origin, MethodSummary methods, MonitorSummary monitors, ParkSummary parks) {
        BitSet ids = new BitSet();
        threads.idsWhere(t -> true, ids);
        monitors.threadIds(ids);
        parks.threadIds(ids);
        ids.clear(0);
        List<JavaThread> out = new ArrayList<>();
        for (int id = ids.nextSetBit(0); id >= 0; id = ids.nextSetBit(id + 1)) {
            Figures t = threads.peek(id);
            boolean own = t != null && t.first <= t.last;
            Long from = !own ? null : (t.start >= 0 ? t.start : t.first) - origin;
            Long to = !own ? null : (t.end >= 0 ? t.end : t.last) - origin;
            out.add(new JavaThread(id, d.threadName(id), d.javaThreadId(id), from, to, own ? to - from : null,
                    own && t.start >= 0,
                    own && t.end >= 0, methods.threadCpuNanos(id), monitors.blockedNanos(id),
                    monitors.waitingNanos(id), parks.parkedNanos(id), monitors.jfrBlockedNanos(id),
                    monitors.jfrWaitingNanos(id), parks.jfrParkedNanos(id), t == null ? 0 : t.events));
        }
        rows = List.copyOf(out);
    }

    /** Every thread with events or with time blocked, waiting or parked, by trace id. */
    public List<JavaThread> threads() {
        return rows;
    }
}
