package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.orbscope.postprocess.stats.BatchMeans;

/**
 * The spread of a point's mean response across its repetitions, each in fresh server and client JVMs (JMH's forks):
 * what the within-run interval ({@link Precision}) cannot see, since JIT decisions, heap layout and thread
 * placement are made once per JVM. The repetitions' means are independent, so their 95% interval is Student t's
 * with n-1 degrees of freedom. summary.json holds it as {@code spread} of the point's object. Times in ms.
 *
 * @param repetitions the repetitions whose means count: those that ended ok with measured responses
 * @param meanMs the mean of their means
 * @param halfWidthMs the 95% half-width of {@code meanMs}: t(0.975, n-1) s / sqrt(n); null below 2 repetitions
 * @param relativeHalfWidth {@code halfWidthMs / meanMs}, what {@code --until} is judged against; null likewise
 * @param minMs the smallest repetition's mean
 * @param maxMs the largest repetition's mean
 * @param withinHalfWidthMs the mean of the repetitions' own 95% half-widths (batch means), beside
 *     {@code halfWidthMs}: much smaller means the JVMs differ more than the requests within one; null when none
 *     has one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepetitionSpread(int repetitions, double meanMs, Double halfWidthMs, Double relativeHalfWidth,
                               double minMs, double maxMs, Double withinHalfWidthMs) {
    /** The spread of {@code each}'s means; null when none counts. */
    public static RepetitionSpread of(List<Repetition> each) {
        double[] means = each.stream().filter(Repetition::counts).mapToDouble(Repetition::meanMs).toArray();
        if (means.length == 0) {
            return null;
        }
        double mean = 0;
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double m : means) {
            mean += m / means.length;
            min = Math.min(min, m);
            max = Math.max(max, m);
        }
        Double half = means.length < 2 ? null : BatchMeans.halfWidth(means);
        Double relative = half == null || mean <= 0 ? null : half / mean;
        double[] within = each.stream().filter(Repetition::counts).map(Repetition::meanHalfWidthMs)
                .filter(h -> h != null).mapToDouble(Double::doubleValue).toArray();
        Double withinMean = within.length == 0 ? null : java.util.Arrays.stream(within).average().getAsDouble();
        return new RepetitionSpread(means.length, mean, half, relative, min, max, withinMean);
    }

    /** Whether the spread is as precise as {@code until} (a fraction of the mean): two repetitions at least. */
    public boolean meets(double until) {
        return relativeHalfWidth != null && relativeHalfWidth <= until;
    }
}
