package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The service demand of one operation: CPU time (burnt on the servant thread's own CPU clock), non-CPU
 * waiting time (YAML field {@code wait}; {@code wait} cannot name a record component), and the reply size in octets (for operations that return an octet sequence).
 */
public record OperationSpec(Distribution cpu, @JsonProperty("wait") Distribution waiting, Integer replySize) {

    public OperationSpec {
        cpu = cpu == null ? Distribution.ZERO : cpu;
        waiting = waiting == null ? Distribution.ZERO : waiting;
        replySize = replySize == null ? 0 : replySize;
    }
}
