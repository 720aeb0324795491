package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.PartReport;
import org.orbscope.coordination.Task;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.EpochClock;
import org.orbscope.run.ExitCode;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.watch.WatchDirectory;
import org.orbscope.run.watch.Watcher;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;

/**
 * A host's part of a point, in the host's own copy of the run directory (the coordinator's layout, under
 * {@code --work}): the scenario the part's JVMs read is written, the part runs, what its JVMs wrote is shipped
 * (during the run by the heartbeat, the rest at the end), and the part is reported finished.
 */
abstract class PartRun {
    /** How the part ended: the worst exit of its JVMs, why not ok (or null), when its start gate opened. */
    record Outcome(int exit, String error, long gateOpenedNs) {
    }

    final Session session;
    final Task task;
    final HostAgent.Options options;
    final PointDirectory dir;
    final HostLog log;
    private final Path base;
    private final Path scenarioFile;
    private final WatchDirectory watchDir;
    private final Shipper shipper;
    private Watcher watcher;

    /**
     * @param base the part's directory in the point (all of it is shipped)
     * @param scenarioFile where the JVMs' scenario goes
     * @param logFile the part's host.log
     * @param watchDir where the part's watcher writes, under {@code base}; null when another part of the point
     *     watches this machine
     */
    PartRun(Session session, Task task, HostAgent.Options options, PrintStream console, PointDirectory dir, Path base,
            Path scenarioFile, Path logFile, WatchDirectory watchDir) {
        this.session = session;
        this.task = task;
        this.options = options;
        this.dir = dir;
        this.base = base;
        this.scenarioFile = scenarioFile;
        this.log = new HostLog(console, logFile);
        this.watchDir = watchDir;
        this.shipper = new Shipper(session, task.point, task.server, dir.dir(), base);
    }

    /** The point's directory in the host's copy of the run, of the coordinator's run (its JVMs carry its id). */
    static PointDirectory pointDir(HostAgent.Options options, Task task) throws IOException {
        return new PointDirectory(RunDirectory.at(options.work().resolve(task.run)).point(task.point).dir(),
                task.runId);
    }

    /**
     * Writes the references the task carries ({@code SERVER/FILE}, and each one's text) into the {@code ior/}
     * directory {@code iorDir} gives each server.
     *
     * @return those directories, by server
     */
    Map<String, Path> writeReferences(Function<String, Path> iorDir) throws IOException {
        Map<String, Path> dirs = new LinkedHashMap<>();
        for (int i = 0; i < task.objects.length; i++) {
            String[] serverFile = task.objects[i].split("/", 2);
            Path d = serverFile.length == 2 && !serverFile[0].isEmpty() ? iorDir.apply(serverFile[0]) : null;
            Path file = d == null ? null : d.resolve(serverFile[1]).normalize();
            if (file == null || !d.equals(file.getParent())) {
                throw new IOException("the coordinator sent a reference named '" + task.objects[i]
                        + "', not SERVER/FILE");
            }
            AtomicFiles.write(file, task.references[i] + "\n");
            dirs.put(serverFile[0], d);
        }
        return dirs;
    }

    /** Writes what the part's scenario names besides itself, before the scenario is loaded (and checked). */
    void prepare() throws IOException {
    }

    /** The part itself, its scenario loaded. */
    abstract Outcome run(Scenario s) throws IOException, InterruptedException, Refused;

    /**
     * Measures this host's clock offset to the coordinator (a ping exchange) and tells it, for hosts.json: the
     * point's records meet on the coordinator's time axis. Then starts watching this machine on that axis, beside the
     * part's JVMs ({@link Watcher}, shipped with the rest). {@code next} says what the part does then, in the log.
     */
    ClockExchange.Sample exchangeClock(String next) throws Refused {
        ClockExchange.Sample clock = ClockExchange.measure(session.coordinator);
        if (watchDir != null) {
            watcher = Watcher.start(dir, watchDir, EpochClock.calibrate(clock.offsetNs()));
        }
        session.coordinator.clock_offset(session.id, task.point, task.server, clock.offsetNs(), clock.roundTripNs(),
                clock.pings());
        log.line("point " + task.point + ": clock offset " + clock.offsetNs() / 1000 + " us (round trip "
                + clock.roundTripNs() / 1000 + " us); " + next);
        return clock;
    }

    /** A heartbeat for the part: ships and listens for the coordinator's stop, which {@code onStop} carries out. */
    Heartbeat heartbeat(Runnable onStop) {
        return new Heartbeat(session, task.point, task.server, shipper, new AtomicBoolean(), onStop, log);
    }

    /** Runs the part, ships its files and reports it finished. */
    final void runAndReport() throws InterruptedException, Refused {
        Outcome o;
        try {
            clear(base);
            AtomicFiles.write(scenarioFile, task.scenario);
            prepare();
            o = run(ScenarioLoader.load(scenarioFile));
        } catch (ScenarioException e) {
            o = new Outcome(ExitCode.BAD_INPUT, "the host cannot read its part of the point: " + e.getMessage(), 0);
        } catch (IOException e) {
            o = new Outcome(ExitCode.RUN_FAILED, "the host could not run its part: " + e.getMessage(), 0);
        } finally {
            if (watcher != null) {
                watcher.close(); // the part's JVMs have ended
                watcher = null;
            }
        }
        if (o.error() != null) {
            log.line("point " + task.point + ": " + o.error());
        }
        try {
            shipper.ship(true);
        } catch (IOException e) {
            o = new Outcome(o.exit() == ExitCode.OK ? ExitCode.RUN_FAILED : o.exit(), (o.error() == null ? ""
                    : o.error() + "; ") + "not every file could be shipped: " + e.getMessage(), o.gateOpenedNs());
        }
        log.line("point " + task.point + ": done (exit " + o.exit() + "), " + shipper.bytes() + " bytes shipped");
        session.coordinator.finished(session.id, task.point, task.server, new PartReport(o.exit(), o.error() == null ? "" : o.error(),
                o.gateOpenedNs()));
    }

    /** Empties the part's directory: a part runs once, and its files are shipped from the start. */
    private static void clear(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
    }
}
