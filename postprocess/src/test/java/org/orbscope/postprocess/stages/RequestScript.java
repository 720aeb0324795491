package org.orbscope.postprocess.stages;

/**
 * Emits the boundary events JacORB's profile produces for one request, at chosen times, with CPU time
 * advancing by chosen amounts: the known input of the extraction tests.
 */
final class RequestScript {
    static final long RECEIVER = 1;
    static final long CONTROLLER = 2;
    static final long DISPATCHER = 3;

    long key;
    long arrival;
    long bind;
    long enqueueEnter;
    long enqueued;
    long receiverEnd;
    long ctrlBegin;
    long assigned;
    long ctrlEnd;
    long dispatch;
    long servantBegin;
    long servantEnd;
    long processed;
    long replyBegin;
    long replyEnd;
    long result;
    long dispatcherEnd;
    long dispatcherTid = DISPATCHER;
    boolean rejected;
    /** An Object.wait of the controller thread inside processRequest (waiting for a free processor). */
    long waitFrom = -1;
    long waitTo = -1;
    /** Request names read at the receiver's bind (JacORB's profile), or null. */
    String boundOperation;
    String boundObject;
    /** Request names read at the servant's enter (glassfish's profile), or null. */
    String servantOperation;
    String servantObject;

    /** A request whose times are {@code t0} plus fixed offsets (ns). */
    static RequestScript at(long key, long t0) {
        RequestScript s = new RequestScript();
        s.key = key;
        s.arrival = t0;
        s.bind = t0 + 20_000;
        s.enqueueEnter = t0 + 30_000;
        s.enqueued = t0 + 40_000;
        s.receiverEnd = t0 + 50_000;
        s.ctrlBegin = t0 + 60_000;
        s.assigned = t0 + 70_000;
        s.ctrlEnd = t0 + 80_000;
        s.dispatch = t0 + 100_000;
        s.servantBegin = t0 + 120_000;
        s.servantEnd = t0 + 8_120_000;
        s.processed = t0 + 8_130_000;
        s.replyBegin = t0 + 8_140_000;
        s.replyEnd = t0 + 8_190_000;
        s.result = t0 + 8_200_000;
        s.dispatcherEnd = t0 + 8_230_000;
        return s;
    }

    private static void names(StageEventSink sink, long tid, long ts, String operation, String object) {
        if (operation != null) {
            sink.requestName(tid, ts, "operation", operation);
        }
        if (object != null) {
            sink.requestName(tid, ts, "object", object);
        }
    }

    /** CPU clock: the thread's CPU equals its wall time since 0 divided by 2 (any monotone function works). */
    static long cpu(long ts) {
        return ts / 2;
    }

    void receiver(StageEventSink sink) {
        receiverUntilQueued(sink);
        receiverEnd(sink);
    }

    /** The receiver's events up to the request's hand-off (a receiver that dispatches runs the dispatch next). */
    void receiverUntilQueued(StageEventSink sink) {
        sink.boundary(RECEIVER, arrival, Role.RECV_ARRIVAL, true, false, 0, cpu(arrival), false);
        sink.boundary(RECEIVER, bind, Role.RECV_BIND, true, true, key, StageEventSink.NO_CPU, false);
        names(sink, RECEIVER, bind, boundOperation, boundObject);
        sink.boundary(RECEIVER, enqueueEnter, Role.RECV_ENQUEUE, true, true, key, cpu(enqueueEnter), false);
        sink.boundary(RECEIVER, enqueued, Role.RECV_ENQUEUE, false, true, key, cpu(enqueued), rejected);
    }

    void receiverEnd(StageEventSink sink) {
        sink.boundary(RECEIVER, receiverEnd, Role.RECV_END, false, false, 0, cpu(receiverEnd), false);
    }

    void controller(StageEventSink sink) {
        sink.boundary(CONTROLLER, ctrlBegin, Role.CTRL_PROCESS, true, true, key, cpu(ctrlBegin), false);
        if (waitFrom >= 0) {
            sink.blocking(CONTROLLER, waitFrom, BlockKind.WAITING, true);
            sink.blocking(CONTROLLER, waitTo, BlockKind.WAITING, false);
        }
        sink.boundary(CONTROLLER, assigned, Role.CTRL_ASSIGN, true, true, key, StageEventSink.NO_CPU, false);
        sink.boundary(CONTROLLER, ctrlEnd, Role.CTRL_PROCESS, false, true, key, cpu(ctrlEnd), false);
    }

    void dispatcher(StageEventSink sink) {
        long t = dispatcherTid;
        sink.boundary(t, dispatch, Role.DISP_BEGIN, true, false, 0, cpu(dispatch), false);
        sink.boundary(t, servantBegin, Role.DISP_SERVANT, true, false, 0, cpu(servantBegin), false);
        names(sink, t, servantBegin, servantOperation, servantObject);
        sink.boundary(t, servantEnd, Role.DISP_SERVANT, false, false, 0, cpu(servantEnd), false);
        sink.boundary(t, processed, Role.DISP_BEGIN, false, false, 0, cpu(processed), false);
        sink.boundary(t, replyBegin, Role.DISP_REPLY, true, true, key, cpu(replyBegin), false);
        sink.boundary(t, replyEnd, Role.DISP_REPLY, false, true, key, cpu(replyEnd), false);
        sink.boundary(t, result, Role.DISP_RESULT, false, true, key, cpu(result), false);
        sink.boundary(t, result + 5_000, Role.DISP_FINISH, true, true, key, StageEventSink.NO_CPU, false);
        sink.boundary(t, dispatcherEnd, Role.DISP_END, false, false, 0, cpu(dispatcherEnd), false);
    }

    void all(StageEventSink sink) {
        receiver(sink);
        controller(sink);
        dispatcher(sink);
    }
}
