package org.orbscope.postprocess.run;

import org.orbscope.postprocess.stats.Summary;

/** Small arithmetic shared by the point summaries. */
final class Summaries {
    private Summaries() {
    }

    static Double mean(Summary s) {
        return s == null ? null : s.meanMs();
    }

    static Double relativeError(Double simulated, Double measured) {
        if (simulated == null || measured == null || measured == 0) {
            return null;
        }
        return (simulated - measured) / measured;
    }

    static void relativeErrors(PointSummary.Simulated sim, PointSummary p) {
        sim.queueRelativeError = relativeError(sim.queueMs, mean(p.stages.get("queue")));
        sim.completionRelativeError = relativeError(sim.completionMs, mean(p.stages.get("completion")));
    }
}
