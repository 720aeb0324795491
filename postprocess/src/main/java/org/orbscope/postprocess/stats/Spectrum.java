package org.orbscope.postprocess.stats;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The percentile spectrum of a distribution as HdrHistogram prints it (and wrk2, and HdrHistogram's plotter draw
 * it): the value at percentiles that close in on 100% by halving the distance to it, five steps per halving, so
 * the tail gets as many points as the body. Plotted against 1/(1-p) on a log axis, 90%, 99%, 99.9% are equally
 * spaced.
 */
public final class Spectrum {
    /** Steps per halving of the distance to 100%, as HdrHistogram's percentile output uses by default. */
    static final int TICKS_PER_HALF_DISTANCE = 5;

    private Spectrum() {
    }

    /** One step: the percentile, the value there (ms), and how many values are at or below it. */
    public record Step(double percentile, double ms, long count) {
        /**
         * The step's place on the 1/(1-p) axis as log10(1/(1-p)): 0 at the median's far side, 1 at 90%, 2 at 99%;
         * 100% (the maximum) sits one step beyond the last value below it, at log10 of the count.
         */
        public double logInverseTail(long total) {
            return percentile >= 100 ? Math.log10(Math.max(10, total)) : -Math.log10(1 - percentile / 100);
        }
    }

    /** The spectrum of {@code d}; null when it is empty. */
    public static List<Step> of(Distribution d) {
        if (d == null || d.isEmpty()) {
            return null;
        }
        List<Step> out = new ArrayList<>();
        for (HistogramIterationValue v : d.histogram().percentiles(TICKS_PER_HALF_DISTANCE)) {
            double ms = d.histogram().highestEquivalentValue(v.getValueIteratedTo()) / 1e6;
            out.add(new Step(v.getPercentileLevelIteratedTo(), ms, v.getTotalCountToThisValue()));
        }
        return out;
    }
}
