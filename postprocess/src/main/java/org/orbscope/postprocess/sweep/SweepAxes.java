package org.orbscope.postprocess.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The swept paths of a run as axes, the first path outermost as the sweep ran them, and how points group by
 * them: a series is the points that share the values of every axis but one.
 *
 * @param zip the lists were walked together (the axes vary as one, so they do not form a grid)
 */
public record SweepAxes(List<SweepAxis> axes, boolean zip) {
    public static final SweepAxes NONE = new SweepAxes(List.of(), false);

    /**
     * The axes of a sweep: {@code labels} maps each swept path to its short name; each axis's values are those the
     * points set, in the order of {@code pointParams} (run order).
     */
    public static SweepAxes of(Map<String, String> labels, List<Map<String, String>> pointParams, boolean zip) {
        List<SweepAxis> axes = new ArrayList<>();
        for (Map.Entry<String, String> e : labels.entrySet()) {
            List<String> values = new ArrayList<>();
            for (Map<String, String> p : pointParams) {
                String v = p.get(e.getKey());
                if (v != null && !values.contains(v)) {
                    values.add(v);
                }
            }
            axes.add(SweepAxis.of(e.getKey(), e.getValue(), values));
        }
        return new SweepAxes(List.copyOf(axes), zip);
    }

    public List<String> paths() {
        return axes.stream().map(SweepAxis::path).toList();
    }

    public boolean isEmpty() {
        return axes.isEmpty();
    }

    /** Every swept path is an arrival rate: the report draws the paper's figures against the rate. */
    public boolean rateSweep() {
        return !axes.isEmpty() && axes.stream().allMatch(SweepAxis::isRate);
    }

    /** The axes other than {@code axis}. */
    public List<SweepAxis> others(SweepAxis axis) {
        return axes.stream().filter(a -> a != axis).toList();
    }

    /** The numeric axes with two values or more: the variables of a regression. */
    public List<SweepAxis> numericVariables() {
        return axes.stream().filter(a -> a.numeric() && a.values().size() > 1).toList();
    }

    /**
     * A point's values on {@code axes}, as {@code label=value} joined by ", " (empty for no axes): the name of the
     * series or block the point belongs to.
     */
    public static String key(List<SweepAxis> axes, Map<String, String> params) {
        List<String> parts = new ArrayList<>();
        for (SweepAxis a : axes) {
            parts.add(a.label() + "=" + a.valueOf(params));
        }
        return String.join(", ", parts);
    }

    /** Items grouped by their values on {@code axes}, groups in order of first appearance. */
    public static <T> Map<String, List<T>> group(List<SweepAxis> axes, List<T> items,
                                                 Function<T, Map<String, String>> params) {
        Map<String, List<T>> out = new LinkedHashMap<>();
        for (T item : items) {
            out.computeIfAbsent(key(axes, params.apply(item)), k -> new ArrayList<>()).add(item);
        }
        return out;
    }
}
