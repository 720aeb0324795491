package org.orbscope.postprocess.stats;

import org.HdrHistogram.Histogram;

/**
 * Exact count, mean and variance (Welford) plus HdrHistogram percentiles of nanosecond values.
 * Mean and variance are exact because Harkema et al.'s tables report means; percentiles are 3-digit precise.
 * A value may stand for several (a request recorded one in N stands for N): mean, variance and percentiles then
 * weigh it so (West's weighted Welford), and {@link #count} stays the values added, whose number the mean's
 * standard error goes with.
 */
public final class Distribution {
    private final Histogram histogram = new Histogram(3);
    private long count;
    private long weight;
    private double mean;
    private double m2;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public void add(long ns) {
        add(ns, 1);
    }

    /** A value that stands for {@code w} values (w >= 1). */
    public void add(long ns, int w) {
        long v = Math.max(0, ns);
        histogram.recordValueWithCount(v, w);
        count++;
        weight += w;
        double delta = v - mean;
        mean += delta * w / weight;
        m2 += w * delta * (v - mean);
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    public long count() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** Mean in ns (NaN when empty). */
    public double mean() {
        return count == 0 ? Double.NaN : mean;
    }

    /** Sample variance in ns^2 (NaN with fewer than two values), each value weighed as it was added. */
    public double variance() {
        return count < 2 ? Double.NaN : m2 / weight * count / (count - 1);
    }

    public double percentile(double p) {
        // HdrHistogram answers its bucket's highest equivalent value, which may pass the exact maximum.
        return count == 0 ? Double.NaN : Math.min(histogram.getValueAtPercentile(p), max);
    }

    public double min() {
        return count == 0 ? Double.NaN : min;
    }

    public double max() {
        return count == 0 ? Double.NaN : max;
    }

    public Histogram histogram() {
        return histogram;
    }
}
