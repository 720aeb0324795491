package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether a monitored server left the trace it was asked for, and if not, why in the agent's own words: the agent
 * never stops the application it watches, so when it cannot start or write, the server runs on unmonitored and
 * says why only in its log. A point without its trace is not ok ({@link PointRunner}).
 */
final class MissingTrace {
    /** What the agent prints when it gives up, from the first line that says one of these. */
    private static final List<String> GIVING_UP = List.of("runs unmonitored", "not started", "cannot start",
            "trace writing stopped");

    private MissingTrace() {
    }

    /**
     * Null when {@code server} holds a trace with something in it (a file with bytes, or a ring's directory with a
     * segment that has); else what is missing and, when its log says, why.
     */
    static String of(ServerDirectory server) throws IOException {
        Path trace = server.trace();
        String missing;
        if (!Files.exists(trace)) {
            missing = "no " + trace.getFileName();
        } else if (!written(trace)) {
            missing = "an empty " + trace.getFileName();
        } else {
            return null;
        }
        String why = agentSays(server.log());
        return "monitoring was asked for, but the agent left " + missing + (why == null ? "" : ": " + why)
                + "; see " + server.log();
    }

    private static boolean written(Path trace) throws IOException {
        if (!Files.isDirectory(trace)) {
            return Files.size(trace) > 0;
        }
        try (Stream<Path> segments = Files.list(trace)) {
            return segments.anyMatch(p -> p.getFileName().toString().endsWith(".trace") && p.toFile().length() > 0);
        }
    }

    /** The agent's reason for giving up, from the server's log; null when it gave none. */
    private static String agentSays(Path log) {
        if (!Files.isRegularFile(log)) {
            return null;
        }
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.startsWith("orbscope"))
                    .filter(l -> GIVING_UP.stream().anyMatch(l::contains))
                    .findFirst().orElse(null);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }
}
