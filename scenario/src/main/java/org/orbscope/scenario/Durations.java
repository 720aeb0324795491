package org.orbscope.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as scenario files write them: {@code 8ms}, {@code 250us}, {@code 1.5s}, {@code 40ns}, {@code 2m}. */
public final class Durations {
    private static final Pattern FORMAT = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(ns|us|µs|ms|s|m)\\s*");

    private Durations() {
    }

    public static long parseNanos(String text) {
        if (text == null) {
            throw new IllegalArgumentException("missing duration");
        }
        Matcher m = FORMAT.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration (write e.g. 8ms, 250us, 1.5s)");
        }
        double v = Double.parseDouble(m.group(1));
        double unit;
        switch (m.group(2)) {
            case "ns": unit = 1; break;
            case "us": case "µs": unit = 1e3; break;
            case "ms": unit = 1e6; break;
            case "s": unit = 1e9; break;
            default: unit = 60e9; break;
        }
        return Math.round(v * unit);
    }

    public static String format(double nanos) {
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
