package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** summary.csv of a run: one row per sweep point, the swept values as columns. */
final class SummaryTable {
    record Row(String point, Map<String, String> params, PointResult result, PointSummary summary) {
    }

    private final List<String> paramPaths;
    private final List<Row> rows = new ArrayList<>();

    SummaryTable(List<String> paramPaths) {
        this.paramPaths = paramPaths;
    }

    void add(Row row) {
        rows.add(row);
    }

    List<Row> rows() {
        return rows;
    }

    String csv() {
        StringBuilder b = new StringBuilder("point");
        for (String p : paramPaths) {
            b.append(',').append(quote(p));
        }
        b.append(",status,sent,completed,failed,achieved_rate_per_s,mean_ms,p50_ms,p90_ms,p99_ms,max_ms,server_cpu_util\n");
        for (Row r : rows) {
            PointSummary s = r.summary();
            b.append(quote(r.point()));
            for (String p : paramPaths) {
                b.append(',').append(quote(r.params().getOrDefault(p, "")));
            }
            b.append(',').append(r.result().ok() ? "ok" : "failed")
                    .append(',').append(count(s.sent())).append(',').append(count(s.completed()))
                    .append(',').append(count(s.failed()))
                    .append(',').append(num(s.achievedRate())).append(',').append(num(s.meanMs()))
                    .append(',').append(num(s.p50Ms())).append(',').append(num(s.p90Ms()))
                    .append(',').append(num(s.p99Ms())).append(',').append(num(s.maxMs()))
                    .append(',').append(num(s.serverCpuUtil())).append('\n');
        }
        return b.toString();
    }

    void write(Path file) throws IOException {
        AtomicFiles.write(file, csv());
    }

    private static String count(long v) {
        return v < 0 ? "" : Long.toString(v);
    }

    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
