package org.orbscope.postprocess.stages;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import org.orbscope.run.RequestStages;

/**
 * Joins receiver, controller and dispatcher fragments into requests while the trace streams by, holding only
 * the requests in flight. Keys are object identities that the JVM reuses once a request object is garbage, so
 * fragments are matched by key and then by time: each receiver fragment starts a request, the next controller
 * and dispatcher fragment with its key belong to it.
 *
 * <p>The trace interleaves threads by chunk, so a fragment may reach the joiner after later fragments of other
 * threads. A fragment is therefore joined only once the latest event seen is {@code horizon} past its time;
 * by then every fragment before it has arrived (a later one widens the horizon and is counted). A request that
 * is still open {@code expiry} after its first fragment is given up and reported incomplete, and a late
 * fragment older than the open request of its key stands alone. Rows leave in the order of their
 * {@link RequestStages#orderTime()}, numbered as they leave (a request open longer than the horizon leaves when
 * it closes); at the end of the trace everything left is joined, so a trace shorter than the horizon is joined
 * exactly as a whole.
 */
final class FragmentJoiner {
    /** How far behind the latest event a fragment is joined: longer than a buffer stays with its thread. */
    static final long DEFAULT_HORIZON_NS = 10_000_000_000L;
    /** How long a request may stay open before it is reported incomplete. */
    static final long DEFAULT_EXPIRY_NS = 60_000_000_000L;

    /** One request being assembled. */
    private static final class Group {
        final long key;
        final long firstTime;
        final long seq;
        ReceiverFragment r;
        ControllerFragment c;
        DispatcherFragment d;
        boolean done;

        Group(long key, long firstTime, long seq) {
            this.key = key;
            this.firstTime = firstTime;
            this.seq = seq;
        }
    }

    /**
     * A joined row waiting for its turn. Rows with the same order time leave as a join of the whole trace
     * would list them: keyed requests by key and time, then unkeyed fragments by time.
     */
    private record Ready(RequestStages row, long order, int unkeyed, long key, long time, long seq) {
    }

    // Field by field rather than a chain of comparingLong: this comparison runs a few times per request.
    private static final Comparator<Ready> BY_ORDER = (a, b) -> {
        int c = Long.compare(a.order, b.order);
        if (c == 0) {
            c = Integer.compare(a.unkeyed, b.unkeyed);
        }
        if (c == 0) {
            c = Long.compare(a.key, b.key);
        }
        if (c == 0) {
            c = Long.compare(a.time, b.time);
        }
        return c != 0 ? c : Long.compare(a.seq, b.seq);
    };

    private final StageCalculator calculator;
    private final Gaps gaps;
    private final StageDiagnostics diag;
    private final RowSink sink;
    private final long expiry;
    private long horizon;
    private final FragmentQueue pending;
    private final java.util.function.Consumer<Fragment> joinEach = this::join;
    private final Map<Long, Group> open = new HashMap<>();
    /** Open requests in the order they were started, which is the order of their first fragment's time. */
    private final ArrayDeque<Group> byAge = new ArrayDeque<>();
    private final PriorityQueue<Ready> ready = new PriorityQueue<>(BY_ORDER);
    private long seq;
    /** Fragments before this time are joined. */
    private long joinedUpTo = Long.MIN_VALUE;
    private long latest = Long.MIN_VALUE;
    private int index;

    FragmentJoiner(GcIntervals gc, Gaps gaps, StageDiagnostics diag, RowSink sink, long horizon, long expiry) {
        this.calculator = new StageCalculator(gc);
        this.gaps = gaps;
        this.diag = diag;
        this.sink = sink;
        this.horizon = horizon;
        this.expiry = expiry;
        this.pending = new FragmentQueue(2 * horizon);
    }

    /** A fragment that is closed: none of its marks change any more. */
    void add(Fragment f) {
        f.sortTime = f.anchor();
        f.seq = seq++;
        if (f.sortTime < joinedUpTo) {
            // Its thread held it longer than the horizon: join it now, and wait longer from here on.
            diag.lateFragments++;
            horizon = Math.max(horizon, 2 * (latest - f.sortTime));
            join(f);
        } else {
            pending.add(f);
        }
    }

