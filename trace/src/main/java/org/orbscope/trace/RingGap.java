package org.orbscope.trace;

import java.util.Locale;

/**
 * Segments missing from a ring's directory read as one recording ({@link TraceReader#gaps}): between two segments
 * the directory holds, one or more numbers have no file (deleted, or never written whole) or a file whose header
 * does not read. Their events are not in the trace; the reader marks the place as it marks skipped damage
 * ({@link EventType#CHUNK_LOST}), so no call pairs across it. The oldest segments, which the ring itself deletes, are
 * no gap: the recording then starts later.
 */
public final class RingGap {
    /** {@link #fromNanos} when no segment before the gap was read. */
    public static final long UNKNOWN_START = Long.MIN_VALUE;
    /** {@link #toNanos} when no segment after the gap was read. */
    public static final long UNKNOWN_END = Long.MAX_VALUE;

    private final long firstSegment;
    private final long lastSegment;
    private final long fromNanos;
    private final long toNanos;
    private final String cause;

    /**
     * Segments {@code firstSegment} to {@code lastSegment}, missing for {@code cause}, between the end of the segment
     * before ({@code fromNanos}) and the first event of the one after ({@code toNanos}), both in the trace's
     * {@code nanoTime}.
     */
    public RingGap(long firstSegment, long lastSegment, long fromNanos, long toNanos, String cause) {
        this.firstSegment = firstSegment;
        this.lastSegment = lastSegment;
        this.fromNanos = fromNanos;
        this.toNanos = toNanos;
        this.cause = cause;
    }

    /** The number of the first missing segment (as in its file name, {@code 000003.trace}). */
    public long firstSegment() {
        return firstSegment;
    }

    /** The number of the last missing segment; {@link #firstSegment} when one is missing. */
    public long lastSegment() {
        return lastSegment;
    }

    /** The end of the segment before the gap ({@code nanoTime}), or {@link #UNKNOWN_START}. */
    public long fromNanos() {
        return fromNanos;
    }

    /** The first event of the segment after the gap ({@code nanoTime}), or {@link #UNKNOWN_END}. */
    public long toNanos() {
        return toNanos;
    }

    /** Why the segments are missing: no file, or what made a file unreadable. */
    public String cause() {
        return cause;
    }

    /**
     * The gap in words, its times in seconds into the recording that started at {@code startNanos}: {@code ring
     * segment 000003 missing (no file): the recording from 4.012 s to 6.530 s (2.518 s) is not in the trace}.
     */
    public String describe(long startNanos) {
        String which = firstSegment == lastSegment ? "ring segment " + number(firstSegment)
                : "ring segments " + number(firstSegment) + "-" + number(lastSegment);
        String span;
        if (fromNanos != UNKNOWN_START && toNanos != UNKNOWN_END) {
            span = "from " + seconds(fromNanos - startNanos) + " to " + seconds(toNanos - startNanos) + " ("
                    + seconds(toNanos - fromNanos) + ")";
        } else if (fromNanos != UNKNOWN_START) {
            span = "from " + seconds(fromNanos - startNanos) + " on";
        } else if (toNanos != UNKNOWN_END) {
            span = "up to " + seconds(toNanos - startNanos);
        } else {
            span = "of that time";
        }
        return which + " missing (" + cause + "): the recording " + span + " is not in the trace";
    }

    private static String number(long n) {
        return String.format(Locale.ROOT, "%06d", n);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    @Override
    public String toString() {
        return describe(0);
    }
}
