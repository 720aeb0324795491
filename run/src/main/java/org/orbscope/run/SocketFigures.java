package org.orbscope.run;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code client/socket.json} of {@code orbscope baseline}: what raw loopback sockets did with the scenario's
 * payload sizes, written by the socket client once it is done.
 *
 * @param roundTrips per request/reply size: the time from writing a request to having read its reply
 * @param streams per write size: a one-way stream of such writes (TTCP's figure)
 */
public record SocketFigures(List<RoundTrip> roundTrips, List<Stream> streams) {

    /**
     * Request/reply over one connection, one request at a time, after {@code warmup} unmeasured ones. Octets are
     * those put on the socket (at least 1 each way: a round trip needs a byte to carry it).
     *
     * @param cutShort the case ran out of its time bound before its requests were done
     */
    public record RoundTrip(int requestOctets, int replyOctets, long warmup, long requests, double meanUs,
                            double p5Us, double p50Us, double p95Us, double p99Us, double maxUs, boolean cutShort) {
    }

    /**
     * A one-way stream of {@code writeOctets}-octet writes, timed from the first write until the receiver has
     * said how much it read (after the sender shut its output).
     */
    public record Stream(int writeOctets, long writes, long bytes, double seconds, double mbPerSec,
                         double usPerWrite) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    public static SocketFigures read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return JSON.readValue(in, SocketFigures.class);
        }
    }
}
