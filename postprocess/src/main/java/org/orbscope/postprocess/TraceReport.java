package org.orbscope.postprocess;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.report.HtmlReport;
import org.orbscope.postprocess.report.JvmSummaryReport;
import org.orbscope.postprocess.report.MarkdownReport;
import org.orbscope.postprocess.report.OverTimeReport;
import org.orbscope.postprocess.report.RunData;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointAnalyzer;
import org.orbscope.postprocess.point.PointInputs;
import org.orbscope.postprocess.point.PointJson;
import org.orbscope.postprocess.point.TraceWindow;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.run.AtomicFiles;
import org.orbscope.trace.tools.jvm.TraceSummary;

/**
 * The completion-time report of a server trace on its own: a server orbscope did not start, recorded with an ORB
 * profile at start-up or by attaching. The stages come from the trace and the roles it carries (or the profile
 * given); utilization from the agent's process samples. What only a run directory knows is left unknown, never
 * invented: no client response times and no operation names; no simulated columns unless a scenario describes
 * the server.
 */
public final class TraceReport {
    private TraceReport() {
    }

    /** Where in the report the trace's JVM summaries go (linked from index.html). */
    public static final String JVM_DIR = "jvm";

    /**
     * Writes the report of {@code trace} into {@code out} (index.html, report.md, summary.csv/json, stages.csv (and
     * stages.parquet when the options ask), the recording over time, and the JVM summaries in {@link #JVM_DIR}/).
     * Of the options, those of a trace on its own count: the scenario, skip, window, parquet and the trace reader.
     *
     * @throws IllegalArgumentException when the window does not parse
     */
    public static Reporter.Report report(Path trace, AnalysisOptions options, Path out) throws IOException {
        AnalysisOptions o = options.toBuilder().stagesCsv(out.resolve("stages.csv")).overTime(true).build();
        PointInputs in = PointInputs.ofTrace(name(trace), trace, o);
        PointAnalysis a = PointAnalyzer.analyze(in, o);
        TraceWindow window = in.window();
        if (!window.all()) {
            a = a.withNote("the requests that arrived from " + describe(options.from(), window.fromNs())
                    + " to " + describe(options.to(), window.toNs()) + " of the recording; " + OverTimeReport.HTML
                    + " shows the whole recording");
        }
        OverTimeReport.write(out, name(trace), a.overTime());
        PointJson.write(out.resolve("point.json"), a);
        RunData data = data(trace, a, options);
        JvmSummaryReport.write(TraceSummary.read(trace), out.resolve(JVM_DIR), JvmSummaryReport.DEFAULT_TOP);
        AtomicFiles.write(out.resolve("index.html"), HtmlReport.render(data, List.of(new HtmlReport.Link(
                JVM_DIR + "/index.html", "JVM summaries of the trace: monitors, parking, allocations, methods "
                + "(flame graph), threads"), new HtmlReport.Link(OverTimeReport.HTML, "the whole recording over "
                + "time: requests/s, completion percentiles, CPU and GC per interval, to pick a window"))));
        AtomicFiles.write(out.resolve("report.md"), MarkdownReport.render(data));
        SummaryFiles.writeCsv(out.resolve("summary.csv"), List.of(), List.of(a));
        SummaryFiles.writeJson(out.resolve("summary.json"), data);
        return new Reporter.Report(out, List.of(a), List.of());
    }

    /**
     * A trace as a run of one point named {@code point}, for {@code compare}: its analysis as its report makes it,
     * with nothing written.
     */
    public static RunData analyze(Path trace, String point, AnalysisOptions options) throws IOException {
        AnalysisOptions o = options.toBuilder().stagesCsv(null).build();
        return data(trace, PointAnalyzer.analyze(PointInputs.ofTrace(point, trace, o), o), options);
    }

    private static RunData data(Path trace, PointAnalysis a, AnalysisOptions options) {
        return new RunData(trace.getFileName().toString(), options.scenario() != null
                ? options.scenario().name() : "trace " + trace.getFileName(),
                "Report of a server trace: " + trace.toAbsolutePath(), options.scenarioText(), SweepAxes.NONE, List.of(a),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }

    private static String describe(String given, long epochNs) {
        return given == null ? (epochNs == Long.MIN_VALUE ? "the start" : "the end") : given;
    }

    /** Where the report of a trace goes unless told: next to it, {@code <trace name>-report/}. */
    public static Path defaultOut(Path trace) {
        Path dir = trace.toAbsolutePath().getParent();
        return dir.resolve(name(trace) + "-report");
    }

    /** A trace's name: its file's, without {@code .trace} (a ring's directory: without {@code .trace.d}). */
    public static String name(Path trace) {
        String n = trace.getFileName().toString();
        n = n.endsWith(".trace.d") ? n.substring(0, n.length() - ".d".length()) : n;
        return n.endsWith(".trace") ? n.substring(0, n.length() - ".trace".length()) : n;
    }
}
