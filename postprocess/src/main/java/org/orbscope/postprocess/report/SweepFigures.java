package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.Prediction;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.postprocess.sweep.SweepAxis;

/**
 * The figures keyed by what was swept. A rate sweep (or no sweep) gets Harkema et al.'s Figures 4-5: queueing and
 * completion time against the arrival rate, measured with the p50-p95 band, simulated and S/(1-rho) dashed, and
 * the client's response time. Any other sweep gets, for every swept axis, the client's response time (and the
 * server's completion time when traced) against that axis's values, one series per combination of the other
 * axes, with the p5-p95 band Beekhuis reports.
 */
final class SweepFigures {
    private SweepFigures() {
    }

    static void render(StringBuilder b, RunData run) {
        SweepAxes axes = run.axes();
        boolean anyStages = run.points().stream().anyMatch(p -> p.server().stages().containsKey("completion"));
        b.append("<h2 id=\"figures\">Figures</h2>");
        if (run.points().size() < 2) {
            // A figure across the sweep of one point would be one dot on each chart.
            b.append("<p class=\"note\" id=\"figures-one-point\">One point: the figures across a sweep need two or "
                    + "more. The table above has its figures, and its drill-down below its distributions")
                    .append(run.points().stream().anyMatch(p -> p.client().records() > 0) ? " and its percentiles over "
                            + "time." : ".").append("</p>");
            return;
        }
        if (axes.isEmpty() || axes.rateSweep()) {
            rateFigures(b, run.points(), anyStages);
            return;
        }
        b.append("<p>One figure per swept axis that takes two values or more: the axis's values along x (numbers "
                + "on a numeric axis, logarithmic when they span two decades or more; names in sweep order), one line "
                + "per combination of the other axes' values; the mean with a band from the 5th to the 95th "
                + "percentile.</p><div class=\"charts\">");
        List<SweepAxis> varying = axes.axes().stream().filter(a -> a.values().size() > 1).toList();
        if (axes.zip()) {
            zipCharts(b, run, varying, anyStages);
            return;
        }
        for (SweepAxis axis : varying) {
            List<SweepAxis> others = varying.stream().filter(a -> a != axis).toList();
            b.append(axisChart("axis-response-" + axis.label(), "Client response time by " + axis.label(), axis, others,
                    run.points(), p -> p.client().response()));
            if (anyStages) {
                b.append(axisChart("axis-completion-" + axis.label(), "Server completion time by " + axis.label(), axis,
                        others, run.points(), p -> p.server().stages().get("completion")));
            }
        }
        b.append("</div>");
    }

    /**
     * A zipped sweep's lists move as one axis: drawn against its first list when that names every step apart
     * (client threads with their connections), else against the steps in sweep order, each named by the values of
     * the lists that tell the steps apart (the proxy pattern's server and request count: one pair alone, three
     * pairs direct, three through the proxy).
     */
    private static void zipCharts(StringBuilder b, RunData run, List<SweepAxis> varying, boolean anyStages) {
        List<PointAnalysis> points = run.points();
        SweepAxis first = run.axes().axes().get(0);
        if (first.values().size() == points.size()) {
            b.append(axisChart("axis-response-" + first.label(), "Client response time by " + first.label(), first,
                    List.of(), points, p -> p.client().response()));
            if (anyStages) {
                b.append(axisChart("axis-completion-" + first.label(), "Server completion time by " + first.label(),
                        first, List.of(), points, p -> p.server().stages().get("completion")));
            }
            b.append("</div>");
            if (varying.size() > 1) {
                b.append("<p>The sweep walks its lists together (zip): the other swept paths change with ")
                        .append(Svg.esc(first.label())).append(" (see the sweep table).</p>");
            }
            return;
        }
        List<SweepAxis> naming = distinguishing(varying, points);
        List<String> names = stepNames(naming, points);
        Svg.XAxis x = Svg.XAxis.categories(String.join(" / ", naming.stream().map(SweepAxis::label).toList())
                + " (the zipped lists, in sweep order)", names);
        b.append(Svg.lineChart("axis-response-steps", "Client response time by sweep step", x, "ms",
                List.of(stepSeries(points, p -> p.client().response()))));
        if (anyStages) {
            b.append(Svg.lineChart("axis-completion-steps", "Server completion time by sweep step", x, "ms",
                    List.of(stepSeries(points, p -> p.server().stages().get("completion")))));
        }
        b.append("</div>");
    }

