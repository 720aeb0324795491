package org.orbscope.model;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Statistics of one simulated time (completion, queueing...): exact mean from a running sum, percentiles from an
 * HdrHistogram (3 significant digits) so memory does not grow with the number of requests, and for the times the
 * output and the tests judge by, a batch-means confidence interval of the mean ({@link BatchMeans}).
 */
public final class TimeStats {
    private final Histogram histogram = new Histogram(3);
    private final BatchMeans batches;
    private long count;
    private double sumNanos;
    private double maxNanos;

    /** Mean and percentiles only. */
    TimeStats() {
        this(false);
    }

    /** With {@code interval}, also the batch means of the values in the order they are recorded. */
    TimeStats(boolean interval) {
        batches = interval ? new BatchMeans() : null;
    }

    void record(double nanos) {
        if (batches != null) {
            batches.record(nanos);
        }
        count++;
        sumNanos += nanos;
        if (nanos > maxNanos) {
            maxNanos = nanos;
        }
        histogram.recordValue((long) Math.max(0, nanos));
    }

    public long count() {
        return count;
    }

    public double meanMs() {
        return count == 0 ? Double.NaN : sumNanos / count / 1e6;
    }

    /** Percentile in milliseconds, {@code percent} in 0..100. */
    public double percentileMs(double percent) {
        return count == 0 ? Double.NaN : histogram.getValueAtPercentile(percent) / 1e6;
    }

    /**
     * The confidence interval of the mean in milliseconds, from the batch means of the values in the order they
     * were recorded (the order requests ended); null for a time kept without one.
     */
    public BatchMeans.Interval intervalMs(double confidence) {
        return batches == null ? null : batches.interval(confidence, 1e-6);
    }

    public double maxMs() {
        return maxNanos / 1e6;
    }

    double sumNanos() {
        return sumNanos;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "mean %.4f ms, p50 %.4f, p90 %.4f, p95 %.4f, p99 %.4f, max %.4f (n=%d)",
                meanMs(), percentileMs(50), percentileMs(90), percentileMs(95), percentileMs(99), maxMs(), count);
    }
}
