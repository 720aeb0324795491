package org.orbscope.scenario;

/**
 * Whether {@code orbscope run} attaches the agent to the server, with which ORB profile and config. A null profile
 * is the shipped profile of the server's ORB ({@link Scenario#monitoring(ServerSpec)} fills it in).
 */
public record MonitoringSpec(Boolean enabled, String profile, String config, Boolean cpuTime) {

    public static final MonitoringSpec OFF = new MonitoringSpec(false, null, null, null);

    public MonitoringSpec {
        enabled = enabled != null && enabled;
        cpuTime = cpuTime == null || cpuTime;
    }

    /** This monitoring with {@code product}'s shipped profile when it names none. */
    MonitoringSpec forProduct(OrbProduct product) {
        return profile != null ? this : new MonitoringSpec(enabled, product.profile(), config, cpuTime);
    }
}
