package org.orbscope.postprocess.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import org.orbscope.postprocess.stages.Col;
import org.orbscope.postprocess.stages.RequestStages;
import org.orbscope.postprocess.stages.StageDiagnostics;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.stages.StagesCsv;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;

/** Analyzes one sweep point directory: client records, system samples, server trace -> PointAnalysis. */
public final class PointAnalyzer {
    /** Stage name -> wall-time column, in report order. */
    public static final Map<String, Col> STAGES = new LinkedHashMap<>();
    /** Stage name -> its first make-up column (cpu; gc, blocked, wait, park, rest follow). */
    public static final Map<String, Col> MAKE_UP = new LinkedHashMap<>();
    public static final String[] PARTS = {"cpu", "gc", "blocked", "wait", "park", "rest"};
    static final double AGREEMENT = 0.05;

    static {
        STAGES.put("receiver", Col.RECEIVER);
        STAGES.put("queue", Col.QUEUE);
        STAGES.put("dispatcher", Col.DISPATCHER);
        STAGES.put("servant", Col.SERVANT);
        STAGES.put("reply", Col.REPLY);
        STAGES.put("completion", Col.COMPLETION);
        STAGES.put("receiver2", Col.RECEIVER2);
        STAGES.put("dispatcher2", Col.DISPATCHER2);
        STAGES.put("cpu", Col.CPU_TOTAL);
        MAKE_UP.put("receiver", Col.RECEIVER_CPU);
        MAKE_UP.put("queue", Col.QUEUE_CPU);
        MAKE_UP.put("dispatcher", Col.DISPATCHER_CPU);
        MAKE_UP.put("servant", Col.SERVANT_CPU);
    }

    private PointAnalyzer() {
    }

    public static PointAnalysis analyze(Path pointDir) throws IOException {
        return analyze(pointDir, TraceStages::extract);
    }

    public static PointAnalysis analyze(Path pointDir, TraceReader traces) throws IOException {
        PointAnalysis a = new PointAnalysis();
        PointSummary p = a.summary;
        p.name = pointDir.getFileName().toString();
        int eq = p.name.indexOf('=');
        if (eq > 0) {
            p.parameter = p.name.substring(0, eq);
            p.value = p.name.substring(eq + 1);
        }
        PointScenario scenario = PointScenario.read(pointDir.resolve("point.yaml"));
        if (scenario.problem != null) {
            p.notes.add(scenario.problem);
        }
        a.scenarioText = scenario.text;
        p.scenario = scenario.name();
        p.description = scenario.description();
        p.facts.addAll(scenario.facts());
        double offered = scenario.offeredRatePerSec();
        if (!Double.isNaN(offered)) {
            p.offeredRatePerMs = offered / 1000;
        }
        long warmup = scenario.warmupRequests();

        ClientResults client = ClientResults.read(pointDir.resolve("client").resolve("requests.csv"), warmup);
        clientPart(p, client, pointDir.resolve("client").resolve("summary.json"));
        a.clientResponse = client.response;

        int cpus = scenario.serverCpus() > 0 ? scenario.serverCpus() : Runtime.getRuntime().availableProcessors();
        if (scenario.serverCpus() == 0) {
            p.notes.add("server not pinned: utilization is relative to " + cpus + " CPUs of this machine");
        }
        SystemSamples system = SystemSamples.read(pointDir.resolve("server").resolve("system.csv"));
        if (system.problem != null) {
            p.notes.add(system.problem);
        }
        a.utilizationSeries = system.series(cpus, 150);
        p.utilization.cpus = cpus;

        Path trace = pointDir.resolve("server").resolve("server.trace");
        StageResult stages = null;
        if (!Files.isRegularFile(trace)) {
            p.server.trace = "absent";
            p.server.traceNote = scenario.monitoring() ? "monitoring was enabled but server/server.trace is missing"
                    : "monitoring off: no server trace, so no stage data (client-side results only)";
            p.notes.add(p.server.traceNote);
        } else {
            try {
                stages = traces.extract(trace);
                p.server.trace = "read";
            } catch (IOException | RuntimeException e) {
                p.server.trace = "unreadable";
                p.server.traceNote = "server trace unreadable: " + e.getMessage();
                p.notes.add(p.server.traceNote);
            }
        }
        long windowFrom = client.firstIntendedNs;
        long windowTo = client.lastCompletedNs;
        Path stagesCsv = pointDir.resolve("report").resolve("stages.csv");
        if (stages != null) {
            List<RequestStages> rows = stages.rows();
            // Counted in the requests line, not a note: notes list what is missing or suspicious.
            p.server.probes = ClientJoin.markProbes(rows, client.sent, readyEpochNanos(pointDir.resolve("server").resolve("ready")));
            p.server.matchedToClient = ClientJoin.join(rows, client.sent, stages.diagnostics().truncated);
            StagesCsv.write(stagesCsv, rows);
            long[] window = serverPart(a, rows, stages.diagnostics(), warmup);
            if (window != null) {
                windowFrom = window[0];
                windowTo = window[1];
            }
        }
        utilization(p, system, windowFrom, windowTo, cpus);
        if (cpus == 1 && p.cpuPerRequestMs != null && p.serverRatePerMs != null) {
            double rho = p.serverRatePerMs * p.cpuPerRequestMs;
            if (rho < 1) {
                p.psPredictionMs = p.cpuPerRequestMs / (1 - rho);
            }
        }
        Double clientMean = Summaries.mean(p.client.response);
        Double serverMean = Summaries.mean(p.stages.get("completion"));
        if (clientMean != null && serverMean != null) {
            p.networkAndClientMs = clientMean - serverMean;
        }
        if (p.cpuPerRequestMs != null) {
            p.simulated = Simulation.of(stagesCsv, scenario, p, cpus);
        }
        return a;
    }

