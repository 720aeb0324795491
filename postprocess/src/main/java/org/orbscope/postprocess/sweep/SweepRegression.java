package org.orbscope.postprocess.sweep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.stats.Regression;

/**
 * Beekhuis's Appendix G over any sweep: the mean response time of the points regressed on the numeric swept axes
 * (those with two values or more), once per combination of the named axes (e.g. per operation of a payload
 * sweep): a linear model (with the variables' products when there are two or more, as Beekhuis fits nodes,
 * threads and nodes x threads), a power law, and the linear model without its constant (Beekhuis's prediction
 * formula).
 */
public final class SweepRegression {
    /** The fits of one group of points: its named axes' values, the variables, the models. */
    public record Group(String group, List<String> variables, String response, List<Regression.Fit> fits) {
    }

    private SweepRegression() {
    }

    /**
     * The regressions of a sweep's points; {@code response} gives a point's mean response time (ms) or null when
     * it has none. Empty when no numeric axis has two values.
     */
    public static <T> List<Group> of(SweepAxes axes, List<T> points, Function<T, Map<String, String>> params,
                                     Function<T, Double> response, String responseName) {
        List<SweepAxis> numeric = axes.numericVariables();
        // A zipped sweep's lists move together: its first numeric axis that tells every step apart is the only
        // independent variable (the proxy pattern's request counts 1, 20000, 20000 are not one).
        List<SweepAxis> variables = !axes.zip() ? numeric : numeric.stream()
                .filter(a -> a.values().size() == points.size()).limit(1).toList();
        List<Group> out = new ArrayList<>();
        if (variables.isEmpty()) {
            return out;
        }
        List<SweepAxis> named = axes.axes().stream().filter(a -> !numeric.contains(a) && !axes.zip()).toList();
        List<String> names = variables.stream().map(SweepAxis::label).toList();
        for (Map.Entry<String, List<T>> g : SweepAxes.group(named, points, params).entrySet()) {
            List<double[]> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (T p : g.getValue()) {
                Double r = response.apply(p);
                double[] row = variables.stream().mapToDouble(a -> a.number(a.valueOf(params.apply(p)))).toArray();
                if (r != null && Arrays.stream(row).allMatch(Double::isFinite)) {
                    x.add(row);
                    y.add(r);
                }
            }
            double[][] xs = x.toArray(new double[0][]);
            double[] ys = y.stream().mapToDouble(Double::doubleValue).toArray();
            List<Regression.Fit> fits = new ArrayList<>();
            boolean interactions = names.size() > 1;
            Regression.Fit linear = Regression.linear(names, xs, ys, interactions);
            if (!linear.fitted() && interactions) {
                interactions = false;
                linear = Regression.linear(names, xs, ys, false);
            }
            fits.add(linear);
            fits.add(Regression.power(names, xs, ys));
            fits.add(Regression.linear(names, xs, ys, interactions, false));
            out.add(new Group(g.getKey(), names, responseName, fits));
        }
        return out;
    }
}
