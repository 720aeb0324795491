package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * A call a servant makes after its CPU demand (Balay et al.'s request fan-out): {@code count} calls (N_i) of
 * {@code operation} on an object, addressed as targets are ({@code server} may be left out when the object id is
 * unique across the scenario's servers), each made with {@code probability} (Balay et al.'s PAVE module sends six
 * requests per input, each a synchronous call with probability 0.79). A call to an object with copies goes to one
 * copy drawn at random per call ({@link Scenario#callees}). A {@code sync} call holds the servant's thread until
 * the reply comes; a {@code oneway} call sends {@code post}, the IDL's oneway operation, and goes on at once. An
 * object of the same server is called collocated: JacORB runs its servant on the caller's thread, so the call
 * waits even when oneway.
 */
public record CallSpec(String server, String object, String operation, Integer count, Invocation invocation,
                       Double probability) {

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
        probability = probability == null ? 1.0 : probability;
    }

    /** Whether every call is made (no draw needed). */
    public boolean certain() {
        return probability >= 1.0;
    }

    /** The calls made per request on average: {@code count} x {@code probability}. */
    public double expectedCount() {
        return count * probability;
    }

    /** True when the caller waits for the reply of a remote call. */
    public boolean sync() {
        return invocation == Invocation.SYNC;
    }
}
