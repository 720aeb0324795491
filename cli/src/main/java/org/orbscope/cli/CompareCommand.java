package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.run.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs side by side, each figure beside the first run's.",
                "Every figure of each run beside the first run's, with the ratio, flagged where the difference is "
                + "larger than the runs' own spread.",
                "Writes index.html, report.md, compare.csv and compare.json into --out (default: "
                        + "compare-<RUN_A>-<RUN_B>... beside RUN_A); the runs are only read.",
                "Exit 0 written, 1 it could not be written, 2 bad input."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RUN_DIR", description = "two or more run directories; the first is the base")
    List<Path> runs;

    @Option(names = "--out", paramLabel = "DIR", description = "where the comparison goes")
    Path out;

    @Override
    public Integer call() {
        if (runs.size() < 2) {
            System.err.println("orbscope compare: give two run directories or more (got " + runs.size() + ")");
            return Orbscope.EXIT_BAD_INPUT;
        }
        for (Path run : runs) {
            if (!Files.isDirectory(run)) {
                System.err.println("orbscope compare: " + run + ": no such directory");
                return Orbscope.EXIT_BAD_INPUT;
            }
            if (!RunDirectory.isRunDirectory(run)) {
                System.err.println("orbscope compare: " + run + ": not a run directory (no points/ folder)");
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        Path dir = out != null ? out : defaultOut(runs);
        try {
            Reporter.compare(runs, AnalysisOptions.defaults(), dir);
            System.out.println(dir.resolve("index.html"));
            return Orbscope.EXIT_OK;
        } catch (IOException e) {
            System.err.println("orbscope compare: cannot write the comparison: " + Errors.describe(e));
            return Orbscope.EXIT_RUN_FAILED;
        } catch (RuntimeException e) {
            System.err.println("orbscope compare: failed: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
    }

    /** compare-A-B... beside the first run. */
    static Path defaultOut(List<Path> runs) {
        Path first = runs.get(0).toAbsolutePath().normalize();
        StringBuilder name = new StringBuilder("compare");
        runs.forEach(r -> name.append('-').append(r.toAbsolutePath().normalize().getFileName()));
        return first.resolveSibling(name.toString());
    }
}
