package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.orbscope.postprocess.stats.BatchMeans;

/**
 * Whether a point's response times come from a steady state: the warm-up found from the data by White's MSER-5
 * truncation rule, and the drift through the window as the trend of the batch means. Both read the measured
 * responses (the client's own warm-up already left out) in the order the requests ended.
 *
 * <p>MSER-5 averages the series in batches of {@value #MSER_BATCH} and truncates the first d batches whose removal
 * minimizes the remaining batches' squared standard error, {@code sum((b - mean)^2) / (m - d)^2}; d is searched
 * in the first half only, where the rule is known to be reliable (White, Cobb and Spratt).
 *
 * @param size measured responses
 * @param truncated responses MSER-5 truncates from the start
 * @param truncatedMeanMs their mean (NaN when none)
 * @param restMeanMs the mean of the rest
 * @param drift the batch means' linear trend from the first batch to the last, relative to the mean (0.5: the
 *     response rose by half the mean through the window); NaN with too few responses
 * @param driftP the trend's significance (the probability of a slope this steep without a trend); NaN likewise
 */
public record SteadyState(int size, int truncated, double truncatedMeanMs, double restMeanMs, double drift,
                          double driftP) {
    /** Responses per MSER batch. */
    static final int MSER_BATCH = 5;
    /** Below this many responses neither figure is computed. */
    static final int MIN_RESPONSES = 100;
    /** A warm-up is named when MSER-5 truncates at least this share of the measured responses ... */
    static final double WARMUP_SHARE = 0.10;
    /** ... and the truncated responses' mean exceeds the rest's by this share. */
    static final double WARMUP_EXCESS = 0.5;
    /** A drift is named when the trend through the window is at least this share of the mean ... */
    static final double DRIFT = 0.5;
    /** ... and significant at this level. */
    static final double DRIFT_SIGNIFICANCE = 0.01;
    /** The drift at which the server's queue is growing: the response doubles through the window. */
    static final double QUEUE_GROWTH = 1.0;

    /** The steady-state figures of {@code values} (ns, in the order they ended). */
    static SteadyState of(long[] values) {
        int n = values.length;
        if (n < MIN_RESPONSES) {
            return new SteadyState(n, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        int d = MSER_BATCH * mser(batchMeans(values, n / MSER_BATCH));
        double truncatedMean = d == 0 ? Double.NaN : mean(values, 0, d) / 1e6;
        double rest = mean(values, d, n) / 1e6;
        double[] batches = batchMeans(values, BatchMeans.BATCHES);
        SimpleRegression r = new SimpleRegression();
        for (int i = 0; i < batches.length; i++) {
            r.addData(i, batches[i]);
        }
        double all = mean(values, 0, n);
        double drift = all == 0 ? 0 : r.getSlope() * (batches.length - 1) / all;
        return new SteadyState(n, d, truncatedMean, rest, drift, r.getSignificance());
    }

    /** Whether the response rose (or fell) through the window by {@code share} of its mean, significantly. */
    boolean drifts(double share) {
        return !Double.isNaN(drift) && Math.abs(drift) >= share && driftP < DRIFT_SIGNIFICANCE;
    }

    /** The reasons a point is not in a steady state: a warm-up still in the window, a drift through it. */
    List<Validity.Reason> reasons() {
        List<Validity.Reason> out = new ArrayList<>();
        double share = size == 0 ? 0 : (double) truncated / size;
        if (share >= WARMUP_SHARE && truncatedMeanMs >= (1 + WARMUP_EXCESS) * restMeanMs) {
            out.add(Validity.Reason.suspect("steady.warm-up", WARMUP_SHARE, share, String.format(Locale.ROOT,
                    "still warming up: MSER-5 truncates the first %d of %d measured responses (mean %.3f ms "
                            + "against %.3f ms after them); raise client.warmup", truncated, size, truncatedMeanMs,
                    restMeanMs)));
        }
        if (drifts(DRIFT) && !drifts(QUEUE_GROWTH)) {
            out.add(Validity.Reason.suspect("steady.drift", DRIFT, drift, String.format(Locale.ROOT,
                    "the response time drifts through the window: %s%.0f%% of its mean from start to end "
                            + "(p = %.1g)", drift > 0 ? "+" : "", 100 * drift, driftP)));
        }
        return out;
    }

    /** The d (in batches, at most half of them) that minimizes the squared standard error of the batches after it. */
    static int mser(double[] b) {
        int m = b.length;
        double sum = 0;
        double squares = 0;
        double best = Double.MAX_VALUE;
        int bestD = 0;
        // From the end backwards: the sums of the batches after d grow one batch at a time.
        double[] score = new double[m];
        for (int d = m - 1; d >= 0; d--) {
            sum += b[d];
            squares += b[d] * b[d];
            int k = m - d;
            score[d] = (squares - sum * sum / k) / ((double) k * k);
        }
        for (int d = 0; d <= m / 2; d++) {
            if (score[d] < best) {
                best = score[d];
                bestD = d;
            }
        }
        return bestD;
    }

    /** The means of {@code count} consecutive equal batches of {@code values} (a remainder at the end is left out). */
    private static double[] batchMeans(long[] values, int count) {
        int per = values.length / count;
        double[] b = new double[count];
        for (int i = 0; i < count; i++) {
            b[i] = mean(values, i * per, (i + 1) * per);
        }
        return b;
    }

    private static double mean(long[] values, int from, int to) {
        return Arrays.stream(values, from, to).average().orElse(Double.NaN);
    }
}
