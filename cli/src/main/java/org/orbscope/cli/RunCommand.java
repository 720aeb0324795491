package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.Locale;
import org.orbscope.hosts.Coordinator;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.point.Hosts;
import org.orbscope.postprocess.point.StageSource;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointAnalyzer;
import org.orbscope.postprocess.point.Repetition;
import org.orbscope.postprocess.point.RepetitionSpread;
import org.orbscope.postprocess.point.Validity;
import org.orbscope.postprocess.report.SummaryFiles;
import org.orbscope.postprocess.report.SweepTable;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointRunner;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RepeatFile;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import sun.misc.Signal;
import sun.misc.SignalHandler;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario: each sweep point's server and client JVMs, then the report.",
                "For every sweep point: start the server JVM (+ agent when monitoring is enabled), wait until it is "
                        + "ready, run the client JVM, stop the server; then write the report.",
                "Ctrl-C (SIGINT) or SIGTERM stops the point in progress, keeps what was measured, writes the report "
                        + "and exits 130.",
                "Each point's line ends with its verdict: valid, suspect or invalid, with the reasons "
                        + "(docs/reports.md, \"Can these figures be trusted?\").",
                "With --repeat N each point runs N times, each repetition in fresh JVMs (points/P/repetitions/K, "
                        + "the first in points/P); a line per repetition, then the mean response across them with "
                        + "its 95%% interval (Student t). --until 5%% stops a point's repetitions once that interval "
                        + "is within 5%% of the mean (judged from the second on).",
                "Exit 0 all points ok, 1 some point failed (a monitored server that left no trace fails its point), "
                        + "2 bad input, 3 a point is invalid (or suspect with "
                        + "--fail-on suspect), 130 interrupted."})
