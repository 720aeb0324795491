package org.orbscope.postprocess.stages;

import java.util.Arrays;

/** One row of the per-request stage table. Unknown numbers are {@link Col#UNKNOWN}, never 0. */
public final class RequestStages {
    public static final String COMPLETE = "complete";
    public static final String REJECTED = "rejected";
    public static final String INCOMPLETE = "incomplete";
    /** Arrived before the workload began (server warm-up, the client's reachability checks): not measured. */
    public static final String PROBE = "probe";

    public int index;
    public String key = "";
    public String receiverThread = "";
    public String dispatcherThread = "";
    public String poa = "";
    public String status = INCOMPLETE;
    public String missing = "";
    /** Target object and operation, from the client record this request was matched to (else empty). */
    public String object = "";
    public String operation = "";
    /** The client's response time of the matched request (ns), or {@link Col#UNKNOWN}. */
    public long clientResponseNs = Col.UNKNOWN;
    public long clientSeq = Col.UNKNOWN;
    long sortTime;
    private final long[] values = new long[Col.ALL.length];

    public RequestStages() {
        Arrays.fill(values, Col.UNKNOWN);
    }

    public long get(Col c) {
        return values[c.ordinal()];
    }

    public boolean has(Col c) {
        return values[c.ordinal()] != Col.UNKNOWN;
    }

    public void set(Col c, long v) {
        values[c.ordinal()] = v;
    }

    public boolean complete() {
        return COMPLETE.equals(status);
    }

    private static final Col[] ORDER = {Col.ARRIVAL, Col.ENQUEUED, Col.ASSIGNED, Col.DISPATCH, Col.REPLY_END};

    /** Sort key: arrival, or the earliest time known for the request. */
    long orderTime() {
        for (Col c : ORDER) {
            if (has(c)) {
                return get(c);
            }
        }
        return Long.MAX_VALUE;
    }
}
