package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bounds of a recording kept as a ring of segment files, and where the segments live. A ring keeps at most
 * {@link #maxBytes} (the closed segments; the segment being written may add up to one segment more) and drops
 * closed segments that ended more than {@link #maxAgeNanos} ago, oldest first. A segment closes once it holds
 * {@link #segmentBytes} or is {@link #segmentNanos} old: an eighth of each bound, so a ring holds about eight
 * segments and what it drops at a time is an eighth of what it keeps (as JDK Flight Recorder's chunks do).
 *
 * <p>Segments are numbered files {@code 000001.trace}, {@code 000002.trace}, ... in one directory; each is a
 * whole trace (header, the dictionaries so far, chunks, footer), and the numbers order them.
 */
public final class TraceRing {
    private static final Pattern SEGMENT = Pattern.compile("([0-9]{6,})\\.trace");
    /** Smallest segment: below it the per-segment dictionaries would outweigh the events. */
    private static final long MIN_SEGMENT_BYTES = 64 * 1024;
    private static final long MIN_SEGMENT_NANOS = 1_000_000_000L;

    private final long maxBytes;
    private final long maxAgeNanos;
    private final long segmentBytes;
    private final long segmentNanos;

    private TraceRing(long maxBytes, long maxAgeNanos, long segmentBytes, long segmentNanos) {
        this.maxBytes = maxBytes;
        this.maxAgeNanos = maxAgeNanos;
        this.segmentBytes = segmentBytes;
        this.segmentNanos = segmentNanos;
    }

    /** A ring bounded by size and/or age; 0 leaves that bound off (one of them must be set). */
    public static TraceRing of(long maxBytes, long maxAgeNanos) {
        if (maxBytes < 0 || maxAgeNanos < 0 || (maxBytes == 0 && maxAgeNanos == 0)) {
            throw new IllegalArgumentException("a ring needs a positive maxsize or maxage");
        }
        long bytes = maxBytes == 0 ? Long.MAX_VALUE : Math.max(MIN_SEGMENT_BYTES, maxBytes / 8);
        long nanos = maxAgeNanos == 0 ? Long.MAX_VALUE : Math.max(MIN_SEGMENT_NANOS, maxAgeNanos / 8);
        return new TraceRing(maxBytes == 0 ? Long.MAX_VALUE : maxBytes, maxAgeNanos == 0 ? Long.MAX_VALUE : maxAgeNanos, bytes, nanos);
    }

    /** The same bounds with segments of the given size (for tests and benchmarks that want many small segments). */
    public TraceRing segmentBytes(long bytes) {
        return new TraceRing(maxBytes, maxAgeNanos, Math.max(1, bytes), segmentNanos);
    }

    public long maxBytes() {
        return maxBytes;
    }

    public long maxAgeNanos() {
        return maxAgeNanos;
    }

    public long segmentBytes() {
        return segmentBytes;
    }

    public long segmentNanos() {
        return segmentNanos;
    }

    /** The directory of the ring a recording to {@code out} keeps: {@code out} with {@code .d} appended. */
    public static Path directoryFor(Path out) {
        return out.resolveSibling(out.getFileName() + ".d");
    }

    /** The file of segment {@code number} in {@code dir}. */
    static Path segmentFile(Path dir, long number) {
        return dir.resolve(String.format("%06d.trace", number));
    }

    /** The number of a segment file: 3 for {@code 000003.trace}. */
    static long number(Path segment) {
        Matcher m = SEGMENT.matcher(segment.getFileName().toString());
        if (!m.matches()) {
            throw new IllegalArgumentException(segment + " is not a ring segment");
        }
        return Long.parseLong(m.group(1));
    }

    /** Whether {@code dir} is a directory holding at least one segment file. */
    public static boolean isSegmentDirectory(Path dir) throws IOException {
        return Files.isDirectory(dir) && !segments(dir).isEmpty();
    }

    /** The segment files of {@code dir}, oldest first (by number, not by name: numbers may outgrow six digits). */
    public static List<Path> segments(Path dir) throws IOException {
        List<long[]> numbered = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                Matcher m = SEGMENT.matcher(p.getFileName().toString());
                if (m.matches() && Files.isRegularFile(p)) {
                    numbered.add(new long[] {Long.parseLong(m.group(1)), files.size()});
                    files.add(p);
                }
            }
        }
        numbered.sort((a, b) -> Long.compare(a[0], b[0]));
        List<Path> out = new ArrayList<>();
        for (long[] n : numbered) {
            out.add(files.get((int) n[1]));
        }
        return out;
    }
}