final class RunCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    /** Where run directories go unless told. */
    static final String DEFAULT_OUT = "runs";

    @Option(names = "--out", paramLabel = "DIR", description = "parent of the run directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of(DEFAULT_OUT);

    @Option(names = "--ready-timeout", paramLabel = "SECONDS", description = "how long to wait for the server (default: ${DEFAULT-VALUE})")
    int readyTimeoutSeconds = 60;

    @Option(names = "--no-report", description = "skip the report step")
    boolean noReport;

    @Option(names = {"-q", "--quiet"}, description = "no progress: only each point's result and the final lines")
    boolean quiet;

    @Option(names = "--fail-on", paramLabel = "VERDICT", description = "exit 3 when a point's verdict is this or "
            + "worse: invalid, suspect, or never (the verdicts still printed and written; default: ${DEFAULT-VALUE})")
    FailOn failOn = FailOn.invalid;

    /** The verdict from which {@code run} exits {@link Orbscope#EXIT_POINT_INVALID}. */
    enum FailOn {
        invalid(Validity.Verdict.INVALID), suspect(Validity.Verdict.SUSPECT), never(null);

        final Validity.Verdict from;

        FailOn(Validity.Verdict from) {
            this.from = from;
        }
    }

    @Mixin
    RepeatOptions repeating;

    @Option(names = "--naming", paramLabel = "URL", description = "scenarios with hosts: bind the coordinator in this "
            + "naming service instead of starting JacORB's name server")
    String naming;

    @Option(names = "--address", paramLabel = "ADDRESS", description = "scenarios with hosts: the address hosts reach "
            + "this machine at (default: the first address of its interfaces)")
    String address;

    @Option(names = "--naming-port", paramLabel = "PORT", description = "scenarios with hosts: the port of the name "
            + "server the run starts (default: ${DEFAULT-VALUE})")
    int namingPort = Coordinator.DEFAULT_NAMING_PORT;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (readyTimeoutSeconds < 1) {
            System.err.println("orbscope run: --ready-timeout must be 1 second or more, not " + readyTimeoutSeconds);
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (!repeating.check("run")) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        ScenarioInput.Loaded in = scenario.loadRunnable("run");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (repeating.upTo() > 1 && in.points().stream().anyMatch(RunCommand::onHosts)) {
            System.err.println("orbscope run: --repeat runs points on this machine; " + scenario.file + " runs on "
                    + "hosts");
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
        PointRunner.Settings settings = new PointRunner.Settings(scenario.file.toAbsolutePath().getParent(),
                Duration.ofSeconds(readyTimeoutSeconds), AgentJar.locate());
        Coordinator coordinator = null;
        if (in.points().stream().anyMatch(RunCommand::onHosts)) {
            try {
                coordinator = Coordinator.start(new Coordinator.Options(naming, address, namingPort,
                        Coordinator.DEFAULT_NAME), run, System.out);
            } catch (IOException e) {
                System.err.println("orbscope run: " + e.getMessage());
                return Orbscope.EXIT_RUN_FAILED;
            }
        }
        try {
            return runPoints(in, run, settings, coordinator);
        } finally {
            if (coordinator != null) {
                coordinator.close();
            }
        }
    }

    private int runPoints(ScenarioInput.Loaded in, RunDirectory run, PointRunner.Settings settings,
                          Coordinator coordinator) throws IOException, InterruptedException {
        PointRunner runner = coordinator == null ? new PointRunner(settings)
                : new PointRunner(settings, coordinator.jvms(settings.scenarioDir(), settings.agentJar()));
        onSignals(runner);
        if (coordinator != null) {
            coordinator.awaitHosts(in.points(), runner::interrupted);
        }
        boolean allOk = true;
        boolean failedVerdict = false;
        // Each point's analysis, which gives its verdict, is the report's too: read once.
        Map<Path, PointAnalysis> analysed = new HashMap<>();
        AnalysisOptions judging = noReport ? AnalysisOptions.defaults() : Reporter.POINT_OPTIONS;
        int terminal = Progress.terminal();
        try (Progress progress = new Progress(System.out, terminal, quiet, in.points(), repeating.upTo())) {
            progress.sweepStarting();
            for (int i = 0; i < in.points().size() && !runner.interrupted(); i++) {
                SweepPoint p = in.points().get(i);
                PointDirectory point = run.point(p.name());
                List<Repetition> repetitions = new ArrayList<>();
                Boolean met = null;
                for (int k = 1; k <= repeating.upTo() && !runner.interrupted() && !Boolean.TRUE.equals(met); k++) {
                    PointDirectory dir = point.repetition(k);
                    progress.starting(i, k, dir);
                    PointStatus status;
                    try {
                        status = runner.run(coordinator == null ? p : coordinator.place(p), dir);
                    } catch (ScenarioException e) {
                        throw new IllegalStateException("a point that loaded does not load with its server's address",
                                e);
                    }
                    List<ClientSummary> clients = clientSummaries(dir);
                    PointAnalysis analysis = analyze(dir, p, judging);
                    if (analysis != null && !noReport) {
                        analysed.put(Reporter.analysedKey(dir), analysis);
                    }
                    Validity validity = analysis == null ? null : analysis.validity();
                    progress.finished(i, k, status, clients, validity);
                    failedVerdict |= validity != null && failOn.from != null
                            && validity.verdict().compareTo(failOn.from) >= 0;
                    for (String warning : PointWarnings.of(status, clients)) {
                        System.out.println("  " + warning);
                    }
                    if (onHosts(p)) {
                        hostLines(dir, p.scenario().client().warmup());
                    }
                    allOk &= status.ok();
                    if (repeating.upTo() > 1) {
                        repetitions.add(analysis != null ? Repetition.of(k, analysis) : new Repetition(k,
                                status.status(), null, null, null, null, null, null, List.of()));
                        RepetitionSpread spread = RepetitionSpread.of(repetitions);
                        met = repeating.until == null ? null : spread != null && spread.meets(repeating.until);
                        new RepeatFile(repeating.upTo(), repeating.until, k, met).write(point.repeatJson());
                        if (Boolean.TRUE.equals(met)) {
                            progress.repeatedEnough(i, k);
                        }
                    }
                }
                if (repeating.upTo() > 1 && !repetitions.isEmpty()) {
                    progress.pointFinished(i, RepetitionLine.of(repetitions, repeating.upTo(), repeating.until, met));
                    failedVerdict |= Boolean.FALSE.equals(met) && failOn.from != null
                            && Validity.Verdict.SUSPECT.compareTo(failOn.from) >= 0;
                }
            }
        }
        if (runner.interrupted()) {
            System.out.println("orbscope run: interrupted; what was measured until then is kept");
        }
        if (!noReport) {
            report(run, new ReadingProgress(System.out, terminal, quiet), analysed);
        }
        System.out.println("run directory: " + run.dir());
        return runner.interrupted() ? Orbscope.EXIT_INTERRUPTED : !allOk ? Orbscope.EXIT_RUN_FAILED
                : failedVerdict ? Orbscope.EXIT_POINT_INVALID : Orbscope.EXIT_OK;
    }

    /**
     * The analysis of a point (or a repetition) that just ran, with its verdict, made with {@code options}; null
     * when the analysis failed, which the report step then says.
     */
    private static PointAnalysis analyze(PointDirectory dir, SweepPoint p, AnalysisOptions options) {
        try {
            return PointAnalyzer.analyze(dir, p.params(), options);
        } catch (RuntimeException e) {
            System.err.println("orbscope run: the point " + p.name() + " could not be judged: " + e.getMessage());
            return null;
        }
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
            SignalHandler before = Signal.handle(new Signal(name), sig -> {
                long now = System.nanoTime();
                if (!first.compareAndSet(Long.MIN_VALUE, now)) {
                    if (now - first.get() < SAME_SIGNAL_NANOS) {
                        return;
                    }
                    Runtime.getRuntime().halt(Orbscope.EXIT_INTERRUPTED);
                }
                System.err.println("\norbscope run: SIG" + sig.getName() + ": stopping the point in progress and "
                        + "writing what was measured (again to quit at once)");
                runner.interrupt();
            });
            if (before == SignalHandler.SIG_IGN) {
                // A shell ignores SIGINT in what it starts with '&', and the JVM then cannot take it back.
                System.err.println("orbscope run: SIG" + name + " is ignored in this process (started in the "
                        + "background?); stop the run with SIGTERM: kill " + ProcessHandle.current().pid());
            }
        }
    }

    /** Whether a point runs on hosts: client hosts, or a server on a host. */
    private static boolean onHosts(SweepPoint p) {
        return p.scenario().client().hosts() != null
                || p.scenario().servers().stream().anyMatch(server -> server.host() != null);
    }

    /** One line per host of a point that ran on hosts: how its part went and what it measured. */
    private static void hostLines(PointDirectory dir, long warmup) {
        Hosts p = Hosts.read(dir, warmup);
        if (p.hosts() == null) {
            return;
        }
        for (Hosts.Host h : p.hosts()) {
            StringBuilder b = new StringBuilder("  host ").append(h.name()).append(" (").append(h.role())
                    .append("): ").append(h.status());
            if (h.records() != null) {
                b.append(String.format(Locale.ROOT, ", %d records, %d ok, %d failed, %d not sent, mean %s ms",
                        h.records(), h.ok(), h.failed(), h.notSent(),
                        SweepTable.format(h.response() == null ? null : h.response().meanMs())));
            }
            if (h.clockOffsetMs() != null) {
                b.append(", clock offset ").append(SweepTable.format(h.clockOffsetMs())).append(" ms (round trip ")
                        .append(SweepTable.format(h.roundTripMs())).append(" ms)");
            }
            if (h.barrierToFirstRequestMs() != null) {
                b.append(", first request ").append(SweepTable.format(h.barrierToFirstRequestMs()))
                        .append(" ms after the barrier");
            }
            if (h.error() != null) {
                b.append(": ").append(h.error());
            }
            System.out.println(b);
        }
        if (p.startSpreadMs() != null) {
            System.out.println("  start instants within " + SweepTable.format(p.startSpreadMs())
                    + " ms of each other on the common time axis");
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

    /**
     * The postprocess step, taking the points' analyses from {@code analysed}; a report failure is told but does
     * not fail the measured run.
     */
    private static void report(RunDirectory run, ReadingProgress reading, Map<Path, PointAnalysis> analysed) {
        try {
            Reporter.Report r = Reporter.report(run.dir(),
                    AnalysisOptions.builder().traces(StageSource.streaming(null, reading)).build(), analysed);
            System.out.println();
            System.out.print(SummaryFiles.roundedCsv(SweepTable.console(r.sweptPaths()), r.points()));
            System.out.println("report: " + r.dir());
        } catch (IOException | RuntimeException e) {
            System.err.println("orbscope run: the report could not be written: " + e.getMessage()
                    + " (retry with: orbscope report " + run.dir() + ")");
        }
    }
}
