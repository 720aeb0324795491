package org.orbscope.postprocess.point;

import java.util.List;
import java.util.Locale;

/**
 * When the queueing model and the measurement disagree, which of the other checks explain it: a model calibrated
 * from a point that was disturbed, saturated or still warming up predicts a steady state the point never had.
 */
final class ModelChecks {
    /** The simulated completion time differs from the measured one by this share of it. */
    static final double DISAGREEMENT = 0.15;

    private ModelChecks() {
    }

    /** The reason the model disagrees with {@code prediction}'s measurement, naming the {@code others} that fired. */
    static List<Validity.Reason> of(Prediction prediction, ServerStages stages, List<Validity.Reason> others) {
        Prediction.Simulated s = prediction.simulated();
        if (s == null || s.completionRelativeError() == null || s.completionMs() == null) {
            return List.of();
        }
        double error = s.completionRelativeError();
        if (Math.abs(error) <= DISAGREEMENT) {
            return List.of();
        }
        List<String> checks = others.stream().map(Validity.Reason::check).distinct().toList();
        String sentence = String.format(Locale.ROOT, "the model's completion time is %s%.0f%% off the measured "
                + "(%.3f ms against %.3f ms); ", error > 0 ? "+" : "", 100 * error, s.completionMs(),
                stages.mean("completion"))
                + (checks.isEmpty() ? "none of the checks explains it: the model misses something of this server"
                : "explained by " + String.join(", ", checks));
        return List.of(Validity.Reason.suspect("model.disagreement", DISAGREEMENT, Math.abs(error), sentence));
    }
}
