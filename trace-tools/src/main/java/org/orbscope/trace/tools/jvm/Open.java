package org.orbscope.trace.tools.jvm;

/**
 * An interval a thread began and has not ended yet: since when, and on what (a monitor, a park blocker). A thread
 * blocks, waits or parks on one thing at a time, so one of these per kind and thread pairs begin with end.
 */
final class Open {
    private long since = -1;
    private long on;

    void begin(long nanos, long what) {
        since = nanos;
        on = what;
    }

    boolean isOpen() {
        return since >= 0;
    }

    /** What the open interval is on (meaningful while {@link #isOpen}). */
    long on() {
        return on;
    }

    /**
     * Ends the interval: its length when it was open on {@code what}, else -1 (no begin in the trace, or a begin
     * on something else). Closed afterwards either way.
     */
    long end(long nanos, long what) {
        long d = since >= 0 && on == what ? nanos - since : -1;
        since = -1;
        return d;
    }

    void clear() {
        since = -1;
    }
}
