package org.orbscope.client;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits for an intended send time: parks while it is far, then spins the last stretch, yielding on every turn
 * (on a client pinned to one core a plain spin would hold off JacORB's receptor thread delivering another
 * request's reply).
 *
 * <p>How early parking must stop depends on the machine: Linux wakes a parked thread up to its timer slack
 * (50 us by default) late, and a virtual machine adds its own wake-up latency. A fixed margin is either too
 * short there (sends go out late) or wastes CPU spinning elsewhere, so the margin follows the wake-ups seen:
 * a park that overshoots the margin doubles it (at most to that overshoot and a quarter), punctual wake-ups
 * narrow it by 1/512 each. Doubling, not jumping to the overshoot, keeps one preemption of many milliseconds
 * from making every later request spin that long; the margin settles where about one wake-up in 350 is late
 * (a doubling undone by about 355 narrowings), near the 99.7th percentile of this machine's overshoot.
 * One timer serves the threads that take turns waiting; they only read and write one long, so a lost update
 * costs at most one adjustment. Public for the benchmark's bare paced loop, which must wait the same way.
 */
public final class ArrivalTimer {
    static final long MIN_MARGIN_NANOS = 20_000;
    static final long MAX_MARGIN_NANOS = 2_000_000;
    private static final long INITIAL_MARGIN_NANOS = 100_000;

    private volatile long margin = INITIAL_MARGIN_NANOS;

    /** The current margin: how long before an intended time parking stops and spinning starts. */
    public long marginNanos() {
        return margin;
    }

    /** Parks until {@code deadline} or a little after (no spinning); returns early once {@code abort} is set. */
    static void parkUntil(long deadline, AtomicReference<String> abort) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(left, 100_000_000L));
            if (abort.get() != null) {
                return;
            }
        }
    }

    /** Returns at {@code due} (within a yield), or earlier once {@code abort} is set. */
    public void awaitUntil(long due, AtomicReference<String> abort) {
        while (true) {
            long wakeAt = due - margin;
            long left = wakeAt - System.nanoTime();
            if (left <= 0) {
                break;
            }
            LockSupport.parkNanos(Math.min(left, 100_000_000L));
            if (abort.get() != null) {
                return;
            }
            learn(System.nanoTime() - wakeAt);
        }
        while (System.nanoTime() < due) {
            Thread.yield();
        }
    }

    /** {@code overshoot}: how much later than asked the last park returned (negative: early, e.g. unparked). */
    void learn(long overshoot) {
        long m = margin;
        if (overshoot > m) {
            m = Math.min(MAX_MARGIN_NANOS, Math.min(2 * m, overshoot + (overshoot >> 2)));
        } else {
            m = Math.max(MIN_MARGIN_NANOS, m - (m >> 9));
        }
        margin = m;
    }
}
