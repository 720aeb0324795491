package org.orbscope.postprocess.run;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.model.Calibration;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;
import org.orbscope.model.StageSample;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.scenario.Scenario;

/**
 * The simulated side of a measured point: seed 001's model of the point's scenario ({@link ScenarioMapping}),
 * its demands calibrated from the point's measured requests, simulated. The report and
 * {@code orbscope simulate --calibrate} both predict through here, with the same defaults, so they print the
 * same figures.
 */
public final class PointPrediction {
    /** Seed 001 simulated 15,000 requests per point; more when the run measured more, capped to keep reports fast. */
    static final long MIN_REQUESTS = 15_000;
    static final long MAX_REQUESTS = 100_000;
    public static final long DEFAULT_SEED = 1;

    /** How to simulate: requests (of which the first {@code warmup} are left out), seed, calibration mode. */
    public record Settings(long requests, long warmup, long seed, Calibration.Mode mode,
                           ScenarioMapping.Overrides overrides) {
        /** The report's settings for a scenario. */
        public static Settings defaults(Scenario s) {
            return new Settings(defaultRequests(s), 0, DEFAULT_SEED, Calibration.Mode.PHASED,
                    ScenarioMapping.Overrides.NONE);
        }
    }

    private PointPrediction() {
    }

    /** Simulated requests per point unless told otherwise: the scenario's count, within [15,000, 100,000]. */
    public static long defaultRequests(Scenario s) {
        return Math.max(MIN_REQUESTS, Math.min(MAX_REQUESTS, ScenarioMapping.requests(s)));
    }

    /** The measured requests of a stage table, in the model's terms. */
    public static StageSample sample(List<RequestStages> measured) {
        StageSample s = new StageSample();
        for (RequestStages r : measured) {
            s.add(new StageSample.Request(r.object, r.operation, v(r, StageColumn.ARRIVAL), v(r, StageColumn.COMPLETION),
                    v(r, StageColumn.QUEUE), v(r, StageColumn.QUEUE_WAIT), v(r, StageColumn.CPU_SERVANT), v(r, StageColumn.CPU_REPLY),
                    v(r, StageColumn.SERVANT_NONCPU), v(r, StageColumn.CPU_RECEIVER), v(r, StageColumn.RECEIVER_CPU),
                    v(r, StageColumn.CPU_POA), v(r, StageColumn.CPU_TOTAL)));
        }
        return s;
    }

    private static double v(RequestStages r, StageColumn c) {
        return r.has(c) ? r.get(c) : Double.NaN;
    }

    /** The scenario's model with its demands calibrated from {@code sample}. */
    public static ModelParameters model(Scenario s, StageSample sample, Settings settings) {
        return Calibration.apply(ScenarioMapping.map(s, settings.overrides()), sample, settings.mode());
    }

    public static SimulationResult simulate(ModelParameters p, Settings settings) {
        return Simulator.run(p, settings.requests(), settings.warmup(), settings.seed());
    }

    /**
     * The requests a point's statistics cover: complete, not before the workload (probes), not the client's
     * warm-up (its first {@code warmup} requests, by the client's own number when paired, else by rank).
     */
    public static List<RequestStages> measured(List<RequestStages> rows, long warmup) {
        List<RequestStages> out = new ArrayList<>();
        long workloadIndex = 0;
        for (RequestStages r : rows) {
            if (RequestStages.PROBE.equals(r.status)) {
                continue;
            }
            long rank = workloadIndex++;
            if (!r.complete()) {
                continue;
            }
            boolean warm = warmup > 0 && (r.clientSeq != StageColumn.UNKNOWN ? r.clientSeq < warmup : rank < warmup);
            if (!warm) {
                out.add(r);
            }
        }
        return out;
    }
}
