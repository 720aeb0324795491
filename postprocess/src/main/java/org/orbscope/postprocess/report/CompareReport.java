package org.orbscope.postprocess.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.postprocess.sweep.SweepAxis;
import org.orbscope.run.AtomicFiles;

/**
 * The report of {@code orbscope compare}: index.html (one self-contained page), report.md, compare.csv (a row per
 * point, measure and run) and compare.json, written into one directory.
 */
public final class CompareReport {
    /** Spectra drawn, one chart per point: the first this many points. */
    static final int MAX_SPECTRA = 24;
    /** A setting's value is cut to this many characters (a description, a long list). */
    private static final int MAX_VALUE = 60;

    private CompareReport() {
    }

    public static void write(RunComparison c, Path dir, String generated) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.write(dir.resolve("index.html"), html(c, generated));
        AtomicFiles.write(dir.resolve("report.md"), markdown(c, generated));
        AtomicFiles.write(dir.resolve("compare.csv"), csv(c));
        AtomicFiles.write(dir.resolve("compare.json"), json(c, generated));
    }

    static String html(RunComparison c, String generated) {
        StringBuilder b = new StringBuilder(64 * 1024);
        String title = "orbscope comparison: " + String.join(" vs ", c.names());
        b.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Svg.esc(title))
                .append("</title><style>").append(HtmlReport.CSS).append("</style></head><body><h1>")
                .append(Svg.esc(title)).append("</h1><p>Generated ").append(Svg.esc(generated)).append(". Every run's "
                        + "figures beside the first run's (<code>").append(Svg.esc(c.names().get(0)))
                .append("</code>), points matched by name. A ratio is starred and red when the difference is larger "
                        + "than the runs' own spread: their 95% batch-means intervals (20 consecutive batches of the "
                        + "point's requests) do not overlap.</p>");
        runsTable(b, c);
        List<String> warnings = c.warnings();
        if (!warnings.isEmpty()) {
            b.append("<ul id=\"warnings\" class=\"warn\">");
            warnings.forEach(w -> b.append("<li>").append(Svg.esc(w)).append("</li>"));
            b.append("</ul>");
        }
        settingsTable(b, c);
        List<RunComparison.Row> rows = c.rows();
        long flagged = rows.stream().flatMap(r -> r.cells().stream()).filter(RunComparison.Cell::differs).count();
        b.append("<p id=\"flagged\" class=\"").append(flagged > 0 ? "warn" : "ok").append("\">").append(flagged)
                .append(flagged == 1 ? " figure differs" : " figures differ")
                .append(" by more than the runs' spread.</p>");
        b.append("<h2 id=\"figures\">Figures</h2><div class=\"charts\">");
        figures(c).forEach(b::append);
        b.append("</div><h2 id=\"tables\">Tables</h2>");
        c.tables().forEach(t -> HtmlReport.table(b, t, "h3"));
        List<Table> breakdown = c.breakdownTables();
        if (!breakdown.isEmpty()) {
            b.append("<h2 id=\"breakdown\">By object, operation, process and client</h2><p>Mean client response "
                    + "time (the server's completion time where a run is a server trace) and throughput of each group;"
                    + " ratios of the means to the first run's.</p>");
            breakdown.forEach(t -> HtmlReport.table(b, t, "h3"));
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void runsTable(StringBuilder b, RunComparison c) {
        b.append("<table id=\"runs\"><thead><tr><th>run</th><th>directory</th><th>scenario</th><th>points</th>"
                + "<th>swept</th></tr></thead><tbody>");
        for (int i = 0; i < c.runs().size(); i++) {
            RunData r = c.runs().get(i);
            b.append("<tr><td>").append(Svg.esc(c.names().get(i))).append("</td><td><code>")
                    .append(Svg.esc(r.runName())).append("</code></td><td>")
                    .append(Svg.esc(r.scenarioName())).append("</td><td>").append(r.points().size()).append("</td><td>")
                    .append(Svg.esc(String.join(", ", r.axes().axes().stream().map(SweepAxis::label).toList())))
                    .append("</td></tr>");
        }
        b.append("</tbody></table>");
    }

    /** The scenario settings that differ between the runs: a row per setting, a column per run. */
    private static void settingsTable(StringBuilder b, RunComparison c) {
        List<RunComparison.Setting> settings = c.differingSettings();
        b.append("<h2 id=\"settings\">Settings that differ</h2>");
        if (settings.isEmpty()) {
            b.append("<p>The runs' scenarios make the same settings.</p>");
            return;
        }
        b.append("<p>The settings of the runs' scenarios (their <code>scenario.yaml</code>, <code>--set</code> "
                + "applied) that are not the same in every run; <i>unset</i>: the run's scenario leaves the default."
                + "</p><table id=\"settings-table\"><thead><tr><th>setting</th>");
        c.names().forEach(n -> b.append("<th>").append(Svg.esc(n)).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (RunComparison.Setting s : settings) {
            b.append("<tr><td><code>").append(Svg.esc(s.path())).append("</code></td>");
            s.values().forEach(v -> b.append("<td>").append(Svg.esc(shown(v))).append("</td>"));
            b.append("</tr>");
        }
        b.append("</tbody></table>");
    }

    /** A setting's value as shown: cut when long, {@code unset} when the scenario leaves it out. */
    static String shown(String value) {
        if (value == null) {
            return "unset";
        }
        return value.length() > MAX_VALUE ? value.substring(0, MAX_VALUE - 3) + "..." : value;
    }

    /** A setting as one line, e.g. {@code server.orb.poolMax: 8 vs 1}. */
    public static String line(RunComparison.Setting s) {
        return s.path() + ": " + String.join(" vs ", s.values().stream().map(CompareReport::shown).toList());
    }

    /**
     * The figures: client response time against what the first run swept (the arrival rate for a rate sweep), one
     * line per run (and combination of the other axes); response time against achieved throughput per run; the
     * percentile spectrum of each point with the runs overlaid.
     */
    static List<String> figures(RunComparison c) {
        List<String> out = new ArrayList<>();
        SweepAxes axes = c.runs().get(0).axes();
        if (c.runs().stream().allMatch(r -> r.points().size() < 2)) {
            // One point a run: each line of a figure across the sweep would be one dot.
            out.add("<p class=\"note\" id=\"compare-one-point\">Each run has one point: the tables below set their "
                    + "figures side by side, and the spectrum overlays the runs.</p>");
        } else if (axes.isEmpty() || axes.rateSweep()) {
            List<Svg.Series> series = new ArrayList<>();
            for (int i = 0; i < c.runs().size(); i++) {
                series.add(byRate(c.names().get(i), c.runs().get(i).points(), p -> p.client().response()));
            }
            out.add(Svg.lineChart("compare-rate-response", "Client response time", Svg.XAxis.linear(
                    "arrival rate (requests/ms)"), "ms", series));
        } else {
            List<SweepAxis> drawn = axes.zip() ? List.of(axes.axes().get(0)) : axes.axes();
            for (SweepAxis axis : drawn) {
                List<SweepAxis> others = axes.zip() ? List.of() : axes.others(axis);
                List<Svg.Series> series = new ArrayList<>();
                for (int i = 0; i < c.runs().size(); i++) {
                    for (Svg.Series s : SweepFigures.axisSeries(axis, others, c.runs().get(i).points(),
                            p -> p.client().response(), c.names().get(i))) {
                        // The first run solid, the others dashed: the runs tell apart whatever the colours.
                        series.add(i == 0 ? s : new Svg.Series(s.name(), s.x(), s.y(), s.lo(), s.hi(), true,
                                s.band()));
                    }
                }
                out.add(Svg.lineChart("compare-axis-response-" + axis.label(), "Client response time by "
                        + axis.label(), SweepFigures.xAxis(axis), "ms", series));
            }
        }
        double[] achieved = c.runs().stream().flatMap(r -> r.points().stream())
                .mapToDouble(ThroughputFigure::throughput).filter(Double::isFinite).toArray();
        if (ThroughputFigure.flat(achieved)) {
            out.add("<p class=\"note\" id=\"compare-throughput-flat\">Every point of every run achieved "
                    + ThroughputFigure.range(achieved) + " requests/s: the scenario fixes the rate, so response time "
                    + "against throughput would stack the points on one x.</p>");
        } else if (c.runs().stream().anyMatch(r -> r.points().size() > 1)) {
            List<Svg.Series> throughput = new ArrayList<>();
            for (int i = 0; i < c.runs().size(); i++) {
                List<PointAnalysis> pts = new ArrayList<>(c.runs().get(i).points());
                pts.sort(java.util.Comparator.comparingDouble(ThroughputFigure::throughput));
                throughput.add(ThroughputFigure.measured(c.names().get(i), pts, p -> p.client().response()));
            }
            out.add(Svg.lineChart("compare-throughput", "Client response time against achieved throughput",
                    Svg.XAxis.linear("achieved throughput (requests/s)"), "ms", throughput));
        }
        int drawn = 0;
        for (String point : c.points()) {
            if (drawn++ == MAX_SPECTRA) {
                break;
            }
            List<LatencyFigures.Named> spectra = new ArrayList<>();
            for (int i = 0; i < c.runs().size(); i++) {
                PointAnalysis a = c.point(i, point);
                spectra.add(new LatencyFigures.Named(c.names().get(i), a == null ? null : a.client().spectrum()));
            }
            out.add(LatencyFigures.spectrumChart("compare-spectrum-" + HtmlReport.anchor(point),
                    "Percentile spectrum, point " + point, spectra));
        }
        return out;
    }

    /** A run's points against their offered rate (their order when a point has none). */
    private static Svg.Series byRate(String name, List<PointAnalysis> points, Function<PointAnalysis, Summary> stat) {
        int n = points.size();
        double[] x = new double[n];
        double[] y = new double[n];
        double[] lo = new double[n];
        double[] hi = new double[n];
        for (int i = 0; i < n; i++) {
            PointAnalysis p = points.get(i);
            x[i] = p.offeredRatePerMs() == null ? i : p.offeredRatePerMs();
            Summary s = stat.apply(p);
            y[i] = SweepFigures.value(s, Summary::meanMs);
            lo[i] = SweepFigures.value(s, Summary::p50Ms);
            hi[i] = SweepFigures.value(s, Summary::p95Ms);
        }
        return new Svg.Series(name, x, y, lo, hi, false, "p50-p95");
    }

    static String markdown(RunComparison c, String generated) {
        StringBuilder b = new StringBuilder();
        b.append("# orbscope comparison: ").append(String.join(" vs ", c.names())).append("\n\nGenerated ")
                .append(generated).append(". Ratios to `").append(c.names().get(0)).append("`; `*` marks a "
                        + "difference larger than the runs' 95% batch-means intervals.\n\n| run | scenario | points |\n"
                        + "|---|---|---:|\n");
        for (int i = 0; i < c.runs().size(); i++) {
            b.append("| ").append(c.names().get(i)).append(" | ").append(c.runs().get(i).scenarioName()).append(" | ")
                    .append(c.runs().get(i).points().size()).append(" |\n");
        }
        List<String> warnings = c.warnings();
        if (!warnings.isEmpty()) {
            b.append('\n');
            warnings.forEach(w -> b.append("- **Warning:** ").append(w).append('\n'));
        }
        List<RunComparison.Setting> settings = c.differingSettings();
        b.append("\n## Settings that differ\n\n");
        if (settings.isEmpty()) {
            b.append("The runs' scenarios make the same settings.\n");
        } else {
            b.append("| setting | ").append(String.join(" | ", c.names())).append(" |\n|---|")
                    .append("---|".repeat(c.names().size())).append('\n');
            for (RunComparison.Setting s : settings) {
                b.append("| `").append(s.path()).append("` | ").append(String.join(" | ",
                        s.values().stream().map(CompareReport::shown).toList())).append(" |\n");
            }
        }
        b.append("\n## Tables\n");
        c.tables().forEach(t -> MarkdownReport.table(b, t, "###"));
        List<Table> breakdown = c.breakdownTables();
        if (!breakdown.isEmpty()) {
            b.append("\n## By object, operation, process and client\n");
            breakdown.forEach(t -> MarkdownReport.table(b, t, "###"));
        }
        return b.toString();
    }

    /** compare.csv: a row per point, measure and run; ratio and differs against the first run. */
    static String csv(RunComparison c) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (RunComparison.Row r : c.rows()) {
            for (RunComparison.Cell cell : r.cells()) {
                rows.add(new Object[] {r.point(), r.measure(), cell.run(), cell.value(), cell.halfWidth(),
                        cell.ratio(), cell.differs()});
            }
        }
        return SummaryFiles.rows(List.of("point", "measure", "run", "value", "half_width_95", "ratio", "differs"),
                rows);
    }

    static String json(RunComparison c, String generated) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("runs", c.names());
        root.put("directories", c.runs().stream().map(RunData::runName).toList());
        root.put("generated", generated);
        root.put("warnings", c.warnings());
        root.put("settings", c.differingSettings());
        root.put("points", c.points());
        root.put("rows", c.rows());
        root.put("breakdown", c.breakdownTables());
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
    }
}
