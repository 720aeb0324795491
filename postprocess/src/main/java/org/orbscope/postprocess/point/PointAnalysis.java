package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.scenario.Scenario;

/**
 * The analysis of one point or one trace: what was read and each part's record. Immutable; the report classes
 * and summary.json read it through its accessors.
 */
public final class PointAnalysis {
    private final PointInputs inputs;
    private final List<String> facts;
    private final Double offeredRatePerMs;
    private final ClientPart client;
    private final ServerStages server;
    private final Utilization utilization;
    private final Prediction prediction;
    private final Map<String, ServerAnalysis> servers;
    private final Map<String, List<Breakdown.GroupFigures>> breakdown;
    private final Timeline timeline;
    private final Hosts hosts;
    private final Validity validity;
    private final List<OverTime.Interval> overTime;
    private final List<String> laterNotes;
    private final List<String> notes;
    private final List<Repetition> repetitions;
    private final RepetitionSpread spread;
    /** {@link ModelCurve#of}'s answer once asked (it simulates a dozen rates). */
    private ModelCurve.Curve modelCurve;
    private boolean modelCurveDone;
    /** {@link #bytes}'s answer once asked (it reads the run's socket baseline). */
    private ByteThroughput bytes;
    private boolean bytesDone;

    /**
     * @param server the sole server's stages ({@link ServerStages#NONE} for several servers)
     * @param utilization the sole server's ({@link Utilization#NONE} for several servers)
     * @param servers each of several servers by name in the scenario's order; null for one server
     * @param breakdown the requests by object, operation, process and client
     * @param timeline the point over time; null without client records
     * @param validity the verdict on the point's figures; null when they were not judged
     * @param overTime a trace on its own over its whole recording, when asked; else null
     * @param laterNotes notes about the analysis as a whole, said after the parts' own
     */
    PointAnalysis(PointInputs inputs, ClientPart client, ServerStages server, Utilization utilization,
                  Prediction prediction, Map<String, ServerAnalysis> servers,
                  Map<String, List<Breakdown.GroupFigures>> breakdown, Timeline timeline, Hosts hosts,
                  Validity validity, List<OverTime.Interval> overTime, List<String> laterNotes) {
        this(inputs, client, server, utilization, prediction, servers, breakdown, timeline, hosts, validity, overTime,
                laterNotes, null, null);
    }

    private PointAnalysis(PointInputs inputs, ClientPart client, ServerStages server, Utilization utilization,
                          Prediction prediction, Map<String, ServerAnalysis> servers,
                          Map<String, List<Breakdown.GroupFigures>> breakdown, Timeline timeline, Hosts hosts,
                          Validity validity, List<OverTime.Interval> overTime, List<String> laterNotes,
                          List<Repetition> repetitions, RepetitionSpread spread) {
        this.inputs = inputs;
        Scenario s = inputs.scenario();
        this.facts = s == null ? List.of() : List.copyOf(ScenarioFacts.of(s));
        double offered = s == null ? Double.NaN : PointAnalyzer.offeredRatePerSec(s);
        this.offeredRatePerMs = Double.isNaN(offered) ? null : offered / 1000;
        this.client = client;
        this.server = server;
        this.utilization = utilization;
        this.prediction = prediction;
        this.servers = Frozen.map(servers);
        this.breakdown = Frozen.map(breakdown);
        this.timeline = timeline;
        this.hosts = hosts;
        this.validity = validity;
        this.overTime = Frozen.list(overTime);
        this.laterNotes = List.copyOf(laterNotes);
        this.notes = List.copyOf(assembleNotes());
        this.repetitions = Frozen.list(repetitions);
        this.spread = spread;
    }

    /** The notes in the order {@link #notes()} says. */
    private List<String> assembleNotes() {
        List<String> all = new ArrayList<>(inputs.notes());
        if (servers == null) {
            inputs.servers().forEach(s -> all.addAll(s.notes()));
        }
        all.addAll(client.notes());
        all.addAll(server.notes());
        if (timeline != null) {
            all.addAll(timeline.problems());
        }
        all.addAll(utilization.notes());
        all.addAll(hosts.notes());
        all.addAll(laterNotes);
        return all;
    }

    /** This analysis with {@code note} said after all others (a report's word on what it covers). */
    public PointAnalysis withNote(String note) {
        List<String> later = new ArrayList<>(laterNotes);
        later.add(note);
        return new PointAnalysis(inputs, client, server, utilization, prediction, servers, breakdown, timeline, hosts,
                validity, overTime, later, repetitions, spread);
    }

