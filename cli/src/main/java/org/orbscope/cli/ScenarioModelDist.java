package org.orbscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.orbscope.model.Dist;

/** Scenario distributions, durations and rates (contract syntax) as model values (nanoseconds, per second). */
final class ScenarioModelDist {
    private static final Pattern DURATION = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(ns|us|ms|s)");
    private static final Pattern RATE = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(?:/\\s*(ns|us|ms|s|min))?");

    private ScenarioModelDist() {
    }

    /** {dist: deterministic|exponential|uniform|empirical, mean|value, min, max, values} or a bare duration. */
    static Dist parse(String where, String field, JsonNode node) {
        if (node == null || node.isNull()) {
            return Dist.ZERO;
        }
        if (node.isValueNode()) {
            return Dist.deterministic(nanos(where, field, node));
        }
        String kind = node.path("dist").asText("deterministic");
        try {
            switch (kind) {
                case "deterministic":
                    return Dist.deterministic(nanos(where, field + ".value", node.has("value") ? node.get("value")
                            : node.get("mean")));
                case "exponential":
                    return Dist.exponential(nanos(where, field + ".mean", node.has("mean") ? node.get("mean")
                            : node.get("value")));
                case "uniform":
                    return Dist.uniform(nanos(where, field + ".min", node.get("min")),
                            nanos(where, field + ".max", node.get("max")));
                case "empirical": {
                    JsonNode values = node.path("values");
                    if (!values.isArray() || values.isEmpty()) {
                        throw new IllegalArgumentException("values: expected a non-empty list");
                    }
                    double[] v = new double[values.size()];
                    for (int i = 0; i < v.length; i++) {
                        v[i] = nanos(where, field + ".values[" + i + "]", values.get(i));
                    }
                    return Dist.empirical(v);
                }
                default:
                    throw new IllegalArgumentException("dist: expected deterministic, exponential, uniform or "
                            + "empirical, got '" + kind + "'");
            }
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith(where)) {
                throw e;
            }
            throw new IllegalArgumentException(where + field + ": " + e.getMessage());
        }
    }

    static double nanos(String where, String field, JsonNode node) {
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException(where + field + ": missing");
        }
        Matcher m = DURATION.matcher(node.asText().trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(where + field + ": expected a duration like 8ms, 250us, 1s; got '"
                    + node.asText() + "'");
        }
        double v = Double.parseDouble(m.group(1));
        switch (m.group(2)) {
            case "ns": return v;
            case "us": return v * 1e3;
            case "ms": return v * 1e6;
            default: return v * 1e9;
        }
    }

    /** "20/s", "0.02/ms", "120/min" or a bare number (per second) -> requests per second. */
    static double rate(String where, String field, JsonNode node) {
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException(where + field + ": missing");
        }
        Matcher m = RATE.matcher(node.asText().trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || !(Double.parseDouble(m.group(1)) > 0)) {
            throw new IllegalArgumentException(where + field + ": expected a positive rate like 20/s or 0.02/ms; got '"
                    + node.asText() + "'");
        }
        double v = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "ns": return v * 1e9;
            case "us": return v * 1e6;
            case "ms": return v * 1e3;
            case "min": return v / 60;
            default: return v;
        }
    }
}
