package org.orbscope.hosts;

import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;
import org.orbscope.run.HostsFile;

/**
 * Beekhuis's sync server for one point: each host calls in once its JVMs are ready, and every call returns at
 * once, with one start instant, when all the hosts expected have arrived or when the time-out that the first
 * arrival started has passed. The start instant lies {@link #LEAD_NANOS} after the release, so that every host
 * hears it before it comes.
 */
final class Barrier {
    /** From the release to the start instant: room to deliver the replies and open every host's gate. */
    static final long LEAD_NANOS = 500_000_000L;

    private final long timeoutNanos;
    private final LongSupplier clock;
    private final Set<Integer> expected = new HashSet<>();
    private final Set<Integer> arrived = new HashSet<>();
    private long deadlineNanos;
    private Long firstArrivalEpochNs;
    private Long releasedEpochNs;
    private Long startEpochNs;

    /** @param clock the coordinator's clock, epoch ns */
    Barrier(long timeoutNanos, LongSupplier clock) {
        this.timeoutNanos = timeoutNanos;
        this.clock = clock;
    }

    synchronized void expect(int host) {
        expected.add(host);
    }

    /** A host that will not arrive (its JVMs failed, or it died): the others need not wait for it. */
    synchronized void expectNoLonger(int host) {
        expected.remove(host);
        if (firstArrivalEpochNs != null && arrived.containsAll(expected)) {
            release();
        }
    }

    /**
     * Arrives and waits for the release.
     *
     * @return the start instant (epoch ns, coordinator clock)
     * @throws IllegalStateException when the barrier had already released: the host is too late
     */
    synchronized long await(int host) throws InterruptedException {
        if (startEpochNs != null) {
            throw new IllegalStateException("the barrier released the other hosts "
                    + (clock.getAsLong() - releasedEpochNs) / 1_000_000 + " ms ago; this host missed the start");
        }
        arrived.add(host);
        if (firstArrivalEpochNs == null) {
            firstArrivalEpochNs = clock.getAsLong();
            deadlineNanos = System.nanoTime() + timeoutNanos;
        }
        if (arrived.containsAll(expected)) {
            release();
        }
        while (startEpochNs == null) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                release();
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return startEpochNs;
    }

    private void release() {
        if (startEpochNs == null) {
            releasedEpochNs = clock.getAsLong();
            startEpochNs = releasedEpochNs + LEAD_NANOS;
            notifyAll();
        }
    }

    synchronized Long startEpochNs() {
        return startEpochNs;
    }

    synchronized boolean arrived(int host) {
        return arrived.contains(host);
    }

    /** What hosts.json says of the barrier. */
    synchronized HostsFile.Barrier record(int expectedAtStart) {
        return new HostsFile.Barrier(timeoutNanos / 1_000_000, firstArrivalEpochNs, releasedEpochNs,
                expectedAtStart, arrived.size());
    }
}
