package org.orbscope.server;

import java.util.List;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.CallSpec;
import org.orbscope.workload.Target;

/**
 * The calls one operation of a servant makes after its CPU demand, each with the stub of the object it calls. A
 * stub of an object of the same server is collocated (JacORB calls that servant on this thread); one of another
 * server goes over this server's ORB, which holds one connection per server called.
 */
final class ServantCalls {
    private static final byte[] EMPTY = new byte[0];

    /** One call of the scenario and the stub it goes through. */
    record Call(CallSpec spec, Target target) {
    }

    private final List<Call> calls;
    private final Any emptyAny;

    ServantCalls(List<Call> calls, ORB orb) {
        this.calls = List.copyOf(calls);
        this.emptyAny = orb.create_any();
    }

    /**
     * Makes the calls in order, each {@code count} times; a sync call waits for its reply before the next is made.
     * Returns the reply of the last {@code forward} call, which the caller's own {@code forward} hands back, or
     * null when no call was a forward. {@code request} is the any a {@code forward} passes on (null: an empty one).
     */
    Any make(Any request) {
        Any reply = null;
        for (Call c : calls) {
            for (int i = 0; i < c.spec().count(); i++) {
                switch (c.spec().operation()) {
                    case "ping": c.target().ping(); break;
                    case "call": c.target().call(EMPTY); break;
                    case "post": c.target().post(EMPTY); break;
                    case "forward": reply = c.target().forward(request != null ? request : emptyAny); break;
                    default: throw new IllegalStateException("the validator lets no servant call " + c.spec().operation());
                }
            }
        }
        return reply;
    }
}
