package org.orbscope.run;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code client/summary.json}: what the client measured, written once at its end (also when it is stopped by a
 * signal). Response times count from each request's intended send time, so a late send is part of the response
 * (no coordinated omission); the first {@code warmupExcluded} requests are left out of {@code response} and
 * {@code lateness}. Statistics are null when no request was measured.
 *
 * @param sent requests that went on the wire (answered or failed)
 * @param completed requests answered normally ({@code ok})
 * @param failed requests sent but not answered normally: answered with an exception (TRANSIENT, COMM_FAILURE,
 *     ...) or never answered ({@code no_reply}, when the client stopped before the reply came); {@code outcomes}
 *     tells them apart
 * @param notSent requests of the schedule that were never sent
 * @param durationSec from the first intended send to the end of sending and waiting
 * @param complete every request of the schedule was sent and answered normally
 * @param interrupted the client was stopped by a signal before its schedule ended
 * @param error why the client stopped early, or null
 * @param cpuSec CPU time the client JVM used from just before the first request to the end (every thread: the
 *               invokers, the ORB's, the recorder, GC), or null when not known
 * @param threadsStarted threads the client JVM started in that time (JacORB starts one per deferred DII
 *                       request), or null when not known
 * @param startEpochNs the schedule's time zero (epoch ns, on the time axis of requests.csv); null when unknown
 * @param processing the client's own processing between calls (a process's {@code processing}), which holds the
 *                   calling thread and is in no request's response time; null when no process has any
 * @param connect the client's connections opened: each timed from its first call's start to that call's reply
 *                (the TCP connection, then one {@code _non_existent} round trip), those opened before the run and
 *                the fresh ones a process opens before its sessions or requests, which no response time includes
 */
public record ClientSummary(long sent, long completed, long failed, long notSent, long warmupExcluded,
                            double durationSec, double achievedRatePerSec, double offeredRatePerSec,
                            Response response, Lateness lateness, Map<String, Long> outcomes, boolean complete,
                            boolean interrupted, String error, Double cpuSec, Long threadsStarted,
                            Long startEpochNs, Processing processing, Connect connect, Sessions sessions) {

    /** Response-time statistics in milliseconds. */
    public record Response(Double meanMs, Double p5Ms, Double p50Ms, Double p90Ms, Double p95Ms, Double p99Ms,
                           Double maxMs) {
    }

    /**
     * The client's processing after replies: how many replies were processed, and the mean and total wall time
     * from each reply to the calling thread being free again.
     */
    public record Processing(long count, Double meanMs, double totalSec) {
    }

    /**
     * Connections opened: how many, and the mean and longest time from the first call on a connection to its reply.
     */
    public record Connect(long count, Double meanMs, Double maxMs) {
    }

    /**
     * The sessions of the closed processes that walk one: how many ended, and how many were cut by the end of the
     * run (a client stopped after some of a session's calls, by its process's count or duration).
     */
    public record Sessions(long completed, long cut) {
    }

    /** How late requests were sent after their intended time, in microseconds. */
    public record Lateness(Double p50Us, Double p99Us, Double maxUs) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    public static ClientSummary read(Path file) throws IOException {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            return JSON.readValue(in, ClientSummary.class);
        }
    }
}
