package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.report.JvmSummaryReport;
import org.orbscope.trace.TraceFormatException;
import org.orbscope.trace.tools.jvm.TraceSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code orbscope trace report TRACE}: JPMT's summaries of any recorded JVM (docs/jvm-summaries.md). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Summaries of any recorded JVM: monitors, parks, allocation, methods, threads.",
                "JPMT's summaries: per monitor (contention, hold, wait), per park blocker, "
                + "per allocated class, per method (calls, wall and CPU time inclusive and exclusive, a flame graph), "
                + "per thread, and the trace's own facts (losses, damage, GC pauses).",
                "Writes DIR/index.html (one self-contained page), DIR/summary.md and DIR/summary.json, and prints the "
                        + "page's path. Exit 0 written, 1 it could not be written, 2 bad input."})
final class TraceReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TRACE", description = "a trace written by the orbscope agent")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "where the files go (default: <trace>-jvm/ next to it)")
    Path out;

    @Option(names = "--top", paramLabel = "N", defaultValue = "" + JvmSummaryReport.DEFAULT_TOP,
            description = "rows of the top-monitors and top-methods tables (default ${DEFAULT-VALUE})")
    int top;

    @Override
    public Integer call() {
        if (top < 1) {
            System.err.println("orbscope trace report: --top must be 1 or more, not " + top);
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (!Files.isRegularFile(file) && !TraceInput.isSegmentDirectory(file)) {
            System.err.println("orbscope trace report: " + (Files.isDirectory(file) ? file + " is a directory, neither a "
                    + "trace nor a ring of trace segments" : "no such file: " + file));
            return Orbscope.EXIT_BAD_INPUT;
        }
        Path dir = out != null ? out : defaultOut(file);
        String where = unwritable(dir);
        if (where != null) {
            System.err.println("orbscope trace report: cannot write to --out " + dir + ": " + where);
            return Orbscope.EXIT_BAD_INPUT;
        }
        TraceSummary summary;
        try {
            summary = TraceSummary.read(file);
        } catch (NoSuchFileException e) {
            System.err.println("orbscope trace report: no such file: " + file);
            return Orbscope.EXIT_BAD_INPUT;
        } catch (TraceFormatException e) {
            System.err.println("orbscope trace report: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        } catch (IOException e) {
            System.err.println("orbscope trace report: cannot read " + file + ": " + Errors.describe(e));
            return Orbscope.EXIT_BAD_INPUT;
        }
        try {
            JvmSummaryReport.write(summary, dir, top);
        } catch (IOException e) {
            System.err.println("orbscope trace report: cannot write the summary: " + Errors.describe(e));
            return Orbscope.EXIT_RUN_FAILED;
        }
        if (summary.facts().truncated()) {
            System.err.println("orbscope trace report: " + file + " is truncated (" + summary.facts().truncation()
                    + "); summarised up to its last whole chunk");
        }
        for (String d : summary.facts().damage()) {
            System.err.println("orbscope trace report: " + file + ": " + d + "; the rest was read");
        }
        System.out.println(dir.resolve("index.html"));
        return Orbscope.EXIT_OK;
    }

    /** {@code <trace name>-jvm/} next to the trace. */
    static Path defaultOut(Path trace) {
        String n = trace.getFileName().toString();
        n = n.endsWith(".trace") ? n.substring(0, n.length() - ".trace".length()) : n;
        return trace.toAbsolutePath().resolveSibling(n + "-jvm");
    }

    /**
     * Why the summary cannot go into {@code dir}, or null: the directory is made if missing, but only inside one
     * that exists, so a mistyped path is named rather than created.
     */
    static String unwritable(Path dir) {
        Path abs = dir.toAbsolutePath();
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                return abs + " is a file, not a directory";
            }
            return Files.isWritable(abs) ? null : "permission denied: " + abs;
        }
        Path parent = abs.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return "no such directory: " + parent;
        }
        return Files.isWritable(parent) ? null : "permission denied: " + parent;
    }
}
