package org.orbscope.postprocess.run;

import java.nio.file.Path;
import org.orbscope.model.ArrivalLaw;
import org.orbscope.model.Calibration;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;
import org.orbscope.model.StageSample;

/** The simulated columns of a point: seed 001's model calibrated from the point's own stage table. */
final class Simulation {
    private Simulation() {
    }

    static PointSummary.Simulated of(Path stagesCsv, PointScenario scenario, PointSummary p, int cores) {
        PointSummary.Simulated out = new PointSummary.Simulated();
        try {
            StageSample sample = StageSample.read(stagesCsv);
            double rate = p.offeredRatePerMs != null ? p.offeredRatePerMs * 1000
                    : p.serverRatePerMs != null ? p.serverRatePerMs * 1000 : Double.NaN;
            if (Double.isNaN(rate)) {
                out.note = "no arrival rate known: not simulated";
                return out;
            }
            ArrivalLaw law = "deterministic".equalsIgnoreCase(scenario.arrivalLaw()) ? ArrivalLaw.DETERMINISTIC
                    : ArrivalLaw.POISSON;
            int pool = scenario.poolMax() > 0 ? scenario.poolMax() : 20;
            ModelParameters params = Calibration.standalone(sample, new Calibration.Settings(cores, pool,
                    Math.max(1, scenario.connections()), rate, law, Calibration.Mode.PAPER));
            // As many requests as the seed simulated (15,000), more when measured, capped to keep reports fast.
            long n = Math.max(15000, Math.min(100_000, sample.size()));
            SimulationResult r = Simulator.run(params, n, 1L);
            out.queueMs = r.queue().meanMs();
            out.completionMs = r.completion().meanMs();
            out.utilization = r.cpuUtilization();
            Summaries.relativeErrors(out, p);
            out.note = "seed 001 model (PAPER calibration), " + n + " simulated requests, " + cores + " core(s), "
                    + pool + " dispatcher threads";
        } catch (Exception | LinkageError e) {
            out.note = "not simulated: " + e.getMessage();
        }
        return out;
    }
}
