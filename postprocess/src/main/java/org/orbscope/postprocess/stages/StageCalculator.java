package org.orbscope.postprocess.stages;

import org.orbscope.run.StageColumn;
import org.orbscope.run.RequestStages;
import java.util.ArrayList;
import java.util.List;

/** Turns the fragments of one request into its stage-table row; a number is only set when both ends exist. */
final class StageCalculator {
    private final GcIntervals gc;

    StageCalculator(GcIntervals gc) {
        this.gc = gc;
    }

    /** A request name as the first of its fragments that has it says (receiver, controller, dispatcher); "" for none. */
    private static String first(String r, String c, String d) {
        return r != null ? r : c != null ? c : d != null ? d : "";
    }

    RequestStages row(ReceiverFragment r, ControllerFragment c, DispatcherFragment d) {
        RequestStages s = new RequestStages();
        identify(s, r, c, d);
        Mark arrival = r == null ? null : r.get(ReceiverFragment.ARRIVAL);
        Mark enqueued = r == null ? null : r.get(ReceiverFragment.ENQUEUED);
        Mark receiverEnd = r == null ? null : r.get(ReceiverFragment.END);
        Mark dispatch = d == null ? null : d.get(DispatcherFragment.BEGIN);
        Mark firstEnd = d == null || d.firstPhaseEnd() < 0 ? null : d.get(d.firstPhaseEnd());
        Mark dispatcherEnd = d == null ? null : d.get(DispatcherFragment.END);
        Mark servantBegin = d == null ? null : d.get(DispatcherFragment.SERVANT_BEGIN);
        Mark servantEnd = d == null ? null : d.get(DispatcherFragment.SERVANT_END);
        Mark replyBegin = d == null ? null : d.get(DispatcherFragment.REPLY_BEGIN);
        Mark replyEnd = d == null ? null : d.get(DispatcherFragment.REPLY_END);

        setTs(s, StageColumn.ARRIVAL, arrival);
        setTs(s, StageColumn.ENQUEUED, enqueued);
        setTs(s, StageColumn.RECEIVER_END, receiverEnd);
        if (c != null && c.assigned != Long.MIN_VALUE) {
            s.set(StageColumn.ASSIGNED, c.assigned);
        }
        setTs(s, StageColumn.DISPATCH, dispatch);
        setTs(s, StageColumn.SERVANT_BEGIN, servantBegin);
        setTs(s, StageColumn.SERVANT_END, servantEnd);
        setTs(s, StageColumn.REPLY_BEGIN, replyBegin);
        setTs(s, StageColumn.REPLY_END, firstEnd);
        setTs(s, StageColumn.DISPATCHER_END, dispatcherEnd);
        boolean cut = r != null && r.cut || c != null && c.cut || d != null && d.cut;
        if (cut) {
            // Events of one of its threads may be missing inside the request, and the marks on either side of the
            // loss may belong to two requests: no stage is measured between them.
            status(s, r, d, true, arrival, enqueued, receiverEnd, dispatch, firstEnd, dispatcherEnd, servantBegin);
            return s;
        }

        setWall(s, StageColumn.RECEIVER, arrival, enqueued);
        setWall(s, StageColumn.QUEUE, enqueued, dispatch);
        setWall(s, StageColumn.DISPATCHER, dispatch, firstEnd);
        setWall(s, StageColumn.SERVANT, servantBegin, servantEnd);
        setWall(s, StageColumn.REPLY, replyBegin, replyEnd);
        setWall(s, StageColumn.COMPLETION, arrival, firstEnd);
        setWall(s, StageColumn.RECEIVER2, enqueued, receiverEnd);
        setWall(s, StageColumn.DISPATCHER2, firstEnd, dispatcherEnd);

        makeUp(s, StageColumn.RECEIVER, StageColumn.RECEIVER_CPU, arrival, enqueued, arrival, enqueued);
        Mark ctrlBegin = c == null ? null : c.get(ControllerFragment.BEGIN);
        Mark ctrlEnd = c == null ? null : c.get(ControllerFragment.END);
        makeUp(s, StageColumn.QUEUE, StageColumn.QUEUE_CPU, enqueued, dispatch, ctrlBegin, ctrlEnd);
        makeUp(s, StageColumn.DISPATCHER, StageColumn.DISPATCHER_CPU, dispatch, firstEnd, dispatch, firstEnd);
        makeUp(s, StageColumn.SERVANT, StageColumn.SERVANT_CPU, servantBegin, servantEnd, servantBegin, servantEnd);

        long cpuReceiver = receiverOwnCpu(r, d, arrival, receiverEnd, dispatch, dispatcherEnd);
        long cpuController = c == null ? 0 : Mark.cpuBetween(ctrlBegin, ctrlEnd);
        long cpuServant = Mark.cpuBetween(servantBegin, servantEnd);
        long cpuReply = Mark.cpuBetween(replyBegin, replyEnd);
        long cpuDispatch1 = Mark.cpuBetween(dispatch, firstEnd);
        long cpuDispatchAll = Mark.cpuBetween(dispatch, dispatcherEnd);
        s.set(StageColumn.CPU_RECEIVER, cpuReceiver);
        s.set(StageColumn.CPU_SERVANT, cpuServant);
        s.set(StageColumn.CPU_REPLY, cpuReply);
        // Each thread's part on its own: under CPU sampling the parts are drawn independently, so the mean CPU
        // per request is the sum of the parts' means, not the mean of the few requests with every part.
        s.set(StageColumn.CPU_CONTROLLER, c == null ? Mark.UNKNOWN : cpuController);
        s.set(StageColumn.CPU_DISPATCHER, cpuDispatchAll);
        if (known(cpuController, cpuDispatch1, cpuServant)) {
            long reply = cpuReply == Mark.UNKNOWN ? 0 : cpuReply;
            s.set(StageColumn.CPU_POA, Math.max(0, cpuController + cpuDispatch1 - cpuServant - reply));
        }
        if (known(cpuReceiver, cpuController, cpuDispatchAll)) {
            s.set(StageColumn.CPU_TOTAL, cpuReceiver + cpuController + cpuDispatchAll);
        }
        servantOffCpu(s, cpuServant);
        status(s, r, d, false, arrival, enqueued, receiverEnd, dispatch, firstEnd, dispatcherEnd, servantBegin);
        return s;
    }

