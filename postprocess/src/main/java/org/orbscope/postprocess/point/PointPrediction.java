package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.model.Calibration;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;
import org.orbscope.model.StageSample;
import org.orbscope.model.ThreadingModel;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.scenario.Scenario;

/**
 * The simulated side of a measured point: Harkema et al.'s model of the point's scenario ({@link ScenarioMapping}),
 * its demands calibrated from the point's measured requests, simulated. The report and
 * {@code orbscope simulate --calibrate} both predict through here, with the same defaults, so they print the
 * same figures.
 */
public final class PointPrediction {
    /**
     * Harkema et al. simulated 15,000 requests per point; more when the run measured more, capped to keep reports
     * fast.
     */
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

    /**
     * The measured requests of a stage table, in the model's terms. A request's hand-off (its queueing time
     * outside the wait for a free thread) is given only when it found the queue empty: every request enqueued
     * before it was already dispatched. Otherwise its queueing time also holds its wait behind the requests ahead
     * of it, which the model queues itself, and counting that as hand-off would count it twice.
     */
    public static StageSample sample(List<RequestStages> measured) {
        java.util.Set<RequestStages> queueWasEmpty = foundTheQueueEmpty(measured);
        StageSample s = new StageSample();
        for (RequestStages r : measured) {
            double queueWait = !queueWasEmpty.contains(r) ? Double.NaN
                    : r.has(StageColumn.QUEUE_WAIT) ? r.get(StageColumn.QUEUE_WAIT) : 0;
            s.add(new StageSample.Request(r.object, r.operation, v(r, StageColumn.ARRIVAL), v(r, StageColumn.COMPLETION),
                    v(r, StageColumn.QUEUE), queueWait, v(r, StageColumn.CPU_SERVANT), v(r, StageColumn.CPU_REPLY),
                    v(r, StageColumn.SERVANT_NONCPU), v(r, StageColumn.CPU_RECEIVER), v(r, StageColumn.RECEIVER_CPU),
                    v(r, StageColumn.CPU_POA), v(r, StageColumn.CPU_TOTAL)));
        }
        return s;
    }

    /** The requests enqueued after every earlier-enqueued request had been dispatched. */
    static java.util.Set<RequestStages> foundTheQueueEmpty(List<RequestStages> measured) {
        List<RequestStages> byEnqueue = new ArrayList<>();
        for (RequestStages r : measured) {
            if (r.has(StageColumn.ENQUEUED) && r.has(StageColumn.DISPATCH)) {
                byEnqueue.add(r);
            }
        }
        byEnqueue.sort(java.util.Comparator.comparingLong(r -> r.get(StageColumn.ENQUEUED)));
        java.util.Set<RequestStages> empty = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        long lastDispatch = Long.MIN_VALUE;
        for (RequestStages r : byEnqueue) {
            if (r.get(StageColumn.ENQUEUED) >= lastDispatch) {
                empty.add(r);
            }
            lastDispatch = Math.max(lastDispatch, r.get(StageColumn.DISPATCH));
        }
        return empty;
    }

    private static double v(RequestStages r, StageColumn c) {
        return r.has(c) ? r.get(c) : Double.NaN;
    }

    /**
     * The scenario's model with the lock holds of {@code lockHolds} (by lock name; measured, or given) in place of
     * the scenario's and the hand-offs of {@code lockHandoffs}, its demands calibrated from {@code sample}, and the
     * server's CPU outside the stages ({@code serverCpu}) on its cores: the holds go in first, so that the servant
     * CPU outside each lock is the measured servant CPU less the hold that stands; the CPU outside the stages goes
     * in last, on the calibrated demands.
     */
    public static ModelParameters model(Scenario s, StageSample sample, Settings settings,
                                        java.util.Map<String, Dist> lockHolds,
                                        java.util.Map<String, Dist> lockHandoffs, ServerCpu serverCpu) {
        return serverCpu.apply(Calibration.apply(withLocks(ScenarioMapping.map(s, settings.overrides()), lockHolds,
                lockHandoffs), sample, settings.mode()));
    }

    /** {@code model} with the hold of each lock {@code lockHolds} names and the hand-offs of {@code lockHandoffs}. */
    public static ModelParameters withLocks(ModelParameters model, java.util.Map<String, Dist> lockHolds,
                                            java.util.Map<String, Dist> lockHandoffs) {
        if (lockHolds.isEmpty() && lockHandoffs.isEmpty()) {
            return model;
        }
        ModelParameters.Builder b = model.toBuilder();
        lockHolds.forEach(b::lockHold);
        lockHandoffs.forEach(b::lockHandoff);
        return b.build();
    }

    /**
     * The simulated mean completion as the server's trace measures it: from the receiver's read of the request. A
     * receiver that dispatches (a thread per connection, {@link ThreadingModel#THREADED}) reads a request only after
     * the upcall before it, so the model's wait for the receiver is time the request spends unread in its
     * connection, outside the trace's completion (the client's response holds it); under the other threading
     * models the model's completion is the trace's.
     */
    public static double completionFromReadMs(ModelParameters p, SimulationResult r) {
        boolean receiverDispatches = p.threadingModel() == ThreadingModel.THREAD_PER_CONNECTION
                || p.threadingModel() == ThreadingModel.THREADED;
        return r.completion().meanMs()
                - (receiverDispatches && r.receiverWait().count() > 0 ? r.receiverWait().meanMs() : 0);
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
        Measured m = new Measured(warmup);
        for (RequestStages r : rows) {
            if (m.test(r)) {
                out.add(r);
            }
        }
        return out;
    }
}
