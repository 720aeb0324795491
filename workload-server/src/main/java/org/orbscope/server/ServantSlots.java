package org.orbscope.server;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A limit on the requests in their servants at once: a servant's {@code concurrency} (T_ser) or a POA's
 * {@code threads} (T_poa), which no ORB the workload server runs offers per POA. A fair semaphore, so waiting
 * requests go in in arrival order, as from the model's FIFO; it keeps the most requests it has seen inside at once.
 */
final class ServantSlots {
    private final int limit;
    private final Semaphore permits;
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger most = new AtomicInteger();

    /** A limit of {@code limit} (at least 1) requests at once. */
    ServantSlots(int limit) {
        this.limit = limit;
        this.permits = new Semaphore(limit, true);
    }

    /** A limit of {@code limit} requests at once, or null for 0 (unlimited). */
    static ServantSlots of(int limit) {
        return limit > 0 ? new ServantSlots(limit) : null;
    }

    /** Waits for a slot; every call is followed by one {@link #leave}. */
    void enter() {
        permits.acquireUninterruptibly();
        most.accumulateAndGet(inside.incrementAndGet(), Math::max);
    }

    void leave() {
        inside.decrementAndGet();
        permits.release();
    }

    int limit() {
        return limit;
    }

    /** The most requests that were inside at once. */
    int most() {
        return most.get();
    }
}