    /**
     * The receiver thread's CPU for the request, both phases, without the dispatch it runs itself: a receiver that
     * dispatches (Apache Yoko's {@code threaded} model, a thread per connection) makes the upcall between its
     * enqueue and its end, on its own clock, and that CPU is the dispatcher's, counted once, in
     * {@code cpu_dispatcher_ns}.
     */
    private static long receiverOwnCpu(ReceiverFragment r, DispatcherFragment d, Mark arrival, Mark receiverEnd,
                                       Mark dispatch, Mark dispatcherEnd) {
        long all = Mark.cpuBetween(arrival, receiverEnd);
        if (!dispatchesItself(r, d, arrival, receiverEnd, dispatch, dispatcherEnd)) {
            return all;
        }
        long dispatched = Mark.cpuBetween(dispatch, dispatcherEnd);
        return all == Mark.UNKNOWN || dispatched == Mark.UNKNOWN ? Mark.UNKNOWN : Math.max(0, all - dispatched);
    }

    /** Whether the dispatcher's fragment runs on the receiver's thread inside the receiver's fragment. */
    private static boolean dispatchesItself(ReceiverFragment r, DispatcherFragment d, Mark arrival, Mark receiverEnd,
                                    Mark dispatch, Mark dispatcherEnd) {
        return r != null && d != null && r.thread != null && d.thread != null && r.thread.tid == d.thread.tid
                && arrival != null && receiverEnd != null && dispatch != null && dispatcherEnd != null
                && arrival.ts <= dispatch.ts && dispatcherEnd.ts <= receiverEnd.ts;
    }

    /** The request's key, operation, object and threads, as its fragments name them. */
    private static void identify(RequestStages s, ReceiverFragment r, ControllerFragment c, DispatcherFragment d) {
        Fragment keyed = r != null && r.hasKey ? r : d != null && d.hasKey ? d : c;
        if (keyed != null && keyed.hasKey) {
            s.key = Long.toHexString(keyed.key);
        }
        s.operation = first(r == null ? null : r.operation, c == null ? null : c.operation, d == null ? null : d.operation);
        s.object = first(r == null ? null : r.object, c == null ? null : c.object, d == null ? null : d.object);
        if (r != null) {
            s.receiverThread = r.threadName();
        }
        if (d != null) {
            s.dispatcherThread = d.threadName();
        }
    }

