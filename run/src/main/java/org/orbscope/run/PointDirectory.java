package org.orbscope.run;

import java.nio.file.Path;

/**
 * One sweep point of a run:
 *
 * <pre>
 * &lt;point&gt;/
 *   point.yaml     the resolved scenario of this point
 *   status.json    how the runner's attempt ended ({@link PointStatus})
 *   server/        the server's files ({@link ServerDirectory})
 *   client/        the client's files ({@link ClientDirectory})
 *   report/        stages.csv ({@link StagesCsv}), point.json
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

    public ClientDirectory client() {
        return new ClientDirectory(dir.resolve("client"));
    }

    public Path reportDir() {
        return dir.resolve("report");
    }

    public Path stagesCsv() {
        return reportDir().resolve("stages.csv");
    }

    public Path pointJson() {
        return reportDir().resolve("point.json");
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}
