package org.orbscope.scenario;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.orbscope.units.Units;

/**
 * Arrival rates: {@code 20/s}, {@code 0.02/ms} (Harkema et al.'s unit), {@code 1200/min}, or a number per second.
 * The unit after the slash is any unit of the duration grammar ({@link Units#unitNanos}).
 */
public final class Rates {
    private static final Pattern FORMAT = Pattern.compile("\\s*([-+]?[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(?:/\\s*([a-zµ]+))?\\s*");

    private Rates() {
    }

    public static double parsePerSecond(String text) {
        if (text == null) {
            throw new IllegalArgumentException("missing rate");
        }
        Matcher m = FORMAT.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw notARate(text);
        }
        double v = Double.parseDouble(m.group(1));
        if (m.group(2) == null) {
            return v;
        }
        try {
            double unit = Units.unitNanos(m.group(2));
            // Whole factors either way, so 0.02/ms and 1200/min come out as exactly as they are written.
            return unit >= 1e9 ? v / (unit / 1e9) : v * (1e9 / unit);
        } catch (IllegalArgumentException e) {
            throw notARate(text);
        }
    }

    private static IllegalArgumentException notARate(String text) {
        return new IllegalArgumentException("'" + text + "' is not a rate (write e.g. 20/s or 0.02/ms)");
    }
}
