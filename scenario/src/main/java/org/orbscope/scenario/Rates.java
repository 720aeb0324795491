package org.orbscope.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Arrival rates: {@code 20/s}, {@code 0.02/ms} (Harkema et al.'s unit), {@code 1200/min}, or a number per second. */
public final class Rates {
    private static final Pattern FORMAT = Pattern.compile("\\s*([-+]?[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(?:/\\s*(s|ms|us|min))?\\s*");

    private Rates() {
    }

    public static double parsePerSecond(String text) {
        if (text == null) {
            throw new IllegalArgumentException("missing rate");
        }
        Matcher m = FORMAT.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a rate (write e.g. 20/s or 0.02/ms)");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ms": return v * 1e3;
            case "us": return v * 1e6;
            case "min": return v / 60.0;
            default: return v;
        }
    }
}
