package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
 *   report/        stages.csv ({@link StagesCsv}) or stages-&lt;server&gt;.csv per monitored server, point.json
 * </pre>
 */
public final class PointDirectory {
    private final Path dir;

    public PointDirectory(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
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

    /** The directory of each server of {@code s}, by name, in the scenario's order. */
    public Map<String, ServerDirectory> servers(Scenario s) {
        Map<String, ServerDirectory> dirs = new LinkedHashMap<>();
        if (s.singleServer()) {
            dirs.put(ServerSpec.SINGLE, server());
        } else {
            for (ServerSpec server : s.servers()) {
                dirs.put(server.name(), new ServerDirectory(dir.resolve("servers").resolve(server.name())));
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

    /** The client directories that exist: {@code client/} and those under {@code clients/}, in number order. */
    public List<ClientDirectory> existingClients() {
        List<ClientDirectory> all = new ArrayList<>();
        if (Files.isDirectory(client().dir())) {
            all.add(client());
        }
        Path many = dir.resolve("clients");
        if (Files.isDirectory(many)) {
            try (Stream<Path> s = Files.list(many)) {
                s.filter(Files::isDirectory).sorted(Comparator.comparing(p -> {
                    String n = p.getFileName().toString();
                    return n.matches("[0-9]+") ? String.format("%09d", Integer.parseInt(n)) : n;
                })).forEach(p -> all.add(new ClientDirectory(p)));
            } catch (IOException e) {
                // An unreadable clients/ folder: the report says the client records are missing.
            }
        }
        return all;
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
