package org.orbscope.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.StageSample;
import org.orbscope.model.TimeStats;
import org.orbscope.postprocess.point.PointPrediction;

/** Measured (stage table) beside simulated, with the relative error, as in Harkema et al.'s Tables 1-2. */
final class SimulateComparison {
    private SimulateComparison() {
    }

    /**
     * @param clientResponseMs the run's mean client response time, null when unknown; printed beside the simulated
     *     one when the model has a client delay
     * @param model the simulated model: the trace's completion starts at the receiver's read
     *     ({@link PointPrediction#completionFromReadMs})
     */
    static void print(PrintWriter out, StageSample measured, Double clientResponseMs, ModelParameters model,
                      SimulationResult simulated) {
        out.printf(Locale.ROOT, "%-18s %12s %12s %9s%n", "calibrated vs run", "measured", "simulated", "rel.err");
        row(out, "completion mean", measured.measuredCompletion().meanMs(),
                PointPrediction.completionFromReadMs(model, simulated));
        if (clientResponseMs != null && simulated.clientResponse().count() > 0) {
            row(out, "client response", clientResponseMs, simulated.clientResponse().meanMs());
        }
        row(out, "completion p95", p(measured.measuredCompletion(), 95), simulated.completion().percentileMs(95));
        row(out, "queueing mean", measured.measuredQueue().meanMs(), simulated.queue().meanMs());
        out.printf(Locale.ROOT, "(measured: %d complete requests, %.4g req/s)%n", measured.size(),
                measured.measuredRatePerSec());
    }

    private static double p(TimeStats s, double q) {
        return s.percentileMs(q);
    }

    private static void row(PrintWriter out, String name, double m, double s) {
        out.printf(Locale.ROOT, "%-18s %12.4f %12.4f %8.1f%%%n", name, m, s, m == 0 ? Double.NaN : 100 * (s - m) / m);
    }
}
