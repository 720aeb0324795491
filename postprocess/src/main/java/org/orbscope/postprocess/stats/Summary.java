package org.orbscope.postprocess.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Statistics of one distribution in milliseconds, as written to summary.json and shown in the tables. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Summary(long count, Double meanMs, Double varianceMs2, Double stddevMs, Double minMs, Double p5Ms,
                      Double p50Ms, Double p90Ms, Double p95Ms, Double p99Ms, Double maxMs) {
    private static final double MS = 1e6;

    public static Summary of(Distribution d) {
        if (d.isEmpty()) {
            return new Summary(0, null, null, null, null, null, null, null, null, null, null);
        }
        double var = d.variance();
        Double varMs = Double.isNaN(var) ? null : var / (MS * MS);
        Double sd = varMs == null ? null : Math.sqrt(varMs);
        return new Summary(d.count(), d.mean() / MS, varMs, sd, d.min() / MS, d.percentile(5) / MS, d.percentile(50) / MS,
                d.percentile(90) / MS, d.percentile(95) / MS, d.percentile(99) / MS, d.max() / MS);
    }
}
