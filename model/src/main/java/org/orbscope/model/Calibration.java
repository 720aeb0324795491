package org.orbscope.model;

/**
 * Turns measured stage demands ({@link StageSample}) into model parameters. Harkema et al. (section 4.2) feed the
 * measured mean receiver, POA and marshalling CPU times in as deterministic demands; the servant demand keeps
 * its measured distribution (empirical resampling), since its shape drives the queueing.
 */
public final class Calibration {
    /**
     * PAPER: phases merged as in section 2.3. PHASED: the refinements: 1st/2nd phase split (request complete after
     * the 1st phase) and the dispatcher hand-off latency measured in the queueing time.
     */
    public enum Mode { PAPER, PHASED }

    private Calibration() {
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
                    .dispatchHandoff(handoff(s));
        }
        StageSample.Demands pooled = s.keyed() ? null : s.operations().get(StageSample.POOLED);
        for (int i = 0; i < base.operations().size(); i++) {
            String label = base.operationLabel(i);
            StageSample.Demands d = pooled != null ? pooled : s.operations().get(label);
            if (d == null || d.servantCpu().length == 0) {
                continue;
            }
            double[] nonCpu = d.nonCpu();
            boolean anyWait = false;
            for (double v : nonCpu) {
                anyWait |= v > 0;
            }
            // Waits the trace cannot see (sleep, parkNanos, I/O) leave nonCpu at zero; then the configured
            // waiting demand of the base model stands (exact for orbscope's own servants). So it does behind a
            // servant's or a POA's thread limit: the workload server makes those limits inside the servant, whose
            // measured time off the CPU then holds the wait for the limit, which the model queues for itself.
            anyWait &= !limited(base, base.operations().get(i));
            b.replaceOperation(label, outsideLock(Dist.empirical(d.servantCpu()), base.operations().get(i)),
                    anyWait ? (mode == Mode.PAPER ? Dist.deterministic(mean(nonCpu)) : Dist.empirical(nonCpu))
                            : base.operations().get(i).nonCpu(),
                    Dist.deterministic(mean(d.reply())));
        }
        return b.build();
    }

    /**
     * The base model with the client and network delay of a measured run: the client's mean response time minus
     * the server's mean completion time (the report's {@code network_and_client_ms}), as a constant. A constant
     * gives the client's mean response time and a closed loop's mean cycle exactly (a closed loop's think time and
     * delay form an infinite-server station, whose mean alone matters); the spread of the response is the server's.
     *
     * @throws IllegalArgumentException when the difference is negative or not a number (the client's and the
     *     server's requests are not the same ones)
     */
    public static ModelParameters withClientDelay(ModelParameters base, double networkAndClientNanos) {
        if (!(networkAndClientNanos >= 0) || Double.isInfinite(networkAndClientNanos)) {
            throw new IllegalArgumentException("the client's mean response time is below the server's mean "
                    + "completion time (" + networkAndClientNanos / 1e6 + " ms): no client and network delay to "
                    + "calibrate from");
        }
        return base.toBuilder().clientDelay(Dist.deterministic(networkAndClientNanos)).build();
    }

    /** Whether the operation's servant or its POA has a thread limit (T_ser or T_poa). */
    private static boolean limited(ModelParameters m, ModelParameters.Operation o) {
        ModelParameters.Servant servant = m.servants().get(o.servant());
        return servant.threads() > 0 || m.poas().get(servant.poa()).threads() > 0;
    }

    /**
     * The servant's CPU outside its lock: the measured servant CPU holds the CPU inside the lock too, so each
     * resampled value is scaled by the share of the mean that is outside, which keeps the measured mean exact
     * (outside + hold); none when the hold's mean is the whole measured mean or more.
     */
    private static Dist outsideLock(Dist measured, ModelParameters.Operation o) {
        if (o.lock() == null) {
            return measured;
        }
        double all = measured.mean();
        return all > 0 ? measured.scaled(Math.max(0, 1 - o.lock().hold().mean() / all)) : measured;
    }

    /**
     * The dispatcher hand-off: per request, the queueing time not spent waiting for a free thread, resampled
     * (JacORB hands each request from the receiver to its POA's controller thread and on to a dispatcher
     * thread, two thread wake-ups even when threads are idle). Without that split, the 10th percentile of the
     * measured queueing time, low enough that requests which really waited for a thread do not count.
     */
    private static Dist handoff(StageSample s) {
        double[] measured = s.handoffNanos();
        if (measured.length > 0) {
            return Dist.empirical(measured);
        }
        return Dist.deterministic(s.measuredQueue().count() == 0 ? 0 : s.measuredQueue().percentileMs(10) * 1e6);
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
            throw new IllegalArgumentException("no complete measured requests to calibrate from");
        }
        if (s.cpuRows() == 0) {
            throw new IllegalArgumentException("the measurement carries no thread CPU times (monitor with "
                    + "cpuTime: true), so the model cannot be calibrated");
        }
    }
}
