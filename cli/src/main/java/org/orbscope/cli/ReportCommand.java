package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.TraceReport;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.point.StageSource;
import org.orbscope.postprocess.stages.TraceRoles;
import org.orbscope.postprocess.point.TraceStages;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write the completion-time report of a run directory or of a server trace.",
                "RUN_DIR: RUN_DIR/report/{index.html,report.md,summary.csv,summary.json} and each point's "
                        + "report/stages.csv; runs at the end of 'orbscope run', run it again to rebuild the report.",
                "TRACE: the report of a trace on its own (a server orbscope did not start, recorded with an ORB "
                        + "profile): stages, CPU make-up, utilization from the agent's samples; written to --out.",
                "Exit 0 written, 1 it could not be written, 2 bad input."})
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RUN_DIR|TRACE", description = "a run directory or a server trace file")
    Path input;

    @Option(names = "--profile", paramLabel = "NAME|FILE",
            description = "the ORB profile that says which methods mark stages (default: the roles the trace carries)")
    String profile;

    @Option(names = "--scenario", paramLabel = "FILE",
            description = "TRACE only: the scenario of the traced server (adds the simulated columns and leaves "
                    + "its warm-up calls and the client's reachability checks out)")
    Path scenario;

    @Option(names = "--skip", paramLabel = "N", defaultValue = "0",
            description = "TRACE only: leave the first N requests out (the server's warm-up), when no --scenario says")
    long skip;

    @Option(names = "--from", paramLabel = "TIME",
            description = "TRACE only: report the requests that arrived from TIME on: an instant "
                    + "(2026-11-23T22:15:00Z) or a time since the recording's start (90s, 15m, 1h30m)")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "TRACE only: ... and before TIME (as --from)")
    String to;

    @Option(names = "--parquet",
            description = "write each per-request stage table as stages.parquet (Apache Parquet) beside stages.csv too")
    boolean parquet;

    @Option(names = "--out", paramLabel = "DIR", description = "TRACE only: where the report goes (default: <trace>-report/ next to it)")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "no progress while traces are read: only where the report went")
    boolean quiet;

    @Override
    public Integer call() {
        if (!Files.exists(input)) {
            System.err.println("orbscope report: " + input + ": no such file or directory");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (skip < 0) {
            System.err.println("orbscope report: --skip must be 0 or more, not " + skip);
            return Orbscope.EXIT_BAD_INPUT;
        }
        OrbProfile orbProfile = null;
        if (profile != null) {
            try {
                orbProfile = OrbProfile.load(profile);
            } catch (ProfileException e) {
                System.err.println("orbscope report: --profile: " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        OrbProfile roles = orbProfile;
        ReadingProgress reading = new ReadingProgress(System.out, Progress.terminal(), quiet);
        try {
            if (Files.isDirectory(input) && !TraceInput.isSegmentDirectory(input)) {
                if (!RunDirectory.isRunDirectory(input)) {
                    System.err.println("orbscope report: " + input + ": not a run directory (no points/ folder)");
                    return Orbscope.EXIT_BAD_INPUT;
                }
                if (scenario != null || out != null || skip != 0 || from != null || to != null) {
                    System.err.println("orbscope report: --scenario, --skip, --from, --to and --out are for a trace, "
                            + "not a run directory");
                    return Orbscope.EXIT_BAD_INPUT;
                }
                Path dir = Reporter.report(input, AnalysisOptions.builder()
                        .traces(StageSource.streaming(roles, reading)).parquet(parquet).build()).dir();
                System.out.println(dir.resolve("index.html"));
                return Orbscope.EXIT_OK;
            }
            AnalysisOptions.Builder options = AnalysisOptions.builder().traces(StageSource.streaming(roles, reading))
                    .skip(skip).window(from, to).parquet(parquet);
            if (scenario != null) {
                try {
                    ScenarioDocument doc = ScenarioLoader.loadDocument(scenario, List.of());
                    options.scenario(doc.points().get(0).scenario(), doc.toYaml());
                } catch (ScenarioException e) {
                    System.err.println("orbscope report: --scenario: " + e.getMessage());
                    return Orbscope.EXIT_BAD_INPUT;
                }
            }
            Path dir = out != null ? out : TraceReport.defaultOut(input);
            if (roles == null) {
                sayPickedProfile(input);
            }
            try {
                TraceReport.report(input, options.build(), dir);
            } catch (IllegalArgumentException e) {
                System.err.println("orbscope report: " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            }
            System.out.println(dir.resolve("index.html"));
            return Orbscope.EXIT_OK;
        } catch (org.orbscope.trace.TraceFormatException e) {
            System.err.println("orbscope report: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        } catch (IOException e) {
            System.err.println("orbscope report: cannot write the report: " + Errors.describe(e));
            return Orbscope.EXIT_RUN_FAILED;
        } catch (RuntimeException e) {
            System.err.println("orbscope report: failed: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
    }

    /** Says which shipped profile's roles a trace recorded without a profile takes (the report's notes say it too). */
    private static void sayPickedProfile(Path trace) throws IOException {
        try (TraceReader r = TraceReader.open(trace)) {
            String picked = TraceRoles.of(r, null).picked();
            if (picked != null) {
                System.err.println("orbscope report: stage roles from " + picked);
            }
        } catch (ProfileException e) {
            // The trace names a profile that does not load: the report says so.
        }
    }
}
