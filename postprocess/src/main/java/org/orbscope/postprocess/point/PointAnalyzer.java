package org.orbscope.postprocess.point;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.model.SimulationResult;
import org.orbscope.postprocess.stages.StageDiagnostics;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Spectrum;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.table.StageTableFiles;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ReadyFile;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestStages;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.StageColumn;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSamples;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/** Analyzes one sweep point directory: client records, system samples, server trace -> PointAnalysis. */
public final class PointAnalyzer {
    /** Stage name -> wall-time column, in report order. */
    public static final Map<String, StageColumn> STAGES = new LinkedHashMap<>();
    /** Stage name -> its first make-up column (cpu; gc, blocked, wait, park, rest follow). */
    public static final Map<String, StageColumn> MAKE_UP = new LinkedHashMap<>();
    public static final String[] PARTS = {"cpu", "gc", "blocked", "wait", "park", "rest"};
    /** Stages whose times are kept in arrival order, for the spread of their means (run comparisons). */
    public static final List<String> COMPARED_STAGES = List.of("queue", "completion", "cpu");
    static final double AGREEMENT = 0.05;

    /**
     * How many of {@code requests} consecutive requests a trace that recorded one request in {@code n} holds, about:
     * the share of the first requests (warm-up, probes) a sampled trace's rank-based cut leaves out.
     */
    static long sampledCount(long requests, int n) {
        return n <= 1 ? requests : (requests + n - 1) / n;
    }

    static {
        STAGES.put("receiver", StageColumn.RECEIVER);
        STAGES.put("queue", StageColumn.QUEUE);
        STAGES.put("dispatcher", StageColumn.DISPATCHER);
        STAGES.put("servant", StageColumn.SERVANT);
        STAGES.put("reply", StageColumn.REPLY);
        STAGES.put("completion", StageColumn.COMPLETION);
        STAGES.put("receiver2", StageColumn.RECEIVER2);
        STAGES.put("dispatcher2", StageColumn.DISPATCHER2);
        STAGES.put("cpu", StageColumn.CPU_TOTAL);
        MAKE_UP.put("receiver", StageColumn.RECEIVER_CPU);
        MAKE_UP.put("queue", StageColumn.QUEUE_CPU);
        MAKE_UP.put("dispatcher", StageColumn.DISPATCHER_CPU);
        MAKE_UP.put("servant", StageColumn.SERVANT_CPU);
    }

    private PointAnalyzer() {
    }

    /**
     * What an analysis reads. A point of a run has them all; a bare trace has no client records, no status
     * and maybe no scenario: those are null, and what they would tell stays unknown.
     *
     * @param stagesCsv where the stage table is written, or null for nowhere
     * @param parquet whether stages.parquet is written beside {@code stagesCsv} too
     * @param skip requests at the start of the trace that are not the workload's (warm-up calls, reachability
     *     checks), when no client records tell them apart
     * @param clockOffsetNs what moves the trace's times onto the clients' time axis (a server host's clock
     *     offset, {@link ServerClock}); {@code system} and {@code readyEpochNs} are on that axis already
     */
    record Inputs(String name, Map<String, String> params, PointDirectory point, Scenario scenario,
                  String scenarioText, List<ClientDirectory> clients, SystemSamples system, Path trace,
                  long readyEpochNs, Path stagesCsv, boolean parquet, int cpus, long skip, TraceWindow window,
                  OverTime overTime,
                  long clockOffsetNs) {
        /**
         * True when the client's requests all went to the traced server, so that its records pair with the
         * server's by rank; otherwise they only tell the workload's window and the probes before it.
         */
        boolean joinClient() {
            return scenario == null || scenario.singleServer();
        }

        /** The traced server's scenario, or null when the scenario is unknown. */
        ServerSpec server() {
            return scenario == null ? null : scenario.singleServer() ? scenario.servers().get(0) : scenario.server(name);
        }

        /** True when the scenario had the agent record the traced server. */
        boolean monitored() {
            ServerSpec s = server();
            return s != null && scenario.monitoring(s).enabled();
        }
    }

