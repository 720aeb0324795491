package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * A receiver that dispatches reads each request after the upcall before it: the requests sent during an upcall
 * waited unread in the connection, and only those sent after it tell the client's and the network's time.
 */
class ClientDelayTest {
    private static final long MS = 1_000_000;
    private final List<ServerTrace.Paired> paired = new ArrayList<>();

    /** A request read at {@code readMs}, its upcall until {@code endMs}, sent at {@code sentMs}, answered at {@code answeredMs}. */
    private void request(String receiver, long sentMs, long readMs, long endMs, long answeredMs) {
        RequestStages r = new RequestStages();
        r.receiverThread = receiver;
        r.set(StageColumn.ARRIVAL, readMs * MS);
        r.set(StageColumn.COMPLETION, (endMs - readMs) * MS);
        r.set(StageColumn.RECEIVER_END, endMs * MS);
        paired.add(new ServerTrace.Paired(r, new ClientResults.Sent(paired.size(), sentMs * MS, "t", "call",
                (answeredMs - sentMs) * MS, "ok", "p", "1")));
    }

    @Test
    void onlyTheRequestsThatFoundTheReceiverFreeTellTheClientDelay() {
        request("R", 0, 0, 10, 11);     // the first: no request before it on the thread
        request("R", 4, 10, 20, 21);    // sent during the upcall before it: waited 6 ms unread
        request("R", 30, 30, 38, 39);   // sent 10 ms after the receiver's end: 1 ms of client and network
        request("R", 45, 45, 50, 53);   // 3 ms
        request("R", 51, 51, 60, 61);   // sent 1 ms after the end: within the clocks' room, left out
        assertEquals(2.0, ClientDelay.meanMs(paired), 1e-9);
    }

    @Test
    void threadsOfOneNameAreTakenTogether() {
        // Two connections whose receivers share a name: a request counts when it was sent after every earlier
        // request's end on either.
        request("R", 0, 0, 40, 41);
        request("R", 10, 10, 20, 22);   // on the other connection, read at once but before the first one's end
        request("R", 50, 50, 55, 57);
        assertEquals(2.0, ClientDelay.meanMs(paired), 1e-9);
    }

    @Test
    void noneFoundTheReceiverFree() {
        request("R", 0, 0, 10, 11);
        request("R", 4, 10, 20, 21);
        assertNull(ClientDelay.meanMs(paired));
    }
}
