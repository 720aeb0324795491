package org.orbscope.scenario;

/**
 * Where a request goes: the object (by id, and by server when the id is not unique across the scenario's servers),
 * IDL operation, payload, and routing probability (null = equal share).
 *
 * <p>The one rule for what a target calls, which the client, the server and the model all read from here: a
 * target that names no {@code operation} calls its payload's operation ({@link PayloadSpec#operation()}), or
 * {@code call} when it has no payload either; under {@code invocation: oneway} it calls {@code post}, the IDL's
 * oneway operation ({@link #operation(ClientSpec.Invocation)}). A target that names an operation and no payload
 * sends the payload the operation carries ({@link PayloadSpec#carriedBy}): an array of the operation's size, or
 * an empty sequence; a payload that leaves fields out takes them from the operation. The file's own fields stay
 * as written (null where absent), so validation can tell what was named; the accessors answer with the rule
 * applied.
 */
public record TargetSpec(String server, String object, String operation, Double probability, PayloadSpec payload) {
    /** What a target with neither operation nor payload calls. */
    public static final String DEFAULT_OPERATION = "call";
    /** The IDL's one oneway operation: what {@code invocation: oneway} sends. */
    public static final String ONEWAY_OPERATION = "post";

    /** The operation this target calls (the rule above, for every invocation style but oneway). */
    @Override
    public String operation() {
        return operation != null ? operation : payload != null ? payload.operation() : DEFAULT_OPERATION;
    }

    /** The operation this target calls under {@code style}. */
    public String operation(ClientSpec.Invocation style) {
        return style == ClientSpec.Invocation.ONEWAY && operation == null ? ONEWAY_OPERATION : operation();
    }

    /**
     * The payload this target sends: what the operation carries ({@link PayloadSpec#carriedBy}), with the fields
     * the file's payload gives in place of the operation's; none for an operation that carries nothing.
     */
    @Override
    public PayloadSpec payload() {
        PayloadSpec carried = PayloadSpec.carriedBy(operation());
        PayloadSpec base = carried != null ? carried : PayloadSpec.NONE;
        return payload != null ? payload.orElse(base) : base;
    }

    /** Whether the file names the operation (rather than leaving it to the rule). */
    public boolean namesOperation() {
        return operation != null;
    }

    /** Whether the file gives a payload. */
    public boolean givesPayload() {
        return payload != null;
    }

    /** Whether {@code operation} is declared {@code oneway} in the IDL: its caller gets no reply. */
    public static boolean isOneway(String operation) {
        return ONEWAY_OPERATION.equals(operation);
    }
}
