package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.orbscope.postprocess.stats.BatchMeans;

/**
 * How precisely a point measured its mean and p99 response: 95% intervals by batch means over the measured
 * responses in the order they ended ({@link BatchMeans}), and the percentiles the point is too short for.
 * summary.json holds it as {@code precision}.
 *
 * @param requests measured responses
 * @param meanMs the mean response
 * @param meanHalfWidthMs the 95% half-width of the mean; null when the responses are too few for batches
 * @param p99Ms the 99th percentile
 * @param p99HalfWidthMs the 95% half-width of the p99 (of the batches' p99s); null likewise
 * @param maximumPercentiles the percentiles the report shows that are the maximum here: fewer than one response
 *     lies beyond them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Precision(long requests, Double meanMs, Double meanHalfWidthMs, Double p99Ms, Double p99HalfWidthMs,
                        List<String> maximumPercentiles) {
    /** The mean is imprecise when its half-width is this share of it or more. */
    static final double MEAN_HALF_WIDTH = 0.5;
    /** The p99 is imprecise when its half-width is this share of it or more. */
    static final double P99_HALF_WIDTH = 0.5;
    /** Below this many responses the p99 is the maximum: the point is too short for it. */
    static final int P99_REQUESTS = 100;
    /** The percentiles the report shows beyond p99 (the spectrum's), with the responses each needs. */
    private static final String[] HIGH = {"p99.9", "p99.99"};
    private static final long[] HIGH_REQUESTS = {1_000, 10_000};

    public Precision {
        maximumPercentiles = List.copyOf(maximumPercentiles);
    }

    /** The precision of {@code series}; null without responses. */
    static Precision of(OrderedSample series) {
        long[] v = series.values();
        if (v.length == 0) {
            return null;
        }
        BatchMeans.Estimate mean = BatchMeans.mean(v);
        BatchMeans.Estimate p99 = BatchMeans.percentile(v, 99);
        List<String> maximum = new ArrayList<>();
        if (v.length < P99_REQUESTS) {
            maximum.add("p99");
        }
        for (int i = 0; i < HIGH.length; i++) {
            if (v.length < HIGH_REQUESTS[i]) {
                maximum.add(HIGH[i]);
            }
        }
        return new Precision(v.length, finite(mean.value()), finite(mean.halfWidth()), finite(p99.value()),
                finite(p99.halfWidth()), maximum);
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** The reasons the point's figures are imprecise. */
    List<Validity.Reason> reasons() {
        List<Validity.Reason> out = new ArrayList<>();
        if (requests < P99_REQUESTS) {
            out.add(Validity.Reason.suspect("precision.too-short", P99_REQUESTS, requests, String.format(Locale.ROOT,
                    "too short for its percentiles: p99 of %d measured responses is their maximum, and no "
                            + "interval can be given", requests)));
            return out;
        }
        relative("precision.mean", "mean", meanMs, meanHalfWidthMs, MEAN_HALF_WIDTH, out);
        relative("precision.p99", "p99", p99Ms, p99HalfWidthMs, P99_HALF_WIDTH, out);
        return out;
    }

    private static void relative(String check, String what, Double value, Double halfWidth, double limit,
                                 List<Validity.Reason> out) {
        if (value == null || halfWidth == null || value <= 0) {
            return;
        }
        double share = halfWidth / value;
        if (share >= limit) {
            out.add(Validity.Reason.suspect(check, limit, share, String.format(Locale.ROOT,
                    "imprecise %s: %.3f ms +/- %.3f ms (95%%, batch means), +/- %.0f%%; run longer", what, value,
                    halfWidth, 100 * share)));
        }
    }

    /** The note that the point is too short for its highest percentiles, or null. */
    String note() {
        List<String> beyond = maximumPercentiles.stream().filter(p -> !p.equals("p99")).toList();
        if (beyond.isEmpty() || requests < P99_REQUESTS) {
            return null;
        }
        return String.join(" and ", beyond) + " of " + requests + " measured responses are their maximum: the point "
                + "is too short for them";
    }
}
