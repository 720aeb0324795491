package org.orbscope.postprocess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.orbscope.postprocess.report.HtmlReport;
import org.orbscope.postprocess.report.MarkdownReport;
import org.orbscope.postprocess.report.RunData;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.run.AtomicFiles;
import org.orbscope.postprocess.run.PointAnalysis;
import org.orbscope.postprocess.run.PointAnalyzer;
import org.orbscope.postprocess.run.TraceReader;
import org.orbscope.postprocess.run.TraceStages;

/** Entry point of post-processing: turns a run directory into its {@code report/} folder. */
public final class Reporter {
    private Reporter() {
    }

    /**
     * Writes {@code runDir/report/} (index.html, report.md, summary.csv, summary.json) and each point's
     * {@code points/<p>/report/stages.csv} when that point has a server trace.
     *
     * @return the report directory
     * @throws IOException when the run directory cannot be read or the report cannot be written
     * @throws IllegalArgumentException when {@code runDir} is not a run directory (no points/)
     */
    public static Path report(Path runDir) throws IOException {
        return report(runDir, TraceStages::extract);
    }

    /** As {@link #report(Path)}, reading server traces with {@code traces}. */
    public static Path report(Path runDir, TraceReader traces) throws IOException {
        Path points = runDir.resolve("points");
        if (!Files.isDirectory(points)) {
            throw new IllegalArgumentException(runDir + ": not a run directory (no points/ folder)");
        }
        List<PointAnalysis> analyses = new ArrayList<>();
        ObjectMapper json = new ObjectMapper().enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);
        for (Path p : pointDirs(points)) {
            PointAnalysis a = PointAnalyzer.analyze(p, traces);
            analyses.add(a);
            AtomicFiles.write(p.resolve("report").resolve("point.json"), json.writeValueAsString(a.summary) + "\n");
        }
        analyses.sort(Comparator.comparing((PointAnalysis a) -> a.summary.offeredRatePerMs == null ? Double.MAX_VALUE
                : a.summary.offeredRatePerMs).thenComparing(a -> numericValue(a.summary.value))
                .thenComparing(a -> a.summary.name));
        RunData run = runData(runDir, analyses);
        Path out = runDir.resolve("report");
        Files.createDirectories(out);
        AtomicFiles.write(out.resolve("index.html"), HtmlReport.render(run));
        AtomicFiles.write(out.resolve("report.md"), MarkdownReport.render(run));
        SummaryFiles.writeCsv(out.resolve("summary.csv"), analyses);
        SummaryFiles.writeJson(out.resolve("summary.json"), run);
        return out;
    }

    private static List<Path> pointDirs(Path points) throws IOException {
        try (Stream<Path> s = Files.list(points)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static double numericValue(String v) {
        if (v == null) {
            return Double.MAX_VALUE;
        }
        try {
            return Double.parseDouble(v.replaceAll("[^0-9.eE+-].*$", ""));
        } catch (NumberFormatException e) {
            return Double.MAX_VALUE;
        }
    }

    private static RunData runData(Path runDir, List<PointAnalysis> analyses) {
        String name = "";
        String description = "";
        String text = "";
        Path yaml = runDir.resolve("scenario.yaml");
        if (Files.isRegularFile(yaml)) {
            try {
                text = Files.readString(yaml);
                JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(text);
                if (root != null) {
                    name = root.path("name").asText("");
                    description = root.path("description").asText("");
                }
            } catch (IOException | RuntimeException e) {
                description = "scenario.yaml unreadable: " + e.getMessage();
            }
        }
        if (name.isEmpty() && !analyses.isEmpty()) {
            name = analyses.get(0).summary.scenario;
        }
        if (name == null || name.isEmpty()) {
            name = runDir.getFileName().toString();
        }
        return new RunData(runDir.toAbsolutePath().normalize().getFileName().toString(), name, description, text,
                analyses, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }
}
