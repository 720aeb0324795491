package org.orbscope.hosts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.orbscope.coordination.TaskKind;
import org.orbscope.coordination.Task;
import org.orbscope.run.ExitCode;
import org.orbscope.run.HostsFile;
import org.orbscope.run.LocalJvms;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointJvms;
import org.orbscope.scenario.HostParts;
import org.orbscope.scenario.HostsSpec;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/**
 * The JVMs of a point on registered hosts: the server on its host (or on this machine), each client host's part
 * handed over as a task, the hosts' JVMs started together by the barrier, and hosts.json written with how each
 * host's part went. A host that is missing, dies, misses the start or reports late is named there; what the other
 * hosts (and it, until then) shipped is kept.
 */
final class HostJvms implements PointJvms {
    /** The barrier's time-out of a point without client hosts (the server alone runs on a host). */
    private static final long NO_CLIENT_HOSTS_BARRIER = 60_000_000_000L;

    private final CoordinatorServant servant;
    private final LocalJvms local;
    private final Path scenarioDir;
    private final String runName;
    private final String naming;
    private final PrintStream out;
    private volatile boolean interrupted;
    private volatile PointState current;
    private final List<HostsFile.Host> missing = new ArrayList<>();

    HostJvms(CoordinatorServant servant, LocalJvms local, Path scenarioDir, String runName, String naming,
             PrintStream out) {
        this.servant = servant;
        this.local = local;
        this.scenarioDir = scenarioDir;
        this.runName = runName;
        this.naming = naming;
        this.out = out;
    }

    @Override
    public Process startServer(Scenario s, ServerSpec server, PointDirectory dir) throws IOException, CannotStart {
        HostsSpec hosts = s.client().hosts();
        PointState point = current;
        if (point == null || !point.dir.dir().equals(dir.dir())) {
            // The first server of the point (the servers of 'servers:' start one after the other).
            point = servant.begin(dir, hosts == null ? NO_CLIENT_HOSTS_BARRIER : hosts.barrierNanos());
            current = point;
            synchronized (missing) {
                missing.clear();
            }
        }
        String name = server.host();
        if (name == null) {
            return local.startServer(s, server, dir);
        }
        HostState host = available(name, point.name);
        if (host == null) {
            throw new CannotStart("the server host '" + name + "' is not registered (or stopped calling the "
                    + "coordinator): start `orbscope host --naming " + naming + " --name " + name + "` there");
        }
        ObjectNode tree = HostParts.withoutPlacement(readTree(dir.pointYaml()));
        String agentConfig = "";
        MonitoringSpec monitoring = s.monitoring(server);
        if (monitoring.enabled() && monitoring.config() != null) {
            Path config = scenarioDir.resolve(monitoring.config());
            try {
                agentConfig = Files.readString(config);
            } catch (IOException e) {
                throw new CannotStart("cannot read the agent config " + config + " for the server host: "
                        + e.getMessage());
            }
            // Every config the host's copy names is this server's: the servers a host runs share one config
            // (the validator says so).
            if (tree.path("monitoring").has("config")) {
                ((ObjectNode) tree.path("monitoring")).put("config", ServerPart.AGENT_CONFIG);
            }
            for (JsonNode v : tree.path("servers")) {
                if (v.path("monitoring").has("config")) {
                    ((ObjectNode) v.path("monitoring")).put("config", ServerPart.AGENT_CONFIG);
                }
            }
        }
        String serverName = s.singleServer() ? "" : server.name();
        // The servers it calls are ready: their references are here, on the coordinator's copy.
        References peers = References.of(dir, s, s.dependencies(server));
        Part part = new Part(host, HostsFile.Host.SERVER, serverName, dir.server(serverName).dir(), 0, 0,
                hosts == null ? HostsSpec.DEFAULTS : hosts);
        servant.assign(point, part, new Task(TaskKind.RUN_SERVER, runName, dir.runId(), point.name,
                ScenarioLoader.toYaml(tree), serverName, 0, 0, peers.files(), peers.references(), agentConfig, 0));
        out.println("point " + point.name + ": server " + (serverName.isEmpty() ? "" : serverName + " ")
                + "on host " + name + " (" + host.info.address + ")");
        return new RemoteServer(servant, point, part);
    }

