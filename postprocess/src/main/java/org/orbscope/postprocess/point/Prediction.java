package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.run.RequestStages;
import org.orbscope.scenario.Scenario;

/**
 * What the models predict for a point: Harkema et al.'s queueing model of its scenario calibrated from its measured
 * requests and simulated ({@link PointPrediction}), and for a server on one CPU the processor-sharing formula.
 *
 * @param simulated the simulation's figures beside the measured ones, or null when the point was not simulated
 * @param psPredictionMs S/(1-rho), the mean completion time of an M/G/1 processor-sharing server, with S the CPU
 *     time per request and rho = arrival rate x S (only for a server pinned to one CPU)
 * @param calibratedModel the model calibrated with the measured requests; null when it was not simulated
 * @param clientDelayMs the client's and the network's time per request ({@link ClientDelay}), the model's client
 *     delay when calibrated from the point; null when no request tells it
 */
public record Prediction(Simulated simulated, Double psPredictionMs, ModelParameters calibratedModel,
                         Double clientDelayMs) {
    /** Nothing predicted. */
    public static final Prediction NONE = new Prediction(null, null, null, null);

    /** The simulation of a point (ms), and how far it is from the measurement: (simulated - measured) / measured. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Simulated(Double queueMs, Double completionMs, Double utilization, Double queueRelativeError,
                            Double completionRelativeError, String note) {
    }

    /**
     * The prediction for a server with {@code cpus} CPUs whose trace gave {@code stages}: simulated when
     * {@code scenario} is given and the trace has CPU times, calibrated from {@code measured}, its locks' holds from
     * the server's locks.csv beside {@code trace} or its monitors ({@link LockHolds}), and the server's CPU outside
     * the stages from {@code utilization} ({@link ServerCpu}); the client delay from {@code paired} (the measured
     * requests with their client records, in arrival order).
     */
    static Prediction of(Scenario scenario, List<RequestStages> measured, ServerStages stages, int cpus,
                         java.nio.file.Path trace, Utilization utilization, List<ServerTrace.Paired> paired) {
        Simulated simulated = null;
        ModelParameters model = null;
        if (scenario != null && stages.cpuPerRequestMs() != null) {
            try {
                PointPrediction.Settings settings = PointPrediction.Settings.defaults(scenario);
                LockHolds locks = LockHolds.read(scenario, trace, LockHolds.window(measured));
                ServerCpu serverCpu = ServerCpu.of(utilization, stages.serverRatePerMs());
                model = PointPrediction.model(scenario, PointPrediction.sample(measured), settings, locks.holds(),
                        locks.handoffs(), serverCpu);
                SimulationResult r = PointPrediction.simulate(model, settings);
                double completion = PointPrediction.completionFromReadMs(model, r);
                simulated = new Simulated(r.queue().meanMs(), completion, r.cpuUtilization(),
                        relativeError(r.queue().meanMs(), stages.mean("queue")),
                        relativeError(completion, stages.mean("completion")),
                        "Harkema et al.'s model of the point's scenario, calibrated ("
                                + settings.mode().name().toLowerCase() + ") from its " + measured.size()
                                + " measured requests; " + settings.requests() + " simulated requests, random seed "
                                + settings.seed() + (locks.notes().isEmpty() ? "" : "; "
                                + String.join("; ", locks.notes()))
                                + (serverCpu.note() == null ? "" : "; " + serverCpu.note()));
            } catch (RuntimeException e) {
                simulated = new Simulated(null, null, null, null, null, "not simulated: " + e.getMessage());
            }
        }
        return new Prediction(simulated, processorSharing(stages, cpus), model, ClientDelay.meanMs(paired));
    }

    /** S/(1-rho) on one CPU; null on more, or at rho of 1 or more. */
    private static Double processorSharing(ServerStages stages, int cpus) {
        if (cpus == 1 && stages.cpuPerRequestMs() != null && stages.serverRatePerMs() != null) {
            double rho = stages.serverRatePerMs() * stages.cpuPerRequestMs();
            if (rho < 1) {
                return stages.cpuPerRequestMs() / (1 - rho);
            }
        }
        return null;
    }

    static Double relativeError(Double simulated, Double measured) {
        if (simulated == null || measured == null || measured == 0) {
            return null;
        }
        return (simulated - measured) / measured;
    }
}
