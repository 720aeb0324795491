package org.orbscope.run;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
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
 *   client/        the client's files ({@link ClientDirectory})
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
