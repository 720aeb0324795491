package org.orbscope.run;

import java.time.Instant;

/**
 * Epoch nanoseconds from this JVM's monotonic clock ({@code System.nanoTime}), calibrated once against the system
 * clock at its full resolution (microseconds on Linux), so that the times several JVMs of one machine record agree
 * to microseconds. An offset moves them onto another machine's clock: a client host records on the coordinator's
 * clock, its own plus the offset its ping exchange measured.
 */
public final class EpochClock {
    /** Calibration reads: the one with the shortest gap between its two monotonic reads is kept. */
    private static final int READS = 16;

    private final long epochAt;
    private final long nanoAt;

    private EpochClock(long epochAt, long nanoAt) {
        this.epochAt = epochAt;
        this.nanoAt = nanoAt;
    }

    /** This machine's clock. */
    public static EpochClock calibrate() {
        return calibrate(0);
    }

    /** This machine's clock plus {@code offsetNanos} (another clock's time minus this one's). */
    public static EpochClock calibrate(long offsetNanos) {
        long bestGap = Long.MAX_VALUE;
        long epoch = 0;
        long nano = 0;
        for (int i = 0; i < READS; i++) {
            long before = System.nanoTime();
            long e = now();
            long after = System.nanoTime();
            if (after - before < bestGap) {
                bestGap = after - before;
                epoch = e;
                nano = before + (after - before) / 2;
            }
        }
        return new EpochClock(epoch + offsetNanos, nano);
    }

    /** The system clock now, in epoch nanoseconds (at its resolution). */
    public static long now() {
        Instant t = Instant.now();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The epoch time of a {@code System.nanoTime()} reading. */
    public long epochNanos(long nanoTime) {
        return epochAt + (nanoTime - nanoAt);
    }

    /** The {@code System.nanoTime()} reading at an epoch time. */
    public long nanoTime(long epochNanos) {
        return nanoAt + (epochNanos - epochAt);
    }
}
