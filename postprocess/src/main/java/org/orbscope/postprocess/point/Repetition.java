package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.PointStatus;

/**
 * One repetition of a point ({@code orbscope run --repeat}), analysed and judged as a point is: the figures its
 * spread across repetitions reads ({@link RepetitionSpread}). summary.json lists them as {@code repetitions} of the
 * point's object. Times in ms.
 *
 * @param repetition its number, from 1 (the point's own directory)
 * @param status how its run ended (status.json)
 * @param meanMs the mean client response; null without measured responses
 * @param meanHalfWidthMs the 95% half-width of that mean within the repetition (batch means, as {@code precision}
 *     gives it); null when the responses are too few for batches
 * @param throughputPerSec the clients' achieved rates together
 * @param verdict the repetition's own verdict; null when it was not judged
 * @param checks the checks that fired on it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Repetition(int repetition, String status, Double meanMs, Double meanHalfWidthMs, Double p50Ms,
                         Double p99Ms, Double throughputPerSec, Validity.Verdict verdict, List<String> checks) {
    public Repetition {
        checks = List.copyOf(checks);
    }

    /** Repetition {@code k}'s figures from its analysis. */
    public static Repetition of(int k, PointAnalysis a) {
        Summary r = a.client().response();
        Precision p = Precision.of(a.client().responseSeries());
        Validity v = a.validity();
        return new Repetition(k, a.status(), r == null ? null : r.meanMs(), p == null ? null : p.meanHalfWidthMs(),
                r == null ? null : r.p50Ms(), r == null ? null : r.p99Ms(), a.client().achievedRatePerSec(),
                v == null ? null : v.verdict(), v == null ? List.of() : v.checks());
    }

    /** The first repetition with the worst verdict (1 when none was judged). */
    public static int worst(List<Repetition> each) {
        int worst = 1;
        Validity.Verdict v = null;
        for (Repetition r : each) {
            if (r.verdict() != null && (v == null || r.verdict().compareTo(v) > 0)) {
                v = r.verdict();
                worst = r.repetition();
            }
        }
        return worst;
    }

    /** Whether its mean counts in the spread: the repetition ended ok and measured responses. */
    boolean counts() {
        return PointStatus.OK.equals(status) && meanMs != null;
    }
}
