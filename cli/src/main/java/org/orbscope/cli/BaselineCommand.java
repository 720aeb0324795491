package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.orbscope.postprocess.baseline.BaselineReport;
import org.orbscope.run.BaselineDirectory;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.SocketFigures;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = {"Measure raw loopback TCP with the scenario's payload sizes: the middleware's yardstick.",
                "The yardstick of middleware overhead (Balay et al. use TTCP): an echo server JVM and a socket "
                + "client JVM, pinned like the "
                + "scenario's server and client. Round trips (the payload out, its reply back, one at a time) for "
                + "two-way targets, one-way streams of payload-sized writes (MB/s) for oneway ones.",
                "With --run RUN_DIR of the same scenario, each target's ORB response time is set beside the "
                        + "socket's for the same octets, with their ratio.",
                "Writes report.md, socket.csv, comparison.csv (with --run) and baseline.json into --out.",
                "Exit 0 written, 1 the measurement failed, 2 bad input."})
final class BaselineCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--run", paramLabel = "RUN_DIR", description = "a run directory of the same scenario: its figures go beside the socket's")
    Path run;

    @Option(names = "--out", paramLabel = "DIR",
            description = "where the report goes (default: RUN_DIR/baseline with --run, else runs/<timestamp>-<name>-baseline)")
    Path out;

    @Option(names = "--requests", paramLabel = "N", defaultValue = "2000",
            description = "measured round trips per size, after a tenth as many unmeasured (default: ${DEFAULT-VALUE})")
    long requests;

    @Option(names = "--stream-mb", paramLabel = "MB", defaultValue = "64",
            description = "megabytes (10^6 bytes) per stream; Balay et al. sent 64 MB (default: ${DEFAULT-VALUE})")
    long streamMb;

    @Option(names = "--max-seconds", paramLabel = "S", defaultValue = "10",
            description = "time bound of each round-trip size and each stream (default: ${DEFAULT-VALUE})")
    double maxSeconds;

    @Option(names = "--ready-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "how long to wait for the echo server (default: ${DEFAULT-VALUE})")
    int readyTimeoutSeconds;

    @Override
    public Integer call() throws InterruptedException {
        if (requests < 1 || streamMb < 1 || !(maxSeconds > 0) || readyTimeoutSeconds < 1) {
            System.err.println("orbscope baseline: --requests, --stream-mb, --max-seconds and --ready-timeout must be "
                    + "positive");
            return Orbscope.EXIT_BAD_INPUT;
        }
        ScenarioInput.Loaded in = scenario.load("baseline");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario s = in.document().scenario();
        TreeSet<BaselineRunner.Exchange> roundTrips = new TreeSet<>();
        TreeSet<Integer> streams = new TreeSet<>();
        for (SweepPoint p : in.points()) {
            BaselineRunner.addCases(p.scenario(), roundTrips, streams);
        }
        RunDirectory runDir = null;
        if (run != null) {
            try {
                runDir = RunDirectory.open(run);
                for (PointDirectory p : runDir.points()) {
                    BaselineRunner.addCases(ScenarioLoader.load(p.pointYaml()), roundTrips, streams);
                }
            } catch (IllegalArgumentException e) {
                System.err.println("orbscope baseline: --run " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            } catch (ScenarioException e) {
                System.err.println("orbscope baseline: --run " + run + ": " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            } catch (IOException e) {
                System.err.println("orbscope baseline: --run " + run + ": " + Errors.describe(e));
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        Path dir = out != null ? out : runDir != null ? runDir.baseline().dir() : Path.of("runs",
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now()) + "-"
                        + s.name().replaceAll("[^A-Za-z0-9._-]", "_") + "-baseline");
        BaselineDirectory bd = new BaselineDirectory(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            System.err.println("orbscope baseline: cannot create --out " + dir + ": " + Errors.describe(e));
            return Orbscope.EXIT_BAD_INPUT;
        }
        System.out.printf("orbscope baseline: %s, %d round-trip size(s), %d stream size(s) -> %s%n", s.name(),
                roundTrips.size(), streams.size(), dir);
        SocketFigures figures;
        try {
            figures = BaselineRunner.run(s, new BaselineRunner.Cases(roundTrips, streams, requests,
                    streamMb * 1_000_000L, maxSeconds), bd, Duration.ofSeconds(readyTimeoutSeconds));
        } catch (IOException e) {
            System.err.println("orbscope baseline: " + e.getMessage());
            return Orbscope.EXIT_RUN_FAILED;
        }
        try {
            BaselineReport.Report r = BaselineReport.build(s.name(), figures, runDir);
            BaselineReport.write(bd, r);
            for (SocketFigures.RoundTrip t : figures.roundTrips()) {
                System.out.printf(Locale.ROOT, "socket round trip %d:%d octets: mean %.1f us, p50 %.1f us%n",
                        t.requestOctets(), t.replyOctets(), t.meanUs(), t.p50Us());
            }
            for (SocketFigures.Stream t : figures.streams()) {
                System.out.printf(Locale.ROOT, "socket stream of %d-octet writes: %.1f MB/s, %.2f us per write%n",
                        t.writeOctets(), t.mbPerSec(), t.usPerWrite());
            }
            for (BaselineReport.Comparison c : r.comparisons()) {
                System.out.printf(Locale.ROOT, "%s %s #%d %s: ORB %s ms / socket %s ms = %s%n", c.point(), c.process(),
                        c.target(), c.operation(), fmt(c.orbMeanMs()), fmt(c.socketMeanMs()),
                        c.ratioMean() == null ? "-" : String.format(Locale.ROOT, "%.1fx", c.ratioMean()));
            }
            r.problems().forEach(p -> System.err.println("orbscope baseline: " + p));
            System.out.println("report: " + bd.reportMd());
            return Orbscope.EXIT_OK;
        } catch (IOException e) {
            System.err.println("orbscope baseline: cannot write the report to " + dir + ": " + Errors.describe(e));
            return Orbscope.EXIT_RUN_FAILED;
        }
    }

    private static String fmt(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.4f", v);
    }
}
