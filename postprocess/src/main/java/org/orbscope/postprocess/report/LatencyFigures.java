package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.Timeline;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Spectrum;

/**
 * Latency the way the field reads it: the percentile spectrum on a log 1/(1-p) axis (HdrHistogram's plotter,
 * wrk2), and the percentiles per second over the run with the server's GC pauses and CPU on the same time axis.
 */
final class LatencyFigures {
    /** The percentiles of the spectrum table, beyond those of the sweep table. */
    static final double[] LEVELS = {50, 90, 99, 99.9, 99.99};

    private LatencyFigures() {
    }

    /** A spectrum to draw: its name and steps. */
    record Named(String name, List<Spectrum.Step> steps) {
    }

    /** The spectra of several points (or runs) in one chart: the tail's shapes side by side. */
    static String spectrumChart(String figure, String title, List<Named> spectra) {
        List<Svg.Series> series = new ArrayList<>();
        double reach = 1;
        for (Named s : spectra) {
            if (s.steps() == null || s.steps().isEmpty()) {
                continue;
            }
            long total = s.steps().get(s.steps().size() - 1).count();
            double[] x = new double[s.steps().size()];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = s.steps().get(i).logInverseTail(total);
                y[i] = s.steps().get(i).ms();
                reach = Math.max(reach, x[i]);
            }
            series.add(new Svg.Series(s.name(), x, y, null, null, series.size() >= Svg.COLORS.length));
        }
        List<Svg.Tick> ticks = new ArrayList<>();
        for (int k = 0; k <= Math.ceil(reach); k++) {
            ticks.add(new Svg.Tick(k, percentLabel(k)));
        }
        return Svg.lineChart(figure, title, new Svg.XAxis("percentile (log 1/(1-p) axis)", false, ticks), "ms",
                series);
    }

    /** The label of tick {@code k} on the 1/(1-p) axis: 0%, 90%, 99%, 99.9%, ... */
    static String percentLabel(int k) {
        if (k == 0) {
            return "0%";
        }
        return String.format(Locale.ROOT, "%." + Math.max(0, k - 2) + "f%%", 100 * (1 - Math.pow(10, -k)));
    }

    /** The percentiles per second, GC pauses shaded, the server's CPU below. */
    static String timelineChart(String figure, Timeline t) {
        int n = t.seconds().size();
        double[] x = new double[n];
        double[] p50 = new double[n];
        double[] p99 = new double[n];
        double[] max = new double[n];
        for (int i = 0; i < n; i++) {
            Timeline.Second s = t.seconds().get(i);
            x[i] = s.startSec() + 0.5;
            p50[i] = s.p50Ms();
            p99[i] = s.p99Ms();
            max[i] = s.maxMs();
        }
        double[] cx = t.cpu().stream().mapToDouble(Timeline.Cpu::sec).toArray();
        double[] cy = t.cpu().stream().mapToDouble(c -> 100 * c.utilization()).toArray();
        List<double[]> marks = t.pauses().stream().map(p -> new double[] {p.startSec(), p.lengthSec()}).toList();
        return Svg.timeline(figure, "Response time per second, server CPU and GC pauses", "seconds into the run",
                "ms", List.of(new Svg.Series("p50", x, p50, null, null, false),
                        new Svg.Series("p99", x, p99, null, null, false),
                        new Svg.Series("max", x, max, null, null, false)),
                "CPU %", List.of(new Svg.Series("server process CPU", cx, cy, null, null, false)), marks,
                "GC pause (" + t.pauseSource() + ")");
    }

    /**
     * The spectrum table: one row per point, the response time at the tail's percentiles (ms). A percentile the
     * sample cannot resolve (p99.9 of fewer than 1,000 requests) is its largest value: marked "= max".
     */
    static Table spectrumTable(String id, List<PointAnalysis> points) {
        List<String> headers = new ArrayList<>(List.of("point", "requests (n)"));
        for (double l : LEVELS) {
            headers.add("p" + SweepTable.format(l).replaceAll("\\.?0+$", "") + " (ms)");
        }
        headers.add("max (ms)");
        Table.Builder t = new Table.Builder(id, "Percentile spectrum of the client's response time",
                "the tail at each ninth: 90%, 99%, 99.9%, 99.99% (HdrHistogram percentiles, three significant digits); "
                        + "a percentile beyond what n requests resolve (p99.9 needs 1,000, p99.99 10,000) is the "
                        + "largest response time, marked \"= max\"", headers);
        for (PointAnalysis a : points) {
            Distribution d = a.client().responseDistribution();
            Object[] row = new Object[headers.size()];
            row[0] = a.name();
            row[1] = d == null ? 0L : d.count();
            for (int i = 0; i < LEVELS.length; i++) {
                row[2 + i] = d == null || d.isEmpty() ? null : percentile(d.percentile(LEVELS[i]) / 1e6, LEVELS[i],
                        d.count());
            }
            row[row.length - 1] = d == null || d.isEmpty() ? null : d.max() / 1e6;
            t.row(Arrays.asList(row));
        }
        return t.build();
    }

    /**
     * A percentile {@code level} of {@code n} values as a cell: the number, or "X = max" when fewer than
     * 1/(1 - level) values leave nothing above it to tell it from the maximum.
     */
    static Object percentile(double ms, double level, long n) {
        return n * (1 - level / 100) < 1 - 1e-9 ? SweepTable.format(ms) + " = max" : ms;
    }
}
