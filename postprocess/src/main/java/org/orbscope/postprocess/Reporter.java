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
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.orbscope.postprocess.report.HtmlReport;
import org.orbscope.postprocess.report.MarkdownReport;
import org.orbscope.postprocess.report.RunData;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.run.PointAnalysis;
import org.orbscope.postprocess.run.PointAnalyzer;
import org.orbscope.postprocess.run.StageSource;
import org.orbscope.postprocess.run.TraceStages;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/** Entry point of post-processing: turns a run directory into its {@code report/} folder. */
public final class Reporter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A written report: its directory and the analysis of every point, in report order. */
    public record Report(Path dir, List<PointAnalysis> points, List<String> sweptPaths) {
    }

    private Reporter() {
    }

    /**
     * Writes {@code runDir/report/} (index.html, report.md, summary.csv, summary.json) and each point's
     * {@code points/<p>/report/} (stages.csv when the point has a server trace, point.json).
     *
     * @throws IOException when the report cannot be written
     * @throws IllegalArgumentException when {@code runDir} is not a run directory (no points/)
     */
    public static Report report(Path runDir) throws IOException {
        return report(runDir, TraceStages::extract);
    }

    /** As {@link #report(Path)}, turning server traces into stage tables with {@code traces}. */
    public static Report report(Path runDir, StageSource traces) throws IOException {
        RunDirectory run = RunDirectory.open(runDir);
        Sweep sweep = sweep(run);
        List<PointAnalysis> analyses = new ArrayList<>();
        for (PointDirectory p : run.points()) {
            PointAnalysis a = PointAnalyzer.analyze(p, sweep.params(p.name()), traces);
            analyses.add(a);
            AtomicFiles.write(p.pointJson(), JSON.writeValueAsString(a.summary) + "\n");
        }
        analyses.sort(Comparator.comparing((PointAnalysis a) -> a.summary.offeredRatePerMs == null ? Double.MAX_VALUE
                : a.summary.offeredRatePerMs).thenComparing(a -> sweep.order(a.summary.name)));
        RunData data = new RunData(run.name(), sweep.name.isEmpty() && !analyses.isEmpty()
                ? String.valueOf(analyses.get(0).summary.scenario) : sweep.name, sweep.description, sweep.text,
                sweep.paths, analyses, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        AtomicFiles.write(run.reportDir().resolve("index.html"), HtmlReport.render(data));
        AtomicFiles.write(run.reportDir().resolve("report.md"), MarkdownReport.render(data));
        SummaryFiles.writeCsv(run.summaryCsv(), sweep.paths, analyses);
        SummaryFiles.writeJson(run.summaryJson(), data);
        return new Report(run.reportDir(), analyses, sweep.paths);
    }

    /** The run's sweep as its scenario.yaml says: point names in run order and the values each point set. */
    private record Sweep(String name, String description, String text, List<String> paths,
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
            return new Sweep(doc.scenario().name(), doc.scenario().description(), text,
                    new ArrayList<>(doc.scenario().sweep().axes().keySet()), points);
        } catch (IOException | ScenarioException e) {
            // The points' own point.yaml still say what ran; only the sweep's columns are lost.
            return new Sweep("", "scenario.yaml " + (text.isEmpty() ? "missing" : "does not load: " + e.getMessage()),
                    text, List.of(), Map.of());
        }
    }
}