    private static void clientPart(PointSummary p, ClientResults c, Path summaryJson) {
        p.client.records = c.rows;
        p.client.ok = c.count("ok");
        p.client.notSent = c.count("not_sent");
        p.client.failed = c.rows - p.client.ok - p.client.notSent - c.count("unknown");
        p.client.outcomes.putAll(c.outcomes);
        p.client.response = Summary.of(c.response);
        p.client.lateness = Summary.of(c.lateness);
        p.notes.addAll(c.problems);
        if (Files.isRegularFile(summaryJson)) {
            try {
                JsonNode s = new ObjectMapper().readTree(summaryJson.toFile());
                if (s.has("complete")) {
                    p.client.complete = s.path("complete").asBoolean();
                }
                if (s.hasNonNull("error")) {
                    p.client.error = s.path("error").asText();
                    p.notes.add("client reported an error: " + p.client.error);
                }
                if (s.has("achievedRatePerSec")) {
                    p.client.achievedRatePerSec = s.path("achievedRatePerSec").asDouble();
                }
                if (p.offeredRatePerMs == null && s.has("offeredRatePerSec")) {
                    p.offeredRatePerMs = s.path("offeredRatePerSec").asDouble() / 1000;
                }
            } catch (IOException e) {
                p.notes.add(summaryJson + ": unreadable: " + e.getMessage());
            }
        } else {
            p.notes.add("client/summary.json missing: the client may have failed");
        }
        if (Boolean.FALSE.equals(p.client.complete)) {
            p.notes.add("the client did not complete its schedule: statistics cover the " + p.client.ok
                    + " requests that succeeded");
        }
    }

