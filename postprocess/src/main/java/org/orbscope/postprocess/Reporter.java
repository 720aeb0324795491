package org.orbscope.postprocess;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.report.CompareReport;
import org.orbscope.postprocess.report.HtmlReport;
import org.orbscope.postprocess.report.RunComparison;
import org.orbscope.postprocess.report.MarkdownReport;
import org.orbscope.postprocess.report.RunData;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointAnalyzer;
import org.orbscope.postprocess.point.PointJson;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/** Entry point of post-processing: turns a run directory into its {@code report/} folder. */
public final class Reporter {
    /** A written report: its directory and the analysis of every point, in report order. */
    public record Report(Path dir, List<PointAnalysis> points, List<String> sweptPaths) {
    }

    private Reporter() {
    }

    /**
     * Writes {@code runDir/report/} (index.html, report.md, summary.csv, summary.json) and each point's
     * {@code points/<p>/report/} (stages.csv when the point has a server trace, point.json), traces read with the
     * roles they carry.
     *
     * @throws IOException when the report cannot be written
     * @throws IllegalArgumentException when {@code runDir} is not a run directory (no points/)
     */
    public static Report report(Path runDir) throws IOException {
        return report(runDir, AnalysisOptions.defaults());
    }

    /** As {@link #report(Path)}, with {@code options}; each point's stage tables are always written. */
    public static Report report(Path runDir, AnalysisOptions options) throws IOException {
        return report(runDir, options, Map.of());
    }

    /**
     * As {@link #report(Path, AnalysisOptions)}, taking the analysis of a point or repetition from {@code analysed}
     * (by its directory, {@link #analysedKey}) instead of reading it again: {@code orbscope run} judges each point
     * as it ends, with {@link #POINT_OPTIONS}, and hands those analyses on.
     */
    public static Report report(Path runDir, AnalysisOptions options, Map<Path, PointAnalysis> analysed)
            throws IOException {
        RunDirectory run = RunDirectory.open(runDir);
        RunData data = analyze(runDir, options.toBuilder().stageTablesInPoints(true).build(), analysed);
        for (PointAnalysis a : data.points()) {
            PointJson.write(run.point(a.name()).pointJson(), a);
        }
        write(data, run.reportDir());
        return new Report(run.reportDir(), data.points(), data.sweptPaths());
    }

    /**
     * The analysis of every point of a run, in report order (by offered arrival rate, then sweep order); the run
     * directory is only read unless {@code options} write stage tables.
     *
     * @throws IllegalArgumentException when {@code runDir} is not a run directory (no points/)
     */
    public static RunData analyze(Path runDir, AnalysisOptions options) throws IOException {
        return analyze(runDir, options, Map.of());
    }

    private static RunData analyze(Path runDir, AnalysisOptions options, Map<Path, PointAnalysis> analysed)
            throws IOException {
        RunDirectory run = RunDirectory.open(runDir);
        Sweep sweep = sweep(run);
        List<PointAnalysis> analyses = new ArrayList<>();
        for (PointDirectory p : run.points()) {
            analyses.add(PointAnalyzer.analyzeRepeated(p, sweep.params(p.name()), options,
                    dir -> analysed.get(analysedKey(dir))));
        }
        List<Map<String, String>> runOrder = new ArrayList<>();
        analyses.stream().sorted(Comparator.comparing(a -> sweep.order(a.name())))
                .forEach(a -> runOrder.add(a.params()));
        analyses.sort(Comparator.comparing((PointAnalysis a) -> a.offeredRatePerMs() == null ? Double.MAX_VALUE
                : a.offeredRatePerMs()).thenComparing(a -> sweep.order(a.name())));
        return new RunData(run.name(), sweep.name.isEmpty() && !analyses.isEmpty()
                ? String.valueOf(analyses.get(0).scenarioName()) : sweep.name, sweep.description, sweep.text,
                SweepAxes.of(sweep.labels, runOrder, sweep.zip), analyses,
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /**
     * The options a point's analysis that a run's report takes over is made with: what the report's analysis would
     * write, the point's stage tables, written as the point is judged.
     */
    public static final AnalysisOptions POINT_OPTIONS = AnalysisOptions.builder().stageTablesInPoints(true).build();

    /** The key of a point's or repetition's analysis in the map {@link #report(Path, AnalysisOptions, Map)} takes. */
    public static Path analysedKey(PointDirectory dir) {
        return dir.dir().toAbsolutePath().normalize();
    }

    /**
     * The point a server trace makes in a comparison: named like the one point of a run without a sweep, so that a
     * trace compares with such a run and with another trace.
     */
    public static final String TRACE_POINT = "single";

    /**
     * Writes the comparison of several runs into {@code out} (index.html, report.md, compare.csv, compare.json);
     * the runs are only read. {@code labels} name the runs in their order (a run past them by its directory's name).
     * A run is a run directory, or a server trace (a file or a ring's directory), which makes one point,
     * {@link #TRACE_POINT}.
     *
     * @return the comparison written: its warnings and the settings that differ
     */
    public static RunComparison compare(List<Path> runDirs, List<String> labels, AnalysisOptions options, Path out)
            throws IOException {
        AnalysisOptions readOnly = options.toBuilder().stageTablesInPoints(false).build();
        List<RunData> runs = new ArrayList<>();
        for (Path dir : runDirs) {
            runs.add(RunDirectory.isRunDirectory(dir) ? analyze(dir, readOnly)
                    : TraceReport.analyze(dir, TRACE_POINT, readOnly));
        }
        RunComparison c = new RunComparison(runs, labels);
        CompareReport.write(c, out, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        return c;
    }

    /** Writes a run's report files into {@code dir}. */
    static void write(RunData data, Path dir) throws IOException {
        AtomicFiles.write(dir.resolve("index.html"), HtmlReport.render(data));
        AtomicFiles.write(dir.resolve("report.md"), MarkdownReport.render(data));
        SummaryFiles.writeAll(dir, data);
    }

    /**
     * The run's sweep as its scenario.yaml says: point names in run order, the values each point set, the swept
     * paths' short names, whether the lists were zipped.
     */
    private record Sweep(String name, String description, String text, Map<String, String> labels, boolean zip,
                         Map<String, Map<String, String>> points) {
        Map<String, String> params(String point) {
            return points.getOrDefault(point, Map.of());
        }

        /** Run order of a point; points the scenario does not name come last, by name. */
        String order(String point) {
            int i = new ArrayList<>(points.keySet()).indexOf(point);
            return String.format("%08d", i < 0 ? Integer.MAX_VALUE : i) + point;
        }
    }

    private static Sweep sweep(RunDirectory run) {
        Path file = run.scenarioFile();
        String text = "";
        try {
            text = java.nio.file.Files.readString(file);
            ScenarioDocument doc = ScenarioLoader.loadDocument(file, List.of());
            Map<String, Map<String, String>> points = new LinkedHashMap<>();
            for (SweepPoint p : doc.points()) {
                points.put(p.name(), p.params());
            }
            return new Sweep(doc.scenario().name(), doc.scenario().description(), text, doc.axisLabels(),
                    doc.scenario().sweep().zip(), points);
        } catch (IOException | ScenarioException e) {
            // The points' own point.yaml still say what ran; only the sweep's columns are lost.
            return new Sweep("", "scenario.yaml " + (text.isEmpty() ? "missing" : "does not load: " + e.getMessage()),
                    text, Map.of(), false, Map.of());
        }
    }
}
