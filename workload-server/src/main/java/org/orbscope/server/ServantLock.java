package org.orbscope.server;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.orbscope.run.CpuBurner;
import org.orbscope.run.LocksCsv;

/**
 * The monitor a scenario's {@code lock} names: one per name per server, shared by the operations that name it. The
 * agent never instruments {@code org.orbscope} code, so the lock times itself ({@link LocksCsv}): per entry the
 * wall time waiting for it and holding it and the CPU inside, four clock reads and a count of the threads waiting
 * around the {@code synchronized} block (well under a microsecond beside holds of tens of microseconds and more).
 * The sums are kept inside the monitor, so they need no synchronization of their own, one set per
 * {@link LocksCsv#INTERVAL_NANOS} in which an entry entered, so that a reader can leave the client's warm-up out.
 */
final class ServantLock {
    /** Epoch nanoseconds less {@link System#nanoTime}: the intervals' starts are epoch times, as the trace's. */
    private static final long EPOCH_OFFSET = epochOffset();

    private final String name;
    /** The intervals closed so far. */
    private final List<LocksCsv.Row> closed = new ArrayList<>();
    /** The current interval's sums, null before the first entry. */
    private LocksCsv.Row current;
    /** The current interval's end, on {@link System#nanoTime}'s clock. */
    private long intervalEnd;
    /** Threads that have reached the lock and not yet entered it. */
    private final AtomicInteger waiting = new AtomicInteger();
    /** When the last holder left, on {@link System#nanoTime}'s clock, and whether a thread was waiting then. */
    private long lastRelease;
    private boolean waiterAtRelease;

    ServantLock(String name) {
        this.name = name;
    }

    private static long epochOffset() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano() - System.nanoTime();
    }

    /** Takes the lock, burns {@code cpuNanos} of CPU inside it and leaves it, timing the entry. */
    void hold(long cpuNanos) {
        long reached = System.nanoTime();
        waiting.incrementAndGet();
        synchronized (this) {
            long entered = System.nanoTime();
            waiting.decrementAndGet();
            long cpu0 = CpuBurner.threadCpuNanos();
            CpuBurner.burn(cpuNanos);
            long cpu = CpuBurner.threadCpuNanos() - cpu0;
            if (current == null || entered - intervalEnd >= 0) {
                startInterval(entered);
            }
            // A release with a thread waiting passes the lock on within a busy period, and the lock stands free
            // from it until the next entry, the hand-off: the JVM wakes a waiter, which needs a core to enter,
            // and the entry may be another thread's that reached the lock meanwhile (a monitor is not FIFO).
            long handoff = waiterAtRelease ? entered - lastRelease : 0;
            long left = System.nanoTime();
            long held = left - entered;
            current = current.plus(new LocksCsv.Row(name, current.startNanos(), 1, waiterAtRelease ? 1 : 0,
                    entered - reached, held, squaredMicros(held), cpu, handoff, squaredMicros(handoff)));
            lastRelease = left;
            waiterAtRelease = waiting.get() > 0;
        }
    }

    private static long squaredMicros(long nanos) {
        return (nanos / 1000) * (nanos / 1000);
    }

    /** Closes the current interval (if any) and starts the empty one that holds {@code now}. */
    private void startInterval(long now) {
        if (current != null && current.entries() > 0) {
            closed.add(current);
        }
        long epoch = now + EPOCH_OFFSET;
        long start = epoch - Math.floorMod(epoch, LocksCsv.INTERVAL_NANOS);
        intervalEnd = start - EPOCH_OFFSET + LocksCsv.INTERVAL_NANOS;
        current = new LocksCsv.Row(name, start, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** The lock's figures so far, one row per interval in which it was entered. */
    synchronized List<LocksCsv.Row> rows() {
        List<LocksCsv.Row> rows = new ArrayList<>(closed);
        if (current != null && current.entries() > 0) {
            rows.add(current);
        }
        return rows;
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