    @Override
    public ClientsEnd runClients(Scenario s, PointDirectory dir, Duration readyTimeout) throws IOException,
            InterruptedException {
        HostsSpec hosts = s.client().hosts();
        if (hosts == null) {
            return local.runClients(s, dir, readyTimeout);
        }
        PointState point = current;
        JsonNode tree = readTree(dir.pointYaml());
        References servers = References.of(dir, s, dir.servers(s).keySet());
        int instances = s.client().instances();
        List<HostState> free = servant.available();
        free.removeIf(h -> s.servers().stream().anyMatch(server -> h.name().equals(server.host())));
        List<Part> parts = new ArrayList<>();
        for (int k = 0; k < hosts.count(); k++) {
            String named = hosts.used().isEmpty() ? null : hosts.used().get(k);
            HostState h = named != null ? available(named, null) : free.isEmpty() ? null : free.get(0);
            if (h == null) {
                String name = named != null ? named : "host-" + (k + 1) + "-of-" + hosts.count();
                addMissing(new HostsFile.Host(name, HostsFile.Host.CLIENTS, null, null, instances, k * instances, null, null,
                        null, null, null, HostsFile.MISSING, null, "the host had not registered (or was busy or not "
                        + "calling) when the point began: it ran nothing", 0, null, null));
                continue;
            }
            free.remove(h);
            Part part = new Part(h, HostsFile.Host.CLIENTS, "", null, instances, k * instances, hosts);
            String yaml = ScenarioLoader.toYaml(HostParts.clientPart(tree, named != null ? named : h.name()));
            servant.assign(point, part, new Task(TaskKind.RUN_CLIENTS, runName, dir.runId(), point.name, yaml, "",
                    instances,
                    k * instances, servers.files(), servers.references(), "", readyTimeout.toMillis()));
            parts.add(part);
        }
        out.println("point " + point.name + ": " + parts.size() + " client host(s) "
                + names(parts) + (missingCount() > 0 ? ", " + missingCount() + " missing" : ""));
        if (parts.isEmpty()) {
            record(point);
            return new ClientsEnd(ExitCode.RUN_FAILED, "no client host to run the point on (" + missingCount()
                    + " missing); see " + dir.hostsJson());
        }
        awaitParts(point, parts, hosts, readyTimeout.toNanos() + hosts.barrierNanos()
                + LocalJvms.clientLimitMillis(s) * 1_000_000L + 60_000_000_000L);
        HostsFile f = record(point);
        return end(f, dir);
    }

    /** Waits until every part is over: reported, dead, missed the start, late, or the time is up. */
    private void awaitParts(PointState point, List<Part> parts, HostsSpec hosts, long limitNanos)
            throws InterruptedException {
        long begun = System.nanoTime();
        long firstReport = 0;
        long stopSent = 0;
        while (true) {
            boolean allOver = true;
            for (Part p : parts) {
                if (p.hostGone() && !p.reported()) {
                    point.barrier.expectNoLonger(p.host.id);
                }
                if (firstReport == 0 && p.reported() && p.report.gateOpenedNs != 0) {
                    firstReport = System.nanoTime();
                }
                allOver &= p.over();
            }
            if (allOver) {
                return;
            }
            long now = System.nanoTime();
            if (interrupted && stopSent == 0) {
                servant.stop(point);
                stopSent = now;
            }
            String why = null;
            String status = HostsFile.LATE;
            if (stopSent != 0 && now - stopSent > hosts.stopGraceNanos()) {
                status = HostsFile.INTERRUPTED;
                why = "the run was interrupted and the host had not shipped its results " + hosts.stopGrace()
                        + " later (client.hosts.stopGrace)";
            } else if (firstReport != 0 && now - firstReport > hosts.lateAfterNanos()) {
                why = "the host had not reported " + hosts.lateAfter() + " after the first host did (client.hosts."
                        + "lateAfter)";
            } else if (now - begun > limitNanos) {
                why = "the host had not reported within " + limitNanos / 1_000_000_000L + " s";
            }
            if (why != null) {
                List<Part> late = new ArrayList<>();
                for (Part p : parts) {
                    if (!p.over()) {
                        p.giveUp(status, why);
                        point.barrier.expectNoLonger(p.host.id);
                        late.add(p);
                    }
                }
                servant.stop(point);
                if (status.equals(HostsFile.LATE)) {
                    awaitLateShipments(late, hosts.stopGraceNanos());
                }
                return;
            }
            servant.awaitChange(100);
        }
    }

