package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.stats.Spectrum;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.ReceivedCsv;

/** Everything the report says about one sweep point; serialized into summary.json as is. Times in ms. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class PointSummary {
    public String name;
    /** Swept path -> value as written in the scenario (empty without a sweep). */
    public Map<String, String> params = new LinkedHashMap<>();
    /** How the run of this point ended: ok, failed, interrupted (points/&lt;p&gt;/status.json), or unknown. */
    public String status;
    /** Why the point did not end ok. */
    public String error;
    public String scenario;
    public String description;
    public List<String> facts = new ArrayList<>();
    /** Offered arrival rate in requests/ms (from the scenario or the client). */
    public Double offeredRatePerMs;
    /** Arrival rate the server saw (requests/ms) over the measurement window. */
    public Double serverRatePerMs;
    public Client client = new Client();
    public Server server = new Server();
    /** Per stage (receiver, queue, dispatcher, servant, reply, completion, receiver2, dispatcher2, cpu). */
    public Map<String, Summary> stages = new LinkedHashMap<>();
    /** Per stage: mean make-up in ms (cpu, gc, blocked, wait, park, rest). */
    public Map<String, Map<String, Double>> makeUp = new LinkedHashMap<>();
    public Double cpuPerRequestMs;
    /**
     * Processor-sharing prediction of the mean completion time on one CPU, S/(1-rho) with S the CPU time per
     * request and rho = arrival rate x S (only for a server pinned to one CPU).
     */
    public Double psPredictionMs;
    public Utilization utilization = new Utilization();
    /** Mean client response time minus mean server completion time (network + client ORB). */
    public Double networkAndClientMs;
    public Simulated simulated;
    /**
     * A scenario with several servers: each server's own figures by name, in the scenario's order (the point's
     * {@link #server}, {@link #stages} and {@link #utilization} stay empty then). Null for one server.
     */
    public Map<String, ServerFigures> servers;
    /**
     * The point's requests by target object, operation, arrival process and client JVM (keys of
     * {@link Breakdown#DIMENSIONS}): counts, throughput, response and completion times, share of server CPU.
     */
    public Map<String, List<Breakdown.GroupFigures>> breakdown = new LinkedHashMap<>();
    /** The client's response times at HdrHistogram's percentile steps (wrk2's "detailed percentile spectrum"). */
    public List<Spectrum.Step> clientSpectrum;
    /** The point's hosts (hosts.json and each client host's records); null when the point ran on this machine. */
    public List<Host> hosts;
    /** Client hosts: the spread (max - min) of the client JVMs' schedule starts on the common time axis, ms. */
    public Double startSpreadMs;
    /** Client hosts: the spread (max - min) of the hosts' first requests on the common time axis, ms. */
    public Double firstRequestSpreadMs;
    public List<String> notes = new ArrayList<>();

    /** The summary of an analysis, as summary.json holds it. */
    static PointSummary of(PointAnalysis a) {
        PointSummary p = new PointSummary();
        p.name = a.name();
        p.params.putAll(a.params());
        p.status = a.status();
        p.error = a.error();
        p.scenario = a.scenarioName();
        p.description = a.scenario() == null ? null : a.scenario().description();
        p.facts.addAll(a.facts());
        p.offeredRatePerMs = a.offeredRatePerMs();
        p.client = client(a.client());
        p.serverRatePerMs = a.server().serverRatePerMs();
        p.server = server(a.server());
        p.stages.putAll(a.server().stages());
        p.makeUp.putAll(a.server().makeUp());
        p.cpuPerRequestMs = a.server().cpuPerRequestMs();
        p.psPredictionMs = a.prediction().psPredictionMs();
        p.utilization = utilization(a.utilization());
        p.networkAndClientMs = a.networkAndClientMs();
        Prediction.Simulated sim = a.prediction().simulated();
        if (sim != null) {
            p.simulated = new Simulated();
            p.simulated.queueMs = sim.queueMs();
            p.simulated.completionMs = sim.completionMs();
            p.simulated.utilization = sim.utilization();
            p.simulated.queueRelativeError = sim.queueRelativeError();
            p.simulated.completionRelativeError = sim.completionRelativeError();
            p.simulated.note = sim.note();
        }
        if (a.servers() != null) {
            p.servers = new LinkedHashMap<>();
            a.servers().forEach((name, s) -> {
                ServerFigures f = new ServerFigures();
                f.server = server(s.stages());
                f.serverRatePerMs = s.stages().serverRatePerMs();
                f.stages = new LinkedHashMap<>(s.stages().stages());
                f.makeUp = new LinkedHashMap<>(s.stages().makeUp());
                f.cpuPerRequestMs = s.stages().cpuPerRequestMs();
                f.utilization = utilization(s.utilization());
                f.notes = new ArrayList<>(s.notes());
                p.servers.put(name, f);
            });
        }
        p.breakdown.putAll(a.breakdown());
        p.clientSpectrum = a.client().spectrum();
        if (a.hosts().hosts() != null) {
            p.hosts = new ArrayList<>();
            for (Hosts.Host h : a.hosts().hosts()) {
                Host o = new Host();
                o.name = h.name();
                o.role = h.role();
                o.status = h.status();
                o.error = h.error();
                o.address = h.address();
                o.instances = h.instances();
                o.clockOffsetMs = h.clockOffsetMs();
                o.roundTripMs = h.roundTripMs();
                o.records = h.records();
                o.ok = h.ok();
                o.failed = h.failed();
                o.notSent = h.notSent();
                o.missing = h.missing();
                o.response = h.response();
                o.startMs = h.startMs();
                o.barrierToFirstRequestMs = h.barrierToFirstRequestMs();
                o.gateLeadMs = h.gateLeadMs();
                p.hosts.add(o);
            }
        }
        p.startSpreadMs = a.hosts().startSpreadMs();
        p.firstRequestSpreadMs = a.hosts().firstRequestSpreadMs();
        p.notes.addAll(a.notes());
        return p;
    }

    private static Client client(ClientPart c) {
        Client o = new Client();
        o.records = c.records();
        o.ok = c.ok();
        o.failed = c.failed();
        o.notSent = c.notSent();
        o.outcomes.putAll(c.outcomes());
        o.response = c.response();
        o.lateness = c.lateness();
        o.complete = c.complete();
        o.interrupted = c.interrupted();
        o.instances = c.instances();
        o.error = c.error();
        o.achievedRatePerSec = c.achievedRatePerSec();
        return o;
    }

    private static Server server(ServerStages s) {
        Server o = new Server();
        o.trace = s.trace();
        o.roles = s.roles();
        o.traceNote = s.traceNote();
        o.requests = s.requests();
        o.complete = s.complete();
        o.rejected = s.rejected();
        o.incomplete = s.incomplete();
        o.measured = s.measured();
        o.requestSample = s.requestSample();
        o.droppedEvents = s.droppedEvents();
        o.truncated = s.truncated();
        o.gcPauses = s.gcPauses();
        o.gcTotalMs = s.gcTotalMs();
        o.matchedToClient = s.matchedToClient();
        o.probes = s.probes();
        o.received = s.received();
        return o;
    }

    private static Utilization utilization(org.orbscope.postprocess.point.Utilization u) {
        Utilization o = new Utilization();
        o.cpus = u.cpus();
        o.windowSec = u.windowSec();
        o.measured = u.measured();
        o.basis = u.basis();
        o.process = u.process();
        o.tooling = u.tooling();
        o.jvm = u.jvm();
        o.calculated = u.calculated();
        o.relativeDifference = u.relativeDifference();
        o.agree = u.agree();
        return o;
    }

    /** What one of several servers measured: its trace, stages and utilization, as a one-server point has them. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class ServerFigures {
        public Server server;
        /** Arrival rate this server saw (requests/ms): the client's and other servers' calls. */
        public Double serverRatePerMs;
        public Map<String, Summary> stages;
        public Map<String, Map<String, Double>> makeUp;
        public Double cpuPerRequestMs;
        public Utilization utilization;
        public List<String> notes;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Client {
        public long records;
        public long ok;
        public long failed;
        public long notSent;
        public Map<String, Long> outcomes = new LinkedHashMap<>();
        public Summary response;
        public Summary lateness;
        public Boolean complete;
        public Boolean interrupted;
        /** Client JVMs of the point (client.instances). */
        public Integer instances;
        public String error;
        public Double achievedRatePerSec;
    }

    /** One host of the point: how its part went, and for a client host what its JVMs recorded. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Host {
        public String name;
        /** clients | server */
        public String role;
        /** ok | failed | missing | dead | missed-start | late | interrupted (hosts.json) */
        public String status;
        public String error;
        public String address;
        public Integer instances;
        /** The coordinator's clock minus the host's (ms), and the round trip of the ping it comes from (ms). */
        public Double clockOffsetMs;
        public Double roundTripMs;
        public Long records;
        public Long ok;
        public Long failed;
        public Long notSent;
        /** Requests its part's scenario schedules that it holds no record of (a host that died); null if unknown. */
        public Long missing;
        public Summary response;
        /** Its client JVMs' earliest schedule start, ms after the point's start instant. */
        public Double startMs;
        /** From the barrier's release to the host's first request (ms): the coordination's overhead. */
        public Double barrierToFirstRequestMs;
        /** How long before the start instant the host opened its JVMs' start gate (ms). */
        public Double gateLeadMs;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Server {
        /** read | absent | unreadable */
        public String trace;
        /** Where the stage roles of the trace's methods came from. */
        public String roles;
        public String traceNote;
        public long requests;
        public long complete;
        public long rejected;
        public long incomplete;
        /** Complete requests the statistics are computed over (warm-up excluded). */
        public long measured;
        /**
         * The agent recorded one request in this many, drawn at random (request sampling); null: every request.
         * Counts are of recorded requests; the server's rate is scaled up by it.
         */
        public Integer requestSample;
        public long droppedEvents;
        public boolean truncated;
        public int gcPauses;
        public Double gcTotalMs;
        public long matchedToClient;
        /** Requests before the workload began (server warm-up, client reachability checks), not in the statistics. */
        public long probes;
        /** What the server's objects were sent, from its received.csv (null when the server wrote none). */
        public List<ReceivedCsv.Row> received;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Utilization {
        public Integer cpus;
        public Double windowSec;
        /**
         * Measured CPU utilization by request execution (fraction of the server's CPUs): the server's application
         * threads when the samples split CPU by thread group, else the whole process (see {@link #basis}).
         */
        public Double measured;
        /** What {@link #measured} counts: "application threads" or "process". */
        public String basis;
        /** The whole server process: application threads + orbscope's threads + the JVM's own (JIT, GC). */
        public Double process;
        /** orbscope's threads in the server (agent trace writer and flusher, JFR reader, system sampler). */
        public Double tooling;
        /** The JVM's internal threads (JIT compilers, GC workers): process minus all Java threads. */
        public Double jvm;
        /** Arrival rate x mean CPU per request (Harkema et al.'s sanity check). */
        public Double calculated;
        public Double relativeDifference;
        /** True when measured and calculated agree within 5%. */
        public Boolean agree;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static final class Simulated {
        public Double queueMs;
        public Double completionMs;
        public Double utilization;
        public Double queueRelativeError;
        public Double completionRelativeError;
        public String note;
    }
}
