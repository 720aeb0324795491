package org.orbscope.bench.postprocess;

import org.orbscope.postprocess.stages.BlockKind;
import org.orbscope.postprocess.stages.Role;
import org.orbscope.postprocess.stages.StageEventSink;

/**
 * Replays the boundary events of {@code requests} JacORB requests (the shape of Harkema et al.'s scenario A: one
 * receiver, one controller, ten dispatchers) into a sink, plus {@code noise} non-boundary-looking events per request
 * (monitor and wait pairs) so the mix resembles a real trace. Returns the number of events emitted.
 */
public final class SyntheticEvents {
    public static final int EVENTS_PER_REQUEST = 21;

    private SyntheticEvents() {
    }

    public static long replay(StageEventSink sink, int requests, long t0) {
        long events = 0;
        for (int i = 0; i < requests; i++) {
            long t = t0 + i * 10_000_000L;
            long key = 0x1000 + (i % 5000);
            long disp = 10 + (i % 10);
            sink.boundary(1, t, Role.RECV_ARRIVAL, true, false, 0, t / 2, false);
            sink.boundary(1, t + 20_000, Role.RECV_BIND, true, true, key, StageEventSink.NO_CPU, false);
            sink.boundary(1, t + 30_000, Role.RECV_ENQUEUE, true, true, key, t / 2 + 15_000, false);
            sink.boundary(1, t + 40_000, Role.RECV_ENQUEUE, false, true, key, t / 2 + 20_000, false);
            sink.boundary(1, t + 50_000, Role.RECV_END, false, false, 0, t / 2 + 25_000, false);
            sink.boundary(2, t + 60_000, Role.CTRL_PROCESS, true, true, key, t / 2 + 30_000, false);
            sink.blocking(2, t + 61_000, BlockKind.WAITING, true);
            sink.blocking(2, t + 62_000, BlockKind.WAITING, false);
            sink.boundary(2, t + 70_000, Role.CTRL_ASSIGN, true, true, key, StageEventSink.NO_CPU, false);
            sink.boundary(2, t + 80_000, Role.CTRL_PROCESS, false, true, key, t / 2 + 40_000, false);
            sink.boundary(disp, t + 100_000, Role.DISP_BEGIN, true, false, 0, t / 2 + 50_000, false);
            sink.boundary(disp, t + 120_000, Role.DISP_SERVANT, true, false, 0, t / 2 + 60_000, false);
            sink.blocking(disp, t + 130_000, BlockKind.BLOCKED, true);
            sink.blocking(disp, t + 131_000, BlockKind.BLOCKED, false);
            sink.boundary(disp, t + 8_120_000, Role.DISP_SERVANT, false, false, 0, t / 2 + 4_060_000, false);
            sink.boundary(disp, t + 8_130_000, Role.DISP_BEGIN, false, false, 0, t / 2 + 4_065_000, false);
            sink.boundary(disp, t + 8_140_000, Role.DISP_REPLY, true, true, key, t / 2 + 4_070_000, false);
            sink.boundary(disp, t + 8_190_000, Role.DISP_REPLY, false, true, key, t / 2 + 4_095_000, false);
            sink.boundary(disp, t + 8_200_000, Role.DISP_RESULT, false, true, key, t / 2 + 4_100_000, false);
            sink.boundary(disp, t + 8_205_000, Role.DISP_FINISH, true, true, key, StageEventSink.NO_CPU, false);
            sink.boundary(disp, t + 8_230_000, Role.DISP_END, false, false, 0, t / 2 + 4_115_000, false);
            if (i % 1000 == 0) {
                sink.gc(t + 5_000_000, 200_000);
                events++;
            }
            events += EVENTS_PER_REQUEST;
        }
        return events;
    }
}
