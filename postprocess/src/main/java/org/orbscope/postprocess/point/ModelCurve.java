package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;

/**
 * The model's response time against throughput, the curve users read for capacity: Harkema et al.'s model of a point
 * (calibrated with its measured requests when it was traced, else with the scenario's own demands), its arrival
 * rates scaled together from 5% to 95% of the rate that saturates the server's CPU.
 */
public final class ModelCurve {
    static final int STEPS = 12;
    static final double LOWEST = 0.05;
    static final double HIGHEST = 0.95;

    /** One simulated rate: throughput (req/s), mean completion time (ms), CPU utilization (fraction). */
    public record Step(double throughputPerSec, double completionMs, double utilization) {
    }

    /** The curve and where its model came from. */
    public record Curve(String source, List<Step> steps) {
    }

    private ModelCurve() {
    }

    /**
     * The curve of a point's model; null when there is none (no scenario, a closed population, no CPU demand).
     * {@link PointAnalysis#modelCurve} asks once per analysis.
     */
    static Curve of(PointAnalysis a) {
        if (a.scenario() == null) {
            return null;
        }
        ModelParameters base;
        String source;
        if (a.prediction().calibratedModel() != null) {
            base = a.prediction().calibratedModel();
            source = "model calibrated from point " + a.name();
        } else {
            try {
                base = ScenarioMapping.map(a.scenario());
            } catch (RuntimeException e) {
                return null;
            }
            source = "model of point " + a.name() + "'s scenario, demands as written (no trace to calibrate)";
        }
        double rho = base.offeredUtilization();
        if (base.hasClosedStreams() || !(rho > 0) || !Double.isFinite(rho)) {
            return null;
        }
        PointPrediction.Settings settings = PointPrediction.Settings.defaults(a.scenario());
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < STEPS; i++) {
            double target = LOWEST + (HIGHEST - LOWEST) * i / (STEPS - 1);
            SimulationResult r = Simulator.run(base.withRateScale(target / rho), settings.requests(),
                    settings.requests() / 10, settings.seed());
            steps.add(new Step(r.throughputPerSec(), r.completion().meanMs(), r.cpuUtilization()));
        }
        return new Curve(source, steps);
    }
}
