package org.orbscope.postprocess.stages;

/** What the extractor knows about one thread while streaming: its name, blocking totals and open fragments. */
final class ThreadState {
    final long tid;
    String name;
    /** The thread has done controller work: replies it sends are rejections, not dispatcher stages. */
    boolean controllerThread;
    /** The thread has received messages: replies it sends itself are rejections, not dispatcher stages. */
    boolean receiverThread;
    boolean dispatcherThread;
    private final long[] closed = new long[BlockKind.values().length];
    private final long[] openSince = {-1, -1, -1};

    /** Time of the thread's latest event seen: where its record ends if the trace was cut. */
    long lastTs = Long.MIN_VALUE;
    /** The thread's end is in the trace, so nothing of it can be missing at a cut. */
    boolean ended;
    /** The thread has started a request (arrival, controller or dispatcher begin): it has a start to wait for. */
    boolean sawStart;
    /**
     * Events of the thread were lost and it has not started a request since: a fragment it opens now may lack
     * its beginning.
     */
    boolean resumed;
    /** Since when events of the thread may be missing (a damaged chunk was skipped), or MIN_VALUE. */
    long holeSince = Long.MIN_VALUE;

    ReceiverFragment receiver;
    ControllerFragment controller;
    DispatcherFragment dispatcher;
    /** The role of the thread's latest boundary event, or null: request names go to its side's fragment. */
    Role lastRole;

    ThreadState(long tid) {
        this.tid = tid;
    }

    /** The thread's open fragment on the side of {@code role} (receiver, controller or dispatcher), or null. */
    Fragment fragment(Role role) {
        return role.receiverSide() ? receiver : role.controllerSide() ? controller : dispatcher;
    }

    void begin(BlockKind kind, long ts) {
        openSince[kind.ordinal()] = ts;
    }

    void end(BlockKind kind, long ts) {
        int k = kind.ordinal();
        if (openSince[k] >= 0) {
            closed[k] += Math.max(0, ts - openSince[k]);
            openSince[k] = -1;
        }
    }

    /** Running total of {@code kind} up to {@code ts}, counting an interval still open at {@code ts}. */
    long total(BlockKind kind, long ts) {
        int k = kind.ordinal();
        long open = openSince[k] >= 0 ? Math.max(0, ts - openSince[k]) : 0;
        return closed[k] + open;
    }

    /** After dropped events the open intervals can no longer be trusted. */
    void forgetOpenIntervals() {
        openSince[0] = openSince[1] = openSince[2] = -1;
    }
}
