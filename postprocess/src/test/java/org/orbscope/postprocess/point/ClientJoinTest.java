package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.StageColumn;
import org.orbscope.run.RequestStages;

class ClientJoinTest {
    private static final long MS = 1_000_000L;

    private static RequestStages arrivedAt(long nanos) {
        RequestStages r = new RequestStages();
        r.status = RequestStages.COMPLETE;
        r.set(StageColumn.ARRIVAL, nanos);
        return r;
    }

    private static List<ClientResults.Sent> sentAt(long... nanos) {
        List<ClientResults.Sent> sent = new ArrayList<>();
        for (int i = 0; i < nanos.length; i++) {
            sent.add(new ClientResults.Sent(i, nanos[i], "o", "call", 2 * MS, "ok", "p", ClientResults.SOLE_CLIENT));
        }
        return sent;
    }

    @Test
    void reachabilityChecksBeforeTheScheduleAreProbesAndTheRestPairByRank() {
        long start = 1_000_000 * MS;
        // two targets checked 20+ ms before the first request; the workload's requests arrive ~0.1 ms after sending
        List<RequestStages> rows = List.of(arrivedAt(start - 25 * MS), arrivedAt(start - 23 * MS),
                arrivedAt(start + MS / 10), arrivedAt(start + 5 * MS), arrivedAt(start + 9 * MS));
        List<ClientResults.Sent> sent = sentAt(start, start + 5 * MS - MS / 10, start + 9 * MS - MS / 10);
        assertEquals(2, ClientJoin.markProbes(rows, sent, Long.MIN_VALUE));
        assertEquals(3, ClientJoin.join(rows, sent, false));
        assertEquals(RequestStages.PROBE, rows.get(0).status);
        assertEquals(RequestStages.PROBE, rows.get(1).status);
        assertEquals(StageColumn.UNKNOWN, rows.get(1).clientSeq);
        assertEquals(0, rows.get(2).clientSeq);
        assertEquals(2, rows.get(4).clientSeq);
        assertEquals(2 * MS, rows.get(4).clientResponseNs);
    }

    @Test
    void aReadyTimeAfterTheFirstSendIsIgnored() {
        long start = 1_000_000 * MS;
        // a run directory copied an hour later: its ready file's time is the copy's
        List<RequestStages> rows = List.of(arrivedAt(start - 25 * MS), arrivedAt(start + MS / 10), arrivedAt(start + 5 * MS));
        List<ClientResults.Sent> sent = sentAt(start, start + 5 * MS - MS / 10);
        assertEquals(1, ClientJoin.markProbes(rows, sent, start + 3_600_000 * MS));
        assertEquals(2, ClientJoin.join(rows, sent, false));
    }

    @Test
    void epochCalibrationsThatDisagreeByMillisecondsDoNotMakeProbes() {
        long start = 1_000_000 * MS;
        // the server's clock reads 2 ms behind the client's: its first arrival looks earlier than the send
        List<RequestStages> rows = List.of(arrivedAt(start - 2 * MS), arrivedAt(start + 3 * MS));
        List<ClientResults.Sent> sent = sentAt(start, start + 5 * MS);
        assertEquals(0, ClientJoin.markProbes(rows, sent, Long.MIN_VALUE));
        assertEquals(2, ClientJoin.join(rows, sent, false));
    }

    @Test
    void countsThatDisagreeWithoutATruncatedTracePairNothing() {
        long start = 1_000_000 * MS;
        List<RequestStages> rows = List.of(arrivedAt(start), arrivedAt(start + MS), arrivedAt(start + 2 * MS));
        List<ClientResults.Sent> sent = sentAt(start, start + MS);
        assertEquals(0, ClientJoin.markProbes(rows, sent, Long.MIN_VALUE));
        assertEquals(0, ClientJoin.join(rows, sent, false));
        assertEquals(StageColumn.UNKNOWN, rows.get(0).clientSeq);
    }

    @Test
    void withoutClientRequestsTheServersReadyTimeStillMarksItsWarmUpCalls() {
        long ready = 1_000_000 * MS;
        List<RequestStages> rows = List.of(arrivedAt(ready - 300 * MS), arrivedAt(ready - 2 * MS), arrivedAt(ready + 40 * MS));
        assertEquals(2, ClientJoin.markProbes(rows, List.of(), ready));
        assertEquals(RequestStages.COMPLETE, rows.get(2).status);
        assertEquals(0, ClientJoin.markProbes(List.of(arrivedAt(ready)), List.of(), Long.MIN_VALUE));
    }
}
