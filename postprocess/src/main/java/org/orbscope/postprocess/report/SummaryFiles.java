package org.orbscope.postprocess.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.orbscope.postprocess.point.Breakdown;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointJson;
import org.orbscope.postprocess.point.Timeline;
import org.orbscope.postprocess.stats.Regression;
import org.orbscope.postprocess.stats.Spectrum;
import org.orbscope.postprocess.sweep.SweepRegression;
import org.orbscope.run.AtomicFiles;

/**
 * The report's machine-readable files: summary.csv (one row per point), summary.json (everything the report
 * says), and one CSV per table or figure of the report (docs/run-directory.md says every column).
 */
public final class SummaryFiles {
    private SummaryFiles() {
    }

    /** Every machine-readable file of a run's report into {@code dir}. */
    public static void writeAll(Path dir, RunData run) throws IOException {
        writeCsv(dir.resolve("summary.csv"), run.sweptPaths(), run.points());
        writeJson(dir.resolve("summary.json"), run);
        List<PivotTables.Pivot> pivots = PivotTables.of(run);
        if (!pivots.isEmpty()) {
            AtomicFiles.write(dir.resolve("pivot.csv"), pivotCsv(pivots));
        }
        AtomicFiles.write(dir.resolve("breakdown.csv"), breakdownCsv(run.points()));
        AtomicFiles.write(dir.resolve("spectrum.csv"), spectrumCsv(run.points()));
        AtomicFiles.write(dir.resolve("timeline.csv"), timelineCsv(run.points()));
        List<SweepRegression.Group> regression = RegressionTables.groups(run);
        if (!regression.isEmpty()) {
            AtomicFiles.write(dir.resolve("regression.csv"), regressionCsv(regression));
        }
    }

    /** summary.csv: one row per point, one column per swept path, then the figures (docs/run-directory.md). */
    public static void writeCsv(Path file, List<String> sweptPaths, List<PointAnalysis> points) throws IOException {
        AtomicFiles.write(file, csv(SweepTable.csv(sweptPaths), points));
    }

    /** CSV text of these columns, one row per point. */
    public static String csv(List<SweepTable.Column> cols, List<PointAnalysis> points) throws IOException {
        return csv(cols, points, v -> v);
    }

    /**
     * The same CSV for people: figures rounded as the report shows them ({@link SweepTable#format}), where the
     * files keep every digit.
     */
    public static String roundedCsv(List<SweepTable.Column> cols, List<PointAnalysis> points) throws IOException {
        return csv(cols, points, v -> v instanceof Double ? SweepTable.format(v) : v);
    }

