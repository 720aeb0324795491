package org.orbscope.model;

/**
 * Optional per-request output of a simulation (plots of simulated curves, synthetic stage tables). Called once per
 * request when its reply is sent, warm-up requests included; times in nanoseconds of simulated time.
 */
@FunctionalInterface
public interface RequestListener {
    void request(long seq, String operation, double arrivalNs, double queueNs, double completionNs,
                 double receiverCpuNs, double poaCpuNs, double servantCpuNs, double servantNonCpuNs,
                 double marshalCpuNs);
}
