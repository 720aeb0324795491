package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.orbscope.trace.tools.jvm.AllocationSummary.Allocation;
import org.orbscope.trace.tools.jvm.MethodSummary.Method;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;
import org.orbscope.trace.tools.jvm.ParkSummary.Blocker;
import org.orbscope.trace.tools.jvm.ThreadSummary.JavaThread;
import org.orbscope.trace.tools.jvm.TraceFacts.Collector;

/**
 * The columns of the JVM summary's tables, once for the HTML page and the Markdown file: a header, what the column
 * means (the page's glossary prints it), and how a row's cell reads. Times show as milliseconds with microsecond
 * digits; "-" is unknown.
 */
final class JvmTables {
    /** One column of a table of {@code T} rows. */
    record Column<T>(String header, String meaning, Function<T, String> cell) {
    }

    private JvmTables() {
    }

    static final List<Column<Monitor>> MONITORS = List.of(
            new Column<>("monitor", "The monitor's class and identity hash (agent) or JVM address (JFR).",
                    Monitor::name),
            new Column<>("source", "agent: the agent's monitor events; jfr: the JVM's own JFR spans "
                    + "(jdk.JavaMonitorEnter/Wait above the agent's JFR threshold).", Monitor::source),
            new Column<>("acquired", "Outermost entries: the thread did not hold the monitor already.",
                    m -> count(m.acquired())),
            new Column<>("contended", "Entries that waited for another thread to release the monitor.",
                    m -> count(m.contended())),
            new Column<>("contention ms", "Summed time from contended entry to entered.",
                    m -> ms(m.contentionNanos())),
            new Column<>("max contention ms", "The longest single contended entry.",
                    m -> ms(m.maxContentionNanos())),
            new Column<>("hold ms", "Summed time from an outermost entry to its exit, minus Object.wait inside "
                    + "(wait releases the monitor); reentrant entries count once.", m -> ms(m.holdNanos())),
            new Column<>("max hold ms", "The longest single hold.", m -> ms(m.maxHoldNanos())),
            new Column<>("waits", "Object.wait calls on the monitor that ended.", m -> count(m.waits())),
            new Column<>("timed out", "Of those, timed waits that lasted their time-out.",
                    m -> count(m.timedOutWaits())),
            new Column<>("wait ms", "Summed time from wait begin to wait end.", m -> ms(m.waitNanos())),
            new Column<>("max wait ms", "The longest single wait.", m -> ms(m.maxWaitNanos())),
            new Column<>("notifies", "notify and notifyAll calls on the monitor.", m -> count(m.notifies())),
            new Column<>("threads", "Distinct threads that contended for the monitor or waited on it.",
                    m -> count(m.threads())));

    static final List<Column<Blocker>> PARKS = List.of(
            new Column<>("blocker", "The class of the object LockSupport.park names (a lock's sync, a "
                    + "condition); (no blocker) for a plain park.", Blocker::blocker),
            new Column<>("source", "agent: the agent's park events; jfr: the JVM's jdk.ThreadPark spans.",
                    Blocker::source),
            new Column<>("parks", "Parks that ended.", b -> count(b.parks())),
            new Column<>("park ms", "Summed time from park to unpark.", b -> ms(b.parkNanos())),
            new Column<>("max park ms", "The longest single park.", b -> ms(b.maxParkNanos())),
            new Column<>("threads", "Distinct threads that parked on such a blocker.", b -> count(b.threads())));

    static final List<Column<Allocation>> ALLOCATIONS = List.of(
            new Column<>("class", "The class constructed (a subclass counts as itself).", Allocation::className),
            new Column<>("objects", "Objects the agent saw constructed.", a -> count(a.count())),
            new Column<>("bytes", "Their summed shallow sizes, as the agent measured each class.",
                    a -> count(a.bytes())),
            new Column<>("bytes/object", "bytes / objects.",
                    a -> a.count() == 0 ? "-" : String.format(Locale.ROOT, "%.1f", a.bytes() / (double) a.count())));

