package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.run.PointAnalysis;
import org.orbscope.postprocess.run.PointSummary;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.postprocess.sweep.SweepAxis;

/**
 * The figures keyed by what was swept. A rate sweep (or no sweep) gets seed 001's Figures 4-5: queueing and
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
        boolean anyStages = run.points().stream().anyMatch(p -> p.summary.stages.containsKey("completion"));
        b.append("<h2 id=\"figures\">Figures</h2>");
        if (axes.isEmpty() || axes.rateSweep()) {
            rateFigures(b, run.points(), anyStages);
            return;
        }
        b.append("<p>One figure per swept axis: the axis's values along x (numbers on a numeric axis, logarithmic "
                + "when they span two decades or more; names in sweep order), one line per combination of the other "
                + "axes' values; the mean with a band from the 5th to the 95th percentile.</p><div class=\"charts\">");
        List<SweepAxis> drawn = axes.zip() ? List.of(axes.axes().get(0)) : axes.axes();
        for (SweepAxis axis : drawn) {
            List<SweepAxis> others = axes.zip() ? List.of() : axes.others(axis);
            b.append(axisChart("axis-response-" + axis.label(), "Client response time by " + axis.label(), axis, others,
                    run.points(), p -> p.client.response));
            if (anyStages) {
                b.append(axisChart("axis-completion-" + axis.label(), "Server completion time by " + axis.label(), axis,
                        others, run.points(), p -> p.stages.get("completion")));
            }
        }
        b.append("</div>");
        if (axes.zip() && axes.axes().size() > 1) {
            b.append("<p>The sweep walks its lists together (zip): the other swept paths change with ")
                    .append(Svg.esc(axes.axes().get(0).label())).append(" (see the sweep table).</p>");
        }
    }

    /** The x axis of a swept axis: numbers (log when they span decades) or its names in sweep order. */
    static Svg.XAxis xAxis(SweepAxis axis) {
        return axis.numeric() ? new Svg.XAxis(axis.title(), axis.logScale(), List.of())
                : Svg.XAxis.categories(axis.title(), axis.values());
    }

    private static String axisChart(String figure, String title, SweepAxis axis, List<SweepAxis> others,
                                    List<PointAnalysis> points, Function<PointSummary, Summary> stat) {
        return Svg.lineChart(figure, title, xAxis(axis), "ms", axisSeries(axis, others, points, stat, ""));
    }

    /**
     * The series of {@code points} along {@code axis}: one per combination of {@code others}' values, named by it
     * after {@code prefix} (a run's name in a comparison).
     */
    static List<Svg.Series> axisSeries(SweepAxis axis, List<SweepAxis> others, List<PointAnalysis> points,
                                       Function<PointSummary, Summary> stat, String prefix) {
        List<Svg.Series> series = new ArrayList<>();
        Map<String, List<PointAnalysis>> groups = SweepAxes.group(others, points, a -> a.summary.params);
        for (Map.Entry<String, List<PointAnalysis>> g : groups.entrySet()) {
            List<PointAnalysis> pts = new ArrayList<>(g.getValue());
            pts.sort(Comparator.comparingDouble(a -> axis.position(axis.valueOf(a.summary.params))));
            int n = pts.size();
            double[] x = new double[n];
            double[] y = new double[n];
            double[] lo = new double[n];
            double[] hi = new double[n];
            for (int i = 0; i < n; i++) {
                PointSummary p = pts.get(i).summary;
                Summary s = stat.apply(p);
                x[i] = axis.position(axis.valueOf(p.params));
                y[i] = value(s, Summary::meanMs);
                lo[i] = value(s, Summary::p5Ms);
                hi[i] = value(s, Summary::p95Ms);
            }
            String name = (prefix + " " + g.getKey()).trim();
            series.add(new Svg.Series(name.isEmpty() ? "mean" : name, x, y, lo, hi, false, "p5-p95"));
        }
        return series;
    }

    static double value(Summary s, Function<Summary, Double> f) {
        Double v = s == null ? null : f.apply(s);
        return v == null ? Double.NaN : v;
    }

    private static void rateFigures(StringBuilder b, List<PointAnalysis> pts, boolean anyStages) {
        int n = pts.size();
        boolean byRate = n > 0 && pts.stream().allMatch(p -> p.summary.offeredRatePerMs != null);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = byRate ? pts.get(i).summary.offeredRatePerMs : i;
        }
        Svg.XAxis xAxis = Svg.XAxis.linear(byRate ? "arrival rate (requests/ms)" : "point (sweep order)");
        b.append("<p>Like Figures 4-5 of seed 001: measured means (solid) with the band between the 50th and 95th "
                + "percentile, simulated means dashed.</p><div class=\"charts\">");
        if (anyStages) {
            b.append(rateChart("rate-queue", "Queueing time in the dispatcher queue", xAxis, x, pts, "queue", true));
            b.append(rateChart("rate-completion", "Completion time (receiver arrival to dispatcher 1st phase end)",
                    xAxis, x, pts, "completion", false));
        } else {
            b.append("<p class=\"warn\">No stage data (no server trace): only client-side results are plotted.</p>");
        }
        double[] y = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        for (int i = 0; i < n; i++) {
            Summary s = pts.get(i).summary.client.response;
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
            PointSummary p = pts.get(i).summary;
            Summary s = p.stages.get(stage);
            y[i] = value(s, Summary::meanMs);
            lo[i] = value(s, Summary::p50Ms);
            hi[i] = value(s, Summary::p95Ms);
            Double v = p.simulated == null ? null : queue ? p.simulated.queueMs : p.simulated.completionMs;
            sim[i] = v == null ? Double.NaN : v;
            anySim |= v != null;
            ps[i] = p.psPredictionMs == null ? Double.NaN : p.psPredictionMs;
            anyPs |= p.psPredictionMs != null;
        }
        List<Svg.Series> series = new ArrayList<>();
        series.add(new Svg.Series("measured mean", x, y, lo, hi, false));
        if (anySim) {
            series.add(new Svg.Series("simulated mean", x, sim, null, null, true));
        }
        if (!queue && anyPs) {
            series.add(new Svg.Series("PS S/(1-rho)", x, ps, null, null, true));
        }
        return Svg.lineChart(figure, title, xAxis, "ms", series);
    }
}
