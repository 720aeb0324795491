package org.orbscope.postprocess.point;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.orbscope.units.Units;

/**
 * The stretch of a recording a report covers: requests that arrived in [{@code fromNs}, {@code toNs}) (epoch
 * ns). A bound is an instant ({@code 2026-11-23T22:15:00Z}) or a time since the recording's start
 * ({@code 90s}, {@code 15m}, {@code 1h30m}, {@code 250ms}).
 */
public record TraceWindow(long fromNs, long toNs) {
    public static final TraceWindow ALL = new TraceWindow(Long.MIN_VALUE, Long.MAX_VALUE);

    public boolean all() {
        return fromNs == Long.MIN_VALUE && toNs == Long.MAX_VALUE;
    }

    public boolean contains(long epochNs) {
        return epochNs >= fromNs && epochNs < toNs;
    }

    /**
     * The window of {@code --from}/{@code --to} (either may be null: open), relative bounds counted from
     * {@code startEpochNs}.
     *
     * @throws IllegalArgumentException naming the option whose value does not parse, or an empty window
     */
    public static TraceWindow parse(String from, String to, long startEpochNs) {
        long a = from == null ? Long.MIN_VALUE : bound("--from", from, startEpochNs);
        long b = to == null ? Long.MAX_VALUE : bound("--to", to, startEpochNs);
        if (b <= a) {
            throw new IllegalArgumentException("--to " + to + " is not after --from " + from);
        }
        return new TraceWindow(a, b);
    }

    private static long bound(String option, String text, long startEpochNs) {
        String t = text.trim();
        if (t.contains("T")) {
            try {
                Instant i = Instant.parse(t);
                return i.getEpochSecond() * 1_000_000_000L + i.getNano();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(option + " " + text + ": not an instant such as 2026-11-23T22:15:00Z");
            }
        }
        try {
            return startEpochNs + Units.durationNanos(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + text
                    + ": not a time since the recording's start (90s, 15m, 1h30m, 250ms) or an instant");
        }
    }
}
