package org.orbscope.server;

import org.orbscope.run.CpuBurner;
import org.orbscope.run.LocksCsv;

/**
 * The monitor a scenario's {@code lock} names: one per name per server, shared by the operations that name it. The
 * agent never instruments {@code org.orbscope} code, so the lock times itself ({@link LocksCsv}): per entry the
 * wall time waiting for it and holding it and the CPU inside, four clock reads around the {@code synchronized}
 * block (well under a microsecond beside holds of tens of microseconds and more). The sums are kept inside the
 * monitor, so they need no synchronization of their own.
 */
final class ServantLock {
    private final String name;
    private long entries;
    private long contended;
    private long waitNanos;
    private long holdNanos;
    private long holdSquaredMicros2;
    private long holdCpuNanos;
    private long handoffNanos;
    /** When the last holder left, on {@link System#nanoTime}'s clock; valid once {@code entries > 0}. */
    private long lastRelease;

    ServantLock(String name) {
        this.name = name;
    }

    /** Takes the lock, burns {@code cpuNanos} of CPU inside it and leaves it, timing the entry. */
    void hold(long cpuNanos) {
        long reached = System.nanoTime();
        synchronized (this) {
            long entered = System.nanoTime();
            long cpu0 = CpuBurner.threadCpuNanos();
            CpuBurner.burn(cpuNanos);
            long cpu = CpuBurner.threadCpuNanos() - cpu0;
            // A release after this entry reached the lock means a holder kept it waiting; the lock was then free
            // from that release until this entry, the hand-off.
            if (entries > 0 && reached < lastRelease) {
                contended++;
                handoffNanos += entered - lastRelease;
            }
            entries++;
            waitNanos += entered - reached;
            holdCpuNanos += cpu;
            long left = System.nanoTime();
            long held = left - entered;
            holdNanos += held;
            holdSquaredMicros2 += (held / 1000) * (held / 1000);
            lastRelease = left;
        }
    }

    /** The lock's figures so far. */
    synchronized LocksCsv.Row row() {
        return new LocksCsv.Row(name, entries, contended, waitNanos, holdNanos, holdSquaredMicros2, holdCpuNanos,
                handoffNanos);
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
