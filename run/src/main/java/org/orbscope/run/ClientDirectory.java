package org.orbscope.run;

import java.nio.file.Path;

/**
 * What a workload client writes (a point's {@code client/}, or {@code orbscope client --out DIR}):
 *
 * <pre>
 *   requests.csv     {@link RequestsCsv}: one row per request, appended as requests end
 *   latency.hlog     {@link LatencyLog}: response-time histograms, one interval per second
 *   progress.json    {@link ClientProgress}: how far the client is, rewritten every second while it runs
 *   summary.json     {@link ClientSummary}: counts and response statistics, written at the end
 *   client.log       the JVM's console output (when started by the runner)
 *   checked          written once every target answered, when several clients start together ({@link StartGate})
 * </pre>
 */
public record ClientDirectory(Path dir) {
    /** The name of {@link #progress()}: hosts ship each new copy of it whole. */
    public static final String PROGRESS = "progress.json";

    public Path requestsCsv() {
        return dir.resolve("requests.csv");
    }

    public Path latencyLog() {
        return dir.resolve("latency.hlog");
    }

    public Path progress() {
        return dir.resolve(PROGRESS);
    }

    public Path summary() {
        return dir.resolve("summary.json");
    }

    public Path checked() {
        return dir.resolve("checked");
    }

    public Path log() {
        return dir.resolve("client.log");
    }
}
