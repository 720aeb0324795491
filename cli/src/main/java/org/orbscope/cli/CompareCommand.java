package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.TraceReport;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.report.CompareReport;
import org.orbscope.postprocess.report.RunComparison;
import org.orbscope.run.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs side by side, each figure beside the first run's.",
                "Every figure of each run beside the first run's, with the ratio, flagged where the difference is "
                + "larger than the runs' own spread; the scenario settings that differ between the runs.",
                "Each run is named by --label, else by the --out directory it was run into (plain of "
                        + "runs/plain/<time>-quickstart), else by its own directory's name.",
                "Writes index.html, report.md, compare.csv and compare.json into --out (default: "
                        + "runs/compare/<time>-<A>-vs-<B>...); the runs are only read.",
                "Exit 0 written, 1 it could not be written, 2 bad input or runs that share no point."})
final class CompareCommand implements Callable<Integer> {
    /** Where comparisons go unless told: beside the runs of {@code orbscope run}'s default, in a folder of theirs. */
    static final Path DEFAULT_PARENT = Path.of(RunCommand.DEFAULT_OUT, "compare");
    /** A default output directory's name is cut to this many characters. */
    private static final int MAX_NAME = 120;

    @Parameters(arity = "1..*", paramLabel = "RUN", description = "two or more run directories or server traces (a trace"
            + " file or a ring's directory: one point, named single); the first is the base")
    List<Path> runs;

    @Option(names = "--label", paramLabel = "NAME", description = "the name of a run in the comparison, in the "
            + "order of the runs (repeat it for each; runs past the labels get their default name)")
    List<String> labels = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where the comparison goes")
    Path out;

    @Override
    public Integer call() {
        if (runs.size() < 2) {
            System.err.println("orbscope compare: give two runs or traces or more (got " + runs.size() + ")");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (labels.size() > runs.size()) {
            System.err.println("orbscope compare: " + labels.size() + " labels for " + runs.size() + " runs");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (labels.stream().anyMatch(String::isBlank)) {
            System.err.println("orbscope compare: --label must name the run, not be empty");
            return Orbscope.EXIT_BAD_INPUT;
        }
        for (Path run : runs) {
            if (!Files.exists(run)) {
                System.err.println("orbscope compare: " + run + ": no such file or directory");
                return Orbscope.EXIT_BAD_INPUT;
            }
            if (!RunDirectory.isRunDirectory(run) && !isTrace(run)) {
                System.err.println("orbscope compare: " + run + ": not a run directory (no points/ folder), a trace"
                        + " file or a ring's directory");
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        List<String> names = labels(runs, labels);
        Path dir = out != null ? out : defaultOut(names);
        try {
            RunComparison c = Reporter.compare(runs, names, AnalysisOptions.defaults(), dir);
            c.warnings().forEach(w -> System.err.println("orbscope compare: warning: " + w));
            List<RunComparison.Setting> settings = c.differingSettings();
            System.out.println(String.join(" vs ", c.names()) + ": " + (settings.isEmpty()
                    ? "the same scenario settings" : settings.size() == 1 ? "1 scenario setting differs"
                    : settings.size() + " scenario settings differ"));
            settings.forEach(s -> System.out.println("  " + CompareReport.line(s)));
            System.out.println(dir.resolve("index.html"));
            return c.anyMatched() ? Orbscope.EXIT_OK : Orbscope.EXIT_BAD_INPUT;
        } catch (IOException e) {
            System.err.println("orbscope compare: cannot write the comparison: " + Errors.describe(e));
            return Orbscope.EXIT_RUN_FAILED;
        } catch (RuntimeException e) {
            System.err.println("orbscope compare: failed: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
    }

    /**
     * The runs' names: {@code given} in order, then for each other run the directory it was run into
     * ({@code orbscope run --out}), unless that is the default {@code runs} or another run's too, else the run
     * directory's own name.
     */
    static List<String> labels(List<Path> runs, List<String> given) {
        List<String> outs = runs.stream().map(r -> isTrace(r) ? null : RunDirectory.open(r).outName()).toList();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String o = outs.get(i);
            boolean own = o != null && !o.equals(RunCommand.DEFAULT_OUT)
                    && outs.stream().filter(x -> Objects.equals(x, o)).count() == 1;
            names.add(i < given.size() ? given.get(i) : own ? o : isTrace(runs.get(i))
                    ? TraceReport.name(runs.get(i)) : RunDirectory.open(runs.get(i)).name());
        }
        return names;
    }

    /** A server trace: a trace file, or the directory of a ring's segments. */
    private static boolean isTrace(Path p) {
        return Files.isRegularFile(p) || !RunDirectory.isRunDirectory(p) && TraceInput.isSegmentDirectory(p);
    }

    /** {@code runs/compare/<time>-<A>-vs-<B>...}: apart from the runs, so no pattern that lists runs finds it. */
    static Path defaultOut(List<String> names) {
        String name = String.join("-vs-", names);
        return RunDirectory.stamped(DEFAULT_PARENT, name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name);
    }
}
