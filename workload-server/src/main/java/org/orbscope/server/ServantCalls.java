package org.orbscope.server;

import java.util.List;
import java.util.SplittableRandom;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.scenario.CallSpec;
import org.orbscope.workload.Target;

/**
 * The calls one operation of a servant makes after its CPU demand, each with the stubs of the objects it may go to
 * (one, or every copy of an object with copies). A stub of an object of the same server is collocated (JacORB calls
 * that servant on this thread); one of another server goes over this server's ORB, which holds one connection per
 * server called. A call with a probability below one, or to copies, draws from the operation's own seeded stream:
 * whether each call is made, and which copy it goes to.
 */
final class ServantCalls {
    private static final byte[] EMPTY = new byte[0];

    /** One call of the scenario and the stubs it goes through: one, or a copy drawn per call. */
    record Call(CallSpec spec, Target[] targets) {
    }

    private final List<Call> calls;
    private final Any emptyAny;
    private final SplittableRandom random;

    ServantCalls(List<Call> calls, ORB orb, long seed) {
        this.calls = List.copyOf(calls);
        this.emptyAny = orb.create_any();
        this.random = new SplittableRandom(seed);
    }

    /**
     * Makes the calls in order, each {@code count} times (each time with its probability); a sync call waits for its
     * reply before the next is made. Returns the reply of the last {@code forward} call, which the caller's own
     * {@code forward} hands back, or null when no call was a forward. {@code request} is the any a {@code forward}
     * passes on (null: an empty one).
     */
    Any make(Any request) {
        Any reply = null;
        for (Call c : calls) {
            for (int i = 0; i < c.spec().count(); i++) {
                Target target = draw(c);
                if (target == null) {
                    continue;
                }
                switch (c.spec().operation()) {
                    case "ping": target.ping(); break;
                    case "call": target.call(EMPTY); break;
                    case "post": target.post(EMPTY); break;
                    case "forward": reply = target.forward(request != null ? request : emptyAny); break;
                    default: throw new IllegalStateException("the validator lets no servant call " + c.spec().operation());
                }
            }
        }
        return reply;
    }

    /** The stub this call goes to, or null when its draw says it is not made. */
    private Target draw(Call c) {
        Target[] targets = c.targets();
        if (c.spec().certain() && targets.length == 1) {
            return targets[0];
        }
        // Requests served at once take their draws in turn; a draw is tens of nanoseconds.
        synchronized (random) {
            if (!c.spec().certain() && random.nextDouble() >= c.spec().probability()) {
                return null;
            }
            return targets[targets.length == 1 ? 0 : random.nextInt(targets.length)];
        }
    }
}
