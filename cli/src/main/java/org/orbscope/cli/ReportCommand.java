package org.orbscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.Reporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write the report of a run directory: RUN_DIR/report/{index.html,report.md,summary.csv,"
                + "summary.json} and, for points with a server trace, points/<p>/report/stages.csv.",
                "Runs automatically at the end of 'orbscope run'; run it by hand to rebuild the report of a run."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run directory written by 'orbscope run'")
    Path runDir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(runDir)) {
            System.err.println("orbscope report: " + runDir + ": no such directory");
            return Orbscope.EXIT_BAD_INPUT;
        }
        try {
            Path out = Reporter.report(runDir).dir();
            System.out.println(out.resolve("index.html"));
            return Orbscope.EXIT_OK;
        } catch (IllegalArgumentException e) {
            System.err.println("orbscope report: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("orbscope report: failed: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
    }
}
