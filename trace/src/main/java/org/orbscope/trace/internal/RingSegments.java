package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.trace.TraceHeader;

/**
 * A recording kept as a ring of segment files within its {@link TraceRing}'s bounds, on the writer thread. It closes
 * a segment (footer) and opens the next (the recording's header, then, in its first two chunks, every definition made
 * so far with the same ids, but those of retired threads) between two chunks, so each segment reads on its own; it
 * deletes the oldest closed segments past the bounds, and writes what it holds as one trace ({@link #writeDump}).
 */
final class RingSegments {
    private final TraceRing ring;
    private final Path dir;
    private final Map<String, String> header;
    private final Tally tally;
    private long number;
    private Path path;
    private long start;
    private long headerBytes;
    private RecordWriter file;
    private final ArrayDeque<Closed> closed = new ArrayDeque<>();
    private long closedBytes;
    private boolean deleteReported;
    /**
     * Every definition written so far but those of threads, encoded: the first chunks of each later segment repeat
     * them, and then the threads not retired.
     */
    private byte[] log = new byte[0];
    private int logBytes;
    private int logEvents;
    /** How many of the current segment's next chunks start with every definition so far. */
    private int fresh;

    /** A segment the ring has closed: where its chunks lie and what its footer counts. */
    private static final class Closed {
        final Path path;
        final long bodyStart;
        final long bodyEnd;
        final long size;
        final long[] counts;
        final long endNanos;

        Closed(Path path, long bodyStart, long bodyEnd, long size, long[] counts, long endNanos) {
            this.path = path;
            this.bodyStart = bodyStart;
            this.bodyEnd = bodyEnd;
            this.size = size;
            this.counts = counts;
            this.endNanos = endNanos;
        }
    }

    /**
     * Starts the ring in {@code dir} (created if missing; segment files a former recording left there are deleted
     * first) with its first segment.
     */
    RingSegments(TraceRing ring, Path dir, Map<String, String> header, Tally tally, long now) throws IOException {
        this.ring = ring;
        this.dir = dir;
        this.header = header;
        this.tally = tally;
        Files.createDirectories(dir);
        for (Path old : TraceRing.segments(dir)) {
            Files.deleteIfExists(old);
        }
        open(now);
    }

    /** The segment being written. */
    RecordWriter file() {
        return file;
    }

    /** Appends definitions just written (other than threads') to the log a new segment repeats. */
    void log(ThreadBuffer b) {
        if (log.length - logBytes < b.pos) {
            log = Arrays.copyOf(log, Math.max(logBytes + b.pos, log.length * 2));
        }
        System.arraycopy(b.data, 0, log, logBytes, b.pos);
        logBytes += b.pos;
        logEvents += b.events;
    }

    /** Whether the next chunk opens a new segment, and so repeats every definition ({@link #putFresh}). */
    boolean fresh() {
        return fresh > 0;
    }

    /** Bytes {@link #putFresh} writes at most, with {@code live} the threads' definitions. */
    int freshBytes(ThreadBuffer live) {
        return logBytes + 30 + live.pos + 30;
    }

    /** Writes every definition so far but threads', then {@code live}, the threads' not retired, into a chunk. */
    void putFresh(ByteBuffer out, ThreadBuffer live) {
        RecordWriter.segment(out, TraceFormat.DEFINITIONS_THREAD, 0, logEvents, log, logBytes);
        RecordWriter.segment(out, live.threadId, live.baseNanos, live.events, live.data, live.pos);
        fresh--;
    }

    /** Closes the current segment once it is full or old, then trims the ring. */
    void rotateIfDue(long now) throws IOException {
        if (file.written() - headerBytes >= ring.segmentBytes() || now - start >= ring.segmentNanos()) {
            rotate(now);
        }
    }

    /** Closes the current segment (its footer ending at {@code now}), opens the next, and trims the ring. */
    void rotate(long now) throws IOException {
        long footerAt = file.written();
        long[] counts = tally.footer(file, now);
        file.close();
        closed.add(new Closed(path, headerBytes, footerAt, file.written(), counts, now));
        closedBytes += file.written();
        open(now);
        trim(now);
    }

    /** Starts the next segment file with the recording's header. */
    private void open(long now) throws IOException {
        number++;
        path = TraceRing.segmentFile(dir, number);
        file = RecordWriter.create(path);
        start = now;
        tally.markFile();
        Map<String, String> h = new LinkedHashMap<>(header);
        h.put(TraceHeader.RING_SEGMENT, Long.toString(number));
        headerBytes = file.header(h);
        // The first segment's definitions come with its chunks as they are made; a later one's open its first two
        // chunks, so that one damaged chunk does not leave the segment without names.
        fresh = number > 1 ? 2 : 0;
    }

    /** Deletes the oldest closed segments while the ring holds more than its size, or they ended before its age. */
    private void trim(long now) {
        while (!closed.isEmpty()) {
            Closed oldest = closed.peekFirst();
            boolean tooBig = closedBytes + file.written() > ring.maxBytes();
            boolean tooOld = now - oldest.endNanos > ring.maxAgeNanos();
            if (!tooBig && !tooOld) {
                return;
            }
            closed.pollFirst();
            closedBytes -= oldest.size;
            try {
                Files.deleteIfExists(oldest.path);
            } catch (IOException e) {
                if (!deleteReported) {
                    deleteReported = true;
                    System.err.println("orbscope: cannot delete the ring's oldest segment " + oldest.path + ": " + e);
                }
            }
        }
    }

    /**
     * Writes the closed segments as one trace file: one header (the recording's), their chunks in order (their
     * repeated definitions included, which redefine the same ids), and a footer that totals them; written to a
     * temporary file first and moved into place, so a dump is whole or absent.
     */
    void writeDump(Path target, long startNanos) throws IOException {
        Path abs = target.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        long[] total = new long[4];
        long end = startNanos;
        try (RecordWriter out = RecordWriter.create(tmp)) {
            out.header(header);
            for (Closed s : closed) {
                out.copy(s.path, s.bodyStart, s.bodyEnd);
                for (int i = 0; i < total.length; i++) {
                    total[i] += s.counts[i];
                }
                end = s.endNanos;
            }
            out.footer(total[0], total[1], total[2], end, System.currentTimeMillis(), total[3]);
        }
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
