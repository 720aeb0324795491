package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.point.ModelCurve;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.postprocess.sweep.SweepAxis;

/**
 * Response time against achieved throughput, the curve capacity is read from: the measured points (client
 * response, and server completion when traced), one line per combination of the axes other than the arrival
 * rate, with the queueing model's completion time over the whole range up to saturation, dashed.
 */
final class ThroughputFigure {
    /** At most this many model curves: one per series, the first series first. */
    static final int MAX_CURVES = 4;

    private ThroughputFigure() {
    }

    /** A model curve of one series of points (named by the values of its axes other than the rate). */
    record SeriesCurve(String series, ModelCurve.Curve curve) {
    }

    /**
     * The points in series: grouped by the axes other than the arrival rate (a zipped sweep's lists move as one, so
     * its points are one series), each by throughput.
     */
    private static Map<String, List<PointAnalysis>> series(RunData run) {
        List<SweepAxis> others = run.axes().zip() ? List.of()
                : run.axes().axes().stream().filter(a -> !a.isRate()).toList();
        Map<String, List<PointAnalysis>> groups = SweepAxes.group(others, run.points(), PointAnalysis::params);
        groups.values().forEach(pts -> pts.sort(Comparator.comparingDouble(ThroughputFigure::throughput)));
        return groups;
    }

    /**
     * The model curves of the first {@value #MAX_CURVES} series, each from its point with the most measured
     * requests (the best calibration).
     */
    static List<SeriesCurve> curves(RunData run) {
        List<SeriesCurve> out = new ArrayList<>();
        for (Map.Entry<String, List<PointAnalysis>> g : series(run).entrySet()) {
            if (out.size() == MAX_CURVES) {
                break;
            }
            PointAnalysis source = g.getValue().stream().max(Comparator.comparingLong(a -> a.server().measured()
                    + a.client().ok())).orElseThrow();
            ModelCurve.Curve c = source.modelCurve();
            if (c != null) {
                out.add(new SeriesCurve(g.getKey(), c));
            }
        }
        return out;
    }

    /**
     * The spread of achieved throughput under which the figure says nothing: points whose throughputs lie within
     * 10% of each other ran at one rate the scenario fixed (Beekhuis's marshalling loop at 25/s), and would stack
     * on one x with their response times apart.
     */
    static final double FLAT = 1.10;

    /** The figure, or a sentence in its place when every point ran at about one throughput. */
    static String render(String figure, RunData run) {
        double[] t = run.points().stream().mapToDouble(ThroughputFigure::throughput).filter(Double::isFinite)
                .toArray();
        if (flat(t)) {
            return "<p class=\"note\" id=\"" + figure + "-flat\">Every point achieved " + range(t)
                    + " requests/s: the scenario fixes the rate, so response time "
                    + "against throughput would stack the points on one x. The figures by swept axis above show how "
                    + "the response time moves.</p>";
        }
        List<SeriesCurve> curves = curves(run);
        if (t.length == 1 && curves.isEmpty()) {
            return "<p class=\"note\" id=\"" + figure + "-one-point\">One point, at " + SweepTable.format(t[0])
                    + " requests/s, and no model curve to set it against: the sweep table has its response time.</p>";
        }
        List<Svg.Series> series = new ArrayList<>();
        for (Map.Entry<String, List<PointAnalysis>> g : series(run).entrySet()) {
            List<PointAnalysis> pts = g.getValue();
            String name = g.getKey().isEmpty() ? "" : " " + g.getKey();
            series.add(measured("client response" + name, pts, p -> p.client().response()));
            if (pts.stream().anyMatch(a -> a.server().stages().containsKey("completion"))) {
                series.add(measured("server completion" + name, pts, p -> p.server().stages().get("completion")));
            }
        }
        for (SeriesCurve c : curves) {
            double[] x = c.curve().steps().stream().mapToDouble(ModelCurve.Step::throughputPerSec).toArray();
            double[] y = c.curve().steps().stream().mapToDouble(ModelCurve.Step::completionMs).toArray();
            series.add(new Svg.Series("model completion" + (c.series().isEmpty() ? "" : " " + c.series()) + " ("
                    + c.curve().source() + ")", x, y, null, null, true));
        }
        return Svg.lineChart(figure, "Response time against achieved throughput", Svg.XAxis.linear(
                "achieved throughput (requests/s)"), "ms", series);
    }

    /** True when two throughputs or more lie within {@link #FLAT} of each other. */
    static boolean flat(double[] throughputs) {
        double min = java.util.Arrays.stream(throughputs).min().orElse(0);
        double max = java.util.Arrays.stream(throughputs).max().orElse(0);
        return throughputs.length > 1 && min > 0 && max / min < FLAT;
    }

    /** "MIN to MAX" of the throughputs. */
    static String range(double[] throughputs) {
        return SweepTable.format(java.util.Arrays.stream(throughputs).min().orElse(0)) + " to "
                + SweepTable.format(java.util.Arrays.stream(throughputs).max().orElse(0));
    }

    static Svg.Series measured(String name, List<PointAnalysis> pts,
                                       Function<PointAnalysis, Summary> stat) {
        double[] x = new double[pts.size()];
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = throughput(pts.get(i));
            y[i] = SweepFigures.value(stat.apply(pts.get(i)), Summary::meanMs);
        }
        return new Svg.Series(name, x, y, null, null, false);
    }

    /** The client's achieved rate (requests answered ok per second); NaN when unknown. */
    static double throughput(PointAnalysis p) {
        return p.client().achievedRatePerSec() == null ? Double.NaN : p.client().achievedRatePerSec();
    }
}