    /**
     * Gives hosts named late, and asked to stop, {@code graceNanos} ({@code client.hosts.stopGrace}) to stop their
     * JVMs and ship what they recorded, so that it is in the run directory before hosts.json and the report are
     * written.
     */
    private void awaitLateShipments(List<Part> late, long graceNanos) throws InterruptedException {
        long deadline = System.nanoTime() + graceNanos;
        while (late.stream().anyMatch(p -> !p.reported() && !p.hostGone()) && System.nanoTime() < deadline
                && !interrupted) {
            servant.awaitChange(100);
        }
    }

    @Override
    public void interruptClients() {
        interrupted = true;
        PointState p = current;
        if (p != null) {
            servant.stop(p);
        }
    }

    @Override
    public void pointOver(PointDirectory dir) throws IOException, InterruptedException {
        PointState point = current;
        if (point == null || !point.name.equals(dir.name())) {
            return;
        }
        // The server host ships its trace after the server stopped: wait for its report, or its silence.
        for (Part p : point.parts()) {
            while (p.role.equals(HostsFile.Host.SERVER) && !p.over()) {
                servant.awaitChange(100);
            }
        }
        if (!point.parts().isEmpty() || missingCount() > 0) {
            record(point);
        }
        current = null;
    }

    /** Writes hosts.json: the point's barrier and every host it needed. */
    private HostsFile record(PointState point) throws IOException {
        List<HostsFile.Host> hosts = new ArrayList<>();
        int expected = 0;
        for (Part p : point.parts()) {
            hosts.add(p.record());
            expected += p.role.equals(HostsFile.Host.CLIENTS) ? 1 : 0;
        }
        synchronized (missing) {
            hosts.addAll(missing);
        }
        HostsFile f = new HostsFile(naming, point.barrier.startEpochNs(), point.barrier.record(expected), hosts);
        f.write(point.dir.hostsJson());
        return f;
    }

    /** How the clients of the point ended, from the client hosts' lines of hosts.json. */
    private static ClientsEnd end(HostsFile f, PointDirectory dir) {
        StringJoiner problems = new StringJoiner("; ");
        Integer exit = ExitCode.OK;
        for (HostsFile.Host h : f.hosts()) {
            if (!h.role().equals(HostsFile.Host.CLIENTS) || h.ok()) {
                continue;
            }
            problems.add("host " + h.name() + " " + h.status() + (h.error() != null ? " (" + h.error() + ")" : ""));
            if (h.exit() != null && h.exit() != ExitCode.OK) {
                exit = exit != ExitCode.OK ? exit : h.exit();
            } else if (h.exit() == null && exit == ExitCode.OK) {
                exit = ExitCode.RUN_FAILED;
            }
        }
        return exit == ExitCode.OK ? new ClientsEnd(ExitCode.OK, null)
                : new ClientsEnd(exit, problems + "; see " + dir.hostsJson() + " and the hosts' logs");
    }

    /** The host {@code name} when it is alive and free for {@code point} (null: free of every point). */
    private HostState available(String name, String point) {
        for (HostState h : servant.available(point)) {
            if (h.name().equals(name)) {
                return h;
            }
        }
        return null;
    }

    private void addMissing(HostsFile.Host h) {
        synchronized (missing) {
            missing.add(h);
        }
    }

    private int missingCount() {
        synchronized (missing) {
            return missing.size();
        }
    }

    private static String names(List<Part> parts) {
        StringJoiner j = new StringJoiner(", ", "(", ")");
        parts.forEach(p -> j.add(p.host.name()));
        return j.toString();
    }

    /**
     * The references of servers of the point that are ready, as a task carries them: each {@code ior/} file of
     * the coordinator's copy as {@code SERVER/FILE} ({@link ServerSpec#SINGLE} for the one server), and its text.
     */
    private record References(String[] files, String[] references) {
        static References of(PointDirectory dir, Scenario s, Iterable<String> servers) throws IOException {
            List<String> files = new ArrayList<>();
            List<String> references = new ArrayList<>();
            for (String server : servers) {
                try (var listed = Files.list(dir.servers(s).get(server).iorDir())) {
                    for (Path f : listed.filter(f -> f.getFileName().toString().endsWith(".ior")).sorted().toList()) {
                        files.add(server + "/" + f.getFileName());
                        references.add(Files.readString(f).trim());
                    }
                }
            }
            return new References(files.toArray(String[]::new), references.toArray(String[]::new));
        }
    }

    private static JsonNode readTree(Path pointYaml) throws IOException {
        return ScenarioLoader.yamlMapper().readTree(pointYaml.toFile());
    }
}
