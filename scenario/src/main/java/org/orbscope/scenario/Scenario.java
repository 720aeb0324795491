package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One scenario file: the server to build, the client workload to fire at it, whether to monitor, and the
 * parameters to sweep. Load it with {@link ScenarioLoader}, which validates it.
 */
public record Scenario(
        @JsonProperty(required = true) String name,
        String description,
        @JsonProperty(required = true) ServerSpec server,
        @JsonProperty(required = true) ClientSpec client,
        MonitoringSpec monitoring,
        SweepSpec sweep) {

    public Scenario {
        description = description == null ? "" : description;
        monitoring = monitoring == null ? MonitoringSpec.OFF : monitoring;
        sweep = sweep == null ? SweepSpec.NONE : sweep;
    }

    /** The object with this id, or null. */
    public ObjectSpec object(String id) {
        for (ObjectSpec o : server.objects()) {
            if (o.id().equals(id)) {
                return o;
            }
        }
        return null;
    }
}
