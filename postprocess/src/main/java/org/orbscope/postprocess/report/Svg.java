package org.orbscope.postprocess.report;

import java.util.List;
import java.util.Locale;

/** Inline SVG charts for the self-contained HTML report (no scripts, no network). */
public final class Svg {
    static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#7f7f7f",
        "#17becf", "#bcbd22", "#e377c2"};
    /** Shaded marks across a timeline (GC pauses): apart from every series colour. */
    private static final String MARK_COLOR = "#e6ab02";
    private static final int W = 560;
    private static final int H = 300;
    private static final int L = 62;
    private static final int R = 30;
    private static final int T = 30;
    private static final int B = 46;
    /** About this many steps on a value axis, and on a linear x axis. */
    private static final int Y_TICKS = 4;
    private static final int X_TICKS = 6;

    /**
     * A line; {@code lo}/{@code hi} (optional) draw a shaded band around it, which the legend names {@code band};
     * NaN = no point.
     */
    public record Series(String name, double[] x, double[] y, double[] lo, double[] hi, boolean dashed, String band) {
        /** A line whose band (if any) runs from the 50th to the 95th percentile. */
        public Series(String name, double[] x, double[] y, double[] lo, double[] hi, boolean dashed) {
            this(name, x, y, lo, hi, dashed, "p50-p95");
        }
    }

    /** A labelled tick of the x axis, at a value in data units. */
    public record Tick(double value, String label) {
    }

    /**
     * The x axis: its label, a logarithmic scale (base 10, for positive values spanning decades) or a linear one,
     * and its ticks (empty: five evenly spaced numbers).
     */
    public record XAxis(String label, boolean log, List<Tick> ticks, boolean categories) {
        public XAxis(String label, boolean log, List<Tick> ticks) {
            this(label, log, ticks, false);
        }

        public static XAxis linear(String label) {
            return new XAxis(label, false, List.of());
        }

        /** Names at 0, 1, 2, ...: the x values of a series are the names' places. */
        public static XAxis categories(String label, List<String> names) {
            List<Tick> ticks = new java.util.ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                ticks.add(new Tick(i, names.get(i)));
            }
            return new XAxis(label, false, ticks, true);
        }
    }

    private Svg() {
    }

    public static String lineChart(String title, String xLabel, String yLabel, List<Series> series) {
        return lineChart(null, title, XAxis.linear(xLabel), yLabel, series);
    }

    /** A line chart; {@code figure} (may be null) names it in a {@code data-figure} attribute. */
    public static String lineChart(String figure, String title, XAxis xAxis, String yLabel, List<Series> series) {
        Frame f = Frame.of(xAxis, series, L, W - R, T, H - B);
        List<String> names = series.stream().map(s -> s.name + (s.lo != null && s.band != null ? " (band: " + s.band
                + ")" : "")).toList();
        int legendRows = legendRows(names);
        StringBuilder b = open(figure, title, H + 20 * legendRows);
        if (f == null) {
            return b.append(text(W / 2.0, H / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        f.axes(b, xAxis, yLabel, true);
        f.plot(b, series, 0);
        legend(b, names, H + 4);
        return b.append("</svg>").toString();
    }

    /**
     * Two panels over one time axis: {@code upper} (e.g. latency percentiles) above {@code lower} (e.g. CPU), with
     * {@code marks} (start, length in x units; e.g. GC pauses) shaded across both.
     */
    public static String timeline(String figure, String title, String xLabel, String upperLabel, List<Series> upper,
                                  String lowerLabel, List<Series> lower, List<double[]> marks, String markName) {
        int top = T;
        int split = T + (H - B - T) * 3 / 5;
        int bottom = H - B + 90;
        List<Series> both = new java.util.ArrayList<>(upper);
        both.addAll(lower);
        List<String> names = new java.util.ArrayList<>();
        both.forEach(s -> names.add(s.name));
        if (!marks.isEmpty()) {
            names.add(markName);
        }
        int legendTop = bottom + 52;
        StringBuilder b = open(figure, title, legendTop + 20 * legendRows(names));
        Frame up = Frame.of(XAxis.linear(xLabel), both, L, W - R, top, split - 12);
        if (up == null) {
            return b.append(text(W / 2.0, H / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        Frame upper2 = up.withY(upper, top, split - 12);
        Frame low = up.withY(lower, split + 12, bottom);
        for (double[] m : marks) {
            double x0 = Math.max(L, upper2.px(m[0]));
            double x1 = Math.min(W - R, Math.max(x0 + 1, upper2.px(m[0] + m[1])));
            if (x0 < W - R) {
                b.append("<rect class=\"mark\" x=\"").append(fmt(x0)).append("\" y=\"").append(top)
                        .append("\" width=\"").append(fmt(x1 - x0)).append("\" height=\"").append(bottom - top)
                        .append("\" fill=\"").append(MARK_COLOR).append("\" fill-opacity=\"0.6\"><title>").append(esc(markName))
                        .append(" at ").append(num(m[0])).append(": ").append(num(m[1] * 1000)).append(" ms</title></rect>");
            }
        }
        upper2.axes(b, XAxis.linear(""), upperLabel, false);
        upper2.plot(b, upper, 0);
        low.axes(b, XAxis.linear(xLabel), lowerLabel, true);
        low.plot(b, lower, upper.size());
        legend(b, names, legendTop, marks.isEmpty() ? -1 : names.size() - 1);
        return b.append("</svg>").toString();
    }

    /** A plot area in pixels and the data range it shows. */
    private record Frame(double left, double right, double top, double bottom, double xmin, double xmax, Ticks y,
                         boolean log) {
        /** The frame that holds every series' points and bands; null when no point is finite. */
        static Frame of(XAxis axis, List<Series> series, double left, double right, double top, double bottom) {
            double xmin = Double.MAX_VALUE;
            double xmax = -Double.MAX_VALUE;
            for (Series s : series) {
                for (int i = 0; i < s.x.length; i++) {
                    if (ok(s.x[i]) && ok(s.y[i]) && (!axis.log() || s.x[i] > 0)) {
                        double x = axis.log() ? Math.log10(s.x[i]) : s.x[i];
                        xmin = Math.min(xmin, x);
                        xmax = Math.max(xmax, x);
                    }
                }
            }
            for (Tick t : axis.ticks()) {
                double x = axis.log() ? Math.log10(t.value()) : t.value();
                xmin = Math.min(xmin, x);
                xmax = Math.max(xmax, x);
            }
            if (xmin > xmax) {
                return null;
            }
            if (axis.categories()) {
                // Half a slot either side, so the first and last names are not cut at the frame.
                xmin -= 0.5;
                xmax += 0.5;
            } else if (xmax == xmin && !axis.ticks().isEmpty()) {
                xmin -= Math.abs(xmin) * 0.1 + 0.5;
                xmax += Math.abs(xmax) * 0.1 + 0.5;
            } else if (xmax == xmin) {
                // One x (equal throughputs): a round step either side, so the ticks still differ.
                Ticks around = Ticks.of(xmin, xmax, X_TICKS, false);
                xmin = around.min();
                xmax = around.max();
            }
            return new Frame(left, right, top, bottom, xmin, xmax, null, axis.log()).withY(series, top, bottom);
        }

        /** The same x range over a new vertical extent, scaled to these series. */
        Frame withY(List<Series> series, double newTop, double newBottom) {
            double ymax = 0;
            for (Series s : series) {
                for (int i = 0; i < s.x.length; i++) {
                    if (ok(s.x[i]) && ok(s.y[i])) {
                        ymax = Math.max(ymax, s.y[i]);
                        if (s.hi != null && ok(s.hi[i])) {
                            ymax = Math.max(ymax, s.hi[i]);
                        }
                    }
                }
            }
            return new Frame(left, right, newTop, newBottom, xmin, xmax, Ticks.upTo(ymax, Y_TICKS, false), log);
        }

        double px(double x) {
            double v = log ? Math.log10(x) : x;
            return left + (v - xmin) / (xmax - xmin) * (right - left);
        }

        double py(double y) {
            return bottom - y / this.y.max() * (bottom - top);
        }

        boolean shows(double x, double y) {
            return ok(x) && ok(y) && (!log || x > 0);
        }

        void axes(StringBuilder b, XAxis axis, String yLabel, boolean xLabels) {
            b.append("<g stroke=\"#444\"><line x1=\"").append(fmt(left)).append("\" y1=\"").append(fmt(bottom))
                    .append("\" x2=\"").append(fmt(right)).append("\" y2=\"").append(fmt(bottom))
                    .append("\"/><line x1=\"").append(fmt(left)).append("\" y1=\"").append(fmt(top)).append("\" x2=\"")
                    .append(fmt(left)).append("\" y2=\"").append(fmt(bottom)).append("\"/></g>");
            for (double yv : this.y.values()) {
                double y = py(yv);
                b.append("<line stroke=\"#ddd\" x1=\"").append(fmt(left)).append("\" y1=\"").append(fmt(y))
                        .append("\" x2=\"").append(fmt(right)).append("\" y2=\"").append(fmt(y)).append("\"/>")
                        .append(text(left - 6, y + 4, this.y.label(yv), "end"));
            }
            if (xLabels) {
                for (Tick t : ticks(axis)) {
                    b.append(text(px(t.value()), bottom + 16, t.label(), "middle"));
                }
                b.append(text((left + right) / 2, bottom + 34, axis.label(), "middle"));
            }
            double mid = (top + bottom) / 2;
            b.append("<text x=\"14\" y=\"").append(fmt(mid)).append("\" font-size=\"12\" text-anchor=\"middle\" ")
                    .append("transform=\"rotate(-90 14 ").append(fmt(mid)).append(")\">").append(esc(yLabel))
                    .append("</text>");
        }

        /** The axis's own ticks, else powers of ten (log) or round values 1, 2 or 5 times a power of ten apart. */
        private List<Tick> ticks(XAxis axis) {
            if (!axis.ticks().isEmpty()) {
                return axis.ticks();
            }
            List<Tick> out = new java.util.ArrayList<>();
            if (log) {
                for (double e = Math.ceil(xmin); e <= Math.floor(xmax); e++) {
                    out.add(new Tick(Math.pow(10, e), num(Math.pow(10, e))));
                }
                return out;
            }
            Ticks x = Ticks.of(xmin, xmax, X_TICKS, false);
            for (double xv : x.within(xmin, xmax)) {
                out.add(new Tick(xv, x.label(xv)));
            }
            return out;
        }

        /** Draws the series, colours from {@code firstColor} on. */
        void plot(StringBuilder b, List<Series> series, int firstColor) {
            int c = firstColor;
            for (Series s : series) {
                boolean dots = s.x.length <= 60;
                String color = COLORS[c++ % COLORS.length];
                if (s.lo != null && s.hi != null) {
                    StringBuilder upper = new StringBuilder();
                    StringBuilder lower = new StringBuilder();
                    for (int i = 0; i < s.x.length; i++) {
                        if (shows(s.x[i], s.lo[i]) && ok(s.hi[i])) {
                            upper.append(fmt(px(s.x[i]))).append(',').append(fmt(py(s.hi[i]))).append(' ');
                            lower.insert(0, fmt(px(s.x[i])) + "," + fmt(py(s.lo[i])) + " ");
                        }
                    }
                    if (upper.length() > 0) {
                        b.append("<polygon class=\"band\" fill=\"").append(color)
                                .append("\" fill-opacity=\"0.15\" points=\"").append(upper).append(lower).append("\"/>");
                    }
                }
                StringBuilder pts = new StringBuilder();
                for (int i = 0; i < s.x.length; i++) {
                    if (!shows(s.x[i], s.y[i])) {
                        continue;
                    }
                    double x = px(s.x[i]);
                    double y = py(s.y[i]);
                    pts.append(fmt(x)).append(',').append(fmt(y)).append(' ');
                    if (dots) {
                        b.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(fmt(y))
                                .append("\" r=\"3\" fill=\"").append(color).append("\"><title>").append(esc(s.name))
                                .append(": ").append(num(s.x[i])).append(", ").append(num(s.y[i]))
                                .append("</title></circle>");
                    }
                }
                b.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"2\"")
                        .append(s.dashed ? " stroke-dasharray=\"6 4\"" : "").append(" points=\"").append(pts)
                        .append("\"><title>").append(esc(s.name)).append("</title></polyline>");
            }
        }
    }

    /** Bars over equal-width bins starting at 0; {@code binWidth} in x units. */
    public static String histogram(String title, String xLabel, long[] counts, double binWidth) {
        StringBuilder b = open(null, title, H + 20);
        long max = 0;
        for (long n : counts) {
            max = Math.max(max, n);
        }
        if (counts.length == 0 || max == 0) {
            return b.append(text(W / 2.0, H / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        // Counts: whole-number ticks (a histogram of 250 requests is not labelled 62.5).
        Frame f = new Frame(L, W - R, T, H - B, 0, binWidth * counts.length, Ticks.upTo(max, Y_TICKS, true), false);
        f.axes(b, XAxis.linear(xLabel), "requests", true);
        double bw = (W - L - R) / (double) counts.length;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) {
                continue;
            }
            double y = f.py(counts[i]);
            b.append("<rect class=\"bar\" x=\"").append(fmt(L + i * bw)).append("\" y=\"").append(fmt(y))
                    .append("\" width=\"").append(fmt(Math.max(1, bw - 1))).append("\" height=\"")
                    .append(fmt(H - B - y)).append("\" fill=\"").append(COLORS[0]).append("\"><title>")
                    .append(num(i * binWidth)).append('-').append(num((i + 1) * binWidth)).append(": ")
                    .append(counts[i]).append("</title></rect>");
        }
        return b.append("</svg>").toString();
    }

    /** One horizontal stacked bar per category; values[category][part]. */
    public static String stackedBars(String title, String xLabel, List<String> categories, String[] parts,
                                     double[][] values) {
        int h = T + 24 * categories.size() + 60;
        StringBuilder b = new StringBuilder("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(W).append("\" height=\"").append(h).append("\" viewBox=\"0 0 ").append(W).append(' ')
                .append(h).append("\" role=\"img\"><title>").append(esc(title)).append("</title>")
                .append(text(W / 2.0, 18, title, "middle"));
        double max = 0;
        for (double[] v : values) {
            double s = 0;
            for (double x : v) {
                s += ok(x) ? x : 0;
            }
            max = Math.max(max, s);
        }
        if (max <= 0) {
            return b.append(text(W / 2.0, h / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        double left = 90;
        Ticks axis = Ticks.upTo(max, Y_TICKS, false);
        double scale = (W - left - R) / axis.max();
        for (int c = 0; c < categories.size(); c++) {
            double y = T + 24 * c;
            b.append(text(left - 6, y + 14, categories.get(c), "end"));
            double x = left;
            for (int p = 0; p < parts.length; p++) {
                double v = values[c][p];
                if (!ok(v) || v <= 0) {
                    continue;
                }
                b.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y)).append("\" width=\"")
                        .append(fmt(v * scale)).append("\" height=\"18\" fill=\"").append(COLORS[p % COLORS.length])
                        .append("\"><title>").append(esc(categories.get(c))).append(' ').append(parts[p]).append(": ")
                        .append(num(v)).append(" ms</title></rect>");
                x += v * scale;
            }
        }
        double axisY = T + 24 * categories.size() + 4;
        b.append(text((left + W - R) / 2, axisY + 16, xLabel + " (axis to " + axis.label(axis.max()) + ")", "middle"));
        StringBuilder lg = new StringBuilder();
        double lx = left;
        for (int p = 0; p < parts.length; p++) {
            lg.append("<rect x=\"").append(fmt(lx)).append("\" y=\"").append(fmt(axisY + 26))
                    .append("\" width=\"10\" height=\"10\" fill=\"").append(COLORS[p % COLORS.length]).append("\"/>")
                    .append(text(lx + 14, axisY + 35, parts[p], "start"));
            lx += 70;
        }
        return b.append(lg).append("</svg>").toString();
    }

    private static StringBuilder open(String figure, String title, int height) {
        StringBuilder b = new StringBuilder("<svg class=\"chart\"");
        if (figure != null) {
            b.append(" data-figure=\"").append(esc(figure)).append('"');
        }
        return b.append(" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(W).append(' ').append(height).append("\" role=\"img\"><title>")
                .append(esc(title)).append("</title>").append(text(W / 2.0, 18, title, "middle"));
    }

    /** A legend entry: its name's lines, where it starts and the row of its first line (0 = the legend's top). */
    private record Entry(List<String> lines, double x, int row) {
    }

    /**
     * The legend's entries side by side, wrapping at the chart's width; a name longer than a row (a model curve
     * named by its source) wraps onto rows of its own.
     */
    private static List<Entry> layout(List<String> names) {
        int maxChars = (W - L - 8 - 26) / 7;
        List<Entry> out = new java.util.ArrayList<>();
        double x = L + 8;
        int row = 0;
        for (String n : names) {
            List<String> lines = wrap(n, maxChars);
            double w = 14 + 7 * lines.stream().mapToInt(String::length).max().orElse(0) + 12;
            if (x + w > W && x > L + 8) {
                x = L + 8;
                row++;
            }
            out.add(new Entry(lines, x, row));
            if (lines.size() > 1) {
                x = L + 8;
                row += lines.size();
            } else {
                x += w;
            }
        }
        return out;
    }

    /** {@code text} in lines of at most {@code max} characters, broken at spaces where it has them. */
    static List<String> wrap(String text, int max) {
        List<String> lines = new java.util.ArrayList<>();
        String rest = text;
        while (rest.length() > max) {
            int cut = rest.lastIndexOf(' ', max);
            cut = cut <= 0 ? max : cut;
            lines.add(rest.substring(0, cut));
            rest = rest.substring(cut).strip();
        }
        lines.add(rest);
        return lines;
    }

    /** Rows the legend of these names takes. */
    private static int legendRows(List<String> names) {
        return layout(names).stream().mapToInt(e -> e.row() + e.lines().size()).max().orElse(1);
    }

    private static void legend(StringBuilder b, List<String> names, double top) {
        legend(b, names, top, -1);
    }

    /** The legend from {@code top}, wrapping; the name at {@code markIndex} (if any) has the marks' colour. */
    private static void legend(StringBuilder b, List<String> names, double top, int markIndex) {
        List<Entry> entries = layout(names);
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            double y = top + 20 * e.row();
            String color = i == markIndex ? MARK_COLOR : COLORS[i % COLORS.length];
            b.append("<rect x=\"").append(fmt(e.x())).append("\" y=\"").append(fmt(y - 9))
                    .append("\" width=\"10\" height=\"10\" fill=\"").append(color).append("\"/>");
            for (int k = 0; k < e.lines().size(); k++) {
                b.append(text(e.x() + 14, y + 20 * k, e.lines().get(k), "start"));
            }
        }
    }

    private static boolean ok(double v) {
        return !Double.isNaN(v) && !Double.isInfinite(v);
    }

    private static String text(double x, double y, String s, String anchor) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" font-size=\"12\" text-anchor=\"" + anchor + "\">"
                + esc(s) + "</text>";
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String num(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 0.1 ? "%.2f" : "%.3g", v);
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