    /** The latest event time seen so far: joins what lies a horizon behind it, hands on what is final. */
    void advance(long now) {
        latest = Math.max(latest, now);
        long bound = FragmentQueue.edge(latest - horizon);
        if (bound <= joinedUpTo) {
            return;
        }
        joinedUpTo = bound;
        pending.pollBefore(bound, joinEach);
        Group oldest;
        while ((oldest = oldestOpen()) != null && oldest.firstTime < bound - expiry) {
            diag.expiredRequests++;
            close(oldest);
        }
        gaps.forgetBefore(bound - expiry - horizon);
        // A request open longer than the horizon (its dispatcher's thread idles with its buffer) holds back no
        // rows beyond that: it leaves, out of order, when it closes.
        oldest = oldestOpen();
        release(oldest == null ? bound : Math.max(bound - horizon, Math.min(bound, oldest.firstTime)));
    }

    /** The end of the trace: joins and hands on everything left. */
    void finish() {
        pending.pollAll(joinEach);
        Group g;
        while ((g = oldestOpen()) != null) {
            close(g);
        }
        release(Long.MAX_VALUE);
        // Rows whose order time is the largest possible (no time known) leave last.
        while (!ready.isEmpty()) {
            hand(ready.poll().row);
        }
    }

    private Group oldestOpen() {
        Group g;
        while ((g = byAge.peekFirst()) != null && g.done) {
            byAge.pollFirst();
        }
        return g;
    }

    private void join(Fragment f) {
        if (!f.hasKey) {
            diag.unkeyedFragments++;
            RequestStages row = calculator.row(f instanceof ReceiverFragment rf ? rf : null,
                    f instanceof ControllerFragment cf ? cf : null, f instanceof DispatcherFragment df ? df : null);
            ready.add(new Ready(row, row.orderTime(), 1, 0, f.sortTime, f.seq));
            return;
        }
        Group g = open.get(f.key);
        if (g != null && f.sortTime < g.firstTime) {
            // A late fragment older than the request its key now names belongs to an earlier one, already
            // given up: it stands alone rather than being joined to the wrong request.
            Group alone = new Group(f.key, f.sortTime, f.seq);
            set(alone, f);
            close(alone);
            return;
        }
        boolean fits = g != null && (f instanceof ControllerFragment ? g.c == null && g.d == null
                : f instanceof DispatcherFragment && g.d == null);
        if (fits && g.r != null && gaps.ambiguous(g.r.sortTime, f.sortTime, f instanceof ControllerFragment)) {
            // It may belong to a later request whose receiver part is lost, or to this one: joined, the
            // request is counted once (a row of its own would count it twice when it is this one's), and
            // being uncertain it is incomplete.
            diag.ambiguousJoins++;
            f.cut = true;
        }
        if (!fits) {
            if (g != null) {
                close(g);
            }
            g = new Group(f.key, f.sortTime, f.seq);
            open.put(f.key, g);
            byAge.addLast(g);
        }
        set(g, f);
        if (g.d != null) {
            // Nothing joins a request after its dispatcher fragment: the next fragment with its key starts anew.
            close(g);
        }
    }

    private static void set(Group g, Fragment f) {
        if (f instanceof ReceiverFragment rf) {
            g.r = rf;
        } else if (f instanceof ControllerFragment cf) {
            g.c = cf;
        } else {
            g.d = (DispatcherFragment) f;
        }
    }

    private void close(Group g) {
        g.done = true;
        open.remove(g.key, g);
        RequestStages row = calculator.row(g.r, g.c, g.d);
        ready.add(new Ready(row, row.orderTime(), 0, g.key, g.firstTime, g.seq));
    }

    /** Hands on the rows that no request still to be joined can precede. */
    private void release(long before) {
        while (!ready.isEmpty() && ready.peek().order < before) {
            hand(ready.poll().row);
        }
    }

    private void hand(RequestStages row) {
        row.index = index++;
        diag.requests++;
        switch (row.status) {
            case RequestStages.COMPLETE -> diag.complete++;
            case RequestStages.REJECTED -> diag.rejected++;
            default -> diag.incomplete++;
        }
        sink.accept(row);
    }
}