    /**
     * The model's b_sem: time the servant spends off the CPU by itself (waiting, blocked, parked). Wall minus CPU
     * would also count the time it was runnable but another thread had the core: that is the processor sharing the
     * model adds itself, so calibrating from it would count contention twice.
     */
    private static void servantOffCpu(RequestStages s, long cpuServant) {
        if (s.has(StageColumn.SERVANT) && cpuServant != Mark.UNKNOWN) {
            long off = 0;
            for (int part = 2; part <= 4; part++) { // blocked, wait, park
                StageColumn offCpu = StageColumn.makeUp(StageColumn.SERVANT_CPU, part);
                if (s.has(offCpu)) {
                    off += s.get(offCpu);
                }
            }
            s.set(StageColumn.SERVANT_NONCPU, Math.min(off, Math.max(0, s.get(StageColumn.SERVANT) - cpuServant)));
        }
    }

    private static boolean known(long... v) {
        for (long x : v) {
            if (x == Mark.UNKNOWN) {
                return false;
            }
        }
        return true;
    }

    private static void status(RequestStages s, ReceiverFragment r, DispatcherFragment d, boolean cut, Mark arrival,
                               Mark enqueued, Mark receiverEnd, Mark dispatch, Mark firstEnd,
                               Mark dispatcherEnd, Mark servantBegin) {
        if (r != null && r.rejected) {
            s.status = RequestStages.REJECTED;
            return;
        }
        if (!cut && arrival != null && enqueued != null && receiverEnd != null && d != null && dispatch != null
                && servantBegin != null && firstEnd != null && dispatcherEnd != null) {
            s.status = RequestStages.COMPLETE;
            return;
        }
        List<String> missing = new ArrayList<>();
        if (arrival == null) {
            missing.add("arrival");
        }
        if (enqueued == null) {
            missing.add("enqueued");
        }
        if (receiverEnd == null) {
            missing.add("receiver_end");
        }
        if (d == null) {
            missing.add("dispatcher");
        } else {
            if (dispatch == null) {
                missing.add("dispatch");
            }
            if (servantBegin == null) {
                missing.add("servant");
            }
            if (firstEnd == null) {
                missing.add("reply_end");
            }
            if (dispatcherEnd == null) {
                missing.add("dispatcher_end");
            }
        }
        if (cut) {
            missing.add("events_lost");
        }
        s.missing = String.join(";", missing);
        s.status = missing.isEmpty() ? RequestStages.COMPLETE : RequestStages.INCOMPLETE;
    }

    private static void setTs(RequestStages s, StageColumn col, Mark m) {
        if (m != null) {
            s.set(col, m.ts);
        }
    }

    private static void setWall(RequestStages s, StageColumn col, Mark a, Mark b) {
        if (a != null && b != null) {
            s.set(col, b.ts - a.ts);
        }
    }

    /**
     * Stage make-up. The wall interval is [from, to]; the thread counters come from [ca, cb] on one thread
     * (for the queue that is the controller thread's work on the request, not the whole wait).
     */
    private void makeUp(RequestStages s, StageColumn wallCol, StageColumn cpuCol, Mark from, Mark to, Mark ca, Mark cb) {
        if (from == null || to == null) {
            return;
        }
        long wall = to.ts - from.ts;
        long gcNs = gc.overlap(from.ts, to.ts);
        s.set(StageColumn.makeUp(cpuCol, 1), gcNs);
        if (ca == null || cb == null) {
            return;
        }
        long cpu = Mark.cpuBetween(ca, cb);
        long blocked = Math.max(0, cb.blocked() - ca.blocked());
        long waited = Math.max(0, cb.waited() - ca.waited());
        long parked = Math.max(0, cb.parked() - ca.parked());
        s.set(StageColumn.makeUp(cpuCol, 2), blocked);
        s.set(StageColumn.makeUp(cpuCol, 3), waited);
        s.set(StageColumn.makeUp(cpuCol, 4), parked);
        if (cpu != Mark.UNKNOWN) {
            s.set(cpuCol, cpu);
            s.set(StageColumn.makeUp(cpuCol, 5), Math.max(0, wall - cpu - gcNs - blocked - waited - parked));
        }
    }
}
