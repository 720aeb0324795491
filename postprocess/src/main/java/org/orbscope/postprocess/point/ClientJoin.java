package org.orbscope.postprocess.point;

import java.util.List;
import java.util.function.BiConsumer;
import org.orbscope.run.StageColumn;
import org.orbscope.run.RequestStages;

/**
 * Lines server-side requests up with the client's records. Both sides see the requests in the same order
 * (FIFO connections), so they are paired by rank, and only when that pairing is unambiguous: the counts
 * agree, or the trace was cut short and the server saw a prefix. Otherwise nothing is paired.
 *
 * <p>Before it says it is ready the server calls itself ({@code server.warmupCalls}); before its first arrival
 * the client checks every target once ({@code _non_existent}) and then waits {@value #CLIENT_LEAD_MS} ms before
 * the schedule starts. Server requests that arrived well before the first workload request was sent are those
 * calls: they are marked {@link RequestStages#PROBE} and left out.
 */
public final class ClientJoin {
    private ClientJoin() {
    }

    /** The client starts its schedule this long after its last reachability check (WorkloadClient). */
    static final long CLIENT_LEAD_MS = 20;
    /** Half the lead: room for the two JVMs' epoch calibrations (each to the millisecond) to disagree. */
    private static final long PROBE_MARGIN_NS = CLIENT_LEAD_MS / 2 * 1_000_000L;

    /**
     * Marks the requests that arrived before the workload began; returns how many. {@code serverReadyNs} (epoch
     * ns, Long.MIN_VALUE if unknown) is when the server said it was ready: its own warm-up calls came before it,
     * which still tells them apart when the client sent nothing. A ready time after the client's first send
     * cannot be right (the client starts once the server is ready; an old run directory that was copied has
     * the copy's time) and is ignored.
     */
    public static int markProbes(List<RequestStages> rows, List<ClientResults.Sent> sent, long serverReadyNs) {
        long before = serverReadyNs;
        if (!sent.isEmpty()) {
            long firstSent = sent.get(0).sentNs();
            before = Math.max(serverReadyNs <= firstSent ? serverReadyNs : Long.MIN_VALUE, firstSent - PROBE_MARGIN_NS);
        }
        if (before == Long.MIN_VALUE) {
            return 0;
        }
        int probes = 0;
        for (RequestStages r : rows) {
            if (r.has(StageColumn.ARRIVAL) && r.get(StageColumn.ARRIVAL) < before) {
                r.status = RequestStages.PROBE;
                probes++;
            }
        }
        return probes;
    }

    /** @return the number of server requests paired with a client record (probes marked first are skipped) */
    public static int join(List<RequestStages> rows, List<ClientResults.Sent> sent, boolean truncated) {
        return join(rows, sent, truncated, (r, s) -> { });
    }

    /** As {@link #join(List, List, boolean)}, telling {@code paired} each server request and its client record. */
    public static int join(List<RequestStages> rows, List<ClientResults.Sent> sent, boolean truncated,
                           BiConsumer<RequestStages, ClientResults.Sent> paired) {
        long arrived = rows.stream().filter(ClientJoin::workload).count();
        if (arrived == 0 || arrived > sent.size() || (arrived < sent.size() && !truncated)) {
            return 0;
        }
        int j = 0;
        for (RequestStages r : rows) {
            if (!workload(r)) {
                continue;
            }
            ClientResults.Sent s = sent.get(j++);
            r.object = s.object();
            r.operation = s.operation();
            r.clientSeq = s.seq();
            r.clientResponseNs = s.responseNs();
            paired.accept(r, s);
        }
        return j;
    }

    private static boolean workload(RequestStages r) {
        return r.has(StageColumn.ARRIVAL) && !RequestStages.PROBE.equals(r.status);
    }
}
