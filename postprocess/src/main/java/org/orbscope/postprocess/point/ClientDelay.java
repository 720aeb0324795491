package org.orbscope.postprocess.point;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * The client's and the network's time per request, measured: the client's response time minus the server's
 * completion time, over the requests that found their receiver thread free.
 *
 * <p>The agent's arrival is the receiver's read of the request. A receiver that also dispatches (a thread per
 * connection) reads the next request only after the upcall before it: a request sent meanwhile waits unread in the
 * connection, which the client's response holds and the server's completion does not. The model queues that wait
 * itself (its receiver wait); counted in the client delay too, it would be counted twice. A request sent after its
 * receiver thread ended the request before it waited for nothing of the server's, so its response less its
 * completion is the client's and the network's time alone. The request before it is the one before it in arrival
 * order on a receiver thread of the same name.
 */
final class ClientDelay {
    /**
     * Room for the client's and the server's epoch clocks to disagree: each JVM calibrates its epoch to the
     * millisecond.
     */
    static final long CLOCK_MARGIN_NS = 2_000_000;

    private ClientDelay() {
    }

    /**
     * The mean client and network time (ms) of {@code paired} (measured requests with their client record, in
     * arrival order) that were sent after every earlier request's receiver end on threads of their receiver's name;
     * null when none was (or the table lacks the times).
     */
    static Double meanMs(List<ServerTrace.Paired> paired) {
        Map<String, Long> receiverEnd = new HashMap<>();
        double sum = 0;
        long n = 0;
        for (ServerTrace.Paired p : paired) {
            RequestStages r = p.request();
            if (r.receiverThread == null || !r.has(StageColumn.RECEIVER_END) || !r.has(StageColumn.COMPLETION)) {
                continue;
            }
            // Threads of one name (Yoko names every connection's receiver alike) are taken together: a request
            // counts when it was sent after every earlier request's receiver end on them.
            Long before = receiverEnd.get(r.receiverThread);
            receiverEnd.merge(r.receiverThread, r.get(StageColumn.RECEIVER_END), Math::max);
            if (before != null && p.sent().sentNs() > before + CLOCK_MARGIN_NS && p.sent().responseNs() > 0) {
                sum += p.sent().responseNs() - r.get(StageColumn.COMPLETION);
                n++;
            }
        }
        return n == 0 ? null : sum / n / 1e6;
    }
}
