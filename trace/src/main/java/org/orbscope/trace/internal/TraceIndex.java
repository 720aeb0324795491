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
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.orbscope.trace.TraceFormatException;

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
     * (the recording then starts later); a segment not closed is truncation when it is the last (still being
     * written), damage otherwise.
     */
    private static TraceIndex openSegments(Path dir) throws IOException {
        List<Path> files = TraceRing.segments(dir);
        if (files.isEmpty()) {
            throw new TraceFormatException(dir + ": a directory without trace segments (files named like 000001.trace)");
        }
        TraceIndex r = null;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path f = files.get(i);
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
                    throw e;
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
                r.index();
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
        if (r.truncated) {
            r.footerEvents = -1;
        }
        return r;
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
        damage.add(why);
        lostStretches++;
        segments.add(new Segment(channel, file, Segment.LOST, 0, 0, offset, 0, lostStretches));
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
