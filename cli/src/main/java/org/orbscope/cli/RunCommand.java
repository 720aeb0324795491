package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.Reporter;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario: for every sweep point start the server JVM (+ agent when monitoring is enabled),",
                "wait until it is ready, run the client JVM, stop the server; then write summary.csv and the report.",
                "Exit 0 all points ok, 1 some point failed, 2 bad input."})
final class RunCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "parent of the run directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("runs");

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. --set client.processes[0].requests=100")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--ready-timeout", paramLabel = "SECONDS", description = "how long to wait for the server (default: ${DEFAULT-VALUE})")
    int readyTimeoutSeconds = 60;

    @Option(names = "--no-report", description = "skip the report step")
    boolean noReport;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ScenarioInput in = ScenarioInput.load("run", scenario, overrides);
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario s = in.document.scenario();
        Path runDir = newRunDir(s.name());
        AtomicFiles.write(runDir.resolve("scenario.yaml"), in.document.toYaml());
        System.out.println("orbscope run: " + s.name() + ", " + in.points.size() + " point(s) -> " + runDir);
        List<String> paramPaths = new ArrayList<>(s.sweep().axes().keySet());
        SummaryTable table = new SummaryTable(paramPaths);
        Progress progress = new Progress(System.out, in.points.size());
        PointRunner runner = new PointRunner(scenario.toAbsolutePath().getParent(), readyTimeoutSeconds * 1000L);
        boolean allOk = true;
        for (int i = 0; i < in.points.size(); i++) {
            SweepPoint p = in.points.get(i);
            Path dir = runDir.resolve("points").resolve(p.name());
            progress.starting(i, p.name());
            PointResult r;
            try {
                r = runner.run(p, dir);
            } catch (IOException e) {
                r = new PointResult(p.name(), -1, -1, "could not start: " + e.getMessage());
            }
            int serverCpus = p.scenario().server().cpus().isEmpty()
                    ? Runtime.getRuntime().availableProcessors() : p.scenario().server().cpus().size();
            PointSummary summary = PointSummary.read(dir, serverCpus);
            progress.finished(i, p.name(), r, summary);
            allOk &= r.ok() && summary.failed() <= 0;
            table.add(new SummaryTable.Row(p.name(), p.params(), r, summary));
            table.write(runDir.resolve("summary.csv"));
        }
        System.out.println();
        System.out.print(table.csv());
        if (!noReport) {
            report(runDir);
        }
        System.out.println("run directory: " + runDir);
        return allOk ? Orbscope.EXIT_OK : Orbscope.EXIT_RUN_FAILED;
    }

    /** The postprocess step; a report failure is told but does not fail the measured run. */
    private static void report(Path runDir) {
        try {
            Path index = Reporter.report(runDir);
            System.out.println("report: " + index);
        } catch (IOException | RuntimeException e) {
            System.err.println("orbscope run: the report could not be written: " + e.getMessage()
                    + " (retry with: orbscope report " + runDir + ")");
        }
    }

    private Path newRunDir(String name) throws IOException {
        String base = STAMP.format(LocalDateTime.now()) + "-" + name.replaceAll("[^A-Za-z0-9._-]", "_");
        Path dir = out.resolve(base);
        for (int n = 2; Files.exists(dir); n++) {
            dir = out.resolve(base + "-" + n);
        }
        Files.createDirectories(dir.resolve("points"));
        return dir;
    }
}
