package org.orbscope.server;

import java.util.function.LongSupplier;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.TargetSpec;

/**
 * The wait before a server's ORB shuts down while oneway requests may still be on their way in. A oneway request
 * has no reply, so its client may send the last ones and end while the server has yet to read or start them, and
 * an ORB's shutdown drops what it has not started. The server waits until its count of oneway requests stops
 * growing for {@link #QUIET_MILLIS}, at most {@link #LIMIT_MILLIS}, and only when its scenario sends oneway
 * requests at all: a server of two-way requests stops at once, its clients having had every reply.
 */
final class OnewayDrain {
    /** A pause in arrivals this long ends the wait: the clients have ended, so nothing new is sent. */
    static final long QUIET_MILLIS = 500;
    /** Well inside the 10 s after which the run's launcher follows the closed input with SIGTERM. */
    static final long LIMIT_MILLIS = 5_000;
    private static final long POLL_MILLIS = 20;

    private OnewayDrain() {
    }

    /** Whether a client target or a servant's call of {@code scenario} sends the IDL's oneway operation. */
    static boolean sent(Scenario scenario) {
        ClientSpec client = scenario.client();
        if (client != null && client.processes() != null) {
            for (ProcessSpec p : client.processes()) {
                if (p.targets() != null
                        && p.targets().stream().anyMatch(t -> TargetSpec.isOneway(t.operation(client.invocation())))) {
                    return true;
                }
            }
        }
        for (ServerSpec server : scenario.servers()) {
            for (ObjectSpec o : server.objects()) {
                for (OperationSpec op : o.operations().values()) {
                    if (op.calls() != null && op.calls().stream().anyMatch(c -> TargetSpec.isOneway(c.operation()))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Waits as the class says on {@code started}, the oneway requests started so far; returns false when the limit
     * ended the wait with the count still growing.
     */
    static boolean await(LongSupplier started) {
        long last = started.getAsLong();
        long deadline = System.nanoTime() + LIMIT_MILLIS * 1_000_000L;
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < QUIET_MILLIS * 1_000_000L) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
            long now = started.getAsLong();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            }
        }
        return true;
    }
}
