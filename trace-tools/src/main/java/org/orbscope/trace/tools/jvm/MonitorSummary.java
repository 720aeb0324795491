package org.orbscope.trace.tools.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;

/**
 * Per monitor: how often and how long threads contended for it, held it and waited on it, like JDK Mission
 * Control's "Lock Instances" page. The agent's monitors are named by class and identity hash (the trace's monitor
 * dictionary); the JVM's own JFR spans name a monitor by class and address and are kept in rows of their own,
 * since nothing in the trace says which identity hash an address belongs to (and the collector may move an object,
 * so one address may stand for two objects over a long recording). Also per thread: the time it was blocked
 * entering monitors and waiting on them, for {@link ThreadSummary}.
 */
public final class MonitorSummary {
    /**
     * One monitor's figures (times in nanoseconds).
     *
     * @param source {@code agent} (the agent's monitor events) or {@code jfr} (the JVM's JFR spans)
     * @param identity the identity hash (agent) or the address (jfr), in hex
     * @param acquired outermost entries: the thread did not hold the monitor already (agent only)
     * @param contended entries that had to wait for another thread to release it
     * @param holds outermost entries whose exit the trace holds: the holds {@code holdNanos} times (under
     *     {@code monitors.events=contended} fewer than {@code acquired}, an exit being recorded only for some)
     * @param holdNanos from an outermost entry to the matching exit, minus the waits inside (wait releases the
     *     monitor); reentrant entries count once
     * @param threads distinct threads that contended for it or waited on it
     */
    public record Monitor(String name, String className, String identity, String source, long acquired,
                          long contended, long contentionNanos, long maxContentionNanos, long holds, long holdNanos,
                          long maxHoldNanos, long waits, long timedOutWaits, long waitNanos, long maxWaitNanos,
                          long notifies, int threads) {
    }

    private static final class Figures {
        long classId;
        long acquired;
        long contended;
        long contention;
        long maxContention;
        long holds;
        long hold;
        long maxHold;
        long waits;
        long timedOut;
        long wait;
        long maxWait;
        long notifies;
        final BitSet threads = new BitSet();

        void contended(int thread, long nanos) {
            contended++;
            contention += nanos;
            maxContention = Math.max(maxContention, nanos);
            seen(thread);
        }

        void waited(int thread, long nanos, boolean timedOut) {
            waits++;
            wait += nanos;
            maxWait = Math.max(maxWait, nanos);
            if (timedOut) {
                this.timedOut++;
            }
            seen(thread);
        }

        /** Thread 0 is a JFR span whose thread the agent could not name: not a distinct thread. */
        private void seen(int thread) {
            if (thread > 0) {
                threads.set(thread);
            }
        }
    }

    /** A monitor a thread holds: entries not yet exited, since when, and how long it waited inside. */
    private static final class Hold {
        final long monitor;
        int depth = 1;
        final long since;
        long waited;

        Hold(long monitor, long since) {
            this.monitor = monitor;
            this.since = since;
        }
    }

    private static final class PerThread {
        final Open contended = new Open();
        final Open waiting = new Open();
        final List<Hold> holds = new ArrayList<>(2);
        long blocked;
        long waited;
        long jfrBlocked;
        long jfrWaiting;

        Hold hold(long monitor) {
            for (int i = holds.size() - 1; i >= 0; i--) {
                if (holds.get(i).monitor == monitor) {
                    return holds.get(i);
                }
            }
            return null;
        }
    }

    private final ById<Figures> agent = new ById<>(Figures::new);
    /** JFR monitors by address; JFR reports only spans above its threshold, so these are few. */
    private final Map<Long, Figures> jfr = new LinkedHashMap<>();
    private final ById<PerThread> threads = new ById<>(PerThread::new);

    private static void forget(PerThread t) {
        t.contended.clear();
        t.waiting.clear();
        t.holds.clear();
    }
    private long exitsWithoutEntry;
    private long waitEndsWithoutBegin;
    private long entriesWithoutContention;
    private List<Monitor> rows = List.of();
    private final List<String> notes = new ArrayList<>();

    /** Monitor names as the trace defines them while it is read: exits named by class find their entry. */
    private final Dictionary names;

    MonitorSummary(Dictionary names) {
        this.names = names;
    }

    void accept(Event e) {
        switch (e.type()) {
            case EventType.MONITOR_CONTENDED:
                threads.get(e.threadId()).contended.begin(e.nanos(), e.monitorId());
                break;
            case EventType.MONITOR_ENTERED:
                entered(e);
                break;
            case EventType.MONITOR_EXIT:
                exited(e);
                break;
            case EventType.WAIT_BEGIN:
                threads.get(e.threadId()).waiting.begin(e.nanos(), e.monitorId());
                break;
            case EventType.WAIT_END:
                waitEnded(e);
                break;
            case EventType.NOTIFY:
                agent.get(e.monitorId()).notifies++;
                break;
            case EventType.JFR_MONITOR_ENTER:
                jfr(e).contended(e.subjectThreadId(), e.durationNanos());
                threads.get(e.subjectThreadId()).jfrBlocked += e.durationNanos();
                break;
            case EventType.JFR_MONITOR_WAIT:
                jfr(e).waited(e.subjectThreadId(), e.durationNanos(), e.timedOut());
                threads.get(e.subjectThreadId()).jfrWaiting += e.durationNanos();
                break;
            case EventType.CHUNK_LOST:
                // Any thread's events may be missing here: what was open before may have ended in the hole.
                threads.forEach((t, id) -> forget(t));
                break;
            case EventType.DROPPED:
                // This thread's dropped events may hold the ends of what it had open (thread 0: the agent's own).
                if (e.threadId() != 0) {
                    forget(threads.get(e.threadId()));
                }
                break;
            default:
                break;
        }
    }