    private static String csv(List<SweepTable.Column> cols, List<PointAnalysis> points,
                              UnaryOperator<Object> cell) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis p : points) {
            Object[] row = new Object[cols.size()];
            for (int i = 0; i < row.length; i++) {
                Object v = SweepTable.raw(cols.get(i).value().apply(p));
                row[i] = v == null ? null : cell.apply(v);
            }
            rows.add(row);
        }
        return rows(cols.stream().map(SweepTable.Column::csvName).toList(), rows);
    }

    /** CSV text of a header and rows; null cells are empty. */
    static String rows(List<String> header, List<Object[]> rows) throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
        header.forEach(schema::addColumn);
        List<Object[]> cells = new ArrayList<>();
        for (Object[] row : rows) {
            Object[] c = new Object[row.length];
            for (int i = 0; i < row.length; i++) {
                // Jackson's CSV generator misplaces null array elements: an unknown is an empty cell.
                c[i] = row[i] == null ? "" : SweepTable.raw(row[i]);
            }
            cells.add(c);
        }
        // Quote only cells that need it: swept paths such as processes[0] stay readable column names.
        return new CsvMapper().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).writer(schema.build())
                .writeValueAsString(cells);
    }

    /** A header as a CSV column name: lower case, units kept, other characters as underscores. */
    static String columnName(String header) {
        String s = header.toLowerCase(Locale.ROOT).replace("%", "pct").replace("/", "_per_")
                .replaceAll("[^a-z0-9.]+", "_");
        return s.replaceAll("^_+|_+$", "");
    }

    /** pivot.csv: every matrix, its measure and fixed axes first; a spread is three columns (mean, _p5, _p95). */
    static String pivotCsv(List<PivotTables.Pivot> pivots) throws IOException {
        Table first = pivots.get(0).table();
        List<String> header = new ArrayList<>(List.of("measure"));
        header.addAll(pivots.get(0).fixed().keySet());
        header.add(columnName(first.headers().get(0)));
        for (String h : first.headers().subList(1, first.headers().size())) {
            header.addAll(List.of(h, h + "_p5", h + "_p95"));
        }
        List<Object[]> rows = new ArrayList<>();
        for (PivotTables.Pivot p : pivots) {
            for (List<Object> r : p.table().rows()) {
                List<Object> row = new ArrayList<>();
                row.add(p.measure());
                row.addAll(p.fixed().values());
                row.add(r.get(0));
                for (Object cell : r.subList(1, r.size())) {
                    Table.Spread s = (Table.Spread) cell;
                    row.addAll(s == null ? Arrays.asList(null, null, null) : Arrays.asList(s.mean(), s.p5(), s.p95()));
                }
                rows.add(row.toArray());
            }
        }
        return rows(header, rows);
    }

    static String breakdownCsv(List<PointAnalysis> points) throws IOException {
        List<String> header = List.of("point", "dimension", "key", "requests", "ok", "failed", "not_sent",
                "throughput_per_s", "mean_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms", "completion_mean_ms",
                "cpu_per_request_ms", "cpu_share", "own_rate_per_s", "bytes_out", "bytes_back", "bytes_per_s");
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis a : points) {
            for (Map.Entry<String, List<Breakdown.GroupFigures>> e : a.breakdown().entrySet()) {
                for (Breakdown.GroupFigures g : e.getValue()) {
                    rows.add(new Object[] {a.name(), e.getKey(), g.key(), g.requests(), g.ok(), g.failed(),
                            g.notSent(), g.throughputPerSec(), SweepTable.stat(g.response(), "mean"),
                            SweepTable.stat(g.response(), "p50"), SweepTable.stat(g.response(), "p90"),
                            SweepTable.stat(g.response(), "p99"), SweepTable.stat(g.response(), "max"),
                            g.completion() == null ? null : g.completion().meanMs(), g.cpuPerRequestMs(),
                            g.cpuShare(), g.ownRatePerSec(), g.bytesOut(), g.bytesBack(), g.bytesPerSec()});
                }
            }
        }
        return rows(header, rows);
    }

    static String spectrumCsv(List<PointAnalysis> points) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis a : points) {
            if (a.client().spectrum() != null) {
                for (Spectrum.Step s : a.client().spectrum()) {
                    rows.add(new Object[] {a.name(), s.percentile(), s.ms(), s.count()});
                }
            }
        }
        return rows(List.of("point", "percentile", "response_ms", "count"), rows);
    }

    /** timeline.csv: per point and second, the clients' percentiles, the server's CPU and GC time in it. */
    static String timelineCsv(List<PointAnalysis> points) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (PointAnalysis a : points) {
            Timeline t = a.timeline();
            if (t == null) {
                continue;
            }
            for (Timeline.Second s : t.seconds()) {
                double from = s.startSec();
                double to = from + 1;
                double cpu = t.cpu().stream().filter(c -> c.sec() >= from && c.sec() < to)
                        .mapToDouble(Timeline.Cpu::utilization).average().orElse(Double.NaN);
                double gc = t.pauses().stream().mapToDouble(p -> Math.max(0, Math.min(to, p.startSec() + p.lengthSec())
                        - Math.max(from, p.startSec()))).sum();
                rows.add(new Object[] {a.name(), s.startSec(), s.requests(), s.p50Ms(), s.p99Ms(), s.maxMs(),
                        Double.isNaN(cpu) ? null : 100 * cpu, 1000 * gc});
            }
        }
        return rows(List.of("point", "second", "requests", "p50_ms", "p99_ms", "max_ms", "server_cpu_pct", "gc_ms"),
                rows);
    }

    static String regressionCsv(List<SweepRegression.Group> groups) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (SweepRegression.Group g : groups) {
            for (Regression.Fit f : g.fits()) {
                if (!f.fitted()) {
                    rows.add(new Object[] {g.group(), f.model(), f.formula(), f.n(), null, null, null, null, null,
                            null, null, null, null, f.note()});
                }
                for (Regression.Term t : f.terms()) {
                    rows.add(new Object[] {g.group(), f.model(), f.formula(), f.n(), f.rSquared(),
                            f.adjustedRSquared(), f.residualStdError(), t.name(), t.estimate(), t.stdError(), t.t(),
                            t.lower(), t.upper(), null});
                }
            }
        }
        return rows(List.of("group", "model", "formula", "n", "r2", "adjusted_r2", "residual_std_error_ms", "term",
                "estimate", "std_error", "t", "lower_95", "upper_95", "note"), rows);
    }

    public static void writeJson(Path file, RunData run) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", run.runName());
        root.put("scenario", run.scenarioName());
        root.put("description", run.description());
        root.put("swept", run.sweptPaths());
        root.put("axes", run.axes().axes());
        root.put("generated", run.generated());
        List<Map<String, Object>> points = new ArrayList<>();
        run.points().forEach(p -> points.add(PointJson.of(p)));
        root.put("points", points);
        root.put("pivots", PivotTables.of(run));
        root.put("regression", RegressionTables.groups(run));
        root.put("modelCurves", ThroughputFigure.curves(run));
        String text = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        AtomicFiles.write(file, text + "\n");
    }
}
