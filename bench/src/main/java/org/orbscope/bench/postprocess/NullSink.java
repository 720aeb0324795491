package org.orbscope.bench.postprocess;

import org.orbscope.postprocess.stages.BlockKind;
import org.orbscope.postprocess.stages.Role;
import org.orbscope.postprocess.stages.StageEventSink;

/** Consumes events and does nothing but count them, so the JIT cannot drop the producer. */
final class NullSink implements StageEventSink {
    static final NullSink INSTANCE = new NullSink();
    long sum;

    @Override
    public void threadName(long tid, String name) {
    }

    @Override
    public void boundary(long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                         boolean exceptional) {
        sum += ts ^ key;
    }

    @Override
    public void blocking(long tid, long ts, BlockKind kind, boolean begin) {
        sum += ts;
    }

    @Override
    public void gc(long start, long duration) {
        sum += start;
    }

    @Override
    public void threadEnded(long tid, long ts) {
        sum += ts;
    }

    @Override
    public void eventsLost() {
        sum++;
    }

    @Override
    public void dropped(long tid, long ts, long count) {
        sum += count;
    }
}