    /** Fills the stage statistics; returns the measurement window {first arrival, last arrival}. */
    private static long[] serverPart(PointAnalysis a, List<RequestStages> rows, StageDiagnostics d, long warmup) {
        PointSummary p = a.summary;
        p.server.requests = d.requests;
        p.server.complete = d.complete;
        p.server.rejected = d.rejected;
        p.server.incomplete = d.incomplete;
        p.server.droppedEvents = d.droppedEvents;
        p.server.truncated = d.truncated;
        p.server.gcPauses = d.gcPauses;
        p.server.gcTotalMs = d.gcTotalNs / 1e6;
        if (d.truncated) {
            p.notes.add("server trace is truncated: requests after the cut are missing");
        }
        if (d.requests == 0) {
            p.notes.add(d.boundaryEvents == 0 ? "the server trace has no request-stage events: was the agent "
                    + "started with the ORB's profile (monitoring.profile)?"
                    : "the server trace has stage events but no request could be assembled from them");
        }
        if (d.droppedEvents > 0) {
            p.notes.add("the agent dropped " + d.droppedEvents + " events; affected requests are incomplete");
        }
        if (d.incomplete > 0) {
            p.notes.add(d.incomplete + " of " + d.requests + " server requests are incomplete (markers missing; "
                    + "see status/missing in stages.csv) and are left out of the statistics");
        }
        if (d.rejected > 0) {
            p.notes.add(d.rejected + " requests were rejected by the server (dispatcher queue full)");
        }
        Map<String, Distribution> dist = a.distributions;
        STAGES.keySet().forEach(k -> dist.put(k, new Distribution()));
        Map<String, double[]> makeUpSums = new LinkedHashMap<>();
        Map<String, long[]> makeUpCounts = new LinkedHashMap<>();
        MAKE_UP.keySet().forEach(k -> {
            makeUpSums.put(k, new double[PARTS.length]);
            makeUpCounts.put(k, new long[PARTS.length]);
        });
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long measured = 0;
        long cpuRows = 0;
        long workloadIndex = 0; // rank among the workload's requests: warm-up calls and probes are not counted
        for (RequestStages r : rows) {
            if (RequestStages.PROBE.equals(r.status)) {
                continue;
            }
            if (!r.complete() || isWarmup(r, workloadIndex++, warmup)) {
                continue;
            }
            measured++;
            first = Math.min(first, r.get(Col.ARRIVAL));
            last = Math.max(last, r.get(Col.ARRIVAL));
            for (Map.Entry<String, Col> e : STAGES.entrySet()) {
                if (r.has(e.getValue())) {
                    dist.get(e.getKey()).add(r.get(e.getValue()));
                }
            }
            if (r.has(Col.CPU_TOTAL)) {
                cpuRows++;
            }
            for (Map.Entry<String, Col> e : MAKE_UP.entrySet()) {
                double[] sums = makeUpSums.get(e.getKey());
                long[] counts = makeUpCounts.get(e.getKey());
                for (int i = 0; i < PARTS.length; i++) {
                    Col c = Col.makeUpColumn(e.getValue(), i);
                    if (r.has(c)) {
                        sums[i] += r.get(c);
                        counts[i]++;
                    }
                }
            }
        }
        p.server.measured = measured;
        for (Map.Entry<String, Distribution> e : dist.entrySet()) {
            if (!e.getValue().isEmpty()) {
                p.stages.put(e.getKey(), Summary.of(e.getValue()));
            }
        }
        for (String stage : MAKE_UP.keySet()) {
            Map<String, Double> parts = new LinkedHashMap<>();
            for (int i = 0; i < PARTS.length; i++) {
                long n = makeUpCounts.get(stage)[i];
                if (n > 0) {
                    parts.put(PARTS[i], makeUpSums.get(stage)[i] / n / 1e6);
                }
            }
            if (!parts.isEmpty()) {
                p.makeUp.put(stage, parts);
            }
        }
        if (cpuRows > 0) {
            p.cpuPerRequestMs = dist.get("cpu").mean() / 1e6;
        } else if (measured > 0) {
            p.notes.add("the trace has no thread CPU times: CPU columns are empty");
        }
        if (measured < 2 || last <= first) {
            return null;
        }
        p.serverRatePerMs = (measured - 1) / ((last - first) / 1e6);
        return new long[] {first, last};
    }

    /**
     * When the server said it was ready (epoch ns), or Long.MIN_VALUE: the {@code ready_epoch_ns} line of its
     * ready file, or for runs made before that line existed the file's modification time.
     */
    static long readyEpochNanos(Path ready) {
        try {
            for (String line : Files.readAllLines(ready)) {
                if (line.startsWith("ready_epoch_ns=")) {
                    return Long.parseLong(line.substring("ready_epoch_ns=".length()).trim());
                }
            }
            return Files.getLastModifiedTime(ready).to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException | NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    /** The client's first {@code warmup} requests: by the client's own number when paired, else by rank. */
    private static boolean isWarmup(RequestStages r, long workloadIndex, long warmup) {
        if (warmup <= 0) {
            return false;
        }
        return r.clientSeq != Col.UNKNOWN ? r.clientSeq < warmup : workloadIndex < warmup;
    }

    private static void utilization(PointSummary p, SystemSamples system, long from, long to, int cpus) {
        if (from == Long.MAX_VALUE || to == Long.MIN_VALUE || to <= from) {
            return;
        }
        p.utilization.windowSec = (to - from) / 1e9;
        // Seed 001 measures "the fraction of time that the CPU was busy with executing requests": the threads
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