    /**
     * The axes that name a zipped sweep's steps: each varying axis that splits the points in a way no axis before
     * it does (the second client's server moves with the first's, so only the first is named).
     */
    static List<SweepAxis> distinguishing(List<SweepAxis> varying, List<PointAnalysis> points) {
        List<SweepAxis> out = new ArrayList<>();
        List<List<Integer>> seen = new ArrayList<>();
        for (SweepAxis axis : varying) {
            List<Integer> partition = new ArrayList<>();
            for (PointAnalysis a : points) {
                partition.add(axis.values().indexOf(axis.valueOf(a.params())));
            }
            if (!seen.contains(partition)) {
                seen.add(partition);
                out.add(axis);
            }
        }
        return out;
    }

    /** Each point named by its values of {@code naming}, joined by " / " ({@code proxy / 20000}). */
    static List<String> stepNames(List<SweepAxis> naming, List<PointAnalysis> points) {
        List<String> names = new ArrayList<>();
        for (PointAnalysis a : points) {
            names.add(String.join(" / ", naming.stream().map(x -> x.valueOf(a.params())).toList()));
        }
        return names;
    }

    /**
     * The short names of a run's points where their own names are long: a zipped sweep's steps by the lists that
     * tell them apart; else the point names.
     */
    static List<String> shortNames(RunData run) {
        List<PointAnalysis> points = run.points();
        if (!run.axes().zip()) {
            return points.stream().map(a -> a.name()).toList();
        }
        List<SweepAxis> varying = run.axes().axes().stream().filter(a -> a.values().size() > 1).toList();
        return stepNames(distinguishing(varying, points), points);
    }

    private static Svg.Series stepSeries(List<PointAnalysis> points, Function<PointAnalysis, Summary> stat) {
        double[] x = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        return band("mean", x, points, stat);
    }

    /** The means of {@code points} at {@code x} with the 5th-95th percentile band Beekhuis reports. */
    private static Svg.Series band(String name, double[] x, List<PointAnalysis> points,
                                   Function<PointAnalysis, Summary> stat) {
        int n = points.size();
        double[] y = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        for (int i = 0; i < n; i++) {
            Summary s = stat.apply(points.get(i));
            y[i] = value(s, Summary::meanMs);
            lo[i] = value(s, Summary::p5Ms);
            hi[i] = value(s, Summary::p95Ms);
        }
        return new Svg.Series(name, x, y, lo, hi, false, "p5-p95");
    }

    /** The x axis of a swept axis: numbers (log when they span decades) or its names in sweep order. */
    static Svg.XAxis xAxis(SweepAxis axis) {
        return axis.numeric() ? new Svg.XAxis(axis.title(), axis.logScale(), List.of())
                : Svg.XAxis.categories(axis.title(), axis.values());
    }

    private static String axisChart(String figure, String title, SweepAxis axis, List<SweepAxis> others,
                                    List<PointAnalysis> points, Function<PointAnalysis, Summary> stat) {
        return Svg.lineChart(figure, title, xAxis(axis), "ms", axisSeries(axis, others, points, stat, ""));
    }

