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
    /** The intervals closed so far; the current one is in the fields below. */
    private final List<LocksCsv.Row> closed = new ArrayList<>();
    /** The current interval's start and end, on {@link System#nanoTime}'s clock. */
    private long intervalStart = Long.MIN_VALUE;
    private long intervalEnd = Long.MIN_VALUE;
    private long entries;
    private long contended;
    private long waitNanos;
    private long holdNanos;
    private long holdSquaredMicros2;
    private long holdCpuNanos;
    private long handoffNanos;
    private long handoffSquaredMicros2;
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
            if (entered - intervalEnd >= 0 || intervalStart == Long.MIN_VALUE) {
                startInterval(entered);
            }
            // A release with a thread waiting passes the lock on within a busy period, and the lock stands free
            // from it until the next entry, the hand-off: the JVM wakes a waiter, which needs a core to enter,
            // and the entry may be another thread's that reached the lock meanwhile (a monitor is not FIFO).
            if (waiterAtRelease) {
                contended++;
                long handoff = entered - lastRelease;
                handoffNanos += handoff;
                handoffSquaredMicros2 += (handoff / 1000) * (handoff / 1000);
            }
            entries++;
            waitNanos += entered - reached;
            holdCpuNanos += cpu;
            long left = System.nanoTime();
            long held = left - entered;
            holdNanos += held;
            holdSquaredMicros2 += (held / 1000) * (held / 1000);
            lastRelease = left;
            waiterAtRelease = waiting.get() > 0;
        }
    }

    /** Closes the current interval (if it has entries) and starts the one that holds {@code now}. */
    private void startInterval(long now) {
        if (entries > 0) {
            closed.add(current());
        }
        long epoch = now + EPOCH_OFFSET;
        long start = epoch - Math.floorMod(epoch, LocksCsv.INTERVAL_NANOS);
        intervalStart = start - EPOCH_OFFSET;
        intervalEnd = intervalStart + LocksCsv.INTERVAL_NANOS;
        entries = 0;
        contended = 0;
        waitNanos = 0;
        holdNanos = 0;
        holdSquaredMicros2 = 0;
        holdCpuNanos = 0;
        handoffNanos = 0;
        handoffSquaredMicros2 = 0;
    }

    private LocksCsv.Row current() {
        return new LocksCsv.Row(name, intervalStart + EPOCH_OFFSET, entries, contended, waitNanos, holdNanos,
                holdSquaredMicros2, holdCpuNanos, handoffNanos, handoffSquaredMicros2);
    }

    /** The lock's figures so far, one row per interval in which it was entered. */
    synchronized List<LocksCsv.Row> rows() {
        List<LocksCsv.Row> rows = new ArrayList<>(closed);
        if (entries > 0) {
            rows.add(current());
        }
        return rows;
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
