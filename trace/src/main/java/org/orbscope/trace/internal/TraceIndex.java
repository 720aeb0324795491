package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32;
import org.orbscope.trace.RingGap;
import org.orbscope.trace.TraceFormatException;
import org.orbscope.trace.TraceHeader;

/**
 * The index of a recording (a trace file, or a ring's directory of segments read as one): where each thread's
 * segments lie, the dictionaries, the footers' totals, and what was skipped as damaged or cut off. Opening checks
 * every record's checksum; memory grows with the threads and chunks, not with the events.
 *
 * <p>Damage costs only what it touches: a chunk whose checksum does not match is skipped, and a record header that
 * makes no sense is passed over to the next record whose checksum matches; each such stretch leaves a
 * {@link Segment#LOST} entry where it was. A file that ends without a footer, or inside a record, is truncated.
 */
public final class TraceIndex implements AutoCloseable {
    /** How many bytes of checksums a search for the next whole record may compute before it gives up. */
    private static final long RESYNC_BUDGET = 256L << 20;

    /** The trace file or segment directory, as opened. */
    private final Path path;
    /** The file being indexed, and its channel. */
    private Path file;
    private FileChannel channel;
    private final List<FileChannel> channels = new ArrayList<>();
    private final Map<String, String> info;
    private final DictionaryTables tables = new DictionaryTables();
    final List<Segment> segments = new ArrayList<>();
    private boolean truncated;
    private String truncation;
    private final List<String> damage = new ArrayList<>();
    private long footerEvents = -1;
    private long footerDropped;
    private long footerErrors;
    private long footerEndNanos = -1;
    private long chunks;
    /** Damaged stretches skipped so far while indexing: each thread segment knows how many lie before it. */
    private int lostStretches;
    /** The footer's end time of the file being indexed, or -1 before its footer. */
    private long footerEndOfFile = -1;
    /** A ring directory's missing segments, in order. */
    private final List<RingGap> gaps = new ArrayList<>();
    /** The latest event time read so far (the readers report it). */
    long maxNanos = Long.MIN_VALUE;

    private TraceIndex(Path path, FileChannel channel, HeaderFormat.Header header) {
        this.path = path;
        this.file = path;
        this.channel = channel;
        channels.add(channel);
        this.info = header.info;
        if (header.damaged) {
            damage.add("the header's checksum does not match: its facts (host, options, clock calibration) may be wrong");
        }
    }

