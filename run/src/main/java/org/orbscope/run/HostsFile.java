package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code points/<point>/hosts.json}: how the coordinator of {@code orbscope run} ran a point on hosts. All instants
 * are epoch nanoseconds on the coordinator's clock, the common time axis of the point's records: a client host
 * records on its own clock plus the offset its ping exchange measured ({@code clockOffsetNs}, the coordinator's
 * clock minus the host's, from the exchange with the shortest round trip).
 *
 * @param naming the naming service the hosts registered through
 * @param startEpochNs the one start instant every client host was given, or null when the barrier never released
 * @param barrier Beekhuis's sync server for this point
 * @param hosts every host the point needed, with how its part went
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HostsFile(String naming, Long startEpochNs, Barrier barrier, List<Host> hosts) {
    /** The host ran its part and every JVM of it exited 0. */
    public static final String OK = "ok";
    /** The host reported its part with a JVM that failed, or an error. */
    public static final String FAILED = "failed";
    /** The host had not registered (or was not alive) when the point began: it ran nothing. */
    public static final String MISSING = "missing";
    /** The host stopped calling the coordinator during the point: what it shipped until then is kept. */
    public static final String DEAD = "dead";
    /** The host reached the barrier after it had released the others: it ran nothing. */
    public static final String MISSED_START = "missed-start";
    /** The host had not reported its results when the coordinator stopped waiting: what it shipped is kept. */
    public static final String LATE = "late";
    /** The run was interrupted while the host ran its part. */
    public static final String INTERRUPTED = "interrupted";

    /**
     * The barrier: released when every host expected had arrived, or {@code timeoutMs} after the first arrival.
     *
     * @param expected hosts that were to arrive (those that started their JVMs without an error)
     * @param arrived hosts that arrived before the release
     */
    public record Barrier(long timeoutMs, Long firstArrivalEpochNs, Long releasedEpochNs, int expected, int arrived) {
    }

    /**
     * One host of the point.
     *
     * @param role {@code clients} or {@code server}
     * @param server the server a server host ran, by its name in {@code servers:} (a host may run several, each
     *     with a line of its own); null for the one server of {@code server:} and for client hosts
     * @param firstInstance the number of its first client JVM among the point's (seeds the JVMs' draws)
     * @param clockOffsetNs the coordinator's clock minus the host's, measured at the start of the point
     * @param roundTripNs the round trip of the ping exchange the offset comes from
     * @param clockSamples pings exchanged
     * @param barrierArrivalEpochNs when the host reached the barrier (its JVMs had all checked their targets)
     * @param gateOpenedEpochNs when the host opened its JVMs' start gate, having heard the start instant
     * @param status {@link #OK}, {@link #FAILED}, {@link #MISSING}, {@link #DEAD}, {@link #MISSED_START},
     *     {@link #LATE} or {@link #INTERRUPTED}
     * @param exit the worst exit code of its JVMs, when it reported
     * @param error why its status is not ok
     * @param bytesReceived bytes of result files it shipped
     * @param lastContactEpochNs its last call to the coordinator
     * @param reportedEpochNs when it reported its part finished
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Host(String name, String role, String server, String address, Integer instances, Integer firstInstance,
                       Long clockOffsetNs, Long roundTripNs, Integer clockSamples, Long barrierArrivalEpochNs,
                       Long gateOpenedEpochNs, String status, Integer exit, String error, long bytesReceived,
                       Long lastContactEpochNs, Long reportedEpochNs) {
        public static final String CLIENTS = "clients";
        public static final String SERVER = "server";

        public boolean ok() {
            return OK.equals(status);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    public static HostsFile read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return JSON.readValue(in, HostsFile.class);
        }
    }
}
