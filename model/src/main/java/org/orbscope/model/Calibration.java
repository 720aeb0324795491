package org.orbscope.model;

import java.util.Map;

/**
 * Turns measured stage demands ({@link StageSample}) into model parameters. Seed 001 (section 4.2) feeds the
 * measured mean receiver, POA and marshalling CPU times in as deterministic demands; the servant demand keeps
 * its measured distribution (empirical resampling), since its shape drives the queueing.
 */
public final class Calibration {
    /**
     * PAPER: phases merged as in section 2.3. PHASED: the refinements: 1st/2nd phase split (request complete after
     * the 1st phase) and the dispatcher hand-off latency measured in the queueing time.
     */
    public enum Mode { PAPER, PHASED }

    /** What a stage table cannot tell: the server's configuration and the offered load. */
    public record Settings(double cores, int dispatcherThreads, int connections, double ratePerSec,
                           ArrivalLaw law, Mode mode) { }

    private Calibration() {
    }

    /** A model built from the stage table alone: one RootPOA, one servant operation per measured operation. */
    public static ModelParameters standalone(StageSample s, Settings settings) {
        requireRows(s);
        ModelParameters.Builder b = ModelParameters.builder().cores(settings.cores())
                .dispatcherThreads(settings.dispatcherThreads()).connections(settings.connections())
                .poa("RootPOA", 0);
        Map<String, StageSample.Demands> ops = s.operations();
        String[] targets = new String[ops.size()];
        double[] probs = new double[ops.size()];
        int i = 0;
        for (Map.Entry<String, StageSample.Demands> e : ops.entrySet()) {
            String key = e.getKey();
            int dot = key.lastIndexOf('.');
            String servant = key.substring(0, dot);
            if (b.indexOfServant(servant) < 0) {
                b.servant(servant, "RootPOA", 0);
            }
            b.operation(servant, key.substring(dot + 1), Dist.ZERO, Dist.ZERO, Dist.ZERO);
            targets[i] = key;
            probs[i] = e.getValue().count();
            i++;
        }
        b.stream(settings.law(), settings.ratePerSec(), settings.connections() == 1 ? 0 : -1, targets, probs);
        return apply(b.build(), s, settings.mode());
    }

    /**
     * The base model (e.g. from the scenario) with its demands replaced by the measured ones. Operations the
     * table does not name keep their configured demands, unless the table is not keyed by operation, in which
     * case every operation gets the pooled measurement.
     */
    public static ModelParameters apply(ModelParameters base, StageSample s, Mode mode) {
        requireRows(s);
        ModelParameters.Builder b = base.toBuilder();
        if (mode == Mode.PAPER) {
            b.receiverCpu(Dist.deterministic(s.meanReceiverCpuNanos()))
                    .receiverCpuPhase2(Dist.ZERO)
                    // b_poa "including 1st and 2nd phase CPU time" (section 2.3).
                    .poaCpu(Dist.deterministic(s.meanPoaCpuNanos() + s.meanDispatcherPhase2CpuNanos()))
                    .dispatcherCpuPhase2(Dist.ZERO);
        } else {
            double first = s.meanReceiverFirstPhaseCpuNanos();
            b.receiverCpu(Dist.deterministic(first))
                    .receiverCpuPhase2(Dist.deterministic(Math.max(0, s.meanReceiverCpuNanos() - first)))
                    .poaCpu(Dist.deterministic(s.meanPoaCpuNanos()))
                    .dispatcherCpuPhase2(Dist.deterministic(s.meanDispatcherPhase2CpuNanos()))
                    // Hand-off latency: the 10th percentile of measured queueing, low enough that requests
                    // which really waited for a thread do not count at the loads of interest.
                    .dispatchHandoff(Dist.deterministic(s.measuredQueue().count() == 0 ? 0
                            : s.measuredQueue().percentileMs(10) * 1e6));
        }
        StageSample.Demands pooled = s.keyed() ? null : s.operations().get("servant.op");
        for (int i = 0; i < base.operations().size(); i++) {
            String label = base.operationLabel(i);
            StageSample.Demands d = pooled != null ? pooled : s.operations().get(label);
            if (d == null) {
                continue;
            }
            double[] nonCpu = d.nonCpu();
            boolean anyWait = false;
            for (double v : nonCpu) {
                anyWait |= v > 0;
            }
            // Waits the trace cannot see (sleep, parkNanos, I/O) leave nonCpu at zero; then the configured
            // waiting demand of the base model stands (exact for orbscope's own servants).
            b.replaceOperation(label, Dist.empirical(d.servantCpu()),
                    anyWait ? (mode == Mode.PAPER ? Dist.deterministic(mean(nonCpu)) : Dist.empirical(nonCpu))
                            : base.operations().get(i).nonCpu(),
                    Dist.deterministic(mean(d.reply())));
        }
        return b.build();
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? 0 : s / v.length;
    }

    private static void requireRows(StageSample s) {
        if (s.size() == 0) {
            throw new IllegalArgumentException("stage table has no complete requests to calibrate from");
        }
    }
}