    /**
     * Analyzes one point of a run; its stage tables are written when {@code options} say so. Never throws for what
     * the point's files hold: whatever is missing, damaged or cut short becomes a note, and the figures cover what
     * could be read.
     */
    public static PointAnalysis analyze(PointDirectory point, Map<String, String> params, AnalysisOptions options) {
        StageSource traces = options.traces();
        boolean writeStages = options.stageTablesInPoints();
        boolean parquet = options.parquet();
        PointAnalysis a = new PointAnalysis();
        PointSummary p = a.summary;
        status(p, point);
        point.watch().missing().ifPresent(p.notes::add);
        Scenario scenario = null;
        String text = "";
        try {
            text = Files.readString(point.pointYaml());
            scenario = ScenarioLoader.load(point.pointYaml());
        } catch (NoSuchFileException e) {
            p.notes.add("point.yaml missing: the point's scenario is unknown");
        } catch (IOException e) {
            p.notes.add(point.pointYaml() + ": unreadable: " + e.getMessage());
        } catch (ScenarioException e) {
            p.notes.add("point.yaml does not load (" + e.getMessage() + "): figures from the scenario are unknown");
        }
        if (scenario != null && !scenario.singleServer()) {
            return analyzeServers(a, point, params, scenario, text, traces, writeStages, parquet);
        }
        int cpus = cpus(scenario == null ? null : scenario.servers().get(0), p);
        long offset = ServerClock.offsetNs(point, p.notes);
        SystemSamples system = SystemCsv.read(point.server().systemCsv());
        if (system.problem() != null) {
            p.notes.add(system.problem());
        }
        List<ClientDirectory> clients = clients(point);
        analyze(a, new Inputs(point.name(), params, point, scenario, text, clients, ServerClock.shift(system, offset),
                point.server().trace(), ServerClock.shiftReady(ReadyFile.readyEpochNs(point.server().ready()), offset),
                writeStages ? point.stagesCsv() : null, parquet, cpus, 0, TraceWindow.ALL, null, offset),
                traces);
        p.server.received = received(point.server());
        HostsPart.fill(p, point, scenario == null ? 0 : scenario.client().warmup());
        return a;
    }

    /**
     * A point of several servers: the client's figures for the point, and each server's own figures (trace,
     * stage table {@code report/stages-<name>.csv}, utilization, what its objects received) in {@link PointSummary#servers}.
     */
    private static PointAnalysis analyzeServers(PointAnalysis a, PointDirectory point, Map<String, String> params,
                                                Scenario scenario, String text, StageSource traces,
                                                boolean writeStages, boolean parquet) {
        List<ClientDirectory> clients = clients(point);
        analyze(a, new Inputs(point.name(), params, point, scenario, text, clients, null, null,
                ReadyFile.UNKNOWN, null, false, 0, 0, TraceWindow.ALL, null, 0), traces);
        a.summary.servers = new LinkedHashMap<>();
        for (Map.Entry<String, ServerDirectory> e : point.servers(scenario).entrySet()) {
            ServerSpec spec = scenario.server(e.getKey());
            ServerDirectory dir = e.getValue();
            PointAnalysis one = new PointAnalysis();
            one.summary.status = a.summary.status;
            int cpus = cpus(spec, one.summary);
            SystemSamples system = SystemCsv.read(dir.systemCsv());
            if (system.problem() != null) {
                one.summary.notes.add(system.problem());
            }
            analyze(one, new Inputs(e.getKey(), Map.of(), point, scenario, text, clients, system, dir.trace(),
                    ReadyFile.readyEpochNs(dir.ready()), writeStages ? point.stagesCsv(e.getKey()) : null, parquet, cpus, 0,
                    TraceWindow.ALL, null, 0),
                    traces);
            one.summary.server.received = received(dir);
            a.summary.servers.put(e.getKey(), PointSummary.ServerFigures.of(one.summary));
        }
        return a;
    }

