package org.orbscope.scenario;

/**
 * Where a request goes: the object (by id, and by server when the id is not unique across the scenario's servers),
 * IDL operation, payload, and routing probability (null = equal share).
 */
public record TargetSpec(String server, String object, String operation, Double probability, PayloadSpec payload) {

    public TargetSpec {
        operation = operation == null ? "call" : operation;
        payload = payload == null ? PayloadSpec.NONE : payload;
    }
}
