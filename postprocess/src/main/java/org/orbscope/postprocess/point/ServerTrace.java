package org.orbscope.postprocess.point;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.table.StageTableFiles;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.SystemSamples;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.trace.RequestSampling;

/**
 * The server step of the analysis: one server's trace read into its {@link ServerStages}. A point's trace is
 * read whole, moved onto the clients' time axis, lined up with the client's records and its stage table
 * written; a trace on its own streams through ({@link StreamedTrace}). What the later steps need of the trace
 * (the measurement window, process samples, GC pauses, the requests the model is calibrated from, the pairs the
 * breakdown adds) comes out beside the record.
 */
final class ServerTrace {
    private static final String STOPPED = "orbscope: trace writing stopped";

    private ServerTrace() {
    }

    /**
     * What one server's trace gave.
     *
     * @param stages the record of the server part
     * @param windowFromNs the measurement window's start (epoch ns): the first measured arrival, else the first
     *     intended send of the client; Long.MAX_VALUE when unknown
     * @param windowToNs its end: the last measured arrival, else the client's last answer; Long.MIN_VALUE if unknown
     * @param system the process samples: system.csv's, else the trace's own
     * @param gcPauses the trace's GC pauses (empty without a trace)
     * @param measured the measured requests the model is calibrated from
     * @param paired the measured requests paired with a client record, in arrival order
     * @param breakdown a trace on its own: its requests by object and operation, or null when it names none
     * @param overTime a trace on its own: every request and GC pause of the recording by interval, when asked
     */
    record Read(ServerStages stages, long windowFromNs, long windowToNs, SystemSamples system,
                List<StageResult.GcPause> gcPauses, List<RequestStages> measured,
                List<Paired> paired, Map<String, List<Breakdown.GroupFigures>> breakdown, OverTime overTime) {
        /** The utilization over the window of a server with {@code cpus} CPUs, checked against its stages. */
        Utilization utilization(int cpus) {
            return Utilization.of(system, windowFromNs, windowToNs, cpus, stages);
        }
    }

    /** A measured server request and the client record it is paired with. */
    record Paired(RequestStages request, ClientResults.Sent sent) {
    }

    /** Reads {@code s}'s trace; {@code client} (null for a trace on its own) gives the window, probes and pairs. */
    static Read read(PointInputs in, ServerInputs s, ClientResults client, AnalysisOptions options) {
        List<String> notes = new ArrayList<>();
        OverTime overTime = in.traceAlone() && options.overTime() && in.recording() != null
                ? new OverTime(in.recording().startNs(), in.recording().endNs(), in.recording().originNs()) : null;
        long from = client == null ? Long.MAX_VALUE : client.firstIntendedNs;
        long to = client == null ? Long.MIN_VALUE : client.lastCompletedNs;
        if (!Files.isRegularFile(s.trace()) && !Files.isDirectory(s.trace())) { // a file, or a ring's segments
            String note = s.monitored() ? "monitoring was enabled but " + s.trace().getParent().getFileName() + "/"
                    + s.trace().getFileName() + " is missing"
                    : ServerStages.NOT_MONITORED;
            notes.add(note);
            return unread(ServerStages.ABSENT, note, s, from, to, overTime, notes);
        }
        try {
            if (in.traceAlone()) {
                return streamed(in, s, options, overTime, notes);
            }
            StageResult stages = ServerClock.shift(options.traces().extract(s.trace()), s.clockOffsetNs());
            return joined(in, s, stages, client, options, notes);
        } catch (IOException | RuntimeException e) {
            String note = "server trace unreadable: " + e.getMessage();
            notes.add(note);
            return unread(ServerStages.UNREADABLE, note, s, from, to, overTime, notes);
        }
    }

    private static Read unread(String trace, String note, ServerInputs s, long from, long to, OverTime overTime,
                               List<String> notes) {
        SystemSamples system = system(s, List.of(), notes);
        return new Read(ServerStages.unread(trace, note, s.received(), notes), from, to, system, List.of(), List.of(),
                List.of(), null, overTime);
    }

