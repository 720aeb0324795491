package org.orbscope.postprocess.report;

import org.HdrHistogram.Histogram;
import org.orbscope.postprocess.stats.Distribution;

/** Equal-width bins (in ms) over a distribution up to its 99.5th percentile, for the distribution plots. */
final class Histograms {
    static final int BINS = 40;

    private Histograms() {
    }

    record Bins(long[] counts, double widthMs) {
    }

    static Bins of(Distribution d) {
        if (d == null || d.isEmpty()) {
            return new Bins(new long[0], 1);
        }
        Histogram h = d.histogram();
        double top = Math.max(1, d.percentile(99.5));
        // The bins end below their round top: a top equal to the largest value (every request as long as the
        // next, a round 60 us) would leave it out, so it moves a step up.
        Ticks ticks = Ticks.upTo(top, 4, false);
        double widthNs = Math.max(1, (ticks.max() > top ? ticks.max() : ticks.max() + ticks.step()) / BINS);
        long[] counts = new long[BINS];
        for (int i = 0; i < BINS; i++) {
            long lo = (long) (i * widthNs);
            long hi = (long) ((i + 1) * widthNs) - 1;
            counts[i] = h.getCountBetweenValues(lo, Math.max(lo, hi));
        }
        return new Bins(counts, widthNs / 1e6);
    }
}
