package org.orbscope.postprocess.stages;

/**
 * The events stage extraction needs, in each thread's own order (threads may interleave arbitrarily).
 * Times are epoch nanoseconds; {@code cpu} is the thread's CPU time or {@link #NO_CPU}.
 */
public interface StageEventSink {
    long NO_CPU = Long.MIN_VALUE;

    void threadName(long tid, String name);

    /** A boundary method entered or left. {@code hasKey} tells whether {@code key} was recorded. */
    void boundary(long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                  boolean exceptional);

    /**
     * A name of the request the thread works on ({@code operation}, {@code object}), read by the method whose boundary
     * the thread passed last. Traces recorded without names have none.
     */
    default void requestName(long tid, long ts, String attribute, String value) {
    }

    void blocking(long tid, long ts, BlockKind kind, boolean begin);

    void gc(long start, long duration);

    /** The thread ended at {@code ts}: its record is whole, even in a trace cut short after it. */
    void threadEnded(long tid, long ts);

    /** A damaged part of the trace was skipped here: any thread may be missing events from this point on. */
    void eventsLost();

    /**
     * The agent dropped {@code count} events of this thread before {@code ts} (tid < 0: thread unknown, ts
     * meaningless).
     */
    void dropped(long tid, long ts, long count);
}