    /** A trace on its own, streamed: no client, no table held. */
    private static Read streamed(PointInputs in, ServerInputs s, AnalysisOptions options, OverTime overTime,
                                 List<String> notes) throws IOException {
        StreamedTrace streamed = new StreamedTrace(in.skip(), in.warmup(), in.scenario() != null, in.window(),
                overTime);
        StreamedTrace.Result r = streamed.read(options.traces(), s.trace(), s.stagesCsv(), options.parquet(), notes);
        StageStatistics.Figures f = r.figures();
        SystemSamples system = system(s, r.trace().processSamples(), notes);
        return new Read(ServerStages.read(r.trace().diagnostics().roles, f, 0, r.probes(), s.received(), notes),
                f.windowFromNs(), f.windowToNs(), system, r.trace().gcPauses(), r.sample(), List.of(), r.breakdown(),
                overTime);
    }

    /**
     * A point's trace, read whole: on the clients' time axis, its probes marked, paired with the client's records
     * when the point has one server and every request was recorded, its stage table written when asked.
     */
    private static Read joined(PointInputs in, ServerInputs s, StageResult stages, ClientResults client,
                               AnalysisOptions options, List<String> notes) {
        if (stages.diagnostics().truncated) {
            writerStopped(in.point().dir().relativize(s.log()), s.log()).ifPresent(notes::add);
        }
        List<RequestStages> rows = stages.rows();
        long probes = ClientJoin.markProbes(rows, client.sent, s.readyEpochNs());
        Map<RequestStages, ClientResults.Sent> pairs = new IdentityHashMap<>();
        long matched = 0;
        // Paired by rank: a sampled trace's requests are not the client's in order.
        RequestSampling sampling = stages.diagnostics().sampling;
        if (in.oneServer() && !sampling.sampled()) {
            matched = ClientJoin.join(rows, client.sent, stages.diagnostics().truncated, pairs::put);
        }
        if (s.spec() != null) {
            poas(rows, s.spec());
        }
        if (options.stageTablesInPoints()) {
            StageTableFiles.write(s.stagesCsv(), options.parquet(), rows, notes::add);
        }
        List<RequestStages> measured = PointPrediction.measured(rows,
                PointAnalyzer.sampledCount(in.warmup(), sampling.first()));
        StageStatistics stats = new StageStatistics(Long.MAX_VALUE);
        List<Paired> paired = new ArrayList<>();
        for (RequestStages r : measured) {
            stats.add(r, sampling.everyAt(r.get(StageColumn.ARRIVAL)));
            ClientResults.Sent sent = pairs.get(r);
            if (sent != null) {
                paired.add(new Paired(r, sent));
            }
        }
        StageStatistics.Figures f = stats.finish(stages.diagnostics());
        notes.addAll(f.notes());
        SystemSamples system = system(s, stages.processSamples(), notes);
        boolean window = f.windowFromNs() != Long.MAX_VALUE;
        return new Read(ServerStages.read(stages.diagnostics().roles, f, matched, probes, s.received(), notes),
                window ? f.windowFromNs() : client.firstIntendedNs, window ? f.windowToNs() : client.lastCompletedNs,
                system, stages.gcPauses(), measured, paired, null, null);
    }

    /** The server's system.csv samples, else those the trace holds (what they lack said in {@code notes}). */
    private static SystemSamples system(ServerInputs s, List<org.orbscope.run.SystemSample> traced,
                                        List<String> notes) {
        if (s.system() != null) {
            if (s.system().size() > 1 && !s.system().hasThreadGroups()) {
                notes.add("server/system.csv has no per-thread CPU: the utilization is the whole process's (JIT, GC "
                        + "and orbscope's own threads too), and the utilization check is not made");
            }
            return s.system();
        }
        SystemSamples system = SystemSamples.of(traced);
        if (system.problem() != null) {
            notes.add("the trace holds " + system.problem());
        }
        return system;
    }

    /**
     * Why the agent stopped writing the trace (a full disk, a file size limit), as it said in the server's log:
     * the cause of a truncated trace whose JVM did not die.
     */
    private static Optional<String> writerStopped(Path name, Path log) {
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith(STOPPED)).findFirst()
                    .map(l -> name + ": " + l.substring("orbscope: ".length()));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /** The POA of each paired request: the scenario deploys its object there. */
    private static void poas(List<RequestStages> rows, ServerSpec server) {
        for (RequestStages r : rows) {
            ObjectSpec o = r.object.isEmpty() ? null : server.object(r.object);
            if (o != null) {
                r.poa = o.poa();
            }
        }
    }
}
