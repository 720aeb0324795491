package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.run.PointDirectory;
import org.orbscope.scenario.Scenario;

/**
 * The analysis of a point or a trace, as a pipeline of parts: the inputs are gathered once ({@link PointInputs}),
 * then the client part, the server step (each server's trace into its {@link ServerStages}), the timeline,
 * utilization, prediction and hosts each return an immutable record, {@link TrustChecks} judges them with the
 * point's files into a {@link Validity}, and {@link PointAnalysis} holds them (a trace on its own is not judged).
 * Never throws for what the point's files hold: whatever is missing, damaged or cut short becomes a note, and
 * the figures cover what could be read.
 */
public final class PointAnalyzer {
    private PointAnalyzer() {
    }

    /**
     * How many of {@code requests} consecutive requests a trace that recorded one request in {@code n} holds, about:
     * the share of the first requests (warm-up, probes) a sampled trace's rank-based cut leaves out.
     */
    static long sampledCount(long requests, int n) {
        return n <= 1 ? requests : (requests + n - 1) / n;
    }

    /** Analyzes one point of a run; its stage tables are written when {@code options} say so. */
    public static PointAnalysis analyze(PointDirectory point, Map<String, String> params, AnalysisOptions options) {
        return analyze(PointInputs.ofPoint(point, params), options);
    }

    /**
     * Analyzes one point of a run with its repetitions ({@code orbscope run --repeat}): the first repetition's
     * figures, each repetition's in {@link PointAnalysis#repetitions}, their spread and the verdict across them; a
     * point run once as {@link #analyze(PointDirectory, Map, AnalysisOptions)} does.
     */
    public static PointAnalysis analyzeRepeated(PointDirectory point, Map<String, String> params,
                                                AnalysisOptions options) {
        return analyzeRepeated(point, params, options, dir -> null);
    }

    /**
     * As {@link #analyzeRepeated(PointDirectory, Map, AnalysisOptions)}, taking a repetition's analysis from
     * {@code analysed} where it gives one (made with the same options) instead of reading the repetition again.
     */
    public static PointAnalysis analyzeRepeated(PointDirectory point, Map<String, String> params,
                                                AnalysisOptions options,
                                                Function<PointDirectory, PointAnalysis> analysed) {
        return Repeated.analyze(point, params, options, analysed);
    }

    /** Analyzes what {@code in} holds: a point of one server, of several, or a trace on its own. */
    public static PointAnalysis analyze(PointInputs in, AnalysisOptions options) {
        if (in.traceAlone()) {
            return traceAlone(in, options);
        }
        ClientResults client = ClientResults.read(in.clients(), in.warmup(), PayloadOctets.of(in.scenario()));
        ClientPart clientPart = ClientPart.of(client, in.clients());
        return in.oneServer() ? oneServer(in, client, clientPart, options)
                : severalServers(in, client, clientPart, options);
    }

    /**
     * A point of one server: its trace lined up with the client's records, the timeline of both, the server's
     * utilization, the model's prediction, and the hosts the point ran on.
     */
    private static PointAnalysis oneServer(PointInputs in, ClientResults client, ClientPart clientPart,
                                           AnalysisOptions options) {
        ServerInputs s = in.servers().get(0);
        ServerTrace.Read read = ServerTrace.read(in, s, client, options);
        Utilization utilization = read.utilization(s.cpus());
        Scenario simulated = in.scenario() != null && in.scenario().singleServer() ? in.scenario() : null;
        Prediction prediction = Prediction.of(simulated, read.measured(), read.stages(), s.cpus(), s.trace(),
                utilization, read.paired());
        read.paired().forEach(p -> client.breakdown.server(p.sent().keys(), p.request()));
        Timeline timeline = Timeline.of(in.clients(), client.firstIntendedNs == Long.MAX_VALUE ? 0
                : client.firstIntendedNs / 1_000_000, read.system(), read.gcPauses(), utilization.series());
        Hosts hosts = Hosts.read(in.point(), in.warmup());
        TrustChecks.Judged judged = TrustChecks.oneServer(in, client, clientPart, s, read.stages(), utilization,
                prediction);
        return new PointAnalysis(in, clientPart, read.stages(), utilization, prediction, null,
                client.breakdown.figures(client.windowSec()), timeline, hosts, judged.validity(), null,
                judged.notes());
    }

    /**
     * A point of several servers: the client's figures for the point, and each server's own figures (trace, stage
     * table {@code report/stages-<name>.csv}, utilization, what its objects received) in
     * {@link PointAnalysis#servers}. The client's requests went to several servers, so they are not paired with
     * any one server's; they tell each server's window and probes.
     */
    private static PointAnalysis severalServers(PointInputs in, ClientResults client, ClientPart clientPart,
                                                AnalysisOptions options) {
        Map<String, ServerAnalysis> servers = new LinkedHashMap<>();
        for (ServerInputs s : in.servers()) {
            ServerTrace.Read read = ServerTrace.read(in, s, client, options);
            Utilization utilization = read.utilization(s.cpus());
            List<String> notes = new ArrayList<>(s.notes());
            notes.addAll(read.stages().notes());
            notes.addAll(utilization.notes());
            servers.put(s.name(), new ServerAnalysis(s.name(), read.stages(), utilization, notes));
        }
        TrustChecks.Judged judged = TrustChecks.severalServers(in, client, clientPart, servers);
        return new PointAnalysis(in, clientPart, ServerStages.NONE, Utilization.NONE, Prediction.NONE, servers,
                client.breakdown.figures(client.windowSec()), null, Hosts.NONE, judged.validity(), null,
                judged.notes());
    }

    /**
     * A server trace on its own ({@code orbscope report TRACE}): no client records, no status; the process samples
     * come from the trace; the requests of the inputs' window count.
     */
    private static PointAnalysis traceAlone(PointInputs in, AnalysisOptions options) {
        ServerInputs s = in.servers().get(0);
        ServerTrace.Read read = ServerTrace.read(in, s, null, options);
        Utilization utilization = read.utilization(s.cpus());
        Prediction prediction = Prediction.of(in.scenario(), read.measured(), read.stages(), s.cpus(), s.trace(),
                utilization, read.paired());
        List<OverTime.Interval> overTime = read.overTime() == null ? null
                : read.overTime().intervals(read.system(), s.cpus());
        return new PointAnalysis(in, ClientPart.NONE, read.stages(), utilization, prediction, null,
                read.breakdown() == null ? Map.of() : read.breakdown(), null, Hosts.NONE, null, overTime, List.of());
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
}
