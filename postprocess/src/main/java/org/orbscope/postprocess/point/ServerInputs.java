package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.ReadyFile;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSamples;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/**
 * What the analysis reads of one server: its trace, process samples, ready time and received.csv, on the clients'
 * time axis.
 *
 * @param name the server's name in the scenario ({@link ServerSpec#SINGLE} for a point's sole server), or the
 *     trace's name for a trace on its own
 * @param spec the server's scenario, or null when the scenario is unknown
 * @param monitored whether the scenario had the agent record this server
 * @param trace the trace file, or a ring's segment directory; it may be missing
 * @param system the process samples of {@code system.csv}; null for a trace on its own (the trace holds its own)
 * @param readyEpochNs when the server said it was ready ({@link ReadyFile#UNKNOWN} if it did not)
 * @param clockOffsetNs what moves the trace's times onto the clients' time axis (a server host's clock offset,
 *     {@link ServerClock}); {@code system} and {@code readyEpochNs} are on that axis already
 * @param cpus the CPUs the server's utilization is relative to
 * @param received what the server's objects were sent (received.csv), or null when it wrote none
 * @param stagesCsv where the server's stage table goes when one is written, or null
 * @param log the server's log (why the agent stopped writing a truncated trace)
 * @param notes what was missing or damaged in these files, in the order read
 */
public record ServerInputs(String name, ServerSpec spec, boolean monitored, Path trace, SystemSamples system,
                           long readyEpochNs, long clockOffsetNs, int cpus, List<ReceivedCsv.Row> received,
                           Path stagesCsv, Path log, List<String> notes) {
    public ServerInputs {
        notes = List.copyOf(notes);
    }

    /** The sole server of a point ({@code server/}), on a host of its own or beside the clients. */
    static ServerInputs soleServer(PointDirectory point, Scenario scenario) {
        ServerSpec spec = scenario == null ? null : scenario.servers().get(0);
        List<String> notes = new ArrayList<>();
        int cpus = cpus(spec, notes);
        long offset = ServerClock.offsetNs(point, null, notes);
        ServerDirectory dir = point.server();
        SystemSamples system = system(dir, notes);
        return new ServerInputs(ServerSpec.SINGLE, spec, monitored(scenario, spec), dir.trace(),
                ServerClock.shift(system, offset), ServerClock.shiftReady(ReadyFile.readyEpochNs(dir.ready()), offset),
                offset, cpus, received(dir), point.stagesCsv(), dir.log(), notes);
    }

    /** One of several servers of a point ({@code servers/<name>/}). */
    static ServerInputs oneOfServers(PointDirectory point, Scenario scenario, String name, ServerDirectory dir) {
        ServerSpec spec = scenario.server(name);
        List<String> notes = new ArrayList<>();
        int cpus = cpus(spec, notes);
        long offset = spec == null || spec.host() == null ? 0 : ServerClock.offsetNs(point, spec.host(), notes);
        SystemSamples system = system(dir, notes);
        return new ServerInputs(name, spec, monitored(scenario, spec), dir.trace(), ServerClock.shift(system, offset),
                ServerClock.shiftReady(ReadyFile.readyEpochNs(dir.ready()), offset), offset, cpus, received(dir),
                point.stagesCsv(name), dir.log(), notes);
    }

    /** A trace on its own: no files beside it; {@code cpus} as the traced JVM saw them. */
    static ServerInputs ofTrace(String name, Path trace, Scenario scenario, int cpus, Path stagesCsv) {
        ServerSpec spec = scenario == null ? null : scenario.servers().get(0);
        return new ServerInputs(name, spec, monitored(scenario, spec), trace, null, ReadyFile.UNKNOWN, 0, cpus, null,
                stagesCsv, null, List.of());
    }

    /**
     * The CPUs a server may use, as the model counts them ({@link ScenarioMapping#cores}); an unpinned server's
     * are all of this machine's, said in a note.
     */
    private static int cpus(ServerSpec server, List<String> notes) {
        int cpus = server == null ? Runtime.getRuntime().availableProcessors() : ScenarioMapping.cores(server);
        if (server == null || server.cpus().isEmpty()) {
            notes.add("server not pinned: utilization is relative to " + cpus + " CPUs of this machine");
        }
        return cpus;
    }

    private static SystemSamples system(ServerDirectory dir, List<String> notes) {
        SystemSamples system = SystemCsv.read(dir.systemCsv());
        if (system.problem() != null) {
            notes.add(system.problem());
        }
        return system;
    }

    private static boolean monitored(Scenario scenario, ServerSpec spec) {
        return spec != null && scenario.monitoring(spec).enabled();
    }

    /** The server's received.csv, or null when it wrote none. */
    private static List<ReceivedCsv.Row> received(ServerDirectory dir) {
        try {
            return ReceivedCsv.read(dir.received());
        } catch (IOException e) {
            return null;
        }
    }
}
