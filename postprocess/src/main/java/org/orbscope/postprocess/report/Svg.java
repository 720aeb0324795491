package org.orbscope.postprocess.report;

import java.util.List;
import java.util.Locale;

/** Inline SVG charts for the self-contained HTML report (no scripts, no network). */
public final class Svg {
    static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#7f7f7f"};
    private static final int W = 560;
    private static final int H = 300;
    private static final int L = 62;
    private static final int R = 30;
    private static final int T = 30;
    private static final int B = 46;

    /** A line; {@code lo}/{@code hi} (optional) draw a shaded percentile band around it; NaN = no point. */
    public record Series(String name, double[] x, double[] y, double[] lo, double[] hi, boolean dashed) {
    }

    private Svg() {
    }

    public static String lineChart(String title, String xLabel, String yLabel, List<Series> series) {
        double xmin = Double.MAX_VALUE, xmax = -Double.MAX_VALUE, ymax = 0;
        for (Series s : series) {
            for (int i = 0; i < s.x.length; i++) {
                if (ok(s.x[i]) && ok(s.y[i])) {
                    xmin = Math.min(xmin, s.x[i]);
                    xmax = Math.max(xmax, s.x[i]);
                    ymax = Math.max(ymax, s.y[i]);
                    if (s.hi != null && ok(s.hi[i])) {
                        ymax = Math.max(ymax, s.hi[i]);
                    }
                }
            }
        }
        StringBuilder b = open(title);
        if (xmin > xmax) {
            return b.append(text(W / 2.0, H / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        if (xmax == xmin) {
            xmin -= Math.abs(xmin) * 0.1 + 1e-9;
            xmax += Math.abs(xmax) * 0.1 + 1e-9;
        }
        ymax = niceMax(ymax);
        axes(b, xmin, xmax, ymax, xLabel, yLabel);
        int c = 0;
        for (Series s : series) {
            boolean dots = s.x.length <= 60;
            String color = COLORS[c++ % COLORS.length];
            if (s.lo != null && s.hi != null) {
                StringBuilder top = new StringBuilder();
                StringBuilder bottom = new StringBuilder();
                for (int i = 0; i < s.x.length; i++) {
                    if (ok(s.x[i]) && ok(s.lo[i]) && ok(s.hi[i])) {
                        top.append(fmt(px(s.x[i], xmin, xmax))).append(',').append(fmt(py(s.hi[i], ymax))).append(' ');
                        bottom.insert(0, fmt(px(s.x[i], xmin, xmax)) + "," + fmt(py(s.lo[i], ymax)) + " ");
                    }
                }
                if (top.length() > 0) {
                    b.append("<polygon class=\"band\" fill=\"").append(color).append("\" fill-opacity=\"0.15\" points=\"")
                            .append(top).append(bottom).append("\"/>");
                }
            }
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i < s.x.length; i++) {
                if (ok(s.x[i]) && ok(s.y[i])) {
                    double x = px(s.x[i], xmin, xmax);
                    double y = py(s.y[i], ymax);
                    pts.append(fmt(x)).append(',').append(fmt(y)).append(' ');
                    if (!dots) {
                        continue;
                    }
                    b.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(fmt(y)).append("\" r=\"3\" fill=\"")
                            .append(color).append("\"><title>").append(esc(s.name)).append(": ")
                            .append(num(s.x[i])).append(", ").append(num(s.y[i])).append("</title></circle>");
                }
            }
            b.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"2\"")
                    .append(s.dashed ? " stroke-dasharray=\"6 4\"" : "").append(" points=\"").append(pts).append("\"/>");
        }
        legend(b, series.stream().map(s -> s.name + (s.lo != null ? " (band: p50-p95)" : "")).toList());
        return b.append("</svg>").toString();
    }

    /** Bars over equal-width bins starting at 0; {@code binWidth} in x units. */
    public static String histogram(String title, String xLabel, long[] counts, double binWidth) {
        StringBuilder b = open(title);
        long max = 0;
        for (long n : counts) {
            max = Math.max(max, n);
        }
        if (counts.length == 0 || max == 0) {
            return b.append(text(W / 2.0, H / 2.0, "no data", "middle")).append("</svg>").toString();
        }
        double xmax = binWidth * counts.length;
        double ymax = niceMax(max);
        axes(b, 0, xmax, ymax, xLabel, "requests");
        double bw = (W - L - R) / (double) counts.length;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) {
                continue;
            }
            double y = py(counts[i], ymax);
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
        double scale = (W - left - R) / niceMax(max);
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
        b.append(text((left + W - R) / 2, axisY + 16, xLabel + " (axis to " + num(niceMax(max)) + ")", "middle"));
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

    private static StringBuilder open(String title) {
        return new StringBuilder("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W)
                .append("\" height=\"").append(H + 20).append("\" viewBox=\"0 0 ").append(W).append(' ')
                .append(H + 20).append("\" role=\"img\"><title>").append(esc(title)).append("</title>")
                .append(text(W / 2.0, 18, title, "middle"));
    }

    private static void axes(StringBuilder b, double xmin, double xmax, double ymax, String xLabel, String yLabel) {
        b.append("<g stroke=\"#444\"><line x1=\"").append(L).append("\" y1=\"").append(H - B).append("\" x2=\"")
                .append(W - R).append("\" y2=\"").append(H - B).append("\"/><line x1=\"").append(L).append("\" y1=\"")
                .append(T).append("\" x2=\"").append(L).append("\" y2=\"").append(H - B).append("\"/></g>");
        for (int i = 0; i <= 4; i++) {
            double yv = ymax * i / 4;
            double y = py(yv, ymax);
            b.append("<line stroke=\"#ddd\" x1=\"").append(L).append("\" y1=\"").append(fmt(y)).append("\" x2=\"")
                    .append(W - R).append("\" y2=\"").append(fmt(y)).append("\"/>")
                    .append(text(L - 6, y + 4, num(yv), "end"));
            double xv = xmin + (xmax - xmin) * i / 4;
            b.append(text(px(xv, xmin, xmax), H - B + 16, num(xv), "middle"));
        }
        b.append(text((L + W - R) / 2.0, H - B + 34, xLabel, "middle"));
        b.append("<text x=\"14\" y=\"").append((T + H - B) / 2).append("\" font-size=\"12\" text-anchor=\"middle\" ")
                .append("transform=\"rotate(-90 14 ").append((T + H - B) / 2).append(")\">").append(esc(yLabel))
                .append("</text>");
    }

    private static void legend(StringBuilder b, List<String> names) {
        double x = L + 8;
        double y = H + 4;
        for (int i = 0; i < names.size(); i++) {
            b.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(fmt(y - 9)).append("\" width=\"10\" height=\"10\" fill=\"")
                    .append(COLORS[i % COLORS.length]).append("\"/>").append(text(x + 14, y, names.get(i), "start"));
            x += 14 + 7 * names.get(i).length() + 12;
        }
    }

    private static double px(double x, double xmin, double xmax) {
        return L + (x - xmin) / (xmax - xmin) * (W - L - R);
    }

    private static double py(double y, double ymax) {
        return H - B - y / ymax * (H - B - T);
    }

    static double niceMax(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double e = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (m * e >= v) {
                return m * e;
            }
        }
        return 10 * e;
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