    /**
     * This analysis (the first repetition's) as the point of all {@code repetitions}: their figures, their spread,
     * the verdict across them and {@code notes} about them said last.
     */
    PointAnalysis withRepetitions(List<Repetition> repetitions, RepetitionSpread spread, Validity validity,
                                  List<String> notes) {
        List<String> later = new ArrayList<>(laterNotes);
        later.addAll(notes);
        return new PointAnalysis(inputs, client, server, utilization, prediction, servers, breakdown, timeline, hosts,
                validity, overTime, later, repetitions, spread);
    }

    /** What was read. */
    public PointInputs inputs() {
        return inputs;
    }

    public String name() {
        return inputs.name();
    }

    /** Swept path -&gt; value as written in the scenario (empty without a sweep). */
    public Map<String, String> params() {
        return inputs.params();
    }

    /** How the run of this point ended: ok, failed, interrupted (status.json), unknown; trace for a trace alone. */
    public String status() {
        return inputs.status();
    }

    /** Why the point did not end ok, or null. */
    public String error() {
        return inputs.error();
    }

    /** The point's scenario, or null when unknown. */
    public Scenario scenario() {
        return inputs.scenario();
    }

    /** The scenario's name, or null when unknown. */
    public String scenarioName() {
        return scenario() == null ? null : scenario().name();
    }

    /** The scenario as written ("" when unknown). */
    public String scenarioText() {
        return inputs.scenarioText();
    }

    /** What ran, one line per fact (empty when the scenario is unknown). */
    public List<String> facts() {
        return facts;
    }

    /** The offered arrival rate (requests/ms): the sum of the scenario's open processes; null when none is open. */
    public Double offeredRatePerMs() {
        return offeredRatePerMs;
    }

    public ClientPart client() {
        return client;
    }

    /** The sole server's stages ({@link ServerStages#NONE} for a point of several servers: see {@link #servers}). */
    public ServerStages server() {
        return server;
    }

    /** The sole server's utilization ({@link Utilization#NONE} for a point of several servers). */
    public Utilization utilization() {
        return utilization;
    }

    public Prediction prediction() {
        return prediction;
    }

    /** Each of several servers by name, in the scenario's order; null for one server. */
    public Map<String, ServerAnalysis> servers() {
        return servers;
    }

    /**
     * The point's requests by target object, operation, arrival process and client JVM (keys of
     * {@link Breakdown#DIMENSIONS}): counts, throughput, response and completion times, share of server CPU.
     */
    public Map<String, List<Breakdown.GroupFigures>> breakdown() {
        return breakdown;
    }

    /**
     * The point's user-level throughput in bytes, with the raw socket's share when {@code orbscope baseline} has
     * measured the run; null when the achieved rate or a target's payload is unknown.
     */
    public synchronized ByteThroughput bytes() {
        if (!bytesDone) {
            bytes = ByteThroughput.of(scenario(), client.achievedRatePerSec(), breakdown.get("process"),
                    ByteThroughput.baselineOf(inputs.point()));
            bytesDone = true;
        }
        return bytes;
    }

    /** Little's law on the point's closed loops; null when it has none, or a figure is unknown. */
    public LittlesLaw littlesLaw() {
        return LittlesLaw.of(scenario(), breakdown.get("process"));
    }

    /** The point over time (per second percentiles, CPU, GC); null without client records. */
    public Timeline timeline() {
        return timeline;
    }

    public Hosts hosts() {
        return hosts;
    }

    /**
     * Each repetition of a point run with {@code orbscope run --repeat}, the first being the point whose figures
     * this analysis holds; null for a point run once.
     */
    public List<Repetition> repetitions() {
        return repetitions;
    }

    /** The spread of the mean response across {@link #repetitions}; null for a point run once or without means. */
    public RepetitionSpread spread() {
        return spread;
    }

    /**
     * Whether the point's figures can be trusted; null when they were not judged. For a repeated point, the worst
     * repetition's verdict, with every repetition's reasons.
     */
    public Validity validity() {
        return validity;
    }

    /** A trace on its own over its whole recording, interval by interval, when the options asked; else null. */
    public List<OverTime.Interval> overTime() {
        return overTime;
    }

    /**
     * What is missing or suspicious about the point, one line each: what was missing in its files, then what each
     * part found (client, server, timeline, utilization, hosts), then the notes about the analysis as a whole.
     */
    public List<String> notes() {
        return notes;
    }

    /** Mean client response time minus mean server completion time (network + client ORB), or null. */
    public Double networkAndClientMs() {
        Summary response = client.response();
        Double serverMean = server.mean("completion");
        return response == null || response.meanMs() == null || serverMean == null ? null
                : response.meanMs() - serverMean;
    }

    /** The model's response time against throughput ({@link ModelCurve}), computed once when first asked. */
    public synchronized ModelCurve.Curve modelCurve() {
        if (!modelCurveDone) {
            modelCurve = ModelCurve.of(this);
            modelCurveDone = true;
        }
        return modelCurve;
    }
}
