package org.orbscope.agent;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The errors caught inside the agent during one recording: each is counted (the trace's system stream and footer
 * carry the count) and none reaches the application. The first failure of a recording method is also named on
 * stderr, once.
 */
public final class AgentErrors {
    private final AtomicLong count = new AtomicLong();
    private final AtomicBoolean reported = new AtomicBoolean();

    /** Counts an error caught inside the agent (a failed event, a class that could not be instrumented). */
    public void add() {
        count.incrementAndGet();
    }

    /** Counts an exception that left the recorder inside a monitored call; the recording's first is named on stderr. */
    void failed(Throwable failure) {
        add();
        if (reported.compareAndSet(false, true)) {
            System.err.println("orbscope agent: error inside a monitored call, caught and counted (the call ran on): " + failure);
        }
    }

    /** The errors counted so far. */
    long total() {
        return count.get();
    }
}
