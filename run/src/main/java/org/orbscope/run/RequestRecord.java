package org.orbscope.run;

/**
 * One row of {@code client/requests.csv}: a request of the client's schedule and what became of it. Times are
 * epoch nanoseconds (the client's clock); {@link #UNKNOWN} where a time does not apply (a request never sent has
 * no sent time; a failed one no response time).
 *
 * @param seq the request's position in the schedule (0-based; the first {@code client.warmup} are warm-up)
 * @param process the name of the arrival process that made it
 * @param target index of the target within its process
 * @param object target object id
 * @param operation IDL operation called
 * @param intendedNs when the schedule said to send it
 * @param sentNs when it was sent
 * @param completedNs when the reply (or the exception) came back
 * @param responseNs completed - intended, for answered requests
 * @param latenessNs sent - intended
 * @param outcome {@link #OK}, {@link #NOT_SENT}, or the CORBA exception's name (TRANSIENT, ...)
 */
public record RequestRecord(long seq, String process, int target, String object, String operation, long intendedNs,
                            long sentNs, long completedNs, long responseNs, long latenessNs, String outcome) {
    public static final long UNKNOWN = Long.MIN_VALUE;
    public static final String OK = "ok";
    public static final String NOT_SENT = "not_sent";

    public boolean ok() {
        return OK.equals(outcome);
    }

    public boolean sent() {
        return sentNs != UNKNOWN && !NOT_SENT.equals(outcome);
    }
}
