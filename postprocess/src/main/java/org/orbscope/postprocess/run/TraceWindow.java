package org.orbscope.postprocess.run;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stretch of a recording a report covers: requests that arrived in [{@code fromNs}, {@code toNs}) (epoch
 * ns). A bound is an instant ({@code 2026-11-23T22:15:00Z}) or a time since the recording's start
 * ({@code 90s}, {@code 15m}, {@code 1h30m}, {@code 250ms}).
 */
public record TraceWindow(long fromNs, long toNs) {
    public static final TraceWindow ALL = new TraceWindow(Long.MIN_VALUE, Long.MAX_VALUE);
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

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
        Matcher m = PART.matcher(t);
        double ns = 0;
        int at = 0;
        while (m.find() && m.start() == at) {
            double v = Double.parseDouble(m.group(1));
            ns += v * switch (m.group(2)) {
                case "ms" -> 1e6;
                case "s" -> 1e9;
                case "m" -> 60e9;
                default -> 3600e9;
            };
            at = m.end();
        }
        if (at == 0 || at != t.length()) {
            throw new IllegalArgumentException(option + " " + text
                    + ": not a time since the recording's start (90s, 15m, 1h30m, 250ms) or an instant");
        }
        return startEpochNs + (long) ns;
    }
}
