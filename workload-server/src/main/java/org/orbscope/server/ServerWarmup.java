package org.orbscope.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.orbscope.orb.JacorbOrbs;

/**
 * Serves the server's own request path before it says it is ready: {@code _non_existent} calls to its objects
 * from a second ORB in this JVM, over loopback IIOP, so that the receiver, POA, dispatcher and reply paths run
 * for real. Their classes are then loaded (and, under the agent, transformed) and their code compiled before the
 * first measured request, whose response time would otherwise carry that one-off cost: with the server pinned
 * to one core, the first tens of requests of a monitored run would wait behind the class loading and the JIT.
 *
 * <p>{@code _non_existent} is answered by the ORB and the servant base class: no service demand runs and no
 * demand random stream is drawn from, so the measured run is the same with or without the warm-up.
 */
final class ServerWarmup {
    /** However many calls were asked for, the warm-up stops after this long. */
    static final long MAX_NANOS = 10_000_000_000L;

    private ServerWarmup() {
    }

    /**
     * Makes up to {@code calls} calls, spread over the objects in turn; returns how many were answered, 0 when the
     * warm-up failed (it never fails the server's start).
     */
    static int run(Map<String, String> iors, int calls, Properties server) {
        if (calls <= 0 || iors.isEmpty()) {
            return 0;
        }
        ORB orb;
        try {
            if (server.getProperty("org.omg.CORBA.ORBClass").startsWith("org.jacorb.")) {
                // A call that hangs must not hold the server's start: give up on it after a few seconds.
                orb = JacorbOrbs.client(5000);
            } else {
                // Another product's second ORB: its classes only (its server options would bind a second acceptor).
                Properties p = new Properties();
                p.setProperty("org.omg.CORBA.ORBClass", server.getProperty("org.omg.CORBA.ORBClass"));
                p.setProperty("org.omg.CORBA.ORBSingletonClass", server.getProperty("org.omg.CORBA.ORBSingletonClass"));
                orb = ORB.init(new String[0], p);
            }
        } catch (SystemException e) {
            return 0;
        }
        try {
            List<org.omg.CORBA.Object> targets = new ArrayList<>();
            for (String ior : iors.values()) {
                targets.add(orb.string_to_object(ior));
            }
            long deadline = System.nanoTime() + MAX_NANOS;
            int answered = 0;
            for (int i = 0; i < calls && System.nanoTime() < deadline; i++) {
                targets.get(i % targets.size())._non_existent();
                answered++;
            }
            return answered;
        } catch (SystemException e) {
            return 0; // the warm-up is a courtesy: the workload itself will report a server that does not answer
        } finally {
            orb.shutdown(true);
        }
    }
}
