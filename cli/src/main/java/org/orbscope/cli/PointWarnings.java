package org.orbscope.cli;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointStatus;

/**
 * What a point's JVMs said that the terminal must not lose, as warning lines after the point's line: a client that
 * stopped sending because the server stopped answering while the server itself was still running (overloaded, not
 * dead). The ORB's own word that a pool ran out (JacORB's "Thread pool exhausted") is the verdict's: a reason on the
 * point's line ({@code server.pool-exhausted}), read from the server's log by the point's checks.
 */
final class PointWarnings {
    private PointWarnings() {
    }

    static List<String> of(PointStatus status, List<ClientSummary> clients) {
        List<String> lines = new ArrayList<>();
        boolean serversRan = status.serverExit() != null ? status.serverExit() == 0
                : status.serverExits() != null && status.serverExits().values().stream().allMatch(c -> c != null && c == 0);
        for (ClientSummary c : clients) {
            if (c.error() != null && c.error().contains("stopped answering")) {
                lines.add("warning: the client gave up: " + c.error() + (serversRan ? "; the server was still "
                        + "running and stopped cleanly: overloaded, not dead" : ""));
                break;
            }
        }
        return lines;
    }
}
