package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.report.SweepTable;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointRunner;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sun.misc.Signal;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario: for every sweep point start the server JVM (+ agent when monitoring is enabled),",
                "wait until it is ready, run the client JVM, stop the server; then write the report.",
                "Ctrl-C (SIGINT) or SIGTERM stops the point in progress, keeps what was measured, writes the report "
                        + "and exits 130.",
                "Exit 0 all points ok, 1 some point failed, 2 bad input, 130 interrupted."})
final class RunCommand implements Callable<Integer> {
    static final int EXIT_INTERRUPTED = 130;

    @Mixin
    ScenarioInput scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "parent of the run directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("runs");

    @Option(names = "--ready-timeout", paramLabel = "SECONDS", description = "how long to wait for the server (default: ${DEFAULT-VALUE})")
    int readyTimeoutSeconds = 60;

    @Option(names = "--no-report", description = "skip the report step")
    boolean noReport;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (readyTimeoutSeconds < 1) {
            System.err.println("orbscope run: --ready-timeout must be 1 second or more, not " + readyTimeoutSeconds);
            return Orbscope.EXIT_BAD_INPUT;
        }
        ScenarioInput.Loaded in = scenario.load("run");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario s = in.document().scenario();
        RunDirectory run;
        try {
            run = RunDirectory.create(out, s.name());
            AtomicFiles.write(run.scenarioFile(), in.document().toYaml());
        } catch (IOException e) {
            System.err.println("orbscope run: cannot create the run directory under " + out + ": " + Errors.describe(e));
            return Orbscope.EXIT_BAD_INPUT;
        }
        System.out.println("orbscope run: " + s.name() + ", " + in.points().size() + " point(s) -> " + run.dir());
        PointRunner runner = new PointRunner(new PointRunner.Settings(scenario.file.toAbsolutePath().getParent(),
                Duration.ofSeconds(readyTimeoutSeconds), AgentJar.locate()));
        onSignals(runner);
        Progress progress = new Progress(System.out, in.points().size());
        boolean allOk = true;
        for (int i = 0; i < in.points().size() && !runner.interrupted(); i++) {
            SweepPoint p = in.points().get(i);
            PointDirectory dir = run.point(p.name());
            progress.starting(i, p.name());
            PointStatus status = runner.run(p, dir);
            progress.finished(i, p.name(), status, clientSummaries(dir));
            allOk &= status.ok();
        }
        if (runner.interrupted()) {
            System.out.println("orbscope run: interrupted; what was measured until then is kept");
        }
        if (!noReport) {
            report(run);
        }
        System.out.println("run directory: " + run.dir());
        return runner.interrupted() ? EXIT_INTERRUPTED : allOk ? Orbscope.EXIT_OK : Orbscope.EXIT_RUN_FAILED;
    }

    private static final long SAME_SIGNAL_NANOS = 1_000_000_000L;

    /**
     * SIGINT and SIGTERM stop the run in order (the point in progress ends interrupted, its results and the
     * report are written) instead of killing this JVM before it writes anything; a second signal ends it at once.
     * A repeat within {@link #SAME_SIGNAL_NANOS} is the same request: {@code timeout} signals its command and
     * then the command's process group, so the run sees one expiry twice.
     */
    private static void onSignals(PointRunner runner) {
        AtomicLong first = new AtomicLong(Long.MIN_VALUE);
        for (String name : new String[] {"INT", "TERM"}) {
            Signal.handle(new Signal(name), sig -> {
                long now = System.nanoTime();
                if (!first.compareAndSet(Long.MIN_VALUE, now)) {
                    if (now - first.get() < SAME_SIGNAL_NANOS) {
                        return;
                    }
                    Runtime.getRuntime().halt(EXIT_INTERRUPTED);
                }
                System.err.println("\norbscope run: SIG" + sig.getName() + ": stopping the point in progress and "
                        + "writing what was measured (again to quit at once)");
                runner.interrupt();
            });
        }
    }

    /** The summaries the point's clients wrote; a client that wrote none is left out (the report says so). */
    private static List<ClientSummary> clientSummaries(PointDirectory dir) {
        List<ClientSummary> all = new ArrayList<>();
        for (ClientDirectory c : dir.existingClients()) {
            try {
                all.add(ClientSummary.read(c.summary()));
            } catch (IOException e) {
                // no summary from this client
            }
        }
        return all;
    }

    /** The postprocess step; a report failure is told but does not fail the measured run. */
    private static void report(RunDirectory run) {
        try {
            Reporter.Report r = Reporter.report(run.dir());
            System.out.println();
            System.out.print(SummaryFiles.csv(SweepTable.console(r.sweptPaths()), r.points()));
            System.out.println("report: " + r.dir());
        } catch (IOException | RuntimeException e) {
            System.err.println("orbscope run: the report could not be written: " + e.getMessage()
                    + " (retry with: orbscope report " + run.dir() + ")");
        }
    }
}
