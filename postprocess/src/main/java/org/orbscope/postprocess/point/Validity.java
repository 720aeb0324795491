package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Whether a point's figures can be trusted: a verdict and the reasons for it. The checks that give it
 * ({@link TrustChecks}) read the other parts' records and the point's files; summary.json holds the verdict as
 * {@code verdict} and the reasons as {@code reasons} of the point's object.
 *
 * @param reasons the checks that fired, in the order they were made; empty for a valid point
 */
public record Validity(Verdict verdict, List<Reason> reasons) {
    public Validity {
        reasons = List.copyOf(reasons);
    }

    /** The verdict the reasons give: invalid if any is invalid, suspect if any is suspect, else valid. */
    public static Validity of(List<Reason> reasons) {
        Verdict v = Verdict.VALID;
        for (Reason r : reasons) {
            if (r.severity().compareTo(v) > 0) {
                v = r.severity();
            }
        }
        return new Validity(v, reasons);
    }

    /** What a point's figures are good for. */
    public enum Verdict {
        /** No check fired. */
        VALID,
        /** Some check fired: the figures stand, with the reasons beside them. */
        SUSPECT,
        /** A check fired that makes the figures unusable. */
        INVALID;

        /** As summary.json and the report write it: {@code valid}, {@code suspect} or {@code invalid}. */
        @JsonValue
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The verdict in one line, as the report's box heads it: {@code valid}, or the verdict and {@link #sentences()}.
     */
    public String line() {
        return reasons.isEmpty() ? verdict.label() : verdict.label() + ": " + sentences();
    }

    /** The reasons' sentences in one line, the weightiest first ("" for a valid point). */
    public String sentences() {
        return reasons.stream().sorted((a, b) -> b.severity().compareTo(a.severity()))
                .map(Reason::sentence).collect(Collectors.joining("; "));
    }

    /** The names of the checks that fired, in order, each once. */
    public List<String> checks() {
        return reasons.stream().map(Reason::check).distinct().toList();
    }

    /**
     * One check that fired.
     *
     * @param check the check's name, as the docs list it (group.check, e.g. {@code machine.other-processes})
     * @param severity what it makes of the point: {@link Verdict#SUSPECT} or {@link Verdict#INVALID}
     * @param threshold the value beyond which it fires
     * @param measured the value the point had
     * @param sentence what it means for the point's figures, in words
     */
    public record Reason(String check, Verdict severity, double threshold, double measured, String sentence) {
        /** A reason that makes the point suspect. */
        static Reason suspect(String check, double threshold, double measured, String sentence) {
            return new Reason(check, Verdict.SUSPECT, threshold, measured, sentence);
        }

        /** A reason that makes the point invalid. */
        static Reason invalid(String check, double threshold, double measured, String sentence) {
            return new Reason(check, Verdict.INVALID, threshold, measured, sentence);
        }
    }
}
