package org.orbscope.postprocess.stats;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The spread of a statistic over a run by batch means: the values, in the order they happened, cut into
 * consecutive batches; the statistic of each batch; a 95% interval from the batches' Student t spread. Consecutive
 * requests of a queue are correlated, so the spread of single requests would understate it; batches long enough
 * are nearly independent.
 */
public final class BatchMeans {
    /** Batches per run: enough for a t interval, each batch long enough to forget the one before. */
    public static final int BATCHES = 20;
    /** Below this many values per batch no interval is given. */
    static final int MIN_PER_BATCH = 5;

    private BatchMeans() {
    }

    /**
     * A statistic with its 95% half-width (NaN when the values are too few for batches).
     *
     * @param value the statistic of all the values
     */
    public record Estimate(double value, double halfWidth) {
        /** Whether {@code other} differs from this by more than the two half-widths together (in quadrature). */
        public boolean differsFrom(Estimate other) {
            if (Double.isNaN(halfWidth) || Double.isNaN(other.halfWidth) || Double.isNaN(value)
                    || Double.isNaN(other.value)) {
                return false;
            }
            return Math.abs(value - other.value) > Math.hypot(halfWidth, other.halfWidth);
        }
    }

    /** The mean of {@code values} (ns, in order) in ms, with the batch means half-width. */
    public static Estimate mean(long[] values) {
        return of(values, batch -> Arrays.stream(batch).average().orElse(Double.NaN));
    }

    /** The {@code percentile} of {@code values} (ns, in order) in ms, with the half-width of batch percentiles. */
    public static Estimate percentile(long[] values, double percentile) {
        return of(values, batch -> {
            long[] sorted = batch.clone();
            Arrays.sort(sorted);
            // The nearest-rank percentile, as HdrHistogram reports it.
            int rank = (int) Math.ceil(percentile / 100 * sorted.length);
            return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
        });
    }

    /** {@code statistic} of all values and of each batch, in ms (values in ns). */
    static Estimate of(long[] values, ToDoubleFunction<long[]> statistic) {
        if (values.length == 0) {
            return new Estimate(Double.NaN, Double.NaN);
        }
        double all = statistic.applyAsDouble(values) / 1e6;
        int perBatch = values.length / BATCHES;
        if (perBatch < MIN_PER_BATCH) {
            return new Estimate(all, Double.NaN);
        }
        double[] batch = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            batch[b] = statistic.applyAsDouble(Arrays.copyOfRange(values, b * perBatch, (b + 1) * perBatch)) / 1e6;
        }
        return new Estimate(all, halfWidth(batch));
    }

    /** The mean of per-interval counts (e.g. requests per second) with its 95% half-width; NaN below 3 intervals. */
    public static Estimate meanOfCounts(double[] counts) {
        if (counts.length < 3) {
            return new Estimate(counts.length == 0 ? Double.NaN : Arrays.stream(counts).average().orElse(Double.NaN),
                    Double.NaN);
        }
        return new Estimate(Arrays.stream(counts).average().orElse(Double.NaN), halfWidth(counts));
    }

    /**
     * The 95% Student t half-width of the mean of {@code xs} (two or more, independent): t(0.975, n-1) s / sqrt(n),
     * s the sample standard deviation.
     */
    public static double halfWidth(double[] xs) {
        double mean = Arrays.stream(xs).average().orElse(Double.NaN);
        double var = Arrays.stream(xs).map(v -> (v - mean) * (v - mean)).sum() / (xs.length - 1);
        return new TDistribution(xs.length - 1).inverseCumulativeProbability(0.975) * Math.sqrt(var / xs.length);
    }
}
