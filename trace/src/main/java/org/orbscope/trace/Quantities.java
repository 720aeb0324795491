package org.orbscope.trace;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of the durations and sizes that recording options and windows take: durations as parts of a
 * number and a unit ({@code 250ms}, {@code 90s}, {@code 10m}, {@code 1h30m}), sizes as a whole number of bytes
 * with an optional binary unit ({@code 65536}, {@code 512k}, {@code 256m}, {@code 2g}), as JDK Flight Recorder's
 * {@code maxage} and {@code maxsize} read.
 */
public final class Quantities {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");
    private static final Pattern SIZE = Pattern.compile("(\\d+)([kmg]?)b?");

    private Quantities() {
    }

    /** Nanoseconds of a duration such as {@code 1h30m}; {@link IllegalArgumentException} naming the grammar. */
    public static long durationNanos(String text) {
        String t = text.trim();
        Matcher m = PART.matcher(t);
        double ns = 0;
        int at = 0;
        while (m.find() && m.start() == at) {
            double v = Double.parseDouble(m.group(1));
            String unit = m.group(2);
            ns += v * (unit.equals("ms") ? 1e6 : unit.equals("s") ? 1e9 : unit.equals("m") ? 60e9 : 3600e9);
            at = m.end();
        }
        if (at == 0 || at != t.length()) {
            throw new IllegalArgumentException("not a duration such as 90s, 15m, 1h30m or 250ms");
        }
        return (long) ns;
    }

    /** Bytes of a size such as {@code 256m}; {@link IllegalArgumentException} naming the grammar. */
    public static long bytes(String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a size such as 65536, 512k, 256m or 2g");
        }
        long n = Long.parseLong(m.group(1));
        int shift = m.group(2).isEmpty() ? 0 : "kmg".indexOf(m.group(2)) * 10 + 10;
        if (n > Long.MAX_VALUE >> shift) {
            throw new IllegalArgumentException("too large a size");
        }
        return n << shift;
    }
}
