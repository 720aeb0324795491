package org.orbscope.scenario;

/** Where a request goes: object id, IDL operation, payload, and routing probability (null = equal share). */
public record TargetSpec(String object, String operation, Double probability, PayloadSpec payload) {

    public TargetSpec {
        operation = operation == null ? "call" : operation;
        payload = payload == null ? PayloadSpec.NONE : payload;
    }
}
