package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The service demand of one operation: CPU time (burnt on the servant thread's own CPU clock), then the CPU it spends
 * holding a lock ({@code lock}, for the model: {@link LockSpec}), then the calls it makes to other objects
 * ({@code calls}, in order), then non-CPU waiting time (YAML field {@code wait}; {@code wait} cannot name a record
 * component), and the reply size in octets (for operations that return an octet sequence, or an any from
 * {@code forward}).
 */
public record OperationSpec(Distribution cpu, @JsonProperty("wait") Distribution waiting, Integer replySize,
                            List<CallSpec> calls, LockSpec lock) {

    public OperationSpec {
        cpu = cpu == null ? Distribution.ZERO : cpu;
        waiting = waiting == null ? Distribution.ZERO : waiting;
        replySize = replySize == null ? 0 : replySize;
        calls = calls == null ? List.of() : calls;
    }
}
