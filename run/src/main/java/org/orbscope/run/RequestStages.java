package org.orbscope.run;

import java.util.Arrays;

/** One row of the per-request stage table. Unknown numbers are {@link StageColumn#UNKNOWN}, never 0. */
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
    /** The client's response time of the matched request (ns), or {@link StageColumn#UNKNOWN}. */
    public long clientResponseNs = StageColumn.UNKNOWN;
    public long clientSeq = StageColumn.UNKNOWN;
    private final long[] values = new long[StageColumn.count()];

    public RequestStages() {
        Arrays.fill(values, StageColumn.UNKNOWN);
    }

    public long get(StageColumn c) {
        return values[c.ordinal()];
    }

    public boolean has(StageColumn c) {
        return values[c.ordinal()] != StageColumn.UNKNOWN;
    }

    public void set(StageColumn c, long v) {
        values[c.ordinal()] = v;
    }

    public boolean complete() {
        return COMPLETE.equals(status);
    }

    private static final StageColumn[] ORDER = {StageColumn.ARRIVAL, StageColumn.ENQUEUED, StageColumn.ASSIGNED, StageColumn.DISPATCH, StageColumn.REPLY_END};

    /** Sort key: arrival, or the earliest time known for the request. */
    public long orderTime() {
        for (StageColumn c : ORDER) {
            if (has(c)) {
                return get(c);
            }
        }
        return Long.MAX_VALUE;
    }
}
