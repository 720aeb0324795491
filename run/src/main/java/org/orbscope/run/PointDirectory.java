package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.orbscope.run.watch.WatchDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/**
 * One sweep point of a run:
 *
 * <pre>
 * &lt;point&gt;/
 *   point.yaml     the resolved scenario of this point
 *   status.json    how the runner's attempt ended ({@link PointStatus})
 *   server/        the server's files ({@link ServerDirectory}), for a scenario written with one {@code server:}
 *   servers/&lt;name&gt;/ each server's files, for a scenario with {@code servers:}
 *   client/        the client's files ({@link ClientDirectory}); clients/1 .. clients/N with several client JVMs,
 *                  which start together at the time in clients/start ({@link StartGate})
 *   hosts.json     with client hosts: how the coordinator ran them ({@link HostsFile})
 *   hosts/&lt;host&gt;/  a client host's part: point.yaml, ior/, its client JVMs' files in 1 .. N, its start gate
 *                  (start) and host.log
 *   watch/         the machine, the run's processes and JVMs and the others that took CPU, sampled while the
 *                  point ran ({@link WatchDirectory}); a host's under its part (hosts/&lt;host&gt;/watch,
 *                  server/watch)
 *   report/        stages.csv ({@link StagesCsv}) or stages-&lt;server&gt;.csv per monitored server, point.json
 *   repeat.json    with {@code orbscope run --repeat}: how many repetitions ran and why they stopped ({@link RepeatFile})
 *   repetitions/&lt;k&gt;/ repetition k (2 and on) of the point, each in fresh JVMs, in this same layout; the first
 *                  repetition is the point's own directory, so every reader of a point reads it as one
 * </pre>
 *
 * A host keeps the same layout in its own work directory and ships its part's files into the run directory under
 * the same names.
 */
public final class PointDirectory {
    private final Path dir;
    private final String runId;

    /** A point of the run in whose {@code points/} it lies: the run's identity is that run directory's path. */
    public PointDirectory(Path dir) {
        this(dir, runDirectory(dir).toString());
    }

    /** A point of the run {@code runId} (a host's copy of a coordinator's point: the coordinator's identity). */
    public PointDirectory(Path dir, String runId) {
        this.dir = dir;
        this.runId = runId;
    }

    public Path dir() {
        return dir;
    }

    /**
     * The identity of the run this point is of: the absolute path of the run directory where the run was made,
     * unique on its machine while the run lasts. Every JVM of the point carries it ({@link JvmLauncher#run}), and
     * the point's watcher tells its JVMs from another run's by it, whatever the two runs' directories are named.
     */
    public String runId() {
        return runId;
    }

    /** The run directory of a point ({@code <run>/points/<point>}), or the point's own when it lies elsewhere. */
    private static Path runDirectory(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path points = abs.getParent();
        boolean inRun = points != null && points.getParent() != null && points.getFileName() != null
                && points.getFileName().toString().equals("points");
        return inRun ? points.getParent() : abs;
    }

    /** The point's name: its directory's name. */
    public String name() {
        return dir.getFileName().toString();
    }

    public Path pointYaml() {
        return dir.resolve("point.yaml");
    }

    public Path status() {
        return dir.resolve("status.json");
    }

    public ServerDirectory server() {
        return new ServerDirectory(dir.resolve("server"));
    }

    /** The directory of the server {@code name} of a {@code servers:} scenario, or {@link #server()} for "". */
    public ServerDirectory server(String name) {
        return name.isEmpty() ? server() : new ServerDirectory(dir.resolve("servers").resolve(name));
    }

    /** The directory of each server of {@code s}, by name, in the scenario's order. */
    public Map<String, ServerDirectory> servers(Scenario s) {
        Map<String, ServerDirectory> dirs = new LinkedHashMap<>();
        if (s.singleServer()) {
            dirs.put(ServerSpec.SINGLE, server());
        } else {
            for (ServerSpec server : s.servers()) {
                dirs.put(server.name(), server(server.name()));
            }
        }
        return dirs;
    }

    public ClientDirectory client() {
        return new ClientDirectory(dir.resolve("client"));
    }

