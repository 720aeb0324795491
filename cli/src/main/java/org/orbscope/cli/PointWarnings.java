package org.orbscope.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.Scenario;

/**
 * What a point's JVMs said that the terminal must not lose, as warning lines after the point's line: the ORB's
 * own "Thread pool exhausted" in a server's log, and a client that stopped sending because the server stopped
 * answering while the server itself was still running (overloaded, not dead).
 */
final class PointWarnings {
    /** JacORB's message when a POA's request pool has no thread left (jacorb.poa.thread_pool_max). */
    static final String POOL_EXHAUSTED = "Thread pool exhausted";

    private PointWarnings() {
    }

    static List<String> of(Scenario s, PointDirectory dir, PointStatus status, List<ClientSummary> clients) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, ServerDirectory> e : dir.servers(s).entrySet()) {
            Path log = e.getValue().log();
            long[] count = new long[1];
            String first = firstLine(log, POOL_EXHAUSTED, count);
            if (first != null) {
                lines.add("warning: " + (s.singleServer() ? "the server's ORB" : "the ORB of server '" + e.getKey() + "'")
                        + " said " + count[0] + " time(s): " + first.substring(first.indexOf(POOL_EXHAUSTED))
                        + " (" + log + ")");
            }
        }
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

    /** The first line of {@code log} that contains {@code text}, counting all such lines into {@code count[0]}. */
    private static String firstLine(Path log, String text, long[] count) {
        if (!Files.isRegularFile(log)) {
            return null;
        }
        String[] first = new String[1];
        try (Stream<String> lines = Files.lines(log)) {
            lines.filter(l -> l.contains(text)).forEach(l -> {
                if (count[0]++ == 0) {
                    first[0] = l;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        return first[0];
    }
}
