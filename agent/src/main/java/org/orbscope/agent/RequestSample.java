package org.orbscope.agent;

/**
 * The request sample of one recording: the one-in-N in force, which a thread reads where a request's first fragment
 * begins ({@link ThreadRecorder#beginFragment}), and what the recording's threads have counted under it. Each thread
 * counts on its own recorder (plain fields, no shared write on the request path); a finished recorder's counts are
 * folded in here, so {@link #totals} over the live recorders plus the folded ones is the recording's whole count.
 * Only {@code budget=} changes the sample ({@link SampleBudget}); without it, it stays {@code request.sample}.
 */
final class RequestSample {
    /** Totals' slots: requests begun, requests drawn to be recorded, the agent's timed work on recorded fragments. */
    static final int SEEN = 0;
    static final int RECORDED = 1;
    static final int WORK_NANOS = 2;

    /** One request in this many is recorded from now on. */
    volatile int every;
    private final long[] folded = new long[3];

    RequestSample(int every) {
        this.every = every;
    }

    /** Adds a finished recorder's counts (its thread ended, or the recording stops). */
    synchronized void fold(ThreadRecorder r) {
        if (r.countsFolded) {
            return;
        }
        r.countsFolded = true;
        folded[SEEN] += r.begun;
        folded[RECORDED] += r.drawn;
        folded[WORK_NANOS] += r.workNanos;
    }

    /**
     * The recording's counts so far into {@code into}: the folded ones and those of the live recorders (read as
     * their threads last wrote them: a request being drawn just now may count in the next call).
     */
    synchronized void totals(long[] into) {
        System.arraycopy(folded, 0, into, 0, folded.length);
        ThreadRecorders.forEach(r -> {
            if (!r.countsFolded) {
                into[SEEN] += r.begun;
                into[RECORDED] += r.drawn;
                into[WORK_NANOS] += r.workNanos;
            }
        });
    }
}
