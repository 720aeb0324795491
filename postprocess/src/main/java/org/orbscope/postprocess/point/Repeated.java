package org.orbscope.postprocess.point;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RepeatFile;

/**
 * A point run with {@code orbscope run --repeat}: each repetition analysed and judged as a point is, and the
 * point's verdict across them. The worst repetition's verdict wins (a figure one JVM could not measure cleanly is
 * no cleaner for the others), every repetition's reasons kept with its number; a point whose spread is wider than
 * the {@code --until} asked is suspect ({@code precision.repetitions}).
 */
final class Repeated {
    /** The check that fires when the spread across repetitions is wider than {@code --until}. */
    static final String CHECK = "precision.repetitions";

    private Repeated() {
    }

    /**
     * The point's analysis: its first repetition's, with every repetition's figures when it has more than one; a
     * repetition {@code analysed} gives an analysis of is not read again.
     */
    static PointAnalysis analyze(PointDirectory point, Map<String, String> params, AnalysisOptions options,
                                 Function<PointDirectory, PointAnalysis> analysed) {
        Function<PointDirectory, PointAnalysis> of = dir -> {
            PointAnalysis known = analysed.apply(dir);
            return known != null ? known : PointAnalyzer.analyze(dir, params, options);
        };
        PointAnalysis first = of.apply(point);
        List<PointDirectory> dirs = point.repetitions();
        List<String> notes = new ArrayList<>();
        RepeatFile repeat = null;
        try {
            repeat = RepeatFile.read(point.repeatJson());
        } catch (IOException | RuntimeException e) {
            notes.add("repeat.json unreadable (" + e.getMessage() + "): --until is not judged");
        }
        if (dirs.size() == 1 && repeat == null) {
            return first;
        }
        List<Repetition> each = new ArrayList<>();
        List<Validity> verdicts = new ArrayList<>();
        each.add(Repetition.of(1, first));
        verdicts.add(first.validity());
        for (int k = 2; k <= dirs.size(); k++) {
            PointAnalysis a = of.apply(dirs.get(k - 1));
            each.add(Repetition.of(k, a));
            verdicts.add(a.validity());
            if (a.error() != null) {
                notes.add("repetition " + k + " ended " + a.status() + ": " + a.error());
            }
        }
        RepetitionSpread spread = RepetitionSpread.of(each);
        return first.withRepetitions(each, spread, validity(verdicts, spread, repeat == null ? null : repeat.until()),
                notes);
    }

    /**
     * The verdict across repetitions ({@code each} in order, null where one was not judged): the worst, with each
     * repetition's reasons, its number before the sentence; and the spread's own reason when {@code until} (a
     * fraction, or null) is not met. Null when no repetition was judged.
     */
    static Validity validity(List<Validity> each, RepetitionSpread spread, Double until) {
        if (each.stream().allMatch(v -> v == null)) {
            return null;
        }
        List<Validity.Reason> reasons = new ArrayList<>();
        for (int k = 1; k <= each.size(); k++) {
            Validity v = each.get(k - 1);
            if (v != null) {
                for (Validity.Reason r : v.reasons()) {
                    reasons.add(new Validity.Reason(r.check(), r.severity(), r.threshold(), r.measured(),
                            "repetition " + k + ": " + r.sentence()));
                }
            }
        }
        if (until != null && (spread == null || !spread.meets(until))) {
            reasons.add(Validity.Reason.suspect(CHECK, until, spread == null || spread.relativeHalfWidth() == null
                    ? Double.NaN : spread.relativeHalfWidth(), notMet(spread, until)));
        }
        return Validity.of(reasons);
    }

    private static String notMet(RepetitionSpread spread, double until) {
        if (spread == null || spread.relativeHalfWidth() == null) {
            return String.format(Locale.ROOT, "not precise across repetitions: %s, so no interval across them; "
                    + "%s%% was asked (--until)", spread == null ? "no repetition measured a mean"
                    : "only one repetition measured a mean", percent(until));
        }
        return String.format(Locale.ROOT, "not precise across repetitions: mean %.3f ms +/- %.3f ms (95%%, Student t "
                + "over %d repetitions), +/- %.1f%%, wider than the %s%% asked (--until); repeat more",
                spread.meanMs(), spread.halfWidthMs(), spread.repetitions(), 100 * spread.relativeHalfWidth(),
                percent(until));
    }

    /** A fraction as a percentage to three significant digits, as it was asked: 0.05 as "5", 0.125 as "12.5". */
    static String percent(double fraction) {
        return new BigDecimal(100 * fraction).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
