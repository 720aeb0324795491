package org.orbscope.postprocess.report;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.orbscope.postprocess.point.OverTime;
import org.orbscope.run.AtomicFiles;

/**
 * The over-time section of a trace's report: over-time.csv (one row per interval) and over-time.html (the same
 * table, each interval with the {@code orbscope report --from/--to} arguments that report it alone), so that a
 * user picks the window of a long recording to look at.
 */
public final class OverTimeReport {
    public static final String HTML = "over-time.html";
    public static final String CSV = "over-time.csv";

    private OverTimeReport() {
    }

    /** Writes both files into {@code dir}. */
    public static void write(Path dir, String traceName, List<OverTime.Interval> intervals) throws IOException {
        StringBuilder csv = new StringBuilder("start,start_s,width_s,requests,complete,requests_per_s,"
                + "completion_p50_ms,completion_p99_ms,cpu_utilization,gc_pauses,gc_ms\n");
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(Svg.esc(traceName)).append(" over time</title><style>body{font-family:sans-serif}"
                        + "td,th{padding:2px 8px;text-align:right}code{font-size:90%}</style></head><body>\n<h1>")
                .append(Svg.esc(traceName)).append(" over time</h1>\n<p>Per interval: requests that arrived, "
                        + "completion percentiles, process CPU (fraction of the JVM's processors) and GC pauses. "
                        + "Report one stretch alone with <code>orbscope report TRACE --from A --to B</code>.</p>\n"
                        + "<table><tr><th>start</th><th>requests/s</th><th>complete</th><th>completion p50 ms</th>"
                        + "<th>p99 ms</th><th>CPU</th><th>GC pauses</th><th>GC ms</th><th>window</th></tr>\n");
        for (OverTime.Interval i : intervals) {
            double widthS = i.widthNs() / 1e9;
            // Whole seconds: the intervals are whole seconds wide and count from the origin --from/--to count from.
            long fromS = i.sinceOriginNs() / 1_000_000_000L;
            long toS = (i.sinceOriginNs() + i.widthNs()) / 1_000_000_000L;
            String start = Instant.ofEpochSecond(0, i.startNs()).toString();
            csv.append(start).append(',').append(fromS).append(',').append(num(widthS)).append(',')
                    .append(i.arrived()).append(',').append(i.complete()).append(',')
                    .append(num(i.arrived() / widthS)).append(',').append(num(i.completionP50Ms())).append(',')
                    .append(num(i.completionP99Ms())).append(',').append(num(i.cpuUtilization())).append(',')
                    .append(i.gcPauses()).append(',').append(num(i.gcMs())).append('\n');
            html.append("<tr><td>").append(start).append("</td><td>").append(num(i.arrived() / widthS))
                    .append("</td><td>").append(i.complete()).append("</td><td>").append(num(i.completionP50Ms()))
                    .append("</td><td>").append(num(i.completionP99Ms())).append("</td><td>")
                    .append(num(i.cpuUtilization())).append("</td><td>").append(i.gcPauses()).append("</td><td>")
                    .append(num(i.gcMs())).append("</td><td><code>--from ").append(fromS).append("s --to ")
                    .append(toS).append("s</code></td></tr>\n");
        }
        html.append("</table>\n</body></html>\n");
        AtomicFiles.write(dir.resolve(CSV), csv.toString());
        AtomicFiles.write(dir.resolve(HTML), html.toString());
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3f", v);
    }
}
