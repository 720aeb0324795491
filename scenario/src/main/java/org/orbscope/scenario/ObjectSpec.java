package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A servant deployed on a POA. {@code concurrency} is T_ser of the model: how many requests it serves at
 * once (0 = unlimited, 1 = single-threaded servant). Operations are IDL operation names of
 * {@code orbscope::workload::Target}; an operation the scenario does not list costs nothing. {@code copies}
 * deploys that many identical servants, {@code <id>-1} to {@code <id>-N} (Beekhuis's experiments B, D, F, H, L
 * address many server objects); a target naming {@code <id>} spreads its requests evenly over them.
 */
public record ObjectSpec(String id, String poa, Integer concurrency, Map<String, OperationSpec> operations,
                         Integer copies) {

    public ObjectSpec {
        poa = poa == null ? PoaSpec.ROOT : poa;
        concurrency = concurrency == null ? 0 : concurrency;
        operations = operations == null ? Map.of() : operations;
        copies = copies == null ? 1 : copies;
    }

    /** The ids of the deployed servants: the id itself, or {@code <id>-1 .. <id>-N} for copies. */
    public List<String> copyIds() {
        if (copies == 1) {
            return List.of(id);
        }
        List<String> ids = new ArrayList<>(copies);
        for (int i = 1; i <= copies; i++) {
            ids.add(id + "-" + i);
        }
        return ids;
    }
}
