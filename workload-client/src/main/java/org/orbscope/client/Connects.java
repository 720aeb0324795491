package org.orbscope.client;

import java.util.concurrent.atomic.AtomicLong;
import org.orbscope.run.ClientSummary;

/** The connections a client opened and how long each took to its first reply; threads record at once. */
final class Connects {
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong totalNanos = new AtomicLong();
    private final AtomicLong maxNanos = new AtomicLong();

    void record(long nanos) {
        count.incrementAndGet();
        totalNanos.addAndGet(nanos);
        maxNanos.accumulateAndGet(nanos, Math::max);
    }

    ClientSummary.Connect figure() {
        long n = count.get();
        return new ClientSummary.Connect(n, n > 0 ? totalNanos.get() / 1e6 / n : null,
                n > 0 ? maxNanos.get() / 1e6 : null);
    }
}
