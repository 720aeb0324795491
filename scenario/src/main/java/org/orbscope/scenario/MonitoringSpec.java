package org.orbscope.scenario;

/** Whether {@code orbscope run} attaches the agent to the server, with which ORB profile and config. */
public record MonitoringSpec(Boolean enabled, String profile, String config, Boolean cpuTime) {

    public static final MonitoringSpec OFF = new MonitoringSpec(false, null, null, null);

    public MonitoringSpec {
        enabled = enabled != null && enabled;
        profile = profile == null ? "jacorb" : profile;
        cpuTime = cpuTime == null || cpuTime;
    }
}
