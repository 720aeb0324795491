package org.orbscope.postprocess.run;

import java.util.List;
import org.orbscope.postprocess.stages.Col;
import org.orbscope.postprocess.stages.RequestStages;

/**
 * Lines server-side requests up with the client's records. Both sides see the requests in the same order
 * (FIFO connections), so they are paired by rank, and only when that pairing is unambiguous: the counts
 * agree, or the trace was cut short and the server saw a prefix. Otherwise nothing is paired.
 */
public final class ClientJoin {
    private ClientJoin() {
    }

    /** @return the number of server requests paired with a client record */
    public static int join(List<RequestStages> rows, List<ClientResults.Sent> sent, boolean truncated) {
        long arrived = rows.stream().filter(r -> r.has(Col.ARRIVAL)).count();
        if (arrived == 0 || arrived > sent.size() || (arrived < sent.size() && !truncated)) {
            return 0;
        }
        int j = 0;
        for (RequestStages r : rows) {
            if (!r.has(Col.ARRIVAL)) {
                continue;
            }
            ClientResults.Sent s = sent.get(j++);
            r.object = s.object();
            r.operation = s.operation();
            r.clientSeq = s.seq();
            r.clientResponseNs = s.responseNs();
        }
        return j;
    }
}
