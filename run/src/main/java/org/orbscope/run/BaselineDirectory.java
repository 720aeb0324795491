package org.orbscope.run;

import java.nio.file.Path;

/**
 * What {@code orbscope baseline} writes:
 *
 * <pre>
 * &lt;dir&gt;/
 *   server/ready, server/server.log     the socket echo server's ready file and console
 *   client/socket.json                  {@link SocketFigures}: what the socket client measured
 *   client/client.log                   its console
 *   report.md                           the socket figures, and the ORB's beside them when a run was given
 *   socket.csv                          one row per socket case (round trips and streams)
 *   comparison.csv                      per ORB target: its mean response, the socket's, and their ratio
 *   baseline.json                       all of it
 * </pre>
 */
public record BaselineDirectory(Path dir) {
    public Path serverReady() {
        return dir.resolve("server").resolve("ready");
    }

    public Path serverLog() {
        return dir.resolve("server").resolve("server.log");
    }

    public Path socketJson() {
        return dir.resolve("client").resolve("socket.json");
    }

    public Path clientLog() {
        return dir.resolve("client").resolve("client.log");
    }

    public Path reportMd() {
        return dir.resolve("report.md");
    }

    public Path socketCsv() {
        return dir.resolve("socket.csv");
    }

    public Path comparisonCsv() {
        return dir.resolve("comparison.csv");
    }

    public Path json() {
        return dir.resolve("baseline.json");
    }
}
