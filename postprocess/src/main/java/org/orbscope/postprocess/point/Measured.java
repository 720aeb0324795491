package org.orbscope.postprocess.point;

import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * Tells, request by request in arrival order, which requests a point's statistics cover: complete, not before
 * the workload (probes), not the client's warm-up (its first {@code warmup} requests, by the client's own number
 * when paired, else by rank).
 */
final class Measured {
    private final long warmup;
    private long workloadIndex;

    Measured(long warmup) {
        this.warmup = warmup;
    }

    boolean test(RequestStages r) {
        if (RequestStages.PROBE.equals(r.status)) {
            return false;
        }
        long rank = workloadIndex++;
        if (!r.complete()) {
            return false;
        }
        return !(warmup > 0 && (r.clientSeq != StageColumn.UNKNOWN ? r.clientSeq < warmup : rank < warmup));
    }
}
