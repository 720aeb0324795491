package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * A call a servant makes after its CPU demand (Balay et al.'s request fan-out): {@code count} calls (N_i) of
 * {@code operation} on an object, addressed as targets are ({@code server} may be left out when the object id is
 * unique across the scenario's servers). A {@code sync} call holds the servant's thread until the reply comes; a
 * {@code oneway} call sends {@code post}, the IDL's oneway operation, and goes on at once. An object of the same
 * server is called collocated: JacORB runs its servant on the caller's thread, so the call waits even when oneway.
 */
public record CallSpec(String server, String object, String operation, Integer count, Invocation invocation) {

    public enum Invocation { SYNC, ONEWAY;
        @JsonCreator
        public static Invocation parse(String s) {
            return Names.enumValue(Invocation.class, s);
        }
    }

    public CallSpec {
        operation = operation == null ? (invocation == Invocation.ONEWAY ? "post" : "call") : operation;
        count = count == null ? 1 : count;
        invocation = invocation == null ? (operation.equals("post") ? Invocation.ONEWAY : Invocation.SYNC) : invocation;
    }

    /** True when the caller waits for the reply of a remote call. */
    public boolean sync() {
        return invocation == Invocation.SYNC;
    }
}
