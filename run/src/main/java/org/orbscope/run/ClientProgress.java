package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * {@code client/progress.json}: how far a client JVM is, rewritten whole (temporary file and rename) every second
 * while it runs and once more when it ends, so that {@code orbscope run} shows a point's progress while it runs
 * without reading the growing request rows. Its response times are the client's HdrHistogram of the requests
 * answered so far, so those of several clients add up exactly ({@link PointProgress}).
 *
 * @param expected requests the client means to send: its schedule's and the counts of its closed processes;
 *     null when a closed process runs for a duration (its count is an outcome)
 * @param sent requests that went on the wire so far (answered, failed or in flight)
 * @param completed requests answered {@code ok} so far
 * @param failed requests that ended otherwise so far (an exception)
 * @param elapsedSec from the schedule's time zero to this record (0 before it)
 * @param response response times (from the intended send time) of the {@code ok} requests after the warm-up,
 *     in nanoseconds: HdrHistogram's compressed encoding in Base64; null before the first
 * @param ended the client has ended: these are its last figures and summary.json holds its statistics
 */
public record ClientProgress(Long expected, long sent, long completed, long failed, double elapsedSec,
                             String response, boolean ended) {
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** A record whose response times are {@code response} (empty: none yet). */
    public static ClientProgress of(Long expected, long sent, long completed, long failed, double elapsedSec,
                                    Histogram response, boolean ended) {
        return new ClientProgress(expected, sent, completed, failed, elapsedSec,
                response.getTotalCount() == 0 ? null : encode(response), ended);
    }

    /** The response times as a histogram in nanoseconds (empty when none were measured yet). */
    @JsonIgnore
    public Histogram responseHistogram() throws IOException {
        if (response == null) {
            return new Histogram(3);
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(response)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IOException("progress.json: the response histogram does not decode: " + e.getMessage(), e);
        }
    }

    private static String encode(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        byte[] bytes = new byte[n];
        b.flip().get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    public static ClientProgress read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return JSON.readValue(in, ClientProgress.class);
        }
    }
}
