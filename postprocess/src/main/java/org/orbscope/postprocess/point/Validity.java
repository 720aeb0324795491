package org.orbscope.postprocess.point;

import java.util.List;
import java.util.Locale;

/**
 * Whether a point's figures can be trusted: a verdict and the reasons for it. The checks that give it read the
 * other parts' records and the point's files; summary.json holds the verdict as {@code verdict} and the reasons
 * as {@code reasons} of the point's object.
 *
 * @param reasons the checks that fired, in the order they were made; empty for a valid point
 */
public record Validity(Verdict verdict, List<Reason> reasons) {
    public Validity {
        reasons = List.copyOf(reasons);
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
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One check that fired.
     *
     * @param check the check's name, as the docs list it
     * @param threshold the value beyond which it fires
     * @param measured the value the point had
     * @param sentence what it means for the point's figures, in words
     */
    public record Reason(String check, double threshold, double measured, String sentence) {
    }
}
