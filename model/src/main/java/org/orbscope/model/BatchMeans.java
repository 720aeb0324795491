package org.orbscope.model;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A confidence interval for the mean of a correlated series (the completion times of successive requests) by the
 * method of batch means: the series is cut into consecutive batches of equal size and the batch means, nearly
 * independent once a batch is much longer than the series' correlation time, give a Student-t interval. The batch
 * size is not known in advance, so batches start at one value and, when {@value #MAX_BATCHES} are full, adjacent
 * pairs merge and the size doubles: a run of n values ends with {@value #MAX_BATCHES}/2 to {@value #MAX_BATCHES}
 * batches of n/{@value #MAX_BATCHES} to 2n/{@value #MAX_BATCHES} values each, in constant memory. The values after the last full
 * batch stay out of the interval (but not out of {@link TimeStats}' mean).
 */
public final class BatchMeans {
    static final int MAX_BATCHES = 64;

    /** A mean with the half width of its interval at {@code confidence}; NaN half width with under 2 batches. */
    public record Interval(double mean, double halfWidth, double confidence, int batches, long batchSize) {
        public double low() {
            return mean - halfWidth;
        }

        public double high() {
            return mean + halfWidth;
        }

        /** Whether {@code value} lies in the interval. */
        public boolean contains(double value) {
            return Math.abs(value - mean) <= halfWidth;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.4f +- %.4f (%.1f%%, %d batches of %d)", mean, halfWidth,
                    100 * confidence, batches, batchSize);
        }
    }

    private final double[] sums = new double[MAX_BATCHES];
    private int full;
    private long batchSize = 1;
    private double current;
    private long inCurrent;

    void record(double value) {
        current += value;
        if (++inCurrent == batchSize) {
            sums[full++] = current;
            current = 0;
            inCurrent = 0;
            if (full == MAX_BATCHES) {
                for (int i = 0; i < MAX_BATCHES / 2; i++) {
                    sums[i] = sums[2 * i] + sums[2 * i + 1];
                }
                full = MAX_BATCHES / 2;
                batchSize *= 2;
            }
        }
    }

    /**
     * The interval of the mean over the full batches, scaled by {@code scale} (1e-6: nanoseconds to milliseconds).
     *
     * @param confidence e.g. 0.95
     */
    public Interval interval(double confidence, double scale) {
        if (full == 0) {
            return new Interval(Double.NaN, Double.NaN, confidence, 0, batchSize);
        }
        double mean = 0;
        for (int i = 0; i < full; i++) {
            mean += sums[i] / batchSize;
        }
        mean /= full;
        if (full < 2) {
            return new Interval(mean * scale, Double.NaN, confidence, full, batchSize);
        }
        double ss = 0;
        for (int i = 0; i < full; i++) {
            double d = sums[i] / batchSize - mean;
            ss += d * d;
        }
        double sd = Math.sqrt(ss / (full - 1));
        double t = new TDistribution(full - 1).inverseCumulativeProbability(0.5 + confidence / 2);
        return new Interval(mean * scale, t * sd / Math.sqrt(full) * scale, confidence, full, batchSize);
    }
}
