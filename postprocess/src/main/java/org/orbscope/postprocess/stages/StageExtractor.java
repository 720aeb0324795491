package org.orbscope.postprocess.stages;

import org.orbscope.run.RequestStages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Streams boundary events into per-thread fragments of requests and joins them into rows as the trace goes
 * ({@link FragmentJoiner}): memory grows with the requests in flight, not with the requests seen. Rows go to a
 * {@link RowSink} as they are final; without one, {@link #finish} returns them all.
 */
public final class StageExtractor implements StageEventSink {
    private static final int DIRECT_TIDS = 1 << 16;

    private final ThreadState[] direct = new ThreadState[DIRECT_TIDS];
    private final Map<Long, ThreadState> others = new HashMap<>();
    private final GcIntervals gc = new GcIntervals();
    private final StageDiagnostics diagnostics = new StageDiagnostics();
    /** Stretches of time in which some thread's events are missing (drops, the cut of a truncated trace). */
    private final Gaps gaps = new Gaps();
    /** The rows, when no sink was given. */
    private final List<RequestStages> rows;
    private final FragmentJoiner joiner;
    private long latest = Long.MIN_VALUE;
    private long nextAdvance = Long.MIN_VALUE;

    /** An extractor that keeps the rows and returns them from {@link #finish}. */
    public StageExtractor() {
        rows = new ArrayList<>();
        joiner = new FragmentJoiner(gc, gaps, diagnostics, rows::add, FragmentJoiner.DEFAULT_HORIZON_NS,
                FragmentJoiner.DEFAULT_EXPIRY_NS);
    }

    /** An extractor that hands each row to {@code sink} as it is final and keeps none. */
    public StageExtractor(RowSink sink) {
        rows = null;
        joiner = new FragmentJoiner(gc, gaps, diagnostics, sink, FragmentJoiner.DEFAULT_HORIZON_NS,
                FragmentJoiner.DEFAULT_EXPIRY_NS);
    }

    private ThreadState thread(long tid) {
        ThreadState t;
        if (tid >= 0 && tid < DIRECT_TIDS) {
            t = direct[(int) tid];
            if (t == null) {
                t = new ThreadState(tid);
                direct[(int) tid] = t;
            }
        } else {
            t = others.computeIfAbsent(tid, ThreadState::new);
        }
        return t;
    }

    /** The thread of an event at {@code ts}; the first event after a skipped chunk closes the thread's hole. */
    private ThreadState thread(long tid, long ts) {
        ThreadState t = thread(tid);
        if (t.holeSince != Long.MIN_VALUE) {
            gaps.add(t, t.holeSince, ts);
            t.holeSince = Long.MIN_VALUE;
        }
        t.lastTs = Math.max(t.lastTs, ts);
        if (ts > latest) {
            latest = ts;
            // The joiner looks at the clock every millisecond of trace time, not at every event.
            if (ts >= nextAdvance) {
                joiner.advance(ts);
                nextAdvance = ts + 1_000_000;
            }
        }
        return t;
    }

    @Override
    public void threadName(long tid, String name) {
        thread(tid).name = name;
    }

    @Override
    public void blocking(long tid, long ts, BlockKind kind, boolean begin) {
        ThreadState t = thread(tid, ts);
        if (begin) {
            t.begin(kind, ts);
        } else {
            t.end(kind, ts);
        }
    }

    @Override
    public void gc(long start, long duration) {
        gc.add(start, duration);
    }

    @Override
    public void threadEnded(long tid, long ts) {
        thread(tid, ts).ended = true;
    }

    @Override
    public void eventsLost() {
        diagnostics.lostChunks++;
        for (ThreadState t : threads()) {
            if (t.ended) {
                continue;
            }
            cut(t);
            if (t.holeSince == Long.MIN_VALUE) {
                t.holeSince = t.lastTs;
            }
        }
    }

    private List<ThreadState> threads() {
        List<ThreadState> all = new ArrayList<>(others.values());
        for (ThreadState t : direct) {
            if (t != null) {
                all.add(t);
            }
        }
        return all;
    }

    @Override
    public void dropped(long tid, long ts, long count) {
        diagnostics.droppedEvents += count;
        if (tid < 0) {
            diagnostics.droppedUnattributed += count;
            return;
        }
        // The thread's open fragments may lack events now: close them so they are reported as incomplete.
        ThreadState t = thread(tid);
        gaps.add(t, t.lastTs, ts);
        t.lastTs = Math.max(t.lastTs, ts);
        cut(t);
    }

    /**
     * Events of the thread may be missing from here on. Its open fragments stay open, marked cut (their requests
     * are incomplete, and no stage is measured across the loss): the events that follow may finish the same
     * requests, and a request's two halves must stay one request.
     */
    private void cut(ThreadState t) {
        boolean open = false;
        for (Fragment f : new Fragment[] {t.receiver, t.controller, t.dispatcher}) {
            if (f != null) {
                f.cut = true;
                f.keylessAtCut = !f.hasKey;
                open = true;
            }
        }
        if (open) {
            diagnostics.fragmentsCutByDrops++;
        }
        t.resumed = t.sawStart;
        t.forgetOpenIntervals();
    }

    private static boolean startsRequest(Role role, boolean enter) {
        return enter && (role == Role.RECV_ARRIVAL || role == Role.CTRL_PROCESS || role == Role.DISP_BEGIN);
    }

    /**
     * An event with another key than the cut fragment of its side belongs to another request: the end of the cut
     * one and the start of this one were lost. The cut fragment is closed.
     */
    private void closeIfOtherRequest(ThreadState t, Role role, boolean hasKey, long key) {
        Fragment f = t.fragment(role);
        if (f == null || !f.cut || !hasKey || !f.hasKey || f.key == key) {
            return;
        }
        if (f == t.receiver) {
            closeReceiver(t);
        } else if (f == t.controller) {
            closeController(t);
        } else {
            closeDispatcher(t);
        }
    }

    @Override
    public void boundary(long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                         boolean exceptional) {
        diagnostics.boundaryEvents++;
        ThreadState t = thread(tid, ts);
        if (role.controllerSide()) {
            t.controllerThread = true;
        } else if (role.receiverSide()) {
            t.receiverThread = true;
        } else {
            t.dispatcherThread = true;
        }
        closeIfOtherRequest(t, role, hasKey, key);
        if (startsRequest(role, enter)) {
            t.sawStart = true;
            t.resumed = false;
        }
        if (role.receiverSide()) {
            receiver(t, ts, role, enter, hasKey, key, cpu, exceptional);
        } else if (role.controllerSide()) {
            controller(t, ts, role, enter, hasKey, key, cpu);
        } else {
            dispatcher(t, ts, role, enter, hasKey, key, cpu);
        }
        t.lastRole = role;
    }

    /** A boundary of a receiver thread's role. */
    private void receiver(ThreadState t, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                          boolean exceptional) {
        switch (role) {
            case RECV_ARRIVAL:
                if (enter) {
                    closeReceiver(t);
                    ReceiverFragment r = newReceiver(t);
                    r.set(ReceiverFragment.ARRIVAL, t, ts, cpu);
                }
                break;
            case RECV_BIND:
                if (hasKey) {
                    receiverFor(t, key).key(key);
                }
                break;
            case RECV_ENQUEUE: {
                ReceiverFragment r = hasKey ? receiverFor(t, key) : receiverOrNew(t);
                if (hasKey) {
                    r.key(key);
                }
                if (!enter) {
                    r.set(ReceiverFragment.ENQUEUED, t, ts, cpu);
                    r.rejected = exceptional;
                }
                break;
            }
            case RECV_END:
                if (!enter && t.receiver != null) {
                    t.receiver.set(ReceiverFragment.END, t, ts, cpu);
                    closeReceiver(t);
                }
                break;
            default:
                break;
        }
    }

    /** A boundary of the request controller's role. */
    private void controller(ThreadState t, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu) {
        switch (role) {
            case CTRL_PROCESS:
                if (enter) {
                    closeController(t);
                    ControllerFragment c = new ControllerFragment();
                    c.thread = t;
                    c.set(ControllerFragment.BEGIN, t, ts, cpu);
                    if (hasKey) {
                        c.key(key);
                    }
                    t.controller = c;
                } else if (t.controller != null) {
                    t.controller.set(ControllerFragment.END, t, ts, cpu);
                    closeController(t);
                }
                break;
            case CTRL_ASSIGN:
                if (enter) {
                    boolean standalone = t.controller == null;
                    ControllerFragment c = standalone ? opened(t, new ControllerFragment()) : t.controller;
                    c.thread = t;
                    if (hasKey) {
                        c.key(key);
                    }
                    c.assigned = ts;
                    if (standalone) {
                        joiner.add(c);
                    }
                }
                break;
            default:
                break;
        }
    }

    /** A boundary of a dispatcher thread's role. */
    private void dispatcher(ThreadState t, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu) {
        switch (role) {
            case DISP_BEGIN:
                if (enter) {
                    if (t.dispatcher != null && (t.dispatcher.has(DispatcherFragment.BEGIN) || t.dispatcher.cut)) {
                        closeDispatcher(t);
                    }
                    dispatcherFor(t, hasKey, key).set(DispatcherFragment.BEGIN, t, ts, cpu);
                } else if (t.dispatcher != null) {
                    t.dispatcher.set(DispatcherFragment.PROCESSED, t, ts, cpu);
                }
                break;
            case DISP_SERVANT: {
                DispatcherFragment d = dispatcherFor(t, hasKey, key);
                if (enter) {
                    d.set(DispatcherFragment.SERVANT_BEGIN, t, ts, cpu);
                } else {
                    d.set(DispatcherFragment.SERVANT_END, t, ts, cpu);
                }
                break;
            }
            case DISP_REPLY:
                // Receiver and controller threads answer rejected requests themselves: no dispatcher stage.
                if (t.dispatcher == null && (t.receiverThread || t.controllerThread)) {
                    break;
                }
                DispatcherFragment d = dispatcherFor(t, hasKey, key);
                if (enter) {
                    d.set(DispatcherFragment.REPLY_BEGIN, t, ts, cpu);
                } else {
                    d.set(DispatcherFragment.REPLY_END, t, ts, cpu);
                }
                break;
            case DISP_RESULT:
                if (t.dispatcher == null && (t.receiverThread || t.controllerThread)) {
                    break;
                }
                DispatcherFragment r = dispatcherFor(t, hasKey, key);
                if (!enter) {
                    r.set(DispatcherFragment.RESULT, t, ts, cpu);
                }
                break;
            case DISP_FINISH:
                if (t.dispatcher != null && hasKey) {
                    dispatcherFor(t, true, key);
                }
                break;
            case DISP_END:
                if (!enter && t.dispatcher != null) {
                    t.dispatcher.set(DispatcherFragment.END, t, ts, cpu);
                    closeDispatcher(t);
                }
                break;
            default:
                break;
        }
    }

    @Override
    public void requestName(long tid, long ts, String attribute, String value) {
        ThreadState t = thread(tid, ts);
        Fragment f = t.lastRole == null ? null : t.fragment(t.lastRole);
        if (f != null) {
            f.name(attribute, value);
        } else {
            diagnostics.unplacedNames++;
        }
    }

    /** A fragment the thread opens; after a loss and before the thread's next start it may lack its beginning. */
    private static <F extends Fragment> F opened(ThreadState t, F f) {
        f.cut = t.resumed;
        return f;
    }

    private ReceiverFragment newReceiver(ThreadState t) {
        ReceiverFragment r = opened(t, new ReceiverFragment());
        r.thread = t;
        t.receiver = r;
        return r;
    }

    private ReceiverFragment receiverOrNew(ThreadState t) {
        return t.receiver != null ? t.receiver : newReceiver(t);
    }

    /** The thread's open receiver fragment, unless it belongs to another request (its end was lost). */
    private ReceiverFragment receiverFor(ThreadState t, long key) {
        if (t.receiver != null && t.receiver.hasKey && t.receiver.key != key) {
            closeReceiver(t);
        }
        return receiverOrNew(t);
    }

    private DispatcherFragment dispatcherFor(ThreadState t, boolean hasKey, long key) {
        DispatcherFragment d = t.dispatcher;
        if (d != null && hasKey && d.hasKey && d.key != key) {
            closeDispatcher(t);
            d = null;
        }
        if (d == null) {
            d = opened(t, new DispatcherFragment());
            d.thread = t;
            t.dispatcher = d;
        }
        if (hasKey) {
            d.key(key);
        }
        return d;
    }

    private void closeReceiver(ThreadState t) {
        ReceiverFragment r = t.receiver;
        if (r == null) {
            return;
        }
        t.receiver = null;
        if (leftOut(r)) {
            return;
        }
        if (!r.hasKey && !r.has(ReceiverFragment.ENQUEUED)) {
            // GIOP messages other than requests (locate, close, replies on bidir connections) end here.
            diagnostics.nonRequestMessages++;
            return;
        }
        joiner.add(r);
    }

    private void closeController(ThreadState t) {
        if (t.controller != null && !leftOut(t.controller)) {
            joiner.add(t.controller);
        }
        t.controller = null;
    }

    private void closeDispatcher(ThreadState t) {
        if (t.dispatcher != null && !leftOut(t.dispatcher)) {
            joiner.add(t.dispatcher);
        }
        t.dispatcher = null;
    }

    /**
     * A cut fragment without a key cannot be joined to the rest of its request, which is counted from its other
     * fragments: as a request of its own it would count that request twice.
     */
    private boolean leftOut(Fragment f) {
        if (f.cut && !f.hasKey) {
            diagnostics.unjoinableAfterLoss++;
            return true;
        }
        return false;
    }

    private void closeAll(ThreadState t) {
        closeReceiver(t);
        closeController(t);
        closeDispatcher(t);
    }

    /**
     * Ends the stream and joins the fragments left into requests.
     *
     * @param truncated whether the trace ended without its proper end (crash, kill)
     * @return the diagnostics, and the rows unless a sink took them
     */
    public StageResult finish(boolean truncated) {
        for (ThreadState t : threads()) {
            if (truncated && !t.ended) {
                cutUnkeyed(t);
            }
            closeAll(t);
            if (t.holeSince != Long.MIN_VALUE && !t.ended) {
                gaps.add(t, t.holeSince, Long.MAX_VALUE);
            }
            // A trace cut short loses a suffix of each thread's record; a thread whose end is in the trace lost
            // nothing. Idle threads of the ORB that are still alive (pool threads) count: their last events
            // may sit in a buffer the agent had not handed over yet.
            if (truncated && !t.ended) {
                gaps.add(t, t.lastTs, Long.MAX_VALUE);
            }
        }
        diagnostics.truncated = truncated;
        diagnostics.gcPauses = gc.count();
        diagnostics.gcTotalNs = gc.total();
        joiner.finish();
        return new StageResult(rows == null ? List.of() : rows, diagnostics);
    }

    /**
     * At the cut of a truncated trace a fragment whose key would have come later (a dispatcher before its reply)
     * is half of a request whose other half is keyed: it is left out rather than counted as a request. A keyed
     * fragment stays as it is: a request cut off at the end of a thread's record is incomplete by what it lacks.
     */
    private static void cutUnkeyed(ThreadState t) {
        for (Fragment f : new Fragment[] {t.receiver, t.controller, t.dispatcher}) {
            if (f != null && !f.hasKey) {
                f.cut = true;
            }
        }
    }
}