    /**
     * Where the client JVMs of a point write: {@code client/} for one, {@code clients/1 .. clients/N} when the
     * scenario runs several ({@code client.instances}).
     */
    public List<ClientDirectory> clients(int instances) {
        if (instances == 1) {
            return List.of(client());
        }
        List<ClientDirectory> all = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            all.add(new ClientDirectory(dir.resolve("clients").resolve(Integer.toString(i))));
        }
        return all;
    }

    /** The start gate of several client JVMs ({@link StartGate}). */
    public Path startGate() {
        return dir.resolve("clients").resolve("start");
    }

    /**
     * The client directories that exist: {@code client/}, those under {@code clients/}, then those of every client
     * host under {@code hosts/}, in host name and number order.
     */
    public List<ClientDirectory> existingClients() {
        List<ClientDirectory> all = new ArrayList<>();
        if (Files.isDirectory(client().dir())) {
            all.add(client());
        }
        numbered(dir.resolve("clients")).forEach(p -> all.add(new ClientDirectory(p)));
        clientsByHost().values().forEach(all::addAll);
        return all;
    }

    /** The client directories of each client host whose part exists under {@code hosts/}, by host name. */
    public Map<String, List<ClientDirectory>> clientsByHost() {
        Map<String, List<ClientDirectory>> byHost = new TreeMap<>();
        for (Path host : subdirectories(dir.resolve("hosts"))) {
            List<ClientDirectory> clients = new ArrayList<>();
            numbered(host).forEach(p -> clients.add(new ClientDirectory(p)));
            byHost.put(host.getFileName().toString(), clients);
        }
        return byHost;
    }

    /** A client host's part of the point: {@code hosts/<host>/}. */
    public Path hostDir(String host) {
        return dir.resolve("hosts").resolve(host);
    }

    /** The client JVMs' directories of a host, {@code hosts/<host>/1 .. N}. */
    public List<ClientDirectory> hostClients(String host, int instances) {
        List<ClientDirectory> all = new ArrayList<>();
        for (int i = 1; i <= instances; i++) {
            all.add(new ClientDirectory(hostDir(host).resolve(Integer.toString(i))));
        }
        return all;
    }

    /** The scenario a client host's JVMs run: its processes only ({@code hosts/<host>/point.yaml}). */
    public Path hostPointYaml(String host) {
        return hostDir(host).resolve("point.yaml");
    }

    /** Where a client host keeps the server's references for its JVMs ({@code hosts/<host>/ior/}). */
    public Path hostIorDir(String host) {
        return hostDir(host).resolve("ior");
    }

    /** The start gate of a client host's JVMs, opened at the coordinator's start instant. */
    public Path hostStartGate(String host) {
        return hostDir(host).resolve("start");
    }

    /** What a host says about its part of the point: {@code hosts/<host>/host.log}. */
    public Path hostLog(String host) {
        return hostDir(host).resolve("host.log");
    }

    /** What the watcher sampled beside the point on this machine ({@code watch/}). */
    public WatchDirectory watch() {
        return new WatchDirectory(dir.resolve("watch"));
    }

    /** What a client host's watcher sampled on its machine ({@code hosts/<host>/watch/}). */
    public WatchDirectory hostWatch(String host) {
        return new WatchDirectory(hostDir(host).resolve("watch"));
    }

    /** What the watcher of a server's host sampled on its machine ({@code server/watch/}, or the server's). */
    public WatchDirectory serverHostWatch(ServerDirectory server) {
        return new WatchDirectory(server.dir().resolve("watch"));
    }

    /** How the coordinator ran the point's hosts ({@link HostsFile}). */
    public Path hostsJson() {
        return dir.resolve("hosts.json");
    }

    /**
     * Repetition {@code k} of the point ({@code orbscope run --repeat}): the point itself for the first,
     * {@code repetitions/<k>/} from the second on (its directory need not exist yet).
     */
    public PointDirectory repetition(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("repetitions count from 1, not " + k);
        }
        return k == 1 ? this : new PointDirectory(dir.resolve("repetitions").resolve(Integer.toString(k)));
    }

    /** The repetitions that exist: the point itself, then those under {@code repetitions/}, in number order. */
    public List<PointDirectory> repetitions() {
        List<PointDirectory> all = new ArrayList<>();
        all.add(this);
        numbered(dir.resolve("repetitions")).forEach(p -> all.add(new PointDirectory(p)));
        return all;
    }

    /** How the point's repetitions went ({@link RepeatFile}); absent for a point run once. */
    public Path repeatJson() {
        return dir.resolve("repeat.json");
    }

    /** The numbered subdirectories of {@code parent} (client JVMs), in number order. */
    private static List<Path> numbered(Path parent) {
        return subdirectories(parent).stream().filter(p -> p.getFileName().toString().matches("[0-9]+"))
                .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString()))).toList();
    }

    private static List<Path> subdirectories(Path parent) {
        if (!Files.isDirectory(parent)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            // An unreadable folder: the report says the client records are missing.
            return List.of();
        }
    }

    public Path reportDir() {
        return dir.resolve("report");
    }

    public Path stagesCsv() {
        return reportDir().resolve("stages.csv");
    }

    /** The stage table of one of several servers. */
    public Path stagesCsv(String server) {
        return reportDir().resolve("stages-" + server + ".csv");
    }

    public Path pointJson() {
        return reportDir().resolve("point.json");
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