    static final List<Column<Method>> METHODS = List.of(
            new Column<>("method", "Class#name(descriptor).", Method::name),
            new Column<>("calls", "Calls whose enter and exit are both in the trace.", m -> count(m.calls())),
            new Column<>("exceptions", "Of those, calls that ended by throwing.", m -> count(m.exceptions())),
            new Column<>("wall incl ms", "Summed wall time of the calls, a recursive call counted once (only "
                    + "calls with no call of the same method open below them on the thread).",
                    m -> ms(m.wallInclusiveNanos())),
            new Column<>("wall excl ms", "Summed wall time minus that of the recorded calls each call made "
                    + "directly.", m -> ms(m.wallExclusiveNanos())),
            new Column<>("max wall ms", "The longest single call.", m -> ms(m.maxWallNanos())),
            new Column<>("cpu calls", "Calls with a thread CPU time at enter and exit.", m -> count(m.cpuCalls())),
            new Column<>("cpu incl ms", "Summed thread CPU time of those calls, recursion counted once.",
                    m -> ms(m.cpuInclusiveNanos())),
            new Column<>("cpu excl ms", "CPU time minus that of the CPU-annotated calls made directly (a callee "
                    + "without CPU times leaves its CPU here).", m -> ms(m.cpuExclusiveNanos())));

    /** The thread columns; the JFR ones only when the trace has JFR spans. */
    static List<Column<JavaThread>> threads(boolean jfr) {
        List<Column<JavaThread>> c = new ArrayList<>(List.of(
                new Column<>("thread", "The thread's last name in the trace.", JavaThread::name),
                new Column<>("id", "The trace's thread id, then the Java thread id in brackets where the trace knows it.",
                        t -> t.id() + (t.javaId() > 0 ? " (" + t.javaId() + ")" : "")),
                new Column<>("from ms", "Its start event, else its first event, since the trace's start "
                        + "(* = first event).", t -> ms(t.fromNanos()) + (t.fromNanos() != null && !t.started() ? "*" : "")),
                new Column<>("to ms", "Its end event, else its last event (* = last event).",
                        t -> ms(t.toNanos()) + (t.toNanos() != null && !t.ended() ? "*" : "")),
                new Column<>("lifetime ms", "to - from.", t -> ms(t.lifetimeNanos())),
                new Column<>("cpu ms", "CPU time of its outermost CPU-annotated calls: a lower bound (CPU outside "
                        + "recorded calls is not seen); - when it has none.", t -> ms(t.cpuNanos())),
                new Column<>("blocked ms", "Entering contended monitors (agent events).", t -> ms(t.blockedNanos())),
                new Column<>("waiting ms", "In Object.wait (agent events).", t -> ms(t.waitingNanos())),
                new Column<>("parked ms", "In LockSupport.park (agent events).", t -> ms(t.parkedNanos()))));
        if (jfr) {
            c.add(new Column<>("jfr blocked ms", "Entering contended monitors (JFR spans).",
                    t -> ms(t.jfrBlockedNanos())));
            c.add(new Column<>("jfr waiting ms", "In Object.wait (JFR spans).", t -> ms(t.jfrWaitingNanos())));
            c.add(new Column<>("jfr parked ms", "Parked (JFR spans).", t -> ms(t.jfrParkedNanos())));
        }
        c.add(new Column<>("events", "Events on the thread's own stream.", t -> count(t.events())));
        return c;
    }

    static final List<Column<Collector>> COLLECTORS = List.of(
            new Column<>("collector", "The garbage collector the JVM names.", Collector::name),
            new Column<>("pauses", "GC events.", c -> count(c.pauses())),
            new Column<>("pause ms", "Their summed durations.", c -> ms(c.pauseNanos())),
            new Column<>("max pause ms", "The longest.", c -> ms(c.maxPauseNanos())));

    static String ms(Long nanos) {
        return nanos == null ? "-" : String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    static String count(long n) {
        return Long.toString(n);
    }
}
