package org.orbscope.hosts;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.orbscope.coordination.Refused;
import org.orbscope.run.ClientDirectory;

/**
 * Ships the files of a host's part of a point to the coordinator in chunks, as they grow: complete lines of the
 * files written row by row (requests, samples, logs, histograms), files written whole once they exist, each new
 * copy of a file rewritten whole as the JVMs run (a client's progress.json), and the rest (the agent's binary
 * trace) at the end. So a host that dies mid-point has already handed over what its JVMs recorded up to its last
 * shipment, and the coordinator sees the part's progress. A server's {@code ready} file goes last, after its
 * references. Empty files (markers such as a client's {@code checked}) are not shipped.
 */
final class Shipper {
    /** Bytes per call: large enough for few calls, small enough for the ORB's buffers. */
    static final int CHUNK = 256 * 1024;

    private final Session session;
    private final String point;
    private final String server;
    private final Path pointDir;
    private final Path base;
    private final Map<Path, Long> shipped = new HashMap<>();
    /** The last copy shipped of each file rewritten whole. */
    private final Map<Path, byte[]> replaced = new HashMap<>();
    private long bytes;

    /**
     * Ships the files under {@code base}, named by their path relative to {@code pointDir}, as the part of
     * {@code point} that runs {@code server} (empty: the clients, or the one server).
     */
    Shipper(Session session, String point, String server, Path pointDir, Path base) {
        this.session = session;
        this.point = point;
        this.server = server;
        this.pointDir = pointDir;
        this.base = base;
    }

    /** Ships what is new; {@code last}: everything, the files are complete. */
    synchronized void ship(boolean last) throws IOException, Refused {
        if (!Files.isDirectory(base)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(base)) {
            // Temporary files of atomic writes start with a dot: their content arrives under the real name.
            files = s.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing((Path f) -> f.getFileName().toString().equals("ready"))
                            .thenComparing(Comparator.naturalOrder())).toList();
        }
        for (Path f : files) {
            if (rewritten(f)) {
                replace(f);
                continue;
            }
            long from = shipped.getOrDefault(f, 0L);
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                long size = ch.size();
                long to = last ? size : shippable(f, ch, from, size);
                String name = pointDir.relativize(f).toString();
                while (from < to) {
                    int n = (int) Math.min(CHUNK, to - from);
                    ByteBuffer b = ByteBuffer.allocate(n);
                    while (b.hasRemaining() && ch.read(b, from + b.position()) >= 0) {
                        // read until the chunk is full
                    }
                    session.coordinator.put(session.id, point, server, name, from, b.array());
                    from += n;
                    bytes += n;
                    shipped.put(f, from);
                }
            }
        }
    }

    /** Whether the JVMs rewrite {@code f} whole as they run, rather than append to it or write it once. */
    private static boolean rewritten(Path f) {
        return f.getFileName().toString().equals(ClientDirectory.PROGRESS);
    }

    /** Ships a file rewritten whole when its content differs from the copy shipped last. */
    private void replace(Path f) throws IOException, Refused {
        byte[] now = Files.readAllBytes(f);
        if (now.length > 0 && !Arrays.equals(now, replaced.get(f))) {
            session.coordinator.replace(session.id, point, server, pointDir.relativize(f).toString(), now);
            replaced.put(f, now);
            bytes += now.length;
        }
    }

    /** Bytes shipped so far. */
    synchronized long bytes() {
        return bytes;
    }

    /** How far a file may be shipped while its JVM still writes it. */
    private static long shippable(Path f, FileChannel ch, long from, long size) throws IOException {
        String name = f.getFileName().toString();
        if (name.endsWith(".trace")) {
            return from; // the agent's binary trace: whole, at the end
        }
        if (name.endsWith(".csv") || name.endsWith(".log") || name.endsWith(".hlog")) {
            return lastLineEnd(ch, from, size);
        }
        return from == 0 ? size : from; // written whole (atomically) once
    }

    /** The position after the last newline in [from, size), or {@code from} when there is none. */
    private static long lastLineEnd(FileChannel ch, long from, long size) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(64 * 1024);
        long end = size;
        while (end > from) {
            long start = Math.max(from, end - b.capacity());
            b.clear().limit((int) (end - start));
            ch.read(b, start);
            for (int i = b.position() - 1; i >= 0; i--) {
                if (b.get(i) == '\n') {
                    return start + i + 1;
                }
            }
            end = start;
        }
        return from;
    }
}
