package org.orbscope.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A service-level objective on the completion time, e.g. {@code p95<50ms} or {@code mean<20ms}. */
public record Sla(String statistic, double percentile, double limitMs) {
    private static final Pattern FORM = Pattern.compile("\\s*(mean|p\\d+(?:\\.\\d+)?)\\s*<\\s*([0-9.]+)\\s*(ns|us|ms|s)\\s*");

    public static Sla parse(String text) {
        Matcher m = FORM.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("SLA '" + text + "': expected e.g. p95<50ms, p99.9<1s or mean<20ms");
        }
        String stat = m.group(1);
        double pct = stat.equals("mean") ? Double.NaN : Double.parseDouble(stat.substring(1));
        if (!Double.isNaN(pct) && !(pct > 0 && pct <= 100)) {
            throw new IllegalArgumentException("SLA '" + text + "': percentile must be in (0, 100]");
        }
        double value = Double.parseDouble(m.group(2));
        double ms;
        switch (m.group(3)) {
            case "ns": ms = value / 1e6; break;
            case "us": ms = value / 1e3; break;
            case "s": ms = value * 1e3; break;
            default: ms = value; break;
        }
        return new Sla(stat, pct, ms);
    }

    /** The statistic's value in a result, milliseconds. */
    public double measure(SimulationResult r) {
        return Double.isNaN(percentile) ? r.completion().meanMs() : r.completion().percentileMs(percentile);
    }

    public boolean holds(SimulationResult r) {
        return measure(r) < limitMs;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s<%sms", statistic, limitMs);
    }
}
