package org.orbscope.postprocess.run;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the scenario's rate notation ("20/s", "0.02/ms", "1200/min") into requests per second. */
public final class Rates {
    private static final Pattern RATE = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?\\d+)?)\\s*/\\s*(ns|us|ms|s|min|h)\\s*");

    private Rates() {
    }

    public static double perSecond(String text) {
        Matcher m = RATE.matcher(text == null ? "" : text);
        if (!m.matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "ns" -> v * 1e9;
            case "us" -> v * 1e6;
            case "ms" -> v * 1e3;
            case "s" -> v;
            case "min" -> v / 60;
            default -> v / 3600;
        };
    }
}
