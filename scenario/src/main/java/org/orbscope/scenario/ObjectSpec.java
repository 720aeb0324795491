package org.orbscope.scenario;

import java.util.Map;

/**
 * A servant deployed on a POA. {@code concurrency} is T_ser of the model: how many requests it serves at
 * once (0 = unlimited, 1 = single-threaded servant). Operations are IDL operation names of
 * {@code orbscope::workload::Target}; an operation the scenario does not list costs nothing.
 */
public record ObjectSpec(String id, String poa, Integer concurrency, Map<String, OperationSpec> operations) {

    public ObjectSpec {
        poa = poa == null ? PoaSpec.ROOT : poa;
        concurrency = concurrency == null ? 0 : concurrency;
        operations = operations == null ? Map.of() : operations;
    }
}