    /**
     * The series of {@code points} along {@code axis}: one per combination of {@code others}' values, named by it
     * after {@code prefix} (a run's name in a comparison).
     */
    static List<Svg.Series> axisSeries(SweepAxis axis, List<SweepAxis> others, List<PointAnalysis> points,
                                       Function<PointAnalysis, Summary> stat, String prefix) {
        List<Svg.Series> series = new ArrayList<>();
        Map<String, List<PointAnalysis>> groups = SweepAxes.group(others, points, PointAnalysis::params);
        for (Map.Entry<String, List<PointAnalysis>> g : groups.entrySet()) {
            List<PointAnalysis> pts = new ArrayList<>(g.getValue());
            pts.sort(Comparator.comparingDouble(a -> axis.position(axis.valueOf(a.params()))));
            double[] x = pts.stream().mapToDouble(a -> axis.position(axis.valueOf(a.params()))).toArray();
            String name = (prefix + " " + g.getKey()).trim();
            series.add(band(name.isEmpty() ? "mean" : name, x, pts, stat));
        }
        return series;
    }

    static double value(Summary s, Function<Summary, Double> f) {
        Double v = s == null ? null : f.apply(s);
        return v == null ? Double.NaN : v;
    }

    private static void rateFigures(StringBuilder b, List<PointAnalysis> pts, boolean anyStages) {
        int n = pts.size();
        boolean byRate = n > 0 && pts.stream().allMatch(p -> p.offeredRatePerMs() != null);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = byRate ? pts.get(i).offeredRatePerMs() : i;
        }
        Svg.XAxis xAxis = Svg.XAxis.linear(byRate ? "arrival rate (requests/ms)" : "point (sweep order)");
        b.append("<p>Like Figures 4-5 of Harkema et al.: measured means (solid) with the band between the 50th and "
                + "95th percentile, simulated means dashed.</p><div class=\"charts\">");
        if (anyStages) {
            b.append(rateChart("rate-queue", "Queueing time in the dispatcher queue", xAxis, x, pts, "queue", true));
            b.append(rateChart("rate-completion", "Completion time (receiver arrival to dispatcher 1st phase end)",
                    xAxis, x, pts, "completion", false));
        } else {
            b.append("<p class=\"note\">No server trace (not monitored): the client's response time only.</p>");
        }
        double[] y = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        for (int i = 0; i < n; i++) {
            Summary s = pts.get(i).client().response();
            y[i] = value(s, Summary::meanMs);
            lo[i] = value(s, Summary::p50Ms);
            hi[i] = value(s, Summary::p95Ms);
        }
        b.append(Svg.lineChart("rate-response", "Client response time", xAxis, "ms",
                List.of(new Svg.Series("client mean", x, y, lo, hi, false))));
        b.append("</div>");
    }

    private static String rateChart(String figure, String title, Svg.XAxis xAxis, double[] x, List<PointAnalysis> pts,
                                    String stage, boolean queue) {
        int n = pts.size();
        double[] y = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        double[] sim = new double[n];
        double[] ps = new double[n];
        boolean anySim = false;
        boolean anyPs = false;
        for (int i = 0; i < n; i++) {
            PointAnalysis p = pts.get(i);
            Summary s = p.server().stages().get(stage);
            y[i] = value(s, Summary::meanMs);
            lo[i] = value(s, Summary::p50Ms);
            hi[i] = value(s, Summary::p95Ms);
            Prediction.Simulated simulated = p.prediction().simulated();
            Double v = simulated == null ? null : queue ? simulated.queueMs() : simulated.completionMs();
            sim[i] = v == null ? Double.NaN : v;
            anySim |= v != null;
            ps[i] = p.prediction().psPredictionMs() == null ? Double.NaN : p.prediction().psPredictionMs();
            anyPs |= p.prediction().psPredictionMs() != null;
        }
        List<Svg.Series> series = new ArrayList<>();
        series.add(new Svg.Series("measured mean", x, y, lo, hi, false));
        if (anySim) {
            series.add(new Svg.Series("simulated mean", x, sim, null, null, true));
        }
        if (!queue && anyPs) {
            series.add(new Svg.Series("processor-sharing prediction", x, ps, null, null, true));
        }
        return Svg.lineChart(figure, title, xAxis, "ms", series);
    }
}