    /** The client directories of a point: those that exist, else {@code client/} (whose absence becomes a note). */
    private static List<ClientDirectory> clients(PointDirectory point) {
        List<ClientDirectory> clients = point.existingClients();
        return clients.isEmpty() ? List.of(point.client()) : clients;
    }

    /**
     * The CPUs a server may use, as the model counts them ({@link ScenarioMapping#cores}); an unpinned server's
     * are all of this machine's, said in a note.
     */
    private static int cpus(ServerSpec server, PointSummary p) {
        int cpus = server == null ? Runtime.getRuntime().availableProcessors() : ScenarioMapping.cores(server);
        if (server == null || server.cpus().isEmpty()) {
            p.notes.add("server not pinned: utilization is relative to " + cpus + " CPUs of this machine");
        }
        return cpus;
    }

    /** The server's received.csv, or null when it wrote none. */
    private static List<ReceivedCsv.Row> received(ServerDirectory dir) {
        try {
            return ReceivedCsv.read(dir.received());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Analyzes a server trace on its own ({@code orbscope report TRACE}): no client records, no status; the
     * process samples come from the trace; the requests of {@code window} count, and {@code overTime} (or null)
     * sees every request and GC pause of the trace.
     */
    public static PointAnalysis analyzeTrace(String name, Path trace, long skip, int cpus, TraceWindow window,
                                             OverTime overTime, AnalysisOptions options) {
        PointAnalysis a = new PointAnalysis();
        a.summary.status = "trace";
        return analyze(a, new Inputs(name, Map.of(), null, options.scenario(), options.scenarioText(), null,
                null, trace, ReadyFile.UNKNOWN, options.stagesCsv(), options.parquet(), cpus, skip, window, overTime,
                0), options.traces());
    }

    /** The analysis of whatever {@code in} holds, into {@code a}. */
    static PointAnalysis analyze(PointAnalysis a, Inputs in, StageSource traces) {
        PointSummary p = a.summary;
        p.name = in.name();
        p.params.putAll(in.params());
        Scenario scenario = in.scenario();
        a.scenario = scenario;
        a.scenarioText = in.scenarioText();
        long warmup = 0;
        int cpus = in.cpus();
        if (scenario != null) {
            p.scenario = scenario.name();
            p.description = scenario.description();
            p.facts.addAll(ScenarioFacts.of(scenario));
            double offered = offeredRatePerSec(scenario);
            p.offeredRatePerMs = Double.isNaN(offered) ? null : offered / 1000;
            warmup = scenario.client().warmup();
        }

        ClientResults client = in.clients() == null ? null : ClientResults.read(in.clients(), warmup);
        // One of several servers takes the client's records for its window and probes only; the point has them.
        boolean clientOwned = client != null && (in.trace() == null || in.joinClient());
        if (clientOwned) {
            clientPart(p, client, in.clients());
            a.clientResponse = client.response;
            a.responseSeries = client.responseSeries;
            p.clientSpectrum = Spectrum.of(client.response);
        }
        if (in.trace() == null) {
            if (client != null) {
                p.breakdown = client.breakdown.figures(client.windowSec());
            }
            return a; // several servers: their own analyses hold the server figures
        }
        p.utilization.cpus = cpus;

        StageResult stages = null;
        long[] streamedWindow = null;
        if (!Files.isRegularFile(in.trace()) && !Files.isDirectory(in.trace())) { // a file, or a ring's segments
            p.server.trace = "absent";
            p.server.traceNote = in.monitored()
                    ? "monitoring was enabled but " + in.trace().getParent().getFileName() + "/" + in.trace().getFileName()
                    + " is missing"
                    : "monitoring off: no server trace, so no stage data (client-side results only)";
            p.notes.add(p.server.traceNote);
        } else {
            try {
                if (in.clients() == null) {
                    // A trace on its own: nothing needs the whole table, so it streams through.
                    StreamedTrace streamed = new StreamedTrace(a, in.skip(), warmup, scenario != null, in.window(),
                            in.overTime());
                    stages = streamed.read(traces, in.trace(), in.stagesCsv(), in.parquet());
                    streamedWindow = streamed.window();
                    if (scenario != null && p.cpuPerRequestMs != null) {
                        p.simulated = simulated(a, scenario, streamed.sampled());
                    }
                } else {
                    stages = ServerClock.shift(traces.extract(in.trace()), in.clockOffsetNs());
                }
                p.server.trace = "read";
            } catch (IOException | RuntimeException e) {
                p.server.trace = "unreadable";
                p.server.traceNote = "server trace unreadable: " + e.getMessage();
                p.notes.add(p.server.traceNote);
            }
        }
        if (stages != null && stages.diagnostics().truncated && in.point() != null) {
            writerStopped(in.point().server().log()).ifPresent(p.notes::add);
        }
        long windowFrom = client == null ? Long.MAX_VALUE : client.firstIntendedNs;
        long windowTo = client == null ? Long.MIN_VALUE : client.lastCompletedNs;
        if (streamedWindow != null) {
            windowFrom = streamedWindow[0];
            windowTo = streamedWindow[1];
        }
        if (stages != null && in.clients() != null) {
            List<RequestStages> rows = stages.rows();
            p.server.roles = stages.diagnostics().roles;
            // Counted in the requests line, not a note: notes list what is missing or suspicious.
            Map<RequestStages, ClientResults.Sent> pairs = new IdentityHashMap<>();
            if (client != null) {
                p.server.probes = ClientJoin.markProbes(rows, client.sent, in.readyEpochNs());
                // Paired by rank: a sampled trace's requests are not the client's in order.
                if (in.joinClient() && stages.diagnostics().requestSample == 1) {
                    p.server.matchedToClient = ClientJoin.join(rows, client.sent, stages.diagnostics().truncated,
                            pairs::put);
                }
                if (in.server() != null) {
                    poas(rows, in.server());
                }
            }
            if (in.stagesCsv() != null) {
                StageTableFiles.write(in.stagesCsv(), in.parquet(), rows, p.notes::add);
            }
            List<RequestStages> measured = PointPrediction.measured(rows,
                    sampledCount(warmup, stages.diagnostics().requestSample));
            if (client != null) {
                for (RequestStages r : measured) {
                    ClientResults.Sent sent = pairs.get(r);
                    if (sent != null) {
                        client.breakdown.server(sent.keys(), r);
                    }
                }
            }
            long[] window = serverPart(a, measured, stages.diagnostics());
            if (window != null) {
                windowFrom = window[0];
                windowTo = window[1];
            }
            if (scenario != null && scenario.singleServer() && p.cpuPerRequestMs != null) {
                p.simulated = simulated(a, scenario, measured);
            }
        }
        SystemSamples system = in.system();
        if (system == null) {
            system = SystemSamples.of(stages == null ? List.of() : stages.processSamples());
            if (system.problem() != null) {
                p.notes.add("the trace holds " + system.problem());
            }
        }
        a.utilizationSeries = system.series(cpus, 150);
        a.system = system;
        if (clientOwned) {
            p.breakdown = client.breakdown.figures(client.windowSec());
            a.timeline = Timeline.of(in.clients(), client.firstIntendedNs == Long.MAX_VALUE ? 0
                    : client.firstIntendedNs / 1_000_000, system, stages == null ? List.of() : stages.gcPauses(),
                    a.utilizationSeries);
            p.notes.addAll(a.timeline.problems);
        }
        utilization(p, system, windowFrom, windowTo, cpus);
        if (cpus == 1 && p.cpuPerRequestMs != null && p.serverRatePerMs != null) {
            double rho = p.serverRatePerMs * p.cpuPerRequestMs;
            if (rho < 1) {
                p.psPredictionMs = p.cpuPerRequestMs / (1 - rho);
            }
        }
        Double clientMean = mean(p.client.response);
        Double serverMean = mean(p.stages.get("completion"));
        if (clientMean != null && serverMean != null) {
            p.networkAndClientMs = clientMean - serverMean;
        }
        return a;
    }

    /**
     * Why the agent stopped writing the trace (a full disk, a file size limit), as it said in the server's log:
     * the cause of a truncated trace whose JVM did not die.
     */
    private static Optional<String> writerStopped(Path log) {
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith(STOPPED)).findFirst()
                    .map(l -> "server/server.log: " + l.substring("orbscope: ".length()));
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static final String STOPPED = "orbscope: trace writing stopped";

    private static void status(PointSummary p, PointDirectory point) {
        try {
            PointStatus s = PointStatus.read(point.status());
            p.status = s.status();
            p.error = s.error();
            if (!s.ok()) {
                p.notes.add("the point " + s.status() + (s.error() == null ? "" : ": " + s.error()));
            }
        } catch (NoSuchFileException e) {
            p.status = "unknown";
        } catch (IOException e) {
            p.status = "unknown";
            p.notes.add(point.status() + ": unreadable: " + e.getMessage());
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

    /**
     * Sum of the open processes' arrival rates over all client JVMs (instances, on every client host), requests per
     * second (NaN when every process is closed).
     */
    static double offeredRatePerSec(Scenario s) {
        return s.client().processes().stream().filter(pr -> !pr.arrival().closed())
                .mapToDouble(pr -> pr.arrival().ratePerSecond() * s.client().jvmsOf(pr).size())
                .reduce(Double::sum).orElse(Double.NaN);
    }

    private static PointSummary.Simulated simulated(PointAnalysis a, Scenario scenario, List<RequestStages> measured) {
        PointSummary p = a.summary;
        PointSummary.Simulated out = new PointSummary.Simulated();
        try {
            PointPrediction.Settings settings = PointPrediction.Settings.defaults(scenario);
            ModelParameters params = PointPrediction.model(scenario, PointPrediction.sample(measured), settings);
            a.calibratedModel = params;
            SimulationResult r = PointPrediction.simulate(params, settings);
            out.queueMs = r.queue().meanMs();
            out.completionMs = r.completion().meanMs();
            out.utilization = r.cpuUtilization();
            out.queueRelativeError = relativeError(out.queueMs, mean(p.stages.get("queue")));
            out.completionRelativeError = relativeError(out.completionMs, mean(p.stages.get("completion")));
            out.note = "Harkema et al.'s model of the point's scenario, calibrated ("
                    + settings.mode().name().toLowerCase() + ") from its " + measured.size() + " measured requests; "
                    + settings.requests() + " simulated requests, random seed " + settings.seed();
        } catch (RuntimeException e) {
            out.note = "not simulated: " + e.getMessage();
        }
        return out;
    }

    static Double mean(Summary s) {
        return s == null ? null : s.meanMs();
    }

    static Double relativeError(Double simulated, Double measured) {
        if (simulated == null || measured == null || measured == 0) {
            return null;
        }
        return (simulated - measured) / measured;
    }

    private static void clientPart(PointSummary p, ClientResults c, List<ClientDirectory> dirs) {
        p.client.records = c.rows;
        p.client.ok = c.count(RequestRecord.OK);
        p.client.notSent = c.count(RequestRecord.NOT_SENT);
        p.client.failed = c.rows - p.client.ok - p.client.notSent;
        p.client.outcomes.putAll(c.outcomes);
        p.client.response = Summary.of(c.response);
        p.client.lateness = Summary.of(c.lateness);
        p.client.instances = dirs.size();
        p.notes.addAll(c.problems);
        for (ClientDirectory dir : dirs) {
            String which = dirs.size() == 1 ? "client" : "client " + dir.dir().getFileName();
            try {
                ClientSummary s = ClientSummary.read(dir.summary());
                p.client.complete = (p.client.complete == null || p.client.complete) && s.complete();
                p.client.interrupted = Boolean.TRUE.equals(p.client.interrupted) || s.interrupted();
                if (s.error() != null) {
                    p.client.error = p.client.error == null ? s.error() : p.client.error;
                    p.notes.add(which + " reported an error: " + s.error());
                }
                p.client.achievedRatePerSec = (p.client.achievedRatePerSec == null ? 0 : p.client.achievedRatePerSec)
                        + s.achievedRatePerSec();
            } catch (NoSuchFileException e) {
                p.notes.add(which + "/summary.json missing: the client ended without writing it (killed?); its "
                        + "figures come from the rows of its requests.csv");
            } catch (IOException e) {
                p.notes.add(dir.summary() + ": unreadable: " + e.getMessage());
            }
        }
        if (Boolean.TRUE.equals(p.client.interrupted)) {
            p.notes.add("the client was interrupted: statistics cover the " + p.client.ok + " requests answered before");
        } else if (Boolean.FALSE.equals(p.client.complete)) {
            p.notes.add("the client did not complete its schedule: statistics cover the " + p.client.ok
                    + " requests that succeeded");
        }
    }

    /** Fills the stage statistics from the measured requests; returns the measurement window {first, last arrival}. */
    private static long[] serverPart(PointAnalysis a, List<RequestStages> measuredRows, StageDiagnostics d) {
        StageStatistics stats = new StageStatistics(a, Long.MAX_VALUE);
        measuredRows.forEach(stats::add);
        return stats.finish(a.summary, d);
    }

    private static void utilization(PointSummary p, SystemSamples system, long from, long to, int cpus) {
        if (from == Long.MAX_VALUE || to == Long.MIN_VALUE || to <= from) {
            return;
        }
        p.utilization.windowSec = (to - from) / 1e9;
        // Harkema et al. measure "the fraction of time that the CPU was busy with executing requests": the threads
        // that execute them, not the agent's writer or the JIT compiler, which the process total also holds.
        double process = system.utilization(SystemSamples.Counter.PROCESS, from, to, cpus);
        double application = system.utilization(SystemSamples.Counter.APPLICATION_THREADS, from, to, cpus);
        double tooling = system.utilization(SystemSamples.Counter.TOOL_THREADS, from, to, cpus);
        if (!Double.isNaN(process)) {
            p.utilization.process = process;
        }
        if (!Double.isNaN(application)) {
            p.utilization.measured = application;
            p.utilization.basis = "application threads";
            p.utilization.tooling = tooling;
            if (!Double.isNaN(process)) {
                p.utilization.jvm = Math.max(0, process - application - tooling);
            }
        } else if (!Double.isNaN(process)) {
            p.utilization.measured = process;
            p.utilization.basis = "process";
            p.notes.add("server/system.csv has no per-thread CPU: the utilization check uses the whole process, "
                    + "which also holds JIT, GC and orbscope's own threads");
        }
        if (p.cpuPerRequestMs != null && p.serverRatePerMs != null) {
            p.utilization.calculated = p.serverRatePerMs * p.cpuPerRequestMs / cpus;
            if (p.utilization.measured != null && p.utilization.measured > 0) {
                double rel = (p.utilization.calculated - p.utilization.measured) / p.utilization.measured;
                p.utilization.relativeDifference = rel;
                p.utilization.agree = Math.abs(rel) <= AGREEMENT;
                if (!p.utilization.agree) {
                    p.notes.add(String.format("utilization check FAILED: measured %.1f%% vs arrival rate x CPU "
                            + "per request %.1f%% (%.1f%% apart, limit 5%%)", 100 * p.utilization.measured,
                            100 * p.utilization.calculated, 100 * Math.abs(rel)));
                }
            }
        }
    }
}
