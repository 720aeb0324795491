package org.orbscope.units;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar of durations and sizes in orbscope: scenario files, agent options, command options and report
 * windows all read them here.
 *
 * <p>A duration is one or more parts, each a number and a unit, summed: {@code 40ns}, {@code 250us} (or
 * {@code µs}), {@code 8ms}, {@code 1.5s}, {@code 2m} or {@code 2min} (minutes), {@code 1h}, {@code 1h30m},
 * {@code 1e3us}. Units are case-insensitive, blanks around a number or a unit are allowed, a number alone is
 * not a duration (its unit would be a guess).
 *
 * <p>A size is a whole number of bytes with an optional binary unit and an optional {@code b}: {@code 65536},
 * {@code 512k}, {@code 256m}, {@code 2g}, {@code 256MB}, as JDK Flight Recorder's {@code maxsize} reads.
 */
public final class Units {
    private static final String NUMBER = "([0-9]*\\.?[0-9]+(?:e[-+]?[0-9]+)?)";
    /** Longer spellings first, so that {@code ms} and {@code min} are not read as minutes. */
    private static final String UNIT = "(ns|us|µs|ms|min|s|m|h)";
    private static final Pattern PART = Pattern.compile("\\s*" + NUMBER + "\\s*" + UNIT + "\\s*");
    private static final Pattern SIZE = Pattern.compile("\\s*([0-9]+)\\s*([kmg]?)b?\\s*");

    private Units() {
    }

    /**
     * Nanoseconds of a duration such as {@code 250us} or {@code 1h30m}, rounded to the nearest.
     *
     * @throws IllegalArgumentException naming the text and the grammar
     */
    public static long durationNanos(String text) {
        if (text == null) {
            throw new IllegalArgumentException("missing duration");
        }
        String t = text.toLowerCase(Locale.ROOT);
        Matcher m = PART.matcher(t);
        double nanos = 0;
        int at = 0;
        while (at < t.length() && m.find(at) && m.start() == at) {
            nanos += Double.parseDouble(m.group(1)) * unitNanos(m.group(2));
            at = m.end();
        }
        if (at == 0 || at != t.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (write e.g. 250us, 8ms, 1.5s, 10m, 1h30m)");
        }
        return Math.round(nanos);
    }

    /**
     * Nanoseconds in one of the duration grammar's units ({@code ns}, {@code us}, {@code µs}, {@code ms}, {@code s},
     * {@code m}, {@code min}, {@code h}; any case), for quantities per unit of time such as rates.
     *
     * @throws IllegalArgumentException for any other word
     */
    public static double unitNanos(String unit) {
        switch (unit.trim().toLowerCase(Locale.ROOT)) {
            case "ns": return 1;
            case "us": case "µs": return 1e3;
            case "ms": return 1e6;
            case "s": return 1e9;
            case "m": case "min": return 60e9;
            case "h": return 3600e9;
            default: throw new IllegalArgumentException("'" + unit + "' is not a unit of time (ns, us, ms, s, m, h)");
        }
    }

    /**
     * Bytes of a size such as {@code 256m}.
     *
     * @throws IllegalArgumentException naming the text and the grammar, or a size beyond a long
     */
    public static long sizeBytes(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size (write e.g. 65536, 512k, 256m, 2g)");
        }
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            n = Long.MAX_VALUE;
        }
        int shift = m.group(2).isEmpty() ? 0 : "kmg".indexOf(m.group(2)) * 10 + 10;
        if (n > Long.MAX_VALUE >> shift) {
            throw new IllegalArgumentException("'" + text + "' is too large a size");
        }
        return n << shift;
    }

    /**
     * A duration in the grammar's words with at most three decimals in the largest unit it reaches up to minutes
     * ({@code 1.5ms}, {@code 250us}, {@code 2m}); reads back within a thousandth of that unit.
     */
    public static String formatDuration(double nanos) {
        if (nanos >= 60e9) return trim(nanos / 60e9) + "m";
        if (nanos >= 1e9) return trim(nanos / 1e9) + "s";
        if (nanos >= 1e6) return trim(nanos / 1e6) + "ms";
        if (nanos >= 1e3) return trim(nanos / 1e3) + "us";
        return trim(nanos) + "ns";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
