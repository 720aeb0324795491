package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;

/**
 * Per park blocker class: how often and how long threads parked in {@code java.util.concurrent} locks, conditions
 * and queues (the blocker is the object {@code LockSupport.park} names, e.g. a lock's sync or a condition). The
 * agent's PARK_BEGIN/PARK_END pairs and the JVM's JFR park spans form separate rows, as for monitors. Also per
 * thread: the time it was parked, for {@link ThreadSummary}.
 */
public final class ParkSummary {
    /**
     * One blocker class's figures (times in nanoseconds).
     *
     * @param blocker the blocker's class, or {@code (no blocker)} for a plain {@code LockSupport.park()}
     * @param source {@code agent} or {@code jfr}
     * @param threads distinct threads that parked on it
     */
    public record Blocker(String blocker, String source, long parks, long parkNanos, long maxParkNanos,
                          int threads) {
    }

    private static final class Figures {
        long parks;
        long nanos;
        long max;
        final BitSet threads = new BitSet();

        void parked(int thread, long d) {
            parks++;
            nanos += d;
            max = Math.max(max, d);
            if (thread > 0) {
                threads.set(thread);
            }
        }
    }

    private static final class PerThread {
        final Open park = new Open();
        long parked;
        long jfrParked;
    }

    private final ById<Figures> agent = new ById<>(Figures::new);
    private final ById<Figures> jfr = new ById<>(Figures::new);
    private final ById<PerThread> threads = new ById<>(PerThread::new);
    private long endsWithoutBegin;
    private List<Blocker> rows = List.of();
    private final List<String> notes = new ArrayList<>();

    ParkSummary() {
    }

    void accept(Event e) {
        switch (e.type()) {
            case EventType.PARK_BEGIN:
                threads.get(e.threadId()).park.begin(e.nanos(), e.classId());
                break;
            case EventType.PARK_END: {
                PerThread t = threads.get(e.threadId());
                long blocker = t.park.on();
                long d = t.park.end(e.nanos(), blocker);
                if (d < 0) {
                    endsWithoutBegin++;
                    break;
                }
                agent.get(blocker).parked(e.threadId(), d);
                t.parked += d;
                break;
            }
            case EventType.JFR_THREAD_PARK:
                jfr.get(e.classId()).parked(e.subjectThreadId(), e.durationNanos());
                threads.get(e.subjectThreadId()).jfrParked += e.durationNanos();
                break;
            case EventType.CHUNK_LOST:
                threads.forEach((t, id) -> t.park.clear());
                break;
            case EventType.DROPPED:
                if (e.threadId() != 0) {
                    threads.get(e.threadId()).park.clear(); // the park's end may be among the dropped events
                }
                break;
            default:
                break;
        }
    }

    void finish(Dictionary d) {
        List<Blocker> out = new ArrayList<>();
        agent.forEach((f, cls) -> out.add(row(d, cls, "agent", f)));
        jfr.forEach((f, cls) -> out.add(row(d, cls, "jfr", f)));
        out.sort(Comparator.comparingLong(Blocker::parkNanos).reversed().thenComparing(Blocker::blocker)
                .thenComparing(Blocker::source));
        rows = List.copyOf(out);
        long[] open = new long[1];
        threads.forEach((t, id) -> open[0] += t.park.isOpen() ? 1 : 0);
        if (open[0] > 0) {
            notes.add(open[0] + " parks had not ended when the trace ended (not counted)");
        }
        if (endsWithoutBegin > 0) {
            notes.add(endsWithoutBegin + " park ends had no park begin in the trace (not counted)");
        }
    }

    private static Blocker row(Dictionary d, long cls, String source, Figures f) {
        return new Blocker(cls == 0 ? "(no blocker)" : d.className(cls), source, f.parks, f.nanos, f.max,
                f.threads.cardinality());
    }

    /** Every blocker class, most park time first. */
    public List<Blocker> blockers() {
        return rows;
    }

    public List<String> notes() {
        return List.copyOf(notes);
    }

    long parkedNanos(int thread) {
        return threads.valueOf(thread, t -> t.parked);
    }

    long jfrParkedNanos(int thread) {
        return threads.valueOf(thread, t -> t.jfrParked);
    }

    void threadIds(BitSet into) {
        threads.idsWhere(t -> t.parked + t.jfrParked > 0, into);
    }

    boolean hasJfr() {
        boolean[] any = {false};
        jfr.forEach((f, cls) -> any[0] = true);
        return any[0];
    }
}
