package org.orbscope.postprocess.sweep;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.scenario.Rates;
import org.orbscope.units.Units;

/**
 * One swept path of a run: its short name (as in point names), its values in run order, and whether they are
 * numbers (rates in requests/ms, durations in ms, plain numbers as written) or names (operations, types, laws).
 *
 * @param path the scenario path, e.g. {@code client.processes[0].targets[0].payload.size}
 * @param label the short name of point names, e.g. {@code size}
 * @param values the values as written, in the order the points ran
 * @param numbers the values as numbers, in {@link #unit}; null for names
 * @param unit {@code req/ms}, {@code ms} or empty
 */
public record SweepAxis(String path, String label, List<String> values, List<Double> numbers, String unit) {
    /** The axis of these values: numeric when every value reads as one kind of number. */
    public static SweepAxis of(String path, String label, List<String> values) {
        List<Double> plain = parseAll(values, Double::parseDouble);
        if (plain != null) {
            return new SweepAxis(path, label, values, plain, "");
        }
        List<Double> rates = path.endsWith("rate") || values.stream().allMatch(v -> v.contains("/"))
                ? parseAll(values, v -> Rates.parsePerSecond(v) / 1000) : null;
        if (rates != null) {
            return new SweepAxis(path, label, values, rates, "req/ms");
        }
        List<Double> durations = parseAll(values, v -> Units.durationNanos(v) / 1e6);
        if (durations != null) {
            return new SweepAxis(path, label, values, durations, "ms");
        }
        return new SweepAxis(path, label, values, null, "");
    }

    private interface Parser {
        double parse(String text);
    }

    private static List<Double> parseAll(List<String> values, Parser parser) {
        List<Double> out = new ArrayList<>();
        for (String v : values) {
            try {
                double d = parser.parse(v.trim());
                if (!Double.isFinite(d)) {
                    return null;
                }
                out.add(d);
            } catch (RuntimeException e) {
                return null;
            }
        }
        return out;
    }

    public boolean numeric() {
        return numbers != null;
    }

    /** An arrival rate: the paper's figures put these on their x axis. */
    @JsonIgnore
    public boolean isRate() {
        return "req/ms".equals(unit);
    }

    /** The label with its unit, for an axis title: {@code size}, {@code rate (req/ms)}. */
    @JsonIgnore
    public String title() {
        return unit.isEmpty() ? label : label + " (" + unit + ")";
    }

    /** The value a point set, as written, or null when the point does not say. */
    public String valueOf(Map<String, String> params) {
        return params.get(path);
    }

    /** A value as a number in {@link #unit} (NaN for names and for values the sweep does not list). */
    public double number(String value) {
        int i = values.indexOf(value);
        return numbers == null || i < 0 ? Double.NaN : numbers.get(i);
    }

    /**
     * The x position of a value: its number, or its place among the values for names (categories are drawn in
     * run order, evenly spaced).
     */
    public double position(String value) {
        return numeric() ? number(value) : values.indexOf(value);
    }

    /** Whether the values span two decades or more of positive numbers: drawn on a logarithmic axis. */
    @JsonIgnore
    public boolean logScale() {
        if (!numeric() || numbers.size() < 3) {
            return false;
        }
        double min = numbers.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = numbers.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max / min >= 100;
    }
}
