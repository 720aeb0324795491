package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code server/ready}: written by the server once it serves (after its warm-up calls); the port it listens on
 * and when it became ready. The time is in the file, not left to its modification time, which a copy of the
 * run directory does not keep; post-processing tells the server's own warm-up calls apart by it.
 *
 * <pre>
 * port=41237
 * ready_epoch_ns=1763928306123456789
 * </pre>
 */
public record ReadyFile(int port, long readyEpochNs) {
    /** A ready time that is not known (the file is missing or does not say). */
    public static final long UNKNOWN = Long.MIN_VALUE;

    /** Ready now, on {@code port}. */
    public static ReadyFile now(int port) {
        Instant now = Instant.now();
        return new ReadyFile(port, now.getEpochSecond() * 1_000_000_000L + now.getNano());
    }

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, "port=" + port + "\nready_epoch_ns=" + readyEpochNs + "\n");
    }

    /**
     * The file's content; a missing field is 0 (port) or {@link #UNKNOWN} (time).
     *
     * @throws NoSuchFileException when there is no ready file
     */
    public static ReadyFile read(Path file) throws IOException {
        int port = 0;
        long ready = UNKNOWN;
        for (String line : Files.readAllLines(file)) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = line.substring(0, eq).trim();
            String value = line.substring(eq + 1).trim();
            try {
                if (key.equals("port")) {
                    port = Integer.parseInt(value);
                } else if (key.equals("ready_epoch_ns")) {
                    ready = Long.parseLong(value);
                }
            } catch (NumberFormatException e) {
                // A damaged field stays unknown; the rest of the file still counts.
            }
        }
        return new ReadyFile(port, ready);
    }

    /** The ready time in the file, or {@link #UNKNOWN} when there is no readable file. */
    public static long readyEpochNs(Path file) {
        try {
            return read(file).readyEpochNs();
        } catch (IOException e) {
            return UNKNOWN;
        }
    }
}
