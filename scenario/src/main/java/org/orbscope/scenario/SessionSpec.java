package org.orbscope.scenario;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A closed client's session over its process's targets (Balay et al.'s operational profile): without
 * {@code transitions}, the targets in their order; with them, a Markov chain whose row i gives the probability of
 * going from target i to each target and, in its last entry, of ending the session. A session starts at the first
 * target; the arrival's think time passes between its calls, and a draw of {@code pause} between one session's end
 * and the next session's start.
 */
public record SessionSpec(List<List<Double>> transitions, Distribution pause) {
    /** What {@link #next} returns when the session ends. */
    public static final int END = -1;

    public SessionSpec {
        pause = pause == null ? Distribution.ZERO : pause;
    }

    /** Whether the session is a Markov chain rather than the targets in order. */
    public boolean chain() {
        return transitions != null;
    }

    /**
     * The target after {@code from} ({@link #END} to start a session: its first target), or {@link #END} when the
     * session ends there, for a process of {@code targets} targets.
     */
    public int next(int from, int targets, SplittableRandom random) {
        if (from == END) {
            return 0;
        }
        if (!chain()) {
            return from + 1 < targets ? from + 1 : END;
        }
        List<Double> row = transitions.get(from);
        double u = random.nextDouble();
        double sum = 0;
        for (int t = 0; t < targets; t++) {
            sum += row.get(t);
            if (u < sum) {
                return t;
            }
        }
        return END;
    }
}
