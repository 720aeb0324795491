package org.orbscope.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.orbscope.model.ThreadingModel;

/** Model settings the scenario does not carry (middleware CPU costs) or the user overrides on the command line. */
record ScenarioModelOverrides(ThreadingModel threading, Double cores, double receiverCpuNanos, double poaCpuNanos,
                              double marshalCpuNanos) {
    private static final Pattern DURATION = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(ns|us|ms|s)");

    static ScenarioModelOverrides none() {
        return new ScenarioModelOverrides(null, null, 0, 0, 0);
    }

    /** "0.4ms" -> 400000.0; null -> 0. */
    static double nanos(String option, String text) {
        if (text == null) {
            return 0;
        }
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " '" + text + "': expected a duration like 400us or 0.4ms");
        }
        double v = Double.parseDouble(m.group(1));
        switch (m.group(2)) {
            case "ns": return v;
            case "us": return v * 1e3;
            case "ms": return v * 1e6;
            default: return v * 1e9;
        }
    }
}
