package org.orbscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.orbscope.model.Calibration;
import org.orbscope.model.CapacitySearch;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Sla;
import org.orbscope.model.StageSample;
import org.orbscope.model.ThreadingModel;
import org.orbscope.postprocess.point.LockHolds;
import org.orbscope.postprocess.point.PointPrediction;
import org.orbscope.postprocess.point.ServerCpu;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestStages;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.StagesCsv;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;
import org.orbscope.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code orbscope simulate}: Harkema et al.'s queueing model of the scenario's server, or of each of its servers and
 * the calls between them, per sweep point.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Simulate the scenario's server with its queueing model, one table per sweep point.",
                "The model is Harkema et al.'s (section 2.3 of their paper); optionally calibrated from a measured "
                + "run and/or searching a capacity limit."})
final class SimulateCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--calibrate", paramLabel = "RUN_DIR",
            description = "simulate the points of this run, their demands (receiver, POA and servant CPU, servant "
                    + "time off the CPU, reply marshalling CPU: b_rec, b_poa, b_ser, b_sem, b_mar) taken "
                    + "from each point's measured requests (report/stages.csv, written by `orbscope report`), and "
                    + "print measured beside simulated: the figures the run's report shows")
    java.nio.file.Path calibrate;

    @Option(names = "--calibration-mode", defaultValue = "phased",
            description = "phased (the report's): 2nd phases split off (a request is complete after the 1st "
                    + "phase) and JacORB's dispatcher hand-off resampled from the measured queueing; paper: "
                    + "Harkema et al.'s calibration, phases merged, no hand-off. Default: ${DEFAULT-VALUE}")
    String calibrationMode;

    @Option(names = "--requests", paramLabel = "N",
            description = "simulated requests per point, shared among the processes in proportion to their counts "
                    + "(default: the scenario's request count, within 15000..100000)")
    Long requests;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0",
            description = "first N simulated requests left out of the statistics (default: ${DEFAULT-VALUE}, as "
                    + "Harkema et al. average over all requests)")
    long warmup;

    @Option(names = "--seed", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--find", paramLabel = "max-rate|pool-size",
            description = "max-rate: highest arrival rate meeting --sla; pool-size: dispatcher pool size with the "
                    + "lowest mean completion time")
    String find;

    @Option(names = "--sla", paramLabel = "EXPR", description = "completion-time SLA for --find max-rate, "
            + "e.g. p95<50ms, p99.9<1s, mean<20ms")
    String sla;

    @Option(names = "--max-threads", defaultValue = "32",
            description = "largest pool size tried by --find pool-size (then unlimited; default ${DEFAULT-VALUE})")
    int maxThreads;

    @Option(names = "--threading", paramLabel = "MODEL",
            description = "override the threading model: ${COMPLETION-CANDIDATES}")
    ThreadingModel threading;

    @Option(names = "--cores", description = "override the number of server cores (default: server.cpus)")
    Double cores;

    @Option(names = "--receiver-cpu", paramLabel = "DURATION",
            description = "receiver CPU per request (b_rec) when not calibrated (e.g. 0.4ms; default 0)")
    String receiverCpu;

    @Option(names = "--poa-cpu", paramLabel = "DURATION", description = "POA CPU per request (b_poa) when not "
            + "calibrated (default 0)")
    String poaCpu;

    @Option(names = "--marshal-cpu", paramLabel = "DURATION",
            description = "reply marshalling CPU (b_mar) of every operation when not calibrated (default 0)")
    String marshalCpu;

    @Option(names = "--client-delay", paramLabel = "DURATION",
            description = "the client's and the network's time per request with a reply: the client's response is "
                    + "the completion time plus it, and a closed client thinks only after it (default: none; with "
                    + "--calibrate, the mean client response minus the mean server completion in the run's report)")
    String clientDelay;

    @Option(names = "--lock-hold", paramLabel = "NAME=DURATION",
            description = "the CPU inside lock NAME per visit, in place of the scenario's hold and of the hold "
                    + "--calibrate measures (from the server's locks.csv, or the trace's monitors of the class NAME "
                    + "names); repeatable")
    Map<String, String> lockHolds = new LinkedHashMap<>();

    @Spec
    CommandSpec spec;

    /**
     * A point to simulate: its name, its scenario, and when calibrating its measured requests, what its report
     * says of the client (null when not calibrating or the report has no point.json) and its locks' holds as its
     * server trace measured them.
     */
    private record Target(String name, Scenario scenario, StageSample measured, ClientFigures client,
                          LockHolds locks, ServerCpu serverCpu) {
    }

    /** The server's CPU outside the stages, from a point's report (report/point.json); NONE without one. */
    private static ServerCpu serverCpu(PointDirectory d) throws IOException {
        if (!Files.isRegularFile(d.pointJson())) {
            return ServerCpu.NONE;
        }
        JsonNode point = new ObjectMapper().readTree(d.pointJson().toFile());
        JsonNode u = point.path("utilization");
        return ServerCpu.of(ClientFigures.number(u.get("measured")), u.path("basis").asText(null),
                ClientFigures.number(u.get("calculated")), ClientFigures.number(u.get("jvm")),
                ClientFigures.number(u.get("tooling")), u.path("cpus").isInt() ? u.get("cpus").asInt() : null,
                ClientFigures.number(point.get("serverRatePerMs")));
    }

    /**
     * The report's figures of a point's client (report/point.json), null where it has none: the mean client response,
     * {@code networkAndClientMs} (the mean client response minus the mean server completion) and
     * {@code clientDelayMs} (the client's and the network's time alone, over the requests that found their receiver
     * free).
     */
    private record ClientFigures(Double responseMs, Double networkAndClientMs, Double clientDelayMs) {
        static ClientFigures read(PointDirectory d) throws IOException {
            if (!Files.isRegularFile(d.pointJson())) {
                return null;
            }
            JsonNode point = new ObjectMapper().readTree(d.pointJson().toFile());
            return new ClientFigures(number(point.path("client").path("response").get("meanMs")),
                    number(point.get("networkAndClientMs")), number(point.get("clientDelayMs")));
        }

        /** The model's client delay: the client's and the network's time, else the difference of the means. */
        Double delayMs() {
            return clientDelayMs != null ? clientDelayMs : networkAndClientMs;
        }

        private static Double number(JsonNode n) {
            return n == null || !n.isNumber() ? null : n.asDouble();
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            ScenarioMapping.Overrides overrides = new ScenarioMapping.Overrides(threading, cores,
                    nanos("--receiver-cpu", receiverCpu), nanos("--poa-cpu", poaCpu), nanos("--marshal-cpu", marshalCpu));
            Calibration.Mode mode = parseMode();
            Sla parsedSla = checkFind();
            ScenarioInput.Loaded in = scenario.load("simulate");
            if (in == null) {
                return Orbscope.EXIT_BAD_INPUT;
            }
            List<Target> targets = calibrate == null ? fromScenario(in) : fromRun();
            out.print(ModelParameters.LEGEND);
            for (Target t : targets) {
                long n = requests != null ? requests : PointPrediction.defaultRequests(t.scenario());
                if (n < 1 || warmup < 0 || warmup >= n) {
                    throw new IllegalArgumentException("--requests must be >= 1 and --warmup in [0, requests)");
                }
                PointPrediction.Settings settings = new PointPrediction.Settings(n, warmup, seed, mode, overrides);
                out.println("== point " + t.name());
                Map<String, Dist> holds = new LinkedHashMap<>(t.locks().holds());
                for (Map.Entry<String, String> hold : lockHolds.entrySet()) {
                    holds.put(hold.getKey(), Dist.deterministic(nanos("--lock-hold " + hold.getKey(),
                            hold.getValue())));
                }
                t.locks().notes().forEach(note -> out.println("note: " + note));
                if (t.serverCpu().note() != null) {
                    out.println("note: " + t.serverCpu().note());
                }
                ModelParameters params = clientSide(t, t.measured() == null
                        ? PointPrediction.withLocks(ScenarioMapping.map(t.scenario(), overrides), holds,
                                t.locks().handoffs())
                        : PointPrediction.model(t.scenario(), t.measured(), settings, holds, t.locks().handoffs(),
                                t.serverCpu()), out);
                out.print(params);
                for (int s = 0; s < params.servers().size(); s++) {
                    if (params.offeredCpuUtilization(s) >= 1) {
                        out.printf(Locale.ROOT, "warning: offered CPU utilization %.1f%% >= 100%%: %s is "
                                + "overloaded, times grow with the run length%n", 100 * params.offeredCpuUtilization(s),
                                params.servers().size() == 1 ? "the server" : "server '"
                                        + params.servers().get(s).name() + "'"
                                        + (params.offeredCpuUtilization(s) > params.offeredUtilization(s)
                                                ? " with the servers it shares a CPU with" : ""));
                    }
                }
                for (int l = 0; l < params.locks().size(); l++) {
                    if (params.offeredLockUtilization(l) >= 1) {
                        out.printf(Locale.ROOT, "warning: lock '%s' is offered %.1f%% of the time >= 100%%: it is "
                                + "saturated whatever the cores, times grow with the run length%n",
                                params.locks().get(l).name(), 100 * params.offeredLockUtilization(l));
                    }
                }
                for (String left : ScenarioMapping.unmodelled(t.scenario(), !params.clientDelay().isZero())) {
                    out.println("not modelled: " + left);
                }
                SimulationResult r = PointPrediction.simulate(params, settings);
                out.print(r.table());
                if (r.simulatedSeconds() == 0) {
                    out.println("note: no request of this model takes any time (the scenario gives no demand and "
                            + "the middleware's own costs are unknown); calibrate from a monitored run "
                            + "(--calibrate RUN_DIR) or give --receiver-cpu, --poa-cpu, --marshal-cpu");
                }
                if (t.measured() != null) {
                    SimulateComparison.print(out, t.measured(), t.client() == null ? null : t.client().responseMs(),
                            params, r);
                }
                if ("max-rate".equals(find)) {
                    out.println("-- search: max arrival rate with " + parsedSla);
                    CapacitySearch.Answer a = CapacitySearch.maxRate(params, parsedSla, n, seed, out::println);
                    out.printf(Locale.ROOT, "answer: max rate %.4g req/s (%.4g req/ms) keeps %s%n", a.value(),
                            a.value() / 1000, parsedSla);
                } else if ("pool-size".equals(find)) {
                    out.println("-- search: dispatcher pool size minimising mean completion time");
                    CapacitySearch.Answer a = CapacitySearch.poolSize(params, maxThreads, n, seed, out::println);
                    out.printf(Locale.ROOT, "answer: T_disp = %s (mean completion %.4f ms)%n",
                            a.value() == 0 ? "unlimited" : Long.toString((long) a.value()),
                            a.result().completion().meanMs());
                }
            }
            out.flush();
            return Orbscope.EXIT_OK;
        } catch (IllegalArgumentException e) {
            out.flush();
            spec.commandLine().getErr().println("orbscope simulate: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        }
    }

    private static List<Target> fromScenario(ScenarioInput.Loaded in) {
        List<Target> out = new ArrayList<>();
        for (SweepPoint p : in.points()) {
            out.add(new Target(p.name(), p.scenario(), null, null, LockHolds.NONE, ServerCpu.NONE));
        }
        return out;
    }

    /**
     * The point's model with the client and network delay: the one of {@code --client-delay}, else the run's when
     * calibrating.
     */
    private ModelParameters clientSide(Target t, ModelParameters held, PrintWriter out) {
        if (clientDelay != null) {
            return Calibration.withClientDelay(held, nanos("--client-delay", clientDelay));
        }
        Double measured = t.client() == null ? null : t.client().delayMs();
        if (measured == null) {
            return held;
        }
        if (measured < 0) {
            // A oneway client's response is its send alone, shorter than the server's work.
            out.printf(Locale.ROOT, "note: the run's mean client response is %.4f ms below its mean server "
                    + "completion: no client and network delay to calibrate%n", -measured);
            return held;
        }
        return Calibration.withClientDelay(held, measured * 1e6);
    }

    /** The measured run's own points: each point.yaml is the resolved scenario of that point. */
    private List<Target> fromRun() {
        List<Target> out = new ArrayList<>();
        try {
            for (PointDirectory d : RunDirectory.open(calibrate).points()) {
                Scenario s;
                try {
                    s = ScenarioLoader.load(d.pointYaml());
                } catch (ScenarioException e) {
                    throw new IllegalArgumentException("point " + d.name() + ": " + e.getMessage());
                }
                if (!s.singleServer()) {
                    throw new IllegalArgumentException("--calibrate: point '" + d.name() + "' has several servers "
                            + "(servers:); the model is calibrated from one server's stage table only: simulate the "
                            + "scenario without --calibrate, with --receiver-cpu, --poa-cpu and --marshal-cpu");
                }
                List<RequestStages> measured;
                try {
                    measured = PointPrediction.measured(StagesCsv.read(d.stagesCsv()), s.client().warmup());
                } catch (NoSuchFileException e) {
                    throw new IllegalArgumentException(d.stagesCsv() + ": no stage table for point '" + d.name()
                            + "' (run `orbscope report " + calibrate + "` on a run with monitoring enabled and "
                            + "cpuTime: true)");
                }
                out.add(new Target(d.name(), s, PointPrediction.sample(measured), ClientFigures.read(d),
                        LockHolds.read(s, d.server().trace(), LockHolds.window(measured)), serverCpu(d)));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(calibrate + ": " + Errors.describe(e));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(calibrate + ": the run has no points");
        }
        return out;
    }

    private static double nanos(String option, String text) {
        if (text == null) {
            return 0;
        }
        try {
            return Units.durationNanos(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage());
        }
    }

    private Calibration.Mode parseMode() {
        switch (calibrationMode.toLowerCase(Locale.ROOT)) {
            case "paper": return Calibration.Mode.PAPER;
            case "phased": return Calibration.Mode.PHASED;
            default: throw new IllegalArgumentException("--calibration-mode must be paper or phased, got '"
                    + calibrationMode + "'");
        }
    }

    private Sla checkFind() {
        if (find == null) {
            if (sla != null) {
                throw new IllegalArgumentException("--sla needs --find max-rate");
            }
            return null;
        }
        if ("max-rate".equals(find)) {
            if (sla == null) {
                throw new IllegalArgumentException("--find max-rate needs --sla, e.g. --sla p95<50ms");
            }
            return Sla.parse(sla);
        }
        if ("pool-size".equals(find)) {
            if (maxThreads < 1) {
                throw new IllegalArgumentException("--max-threads must be >= 1");
            }
            return null;
        }
        throw new IllegalArgumentException("--find must be max-rate or pool-size, got '" + find + "'");
    }
}