    /** Opens and indexes a trace file or a ring's segment directory. */
    public static TraceIndex open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            return openSegments(path);
        }
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            TraceIndex r = new TraceIndex(path, ch, HeaderFormat.read(path, ch));
            r.index();
            return r;
        } catch (IOException | RuntimeException e) {
            ch.close();
            if (e instanceof IOException) {
                throw (IOException) e;
            }
            throw new TraceFormatException(path + ": unreadable trace (" + e + ")");
        }
    }

    /**
     * Opens a ring's segment directory as one recording. A segment the ring deleted after the listing is skipped
     * when no segment before it was read (the recording then starts later); a segment not closed is truncation when
     * it is the last (still being written), damage otherwise. Segments missing between two read ones, or whose
     * header does not read, are a {@link RingGap}: named in {@link #damage}, marked as a skipped stretch.
     */
    private static TraceIndex openSegments(Path dir) throws IOException {
        List<Path> files = TraceRing.segments(dir);
        if (files.isEmpty()) {
            throw new TraceFormatException(dir + ": a directory without trace segments (files named like 000001.trace)");
        }
        TraceIndex r = null;
        RingGaps gaps = new RingGaps();
        IOException unreadable = null;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path f = files.get(i);
                long number = TraceRing.number(f);
                FileChannel ch;
                try {
                    ch = FileChannel.open(f, StandardOpenOption.READ);
                } catch (NoSuchFileException deleted) {
                    continue;
                }
                HeaderFormat.Header h;
                try {
                    h = HeaderFormat.read(f, ch);
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    if (i == files.size() - 1 && r != null) {
                        break; // the ring has just created it
                    }
                    unreadable = e instanceof IOException ? (IOException) e
                            : new TraceFormatException(f + ": unreadable trace segment (" + e + ")");
                    gaps.unreadable(number, e.getMessage());
                    continue;
                }
                if (r == null) {
                    r = new TraceIndex(dir, ch, h);
                } else {
                    r.channel = ch;
                    r.channels.add(ch);
                    if (h.damaged) {
                        r.damage.add(f + ": the header's checksum does not match");
                    }
                }
                r.file = f;
                if (r.truncated) {
                    r.damage.add(r.truncation);
                    r.truncated = false;
                    r.truncation = null;
                }
                gaps.before(r, number);
                r.index();
                gaps.after(r, number);
            }
        } catch (IOException | RuntimeException e) {
            if (r != null) {
                r.close();
            }
            if (e instanceof IOException) {
                throw (IOException) e;
            }
            throw new TraceFormatException(dir + ": unreadable trace segment (" + e + ")");
        }
        if (r == null) {
            throw unreadable != null ? unreadable
                    : new TraceFormatException(dir + ": every segment was deleted while it was being opened");
        }
        gaps.atEnd(r);
        if (r.truncated) {
            r.footerEvents = -1;
        }
        return r;
    }

    /**
     * The gaps of a ring's directory as its segments are indexed in order: a segment whose number does not follow
     * the last one read opens a gap, which ends at that segment's first event.
     */
    private static final class RingGaps {
        /** The number of the last segment read; -1 before the first. */
        private long last = -1;
        /** Where the last segment read ends: its footer's time, else its latest event segment's. */
        private long lastEnd = RingGap.UNKNOWN_START;
        /** The unreadable segments since the last one read: number and why. */
        private final Map<Long, String> unreadable = new LinkedHashMap<>();
        /** The gap the segment being indexed closes: its first and last missing number, where its marker lies. */
        private long first = -1;
        private int marker;
        private int damageLine;

        void unreadable(long number, String why) {
            unreadable.put(number, why);
        }

        /** Before indexing segment {@code number}: marks a gap before it, if there is one. */
        void before(TraceIndex r, long number) {
            long from = last >= 0 ? last + 1 : unreadable.isEmpty() ? number : unreadable.keySet().iterator().next();
            first = from < number ? from : -1;
            if (first >= 0) {
                marker = r.segments.size();
                damageLine = r.damage.size();
                r.lost(r.file, 0, "");
            }
            r.footerEndOfFile = -1;
        }

        /** After indexing segment {@code number}: names the gap before it, now that its first event is known. */
        void after(TraceIndex r, long number) {
            long lastBase = Long.MIN_VALUE;
            long firstBase = Long.MAX_VALUE;
            for (int i = first >= 0 ? marker + 1 : marker; i < r.segments.size(); i++) {
                Segment s = r.segments.get(i);
                if (!s.isLost() && s.file.equals(r.file)) {
                    firstBase = Math.min(firstBase, s.base);
                    lastBase = Math.max(lastBase, s.base);
                }
            }
            if (first >= 0) {
                // A buffer handed over after a rotation may have begun before it: the gap ends no sooner than it begins.
                long to = firstBase == Long.MAX_VALUE ? RingGap.UNKNOWN_END : Math.max(firstBase, lastEnd);
                RingGap g = new RingGap(first, number - 1, lastEnd, to, cause());
                r.gaps.add(g);
                r.damage.set(damageLine, g.describe(r.startNanos()));
            }
            last = number;
            lastEnd = r.footerEndOfFile >= 0 ? r.footerEndOfFile
                    : lastBase == Long.MIN_VALUE ? RingGap.UNKNOWN_START : lastBase;
            marker = r.segments.size();
            unreadable.clear();
            first = -1;
        }

        /** Unreadable segments after the last one read (but the one the ring is writing) are a gap at the end. */
        void atEnd(TraceIndex r) {
            if (unreadable.isEmpty()) {
                return;
            }
            long firstMissing = unreadable.keySet().iterator().next();
            long lastMissing = firstMissing;
            for (long n : unreadable.keySet()) {
                lastMissing = n;
            }
            RingGap g = new RingGap(firstMissing, lastMissing, lastEnd, RingGap.UNKNOWN_END, cause());
            r.gaps.add(g);
            r.lost(r.file, 0, g.describe(r.startNanos()));
        }

        private String cause() {
            if (unreadable.isEmpty()) {
                return "no file";
            }
            StringBuilder b = new StringBuilder();
            for (Map.Entry<Long, String> e : unreadable.entrySet()) {
                b.append(b.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%06d", e.getKey()))
                        .append(" unreadable: ").append(e.getValue());
            }
            return b.toString();
        }
    }

    private void index() throws IOException {
        long pos = HeaderFormat.end(channel);
        long size = channel.size();
        ByteBuffer head = ByteBuffer.allocate(TraceFormat.RECORD_HEADER);
        CRC32 crc = new CRC32();
        while (true) {
            if (pos == size) {
                truncate("no footer: the trace was not closed (the JVM died or is still running)");
                return;
            }
            head.clear();
            if (HeaderFormat.readFully(channel, head, pos) < TraceFormat.RECORD_HEADER) {
                truncate("record at offset " + pos + " is cut short");
                return;
            }
            byte kind = head.get();
            int len = head.getInt();
            int sum = head.getInt();
            boolean plausible = (kind == TraceFormat.CHUNK || kind == TraceFormat.FOOTER) && len >= 0
                    && len <= TraceFormat.MAX_RECORD;
            if (!plausible || pos + TraceFormat.RECORD_HEADER + len > size) {
                long next = nextRecord(pos + 1, size);
                if (next < 0) {
                    if (plausible) {
                        truncate("chunk at offset " + pos + " is cut short");
                    } else {
                        truncate("damaged record header at offset " + pos + " and no whole record after it");
                    }
                    return;
                }
                lost(pos, "unreadable record header at offset " + pos + ": " + (next - pos) + " bytes skipped");
                pos = next;
                continue;
            }
            ByteBuffer payload = ByteBuffer.allocate(len);
            HeaderFormat.readFully(channel, payload, pos + TraceFormat.RECORD_HEADER);
            crc.reset();
            crc.update(payload.array(), 0, len);
            long dataStart = pos + TraceFormat.RECORD_HEADER;
            if ((int) crc.getValue() != sum) {
                // The length may be the damaged part: go on at the next record whose checksum matches.
                long next = nextRecord(pos + 1, size);
                lost(pos, "checksum mismatch in the " + (kind == TraceFormat.FOOTER ? "footer" : "chunk")
                        + " at offset " + pos + " (" + ((next < 0 ? size : next) - pos) + " bytes skipped)");
                if (next < 0) {
                    truncate("no whole record after the damaged one at offset " + pos);
                    return;
                }
                pos = next;
                continue;
            }
            if (kind == TraceFormat.FOOTER) {
                Cursor c = new Cursor(payload.array(), 0, len, file, dataStart);
                // A ring's segments each count their own part.
                footerEvents = Math.max(footerEvents, 0) + c.var();
                footerDropped += c.var();
                footerErrors += c.var();
                footerEndNanos = c.var();
                footerEndOfFile = footerEndNanos;
                c.var();
                c.var();
                return;
            }
            chunks++;
            try {
                indexChunk(payload.array(), len, dataStart);
            } catch (TraceFormatException e) {
                // A chunk whose checksum matches but whose content does not parse: written damaged. Its segments
                // indexed before the damage stay; the rest of the chunk is lost.
                lost(pos, e.getMessage());
            }
            pos = dataStart + len;
        }
    }

    /** Records a skipped stretch of the file and marks its place in the event stream. */
    private void lost(long offset, String why) {
        lost(file, offset, why);
    }

    /** Records a skipped stretch (of {@code where}, or a ring's missing segments) and marks its place. */
    private void lost(Path where, long offset, String why) {
        damage.add(why);
        lostStretches++;
        segments.add(new Segment(channel, where, Segment.LOST, 0, 0, offset, 0, lostStretches));
    }

    /**
     * The offset of the first whole record (a chunk or the footer whose checksum matches) at or after
     * {@code from}, or -1. Bounded: a search that would checksum more than {@link #RESYNC_BUDGET} bytes gives up.
     */
    private long nextRecord(long from, long size) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(TraceFormat.RECORD_HEADER);
        CRC32 crc = new CRC32();
        long budget = RESYNC_BUDGET;
        for (long p = from; p + TraceFormat.RECORD_HEADER <= size && budget > 0; p++) {
            head.clear();
            HeaderFormat.readFully(channel, head, p);
            byte kind = head.get();
            if (kind != TraceFormat.CHUNK && kind != TraceFormat.FOOTER) {
                continue;
            }
            int len = head.getInt();
            int sum = head.getInt();
            if (len <= 0 || len > TraceFormat.MAX_RECORD || p + TraceFormat.RECORD_HEADER + len > size) {
                continue;
            }
            ByteBuffer payload = ByteBuffer.allocate(len);
            HeaderFormat.readFully(channel, payload, p + TraceFormat.RECORD_HEADER);
            budget -= len;
            crc.reset();
            crc.update(payload.array(), 0, len);
            if ((int) crc.getValue() == sum) {
                return p;
            }
        }
        return -1;
    }

    private void truncate(String why) {
        truncated = true;
        truncation = file.equals(path) ? why : file + ": " + why;
    }

    private void indexChunk(byte[] data, int len, long fileOffset) throws TraceFormatException {
        Cursor c = new Cursor(data, 0, len, file, fileOffset);
        while (c.pos < len) {
            int thread = (int) c.var();
            long base = c.var();
            int events = (int) c.var();
            int bytes = (int) c.var();
            if (bytes < 0 || c.pos + bytes > len || thread < 0 || thread > DefinitionReader.MAX_ID) {
                throw new TraceFormatException(file + ": damaged segment in the chunk at offset " + fileOffset);
            }
            if (thread == TraceFormat.DEFINITIONS_THREAD) {
                DefinitionReader.read(new Cursor(data, c.pos, c.pos + bytes, file, fileOffset), tables);
            } else {
                segments.add(new Segment(channel, file, thread, base, events, fileOffset + c.pos, bytes, lostStretches));
            }
            c.pos += bytes;
        }
    }

    /** The header's entries (the first segment's, for a ring: all segments hold the same). */
    public Map<String, String> info() {
        return Collections.unmodifiableMap(info);
    }

    public DictionaryTables tables() {
        return tables;
    }

    public boolean isTruncated() {
        return truncated;
    }

    public String truncation() {
        return truncation;
    }

    public List<String> damage() {
        return Collections.unmodifiableList(damage);
    }

    /** A ring directory's missing segments, in order (empty for a trace file). */
    public List<RingGap> gaps() {
        return Collections.unmodifiableList(gaps);
    }

    /** The header's calibration {@code nanoTime} (0 when missing). */
    private long startNanos() {
        try {
            return Long.parseLong(info.getOrDefault(TraceHeader.START_NANOS, "0").trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public int lostStretches() {
        return lostStretches;
    }

    public long footerEvents() {
        return footerEvents;
    }

    public long footerDropped() {
        return footerDropped;
    }

    public long footerErrors() {
        return footerErrors;
    }

    public long chunks() {
        return chunks;
    }

    /** The footer's end time, or the latest event time read so far when there is no footer; MIN_VALUE: neither. */
    public long endNanos() {
        return footerEndNanos >= 0 ? footerEndNanos : maxNanos;
    }

    /** The earliest and the latest base time of a thread's segment, or null when no thread has events. */
    public long[] segmentSpan() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Segment s : segments) {
            if (s.threadId != TraceFormat.DEFINITIONS_THREAD && !s.isLost()) {
                first = Math.min(first, s.base);
                last = Math.max(last, s.base);
            }
        }
        return first == Long.MAX_VALUE ? null : new long[] {first, last};
    }

    /** Ids of the threads that have events, in order of their first segment. */
    public int[] threadIds() {
        return segments.stream().mapToInt(s -> s.threadId).filter(t -> t != Segment.LOST).distinct().toArray();
    }

    @Override
    public void close() throws IOException {
        for (FileChannel c : channels) {
            c.close();
        }
    }
}