    private Figures jfr(Event e) {
        Figures f = jfr.computeIfAbsent(e.address(), k -> new Figures());
        f.classId = e.classId();
        return f;
    }

    private void entered(Event e) {
        PerThread t = threads.get(e.threadId());
        Figures f = agent.get(e.monitorId());
        boolean open = t.contended.isOpen();
        long d = t.contended.end(e.nanos(), e.monitorId());
        if (d >= 0) {
            f.contended(e.threadId(), d);
            t.blocked += d;
        } else if (open) {
            entriesWithoutContention++;
        }
        Hold h = t.hold(e.monitorId());
        if (h == null) {
            t.holds.add(new Hold(e.monitorId(), e.nanos()));
            f.acquired++;
        } else {
            h.depth++;
        }
    }

    private void exited(Event e) {
        PerThread t = threads.get(e.threadId());
        Hold h = t.hold(e.monitorId());
        if (h == null) {
            h = heldOfClass(t, e.monitorId());
        }
        if (h == null) {
            // The thread took the monitor before recording started (attach) or in a lost stretch.
            exitsWithoutEntry++;
            return;
        }
        if (--h.depth == 0) {
            t.holds.remove(h);
            Figures f = agent.get(h.monitor);
            long held = e.nanos() - h.since - h.waited;
            f.holds++;
            f.hold += held;
            f.maxHold = Math.max(f.maxHold, held);
        }
    }

    /**
     * The innermost monitor the thread holds of the class an exit names without identity ({@code Class@0}): under
     * {@code monitors.events=contended} the agent names a monitor by its identity only where it had to wait for it
     * (hashing a thin-locked object would inflate its monitor), and by its class at the exit.
     */
    private Hold heldOfClass(PerThread t, long monitor) {
        String name = names.monitor(monitor);
        if (!name.endsWith("@0")) {
            return null;
        }
        String prefix = name.substring(0, name.length() - 1);
        for (int i = t.holds.size() - 1; i >= 0; i--) {
            if (names.monitor(t.holds.get(i).monitor).startsWith(prefix)) {
                return t.holds.get(i);
            }
        }
        return null;
    }

    private void waitEnded(Event e) {
        PerThread t = threads.get(e.threadId());
        long d = t.waiting.end(e.nanos(), e.monitorId());
        if (d < 0) {
            waitEndsWithoutBegin++;
            return;
        }
        agent.get(e.monitorId()).waited(e.threadId(), d, e.timedOut());
        t.waited += d;
        Hold h = t.hold(e.monitorId());
        if (h != null) {
            h.waited += d;
        }
    }

    void finish(Dictionary d) {
        List<Monitor> out = new ArrayList<>();
        agent.forEach((f, id) -> {
            String name = d.monitor(id);
            int at = name.lastIndexOf('@');
            out.add(row(name, at < 0 ? name : name.substring(0, at), at < 0 ? "" : name.substring(at + 1), "agent", f));
        });
        jfr.forEach((address, f) -> {
            String cls = d.className(f.classId);
            String hex = Long.toHexString(address);
            out.add(row(cls + "@" + hex, cls, hex, "jfr", f));
        });
        out.sort(Comparator.comparingLong(Monitor::contentionNanos).reversed()
                .thenComparing(Comparator.comparingLong(Monitor::holdNanos).reversed())
                .thenComparing(Monitor::name));
        rows = List.copyOf(out);
        long[] open = new long[3];
        threads.forEach((t, id) -> {
            open[0] += t.contended.isOpen() ? 1 : 0;
            open[1] += t.waiting.isOpen() ? 1 : 0;
            open[2] += t.holds.size();
        });
        note(open[0], "contended monitor entries had not been entered when the trace ended (not counted)");
        note(open[1], "waits had not ended when the trace ended (not counted)");
        note(open[2], "monitors were still held when the trace ended (their hold time is not counted)");
        note(exitsWithoutEntry, "monitor exits had no entry in the trace (taken before recording started or in a "
                + "lost stretch; no hold time counted)");
        note(waitEndsWithoutBegin, "wait ends had no wait begin in the trace (not counted)");
        note(entriesWithoutContention, "monitor entries followed a contended entry of another monitor (the "
                + "contention is not counted)");
    }

    private void note(long n, String what) {
        if (n > 0) {
            notes.add(n + " " + what);
        }
    }

    private static Monitor row(String name, String cls, String identity, String source, Figures f) {
        return new Monitor(name, cls, identity, source, f.acquired, f.contended, f.contention, f.maxContention,
                f.holds, f.hold, f.maxHold, f.waits, f.timedOut, f.wait, f.maxWait, f.notifies, f.threads.cardinality());
    }

    /** Every monitor, most contention first (then most hold time). */
    public List<Monitor> monitors() {
        return rows;
    }

    /** What the figures leave out: events the trace does not pair. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Time the thread spent entering contended monitors, by the agent's events. */
    long blockedNanos(int thread) {
        return threads.valueOf(thread, t -> t.blocked);
    }

    long waitingNanos(int thread) {
        return threads.valueOf(thread, t -> t.waited);
    }

    long jfrBlockedNanos(int thread) {
        return threads.valueOf(thread, t -> t.jfrBlocked);
    }

    long jfrWaitingNanos(int thread) {
        return threads.valueOf(thread, t -> t.jfrWaiting);
    }

    /** Threads with any figure here (JFR spans may name a thread that has no events of its own). */
    void threadIds(BitSet into) {
        threads.idsWhere(t -> t.blocked + t.waited + t.jfrBlocked + t.jfrWaiting > 0, into);
    }

    boolean hasJfr() {
        return !jfr.isEmpty();
    }
}
