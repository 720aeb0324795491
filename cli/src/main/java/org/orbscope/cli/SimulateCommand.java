package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.orbscope.model.Calibration;
import org.orbscope.model.CapacitySearch;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;
import org.orbscope.model.Sla;
import org.orbscope.model.StageSample;
import org.orbscope.model.ThreadingModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code orbscope simulate}: seed 001's queueing model of the scenario's server, per sweep point. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Simulate the scenario's server with seed 001's queueing model (section 2.3), one table per "
                + "sweep point; optionally calibrated from a measured run and/or searching a capacity limit."})
final class SimulateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenario;

    @Option(names = "--calibrate", paramLabel = "RUN_DIR",
            description = "take b_rec, b_poa, b_ser, b_sem, b_mar from RUN_DIR/points/<point>/report/stages.csv "
                    + "(written by `orbscope report`) and print measured beside simulated")
    Path calibrate;

    @Option(names = "--calibration-mode", defaultValue = "paper",
            description = "paper: 1st+2nd phase merged as in seed 001; phased: 2nd phases split off (request "
                    + "complete after the 1st phase). Default: ${DEFAULT-VALUE}")
    String calibrationMode;

    @Option(names = "--requests", paramLabel = "N",
            description = "simulated requests per point (default: the scenario's request count, at least 15000)")
    Long requests;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0",
            description = "first N simulated requests left out of the statistics (default: ${DEFAULT-VALUE}, as "
                    + "seed 001 averages over all requests)")
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
            description = "b_rec when not calibrated (e.g. 0.4ms; default 0)")
    String receiverCpu;

    @Option(names = "--poa-cpu", paramLabel = "DURATION", description = "b_poa when not calibrated (default 0)")
    String poaCpu;

    @Option(names = "--marshal-cpu", paramLabel = "DURATION",
            description = "b_mar of every operation when not calibrated (default 0)")
    String marshalCpu;

    @Spec
    CommandSpec spec;

    private String scenarioProblem;

    @Override
    public Integer call() {
        java.io.PrintWriter out = spec.commandLine().getOut();
        try {
            ScenarioModelOverrides overrides = new ScenarioModelOverrides(threading, cores,
                    ScenarioModelOverrides.nanos("--receiver-cpu", receiverCpu),
                    ScenarioModelOverrides.nanos("--poa-cpu", poaCpu),
                    ScenarioModelOverrides.nanos("--marshal-cpu", marshalCpu));
            Calibration.Mode mode = parseMode();
            Sla parsedSla = checkFind();
            List<ScenarioModel.Point> points;
            if (calibrate == null) {
                points = ScenarioModel.load(scenario, overrides);
            } else {
                // The run's own point.yaml files describe its points; the scenario is only the fallback.
                List<ScenarioModel.Point> fromScenario;
                try {
                    fromScenario = ScenarioModel.load(scenario, overrides);
                } catch (IllegalArgumentException e) {
                    fromScenario = null;
                    scenarioProblem = e.getMessage();
                }
                points = SimulateCalibration.runPoints(calibrate, scenario, fromScenario, scenarioProblem, overrides);
            }
            for (ScenarioModel.Point point : points) {
                ModelParameters params = point.parameters();
                StageSample measured = null;
                if (calibrate != null) {
                    measured = StageSample.read(SimulateCalibration.stages(calibrate, point.name()));
                    params = Calibration.apply(params, measured, mode);
                }
                long n = requests != null ? requests : Math.max(15_000, point.requests());
                if (n < 1 || warmup < 0 || warmup >= n) {
                    throw new IllegalArgumentException("--requests must be >= 1 and --warmup in [0, requests)");
                }
                out.println("== point " + point.name());
                out.print(params);
                if (params.offeredUtilization() >= 1) {
                    out.printf(Locale.ROOT, "warning: offered CPU utilisation %.1f%% >= 100%%: the server is "
                            + "overloaded, times grow with the run length%n", 100 * params.offeredUtilization());
                }
                SimulationResult r = Simulator.run(params, n, warmup, seed);
                out.print(r.table());
                if (measured != null) {
                    SimulateComparison.print(out, measured, r);
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
        } catch (IllegalArgumentException | IOException e) {
            out.flush();
            spec.commandLine().getErr().println("orbscope simulate: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
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
