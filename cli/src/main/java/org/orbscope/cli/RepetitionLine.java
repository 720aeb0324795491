package org.orbscope.cli;

import java.util.List;
import org.orbscope.postprocess.point.Repetition;
import org.orbscope.postprocess.point.RepetitionSpread;
import org.orbscope.postprocess.point.Validity;

/**
 * The line {@code orbscope run --repeat} ends a point with: its mean response across repetitions with the 95%
 * interval, the within-run interval beside it, the range of the means, the worst verdict and whether
 * {@code --until} was met: "3 repetitions: mean M ms +/- H ms (+/- R%, 95%, Student t across 3 repetitions; +/- W ms
 * within one), means MIN-MAX ms, worst suspect (repetition 2); --until 5%: not met after 3".
 */
final class RepetitionLine {
    private RepetitionLine() {
    }

    /** The line of a point's {@code each} repetitions, of at most {@code upTo}; {@code until} a fraction or null. */
    static String of(List<Repetition> each, int upTo, Double until, Boolean met) {
        RepetitionSpread s = RepetitionSpread.of(each);
        StringBuilder b = new StringBuilder().append(each.size()).append(each.size() == 1 ? " repetition" : " repetitions");
        if (s == null) {
            b.append(": none measured a mean");
        } else {
            b.append(": mean ").append(Progress.figure(s.meanMs())).append(" ms");
            if (s.halfWidthMs() != null) {
                b.append(" +/- ").append(Progress.figure(s.halfWidthMs())).append(" ms (+/- ")
                        .append(Progress.figure(100 * s.relativeHalfWidth())).append("%, 95%, Student t across ")
                        .append(s.repetitions()).append(" repetitions");
            } else {
                b.append(" (one repetition measured a mean: no interval across repetitions");
            }
            if (s.withinHalfWidthMs() != null) {
                b.append("; +/- ").append(Progress.figure(s.withinHalfWidthMs())).append(" ms within one");
            }
            b.append("), means ").append(Progress.figure(s.minMs())).append("-").append(Progress.figure(s.maxMs()))
                    .append(" ms");
        }
        int worst = Repetition.worst(each);
        Validity.Verdict v = each.get(worst - 1).verdict();
        if (v != null) {
            b.append(v == Validity.Verdict.VALID ? ", every repetition valid"
                    : ", worst " + v.label() + " (repetition " + worst + ")");
        }
        if (until != null) {
            b.append("; --until ").append(Progress.figure(100 * until)).append("%: ")
                    .append(Boolean.TRUE.equals(met) ? "met after " : "not met after ").append(each.size());
            if (!Boolean.TRUE.equals(met) && each.size() < upTo) {
                b.append(" (interrupted)");
            }
        }
        return b.toString();
    }
}
