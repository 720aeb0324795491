package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.run.PointStatus;
import org.orbscope.scenario.Scenario;

/**
 * The verdict on a point's figures: every group of checks run over the parts' records and the point's files
 * ({@code watch/}, the server's log), their reasons gathered in order (the run's ending, load generator, server,
 * machine, steady state, precision, monitoring, then the model, whose disagreement the others may explain).
 * docs/reports.md ("Can these figures be trusted?") lists every check and threshold.
 */
final class TrustChecks {
    private TrustChecks() {
    }

    /**
     * The verdict and the notes that go with it (the percentiles the point is too short for, a pool that ran out
     * now and then).
     */
    record Judged(Validity validity, List<String> notes) {
    }

    /** A point of one server: {@code s}'s trace gave {@code stages}, its CPU {@code utilization}. */
    static Judged oneServer(PointInputs in, ClientResults client, ClientPart clientPart, ServerInputs s,
                            ServerStages stages, Utilization utilization, Prediction prediction) {
        Common c = common(in, client, clientPart);
        List<Validity.Reason> reasons = new ArrayList<>(c.before);
        reasons.addAll(ServerChecks.of(s, utilization, clientPart, c.steady, c.watch, true, c.notes));
        reasons.addAll(c.after);
        reasons.addAll(MonitoringChecks.of(s, stages, utilization));
        reasons.addAll(ModelChecks.of(prediction, stages, reasons));
        return new Judged(Validity.of(reasons), c.notes);
    }

    /** A point of several servers, each with its own figures. */
    static Judged severalServers(PointInputs in, ClientResults client, ClientPart clientPart,
                                 Map<String, ServerAnalysis> servers) {
        Common c = common(in, client, clientPart);
        List<Validity.Reason> reasons = new ArrayList<>(c.before);
        reasons.addAll(ServerChecks.failedOnly(clientPart));
        for (ServerInputs s : in.servers()) {
            ServerAnalysis a = servers.get(s.name());
            if (a != null) {
                reasons.addAll(ServerChecks.of(s, a.utilization(), clientPart, c.steady, c.watch, false, c.notes));
            }
        }
        reasons.addAll(c.after);
        for (ServerInputs s : in.servers()) {
            ServerAnalysis a = servers.get(s.name());
            if (a != null) {
                reasons.addAll(MonitoringChecks.of(s, a.stages(), a.utilization()));
            }
        }
        return new Judged(Validity.of(reasons), c.notes);
    }

    /**
     * What every point has: the reasons before the servers' (the run's ending, the load generator) and after them
     * (machine, steady state, precision), the window's watch files and the steady-state figures.
     */
    private record Common(List<Validity.Reason> before, List<Validity.Reason> after, WatchWindow watch,
                          SteadyState steady, List<String> notes) {
    }

    private static Common common(PointInputs in, ClientResults client, ClientPart clientPart) {
        List<Validity.Reason> before = new ArrayList<>();
        if (!PointStatus.OK.equals(in.status()) && !"unknown".equals(in.status())) {
            before.add(Validity.Reason.invalid("run.status", 0, 1, "the point " + in.status()
                    + (in.error() == null ? "" : ": " + in.error())));
        }
        WatchWindow watch = client.lastCompletedNs > client.firstIntendedNs
                ? WatchWindow.read(in.point().watch(), client.firstIntendedNs, client.lastCompletedNs)
                : WatchWindow.NONE;
        Scenario s = in.scenario();
        boolean open = s != null && !Double.isNaN(PointAnalyzer.offeredRatePerSec(s));
        // A client whose invoker threads the scenario fixes is a user who does one thing at a time: the sends it
        // leaves late are the users' backlog the point measures (in the responses), not a generator falling behind.
        boolean keepsSchedule = open && s.client().invokers() == null;
        int clientCpus = s == null || s.client().cpus().isEmpty() ? watch.cpus() : s.client().cpus().size();
        before.addAll(LoadGeneratorChecks.of(clientPart, keepsSchedule, watch, clientCpus));
        SteadyState steady = SteadyState.of(clientPart.responseSeries().values());
        List<Validity.Reason> after = new ArrayList<>(MachineChecks.of(watch));
        after.addAll(steady.reasons());
        List<String> notes = new ArrayList<>();
        Precision precision = Precision.of(clientPart.responseSeries());
        if (precision != null) {
            after.addAll(precision.reasons());
            if (precision.note() != null) {
                notes.add(precision.note());
            }
        }
        return new Common(before, after, watch, steady, notes);
    }
}
