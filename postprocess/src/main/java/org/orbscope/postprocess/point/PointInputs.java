package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.TraceReader;

/**
 * What the analysis of a point reads, gathered once before anything is computed: a run's point (its status,
 * scenario, client directories and servers) or a server trace on its own. Files that are missing or damaged are
 * notes here, not errors; the figures then cover what could be read.
 *
 * @param name the point's name, or the trace's
 * @param params swept path -&gt; value as written in the scenario (empty without a sweep)
 * @param point the point's directory, or null for a trace on its own
 * @param status how the run of the point ended (status.json): ok, failed, interrupted, unknown; {@code trace}
 *     for a trace on its own
 * @param error why the point did not end ok, or null
 * @param scenario the point's scenario, or null when unknown
 * @param scenarioText the scenario as written ("" when unknown)
 * @param clients the client JVMs' directories; empty for a trace on its own
 * @param servers the servers whose files the point holds, in the scenario's order; one for a trace
 * @param skip requests at the start of a trace on its own that are not the workload's
 * @param window the requests of a trace on its own that count, by arrival
 * @param recording the span of a trace on its own (epoch ns, a little past its last segment's start), or null
 * @param notes what was missing or damaged in the point's own files, in the order read
 */
public record PointInputs(String name, Map<String, String> params, PointDirectory point, String status, String error,
                          Scenario scenario, String scenarioText, List<ClientDirectory> clients,
                          List<ServerInputs> servers, long skip, TraceWindow window, Span recording,
                          List<String> notes) {
    /** Status of the analysis of a trace on its own. */
    public static final String TRACE = "trace";

    /**
     * A recording's stretch of time, epoch ns: from its first event to a little past its last segment's start, and
     * its origin, where times since the recording's start count from ({@code --from 90s}, the over-time table).
     */
    public record Span(long startNs, long endNs, long originNs) {
    }

    public PointInputs {
        params = Frozen.map(params);
        clients = List.copyOf(clients);
        servers = List.copyOf(servers);
        notes = List.copyOf(notes);
    }

    /** A point of a run: one server ({@code server/}) or several ({@code servers/<name>/}). */
    public static PointInputs ofPoint(PointDirectory point, Map<String, String> params) {
        List<String> notes = new ArrayList<>();
        Ending status = status(point, notes);
        point.watch().missing().ifPresent(notes::add);
        Scenario scenario = null;
        String text = "";
        try {
            text = Files.readString(point.pointYaml());
            scenario = ScenarioLoader.load(point.pointYaml());
        } catch (NoSuchFileException e) {
            notes.add("point.yaml missing: the point's scenario is unknown");
        } catch (IOException e) {
            notes.add(point.pointYaml() + ": unreadable: " + e.getMessage());
        } catch (ScenarioException e) {
            notes.add("point.yaml does not load (" + e.getMessage() + "): figures from the scenario are unknown");
        }
        List<ServerInputs> servers = scenario == null || scenario.singleServer()
                ? List.of(ServerInputs.soleServer(point, scenario)) : severalServers(point, scenario);
        return new PointInputs(point.name(), params, point, status.status(), status.error(), scenario, text,
                clients(point), servers, 0, TraceWindow.ALL, null, notes);
    }

    /** Each server of a point of several, by name in the scenario's order. */
    private static List<ServerInputs> severalServers(PointDirectory point, Scenario scenario) {
        List<ServerInputs> servers = new ArrayList<>();
        for (Map.Entry<String, ServerDirectory> e : point.servers(scenario).entrySet()) {
            servers.add(ServerInputs.oneOfServers(point, scenario, e.getKey(), e.getValue()));
        }
        return servers;
    }

    /**
     * A server trace on its own ({@code orbscope report TRACE}), named {@code name}: its header says the CPUs the
     * JVM saw and its segments the recording's span; the scenario, skip and window come from {@code options}.
     *
     * @throws IOException when the trace cannot be opened
     * @throws IllegalArgumentException when the window does not parse
     */
    public static PointInputs ofTrace(String name, Path trace, AnalysisOptions options) throws IOException {
        int cpus;
        Span recording;
        try (TraceReader r = TraceReader.open(trace)) {
            cpus = processors(r.header());
            // From the recording's first event; the last segment's events run on a little past its start. Times
            // since the start count from the header's instant, the agent's start, which every segment of a ring and
            // every dump of it repeat: the same --from picks the same requests in each, however much of the ring
            // the writer has deleted. A trace whose events have a clock of their own (a synthetic one) starts at
            // its first event.
            long[] span = r.segmentSpan();
            long first = r.toEpochNanos(span[0]);
            recording = new Span(first, r.toEpochNanos(span[1]) + 2_000_000_000L,
                    Math.min(first, r.toEpochNanos(r.startNanos())));
        }
        Scenario scenario = options.scenario();
        return new PointInputs(name, Map.of(), null, TRACE, null, scenario, options.scenarioText(), List.of(),
                List.of(ServerInputs.ofTrace(name, trace, scenario, cpus, options.stagesCsv())), skip(options),
                TraceWindow.parse(options.from(), options.to(), recording.originNs()), recording, List.of());
    }

    /** True for a server trace on its own: no client records, no status, no files beside it. */
    public boolean traceAlone() {
        return point == null;
    }

    /** True when the point has one server: the client's requests all went to it and pair with its own by rank. */
    public boolean oneServer() {
        return servers.size() == 1 && (scenario == null || scenario.singleServer());
    }

    /** The client's warm-up requests, left out of the statistics (0 when the scenario is unknown). */
    public long warmup() {
        return scenario == null ? 0 : scenario.client().warmup();
    }

    /** How a point's run ended, as its status.json says; {@code unknown} without one. */
    private record Ending(String status, String error) {
    }

    private static Ending status(PointDirectory point, List<String> notes) {
        try {
            PointStatus s = PointStatus.read(point.status());
            if (!s.ok()) {
                notes.add("the point " + s.status() + (s.error() == null ? "" : ": " + s.error()));
            }
            return new Ending(s.status(), s.error());
        } catch (NoSuchFileException e) {
            return new Ending("unknown", null);
        } catch (IOException e) {
            notes.add(point.status() + ": unreadable: " + e.getMessage());
            return new Ending("unknown", null);
        }
    }

    /** The client directories of a point: those that exist, else {@code client/} (whose absence becomes a note). */
    private static List<ClientDirectory> clients(PointDirectory point) {
        List<ClientDirectory> clients = point.existingClients();
        return clients.isEmpty() ? List.of(point.client()) : clients;
    }

    /**
     * Requests before the workload: as given, or from the scenario: the server's warm-up calls, then one
     * reachability check per target and connection of the client. (The client's own warm-up requests are the
     * workload's and are left out of the statistics as in a run's report.)
     */
    static long skip(AnalysisOptions o) {
        Scenario s = o.scenario();
        if (s == null) {
            return o.skip();
        }
        long checks = s.client().processes().stream().mapToLong(p -> p.targets().size()).sum()
                * s.client().connections();
        return s.servers().get(0).warmupCalls() + checks;
    }

    /** The processors the traced JVM saw, from the trace header (else this machine's). */
    private static int processors(TraceHeader header) {
        int n = header.processors();
        return n > 0 ? n : Runtime.getRuntime().availableProcessors();
    }
}
