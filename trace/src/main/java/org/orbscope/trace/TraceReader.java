package org.orbscope.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.zip.CRC32;

/**
 * Streams the events of a trace file. {@link #open} reads the header and indexes the file (checking every
 * checksum and loading the dictionaries); {@link #read} then replays events in file order and
 * {@link #readMerged} in time order across threads. Memory grows with the number of threads and chunks,
 * not with the number of events.
 *
 * <p>A directory of ring segments ({@link TraceRing}) reads as one recording: its segments in order, the first
 * one kept being the recording's start. A thread's calls open at a segment's end pair with their exits in the
 * next one; read alone, a segment begins with exits that pair with nothing, as a recording attached mid-call does.
 *
 * <p>Damage costs only what it touches: a trace cut short reads up to its last whole chunk
 * ({@link #isTruncated}); a chunk whose checksum does not match is skipped, and a record header that makes no
 * sense is passed over to the next record whose checksum matches ({@link #damage}). Both readings mark the loss
 * with {@link EventType#CHUNK_LOST} events, and from there on pair no exit with an enter made before it: the
 * exits of those calls may have been in the hole. A thread's {@link EventType#DROPPED} marker (the agent had no
 * buffer for some of its events) is such a loss for that thread alone.
 *
 * <pre>{@code
 * try (TraceReader r = TraceReader.open(path)) {
 *     r.readMerged(e -> { if (e.type == EventType.METHOD_EXIT) ... });
 * }
 * }</pre>
 */
public final class TraceReader implements AutoCloseable {
    /** The trace file or segment directory, as opened. */
    private final Path path;
    /** The file being indexed, and its channel. */
    private Path file;
    private FileChannel channel;
    private final List<FileChannel> channels = new ArrayList<>();
    private final TraceHeader header;
    private final Dictionary dictionary = new Dictionary();
    private final List<Segment> segments = new ArrayList<>();
    private final long startNanos;
    private final long startEpochMillis;
    private boolean truncated;
    private String truncation;
    private final List<String> damage = new ArrayList<>();
    private long footerEvents = -1;
    private long footerDropped;
    private long footerErrors;
    private long footerEndNanos = -1;
    private long chunks;
    private long maxNanos = Long.MIN_VALUE;
    private long minNanos = Long.MAX_VALUE;
    /** Damaged stretches skipped so far while indexing: each thread segment knows how many lie before it. */
    private int lostStretches;

    /** Ids beyond this are damage, not a big trace: guards the dictionary lists against absurd growth. */
    private static final long MAX_DICTIONARY_ID = 1 << 24;
    /** Thread id of the marker segment standing where a damaged chunk was skipped. */
    private static final int LOST = -1;
    /** How many bytes of checksums a search for the next whole record may compute before it gives up. */
    private static final long RESYNC_BUDGET = 256L << 20;

    private final class Segment {
        final FileChannel channel = TraceReader.this.channel;
        final Path file = TraceReader.this.file;
        final int threadId;
        final long base;
        final int events;
        final long offset;
        final int length;
        /** Damaged stretches skipped before this segment in the file. */
        final int lostBefore;

        Segment(int threadId, long base, int events, long offset, int length, int lostBefore) {
            this.threadId = threadId;
            this.base = base;
            this.events = events;
            this.offset = offset;
            this.length = length;
            this.lostBefore = lostBefore;
        }
    }

    private TraceReader(Path path, FileChannel channel, Header header) {
        this.path = path;
        this.file = path;
        this.channel = channel;
        channels.add(channel);
        this.header = TraceHeader.of(header.info);
        if (header.damaged) {
            damage.add("the header's checksum does not match: its facts (host, options, clock calibration) may be wrong");
        }
        this.startNanos = this.header.startNanos();
        this.startEpochMillis = this.header.startEpochMillis();
    }

    /** Opens and indexes a trace. A file cut short reads up to its last whole chunk ({@link #isTruncated}). */
    public static TraceReader open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            return openSegments(path);
        }
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        try {
            TraceReader r = new TraceReader(path, ch, readHeader(path, ch));
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
    private static TraceReader openSegments(Path dir) throws IOException {
        List<Path> files = TraceRing.segments(dir);
        if (files.isEmpty()) {
            throw new TraceFormatException(dir + ": a directory without trace segments (files named like 000001.trace)");
        }
        TraceReader r = null;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path f = files.get(i);
                FileChannel ch;
                try {
                    ch = FileChannel.open(f, StandardOpenOption.READ);
                } catch (NoSuchFileException deleted) {
                    continue;
                }
                Header h;
                try {
                    h = readHeader(f, ch);
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    if (i == files.size() - 1 && r != null) {
                        break; // the ring has just created it
                    }
                    throw e;
                }
                if (r == null) {
                    r = new TraceReader(dir, ch, h);
                } else {
                    r.file = f;
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

    private static final class Header {
        final Map<String, String> info;
        final boolean damaged;

        Header(Map<String, String> info, boolean damaged) {
            this.info = info;
            this.damaged = damaged;
        }
    }

    private static Header readHeader(Path path, FileChannel ch) throws IOException {
        ByteBuffer h = ByteBuffer.allocate(TraceFormat.MAGIC.length + 6);
        if (readFully(ch, h, 0) < h.capacity()) {
            throw new TraceFormatException(path + ": not an orbscope trace (file too short for a header)");
        }
        byte[] magic = new byte[TraceFormat.MAGIC.length];
        h.get(magic);
        if (!Arrays.equals(magic, TraceFormat.MAGIC)) {
            throw new TraceFormatException(path + ": not an orbscope trace (bad magic)");
        }
        int version = h.getShort() & 0xFFFF;
        if (version != TraceFormat.VERSION) {
            throw new TraceFormatException(path + ": trace format version " + version + ", this reader reads "
                    + TraceFormat.VERSION);
        }
        int len = h.getInt();
        if (len < 0 || len > 1 << 20) {
            throw new TraceFormatException(path + ": damaged header (info length " + len + ")");
        }
        ByteBuffer text = ByteBuffer.allocate(len + 4);
        if (readFully(ch, text, h.capacity()) < text.capacity()) {
            throw new TraceFormatException(path + ": damaged header (cut short)");
        }
        CRC32 crc = new CRC32();
        crc.update(text.array(), 0, len);
        boolean damaged = (int) crc.getValue() != text.getInt(len);
        Map<String, String> info = new LinkedHashMap<>();
        for (String line : new String(text.array(), 0, len, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                info.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return new Header(info, damaged);
    }

    private static int readFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        int total = 0;
        while (b.hasRemaining()) {
            int n = ch.read(b, pos + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        b.flip();
        return total;
    }

    private void index() throws IOException {
        long pos = headerEnd();
        long size = channel.size();
        ByteBuffer head = ByteBuffer.allocate(TraceFormat.RECORD_HEADER);
        CRC32 crc = new CRC32();
        while (true) {
            if (pos == size) {
                truncate("no footer: the trace was not closed (the JVM died or is still running)");
                return;
            }
            head.clear();
            if (readFully(channel, head, pos) < TraceFormat.RECORD_HEADER) {
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
            readFully(channel, payload, pos + TraceFormat.RECORD_HEADER);
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
        segments.add(new Segment(LOST, 0, 0, offset, 0, lostStretches));
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
            readFully(channel, head, p);
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
            readFully(channel, payload, p + TraceFormat.RECORD_HEADER);
            budget -= len;
            crc.reset();
            crc.update(payload.array(), 0, len);
            if ((int) crc.getValue() == sum) {
                return p;
            }
        }
        return -1;
    }

    private long headerEnd() throws IOException {
        ByteBuffer h = ByteBuffer.allocate(4);
        readFully(channel, h, TraceFormat.MAGIC.length + 2);
        return TraceFormat.MAGIC.length + 2 + 4 + h.getInt() + 4;
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
            if (bytes < 0 || c.pos + bytes > len || thread < 0 || thread > MAX_DICTIONARY_ID) {
                throw new TraceFormatException(file + ": damaged segment in the chunk at offset " + fileOffset);
            }
            if (thread == EventType.DEFINITIONS_THREAD) {
                readDefinitions(new Cursor(data, c.pos, c.pos + bytes, file, fileOffset));
            } else {
                segments.add(new Segment(thread, base, events, fileOffset + c.pos, bytes, lostStretches));
                minNanos = Math.min(minNanos, base);
            }
            c.pos += bytes;
        }
    }

    private void readDefinitions(Cursor c) throws TraceFormatException {
        while (c.more()) {
            int tag = c.u8();
            long id = c.var();
            if (id <= 0 || id > MAX_DICTIONARY_ID) {
                throw c.damaged("definition id " + id + " out of range");
            }
            switch (tag) {
                case EventType.DEF_STRING: {
                    int n = (int) c.var();
                    Dictionary.put(dictionary.strings, id, c.utf8(n));
                    break;
                }
                case EventType.DEF_METHOD:
                    Dictionary.put(dictionary.methods, id, new long[] {c.var(), c.var(), c.var()});
                    break;
                case EventType.DEF_CLASS: {
                    long name = c.var();
                    c.var();
                    Dictionary.put(dictionary.classes, id, (int) name);
                    break;
                }
                case EventType.DEF_MONITOR: {
                    long cls = c.var();
                    long hash = c.var();
                    Dictionary.put(dictionary.monitors, id, new long[] {cls, hash});
                    break;
                }
                case EventType.DEF_ROLE:
                    Dictionary.put(dictionary.roles, id, (int) c.var());
                    break;
                case EventType.DEF_THREAD: {
                    long name = c.var();
                    long javaId = c.var();
                    Dictionary.put(dictionary.threads, id, new long[] {name, javaId});
                    break;
                }
                default:
                    throw c.damaged("unknown definition tag " + tag);
            }
        }
    }

    /** The header: JVM and host facts, the clock calibration, and what the agent and the profile added. */
    public TraceHeader header() {
        return header;
    }

    public Dictionary dictionary() {
        return dictionary;
    }

    public boolean isTruncated() {
        return truncated;
    }

    /** Why the trace counts as truncated, or null. */
    public String truncation() {
        return truncation;
    }

    /** What was skipped as damaged, one line each (empty for an undamaged trace). */
    public List<String> damage() {
        return Collections.unmodifiableList(damage);
    }

    /** How many damaged stretches of the file were skipped (each a chunk or more; 0 for an undamaged trace). */
    public int lostStretches() {
        return lostStretches;
    }

    /** Events the footer counts (-1 when truncated). */
    public long footerEvents() {
        return footerEvents;
    }

    /** Events the agent dropped (footer total; for a truncated trace, sum the DROPPED markers). */
    public long droppedEvents() {
        return footerDropped;
    }

    public long agentErrors() {
        return footerErrors;
    }

    public long chunks() {
        return chunks;
    }

    public long startNanos() {
        return startNanos;
    }

    /** The last nanoTime the trace knows of: the footer's end, or the last event's time once read. */
    public long endNanos() {
        return footerEndNanos >= 0 ? footerEndNanos : maxNanos;
    }

    /**
     * The earliest and the latest start of a segment of a thread's events (definitions aside), from the index
     * alone: the span of the recording before any event is read; {@code {startNanos(), startNanos()}} for a trace
     * without events. The last segment's events lie after its start.
     */
    public long[] segmentSpan() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Segment s : segments) {
            if (s.threadId != 0 && s.threadId != LOST) {
                first = Math.min(first, s.base);
                last = Math.max(last, s.base);
            }
        }
        return first == Long.MAX_VALUE ? new long[] {startNanos, startNanos} : new long[] {first, last};
    }

    /** Converts a trace nanoTime to epoch nanoseconds with the header's calibration. */
    public long toEpochNanos(long nanos) {
        return startEpochMillis * 1_000_000L + (nanos - startNanos);
    }

    /** Ids of the threads that have events, in order of their first segment. */
    public int[] threadIds() {
        return segments.stream().mapToInt(s -> s.threadId).filter(t -> t != LOST).distinct().toArray();
    }

    /**
     * Replays every event in file order (each thread's events in order; threads interleaved by chunk), with one
     * {@link EventType#CHUNK_LOST} event for all threads (thread id 0, {@code a} = 1) where a damaged stretch was
     * skipped.
     */
    public void read(EventVisitor visitor) throws IOException {
        Map<Integer, ThreadState> states = new HashMap<>();
        Event e = new Event();
        for (Segment s : segments) {
            if (s.threadId == LOST) {
                // Calls open before the hole may have ended in it: exits after it pair with nothing.
                states.values().forEach(ThreadState::forgetCalls);
                lostMarker(e, EventType.DEFINITIONS_THREAD, maxNanos, 1);
                visitor.onEvent(e);
                continue;
            }
            ThreadState st = states.computeIfAbsent(s.threadId, ThreadState::new);
            Cursor c = new Cursor(load(s), 0, s.length, s.file, s.offset);
            st.begin(s.base);
            while (c.more()) {
                st.decode(c, e, dictionary);
                maxNanos = Math.max(maxNanos, e.nanos);
                visitor.onEvent(e);
            }
        }
    }

    /**
     * Replays one thread's events in order ({@code threadId} as in {@link #threadIds}); reads only that thread's
     * segments.
     */
    public void readThread(int threadId, EventVisitor visitor) throws IOException {
        ThreadState st = new ThreadState(threadId);
        Event e = new Event();
        for (Segment s : segments) {
            if (s.threadId == LOST) {
                st.forgetCalls();
                continue;
            }
            if (s.threadId != threadId) {
                continue;
            }
            Cursor c = new Cursor(load(s), 0, s.length, s.file, s.offset);
            st.begin(s.base);
            while (c.more()) {
                st.decode(c, e, dictionary);
                maxNanos = Math.max(maxNanos, e.nanos);
                visitor.onEvent(e);
            }
        }
    }

    private static void lostMarker(Event e, int threadId, long nanos, long stretches) {
        e.type = EventType.CHUNK_LOST;
        e.flags = 0;
        e.threadId = threadId;
        e.nanos = nanos;
        e.cpuNanos = -1;
        e.key = 0;
        e.a = stretches;
        e.b = 0;
        e.c = 0;
        e.methodId = 0;
        e.enterNanos = 0;
        e.enterCpuNanos = -1;
        e.depth = 0;
    }

    /**
     * Replays every event in time order across threads (a k-way merge of the threads' streams). Where a thread's
     * stream crosses skipped damage, a {@link EventType#CHUNK_LOST} event of that thread comes before its first
     * event after the damage ({@code a} = the damaged stretches crossed; its events before may be missing,
     * its first included when the damage came before its first segment), and that thread's exits from there on
     * pair with no enter made before.
     */
    public void readMerged(EventVisitor visitor) throws IOException {
        Map<Integer, List<Segment>> byThread = new LinkedHashMap<>();
        for (Segment s : segments) {
            if (s.threadId != LOST) {
                byThread.computeIfAbsent(s.threadId, k -> new ArrayList<>()).add(s);
            }
        }
        PriorityQueue<Stream> heap = new PriorityQueue<>((x, y) -> Long.compare(x.next.nanos, y.next.nanos));
        for (Map.Entry<Integer, List<Segment>> t : byThread.entrySet()) {
            Stream st = new Stream(t.getKey(), t.getValue());
            if (st.advance()) {
                heap.add(st);
            }
        }
        while (!heap.isEmpty()) {
            Stream st = heap.poll();
            maxNanos = Math.max(maxNanos, st.next.nanos);
            visitor.onEvent(st.next);
            if (st.advance()) {
                heap.add(st);
            }
        }
    }

    /** One thread's events, decoded one ahead, reading one segment at a time. */
    private final class Stream {
        final List<Segment> list;
        final ThreadState state;
        final Event next = new Event();
        int index = -1;
        Cursor cursor;
        /** Damaged stretches this stream has crossed. */
        int lostSeen;

        Stream(int thread, List<Segment> list) {
            this.list = list;
            this.state = new ThreadState(thread);
        }

        boolean advance() throws IOException {
            while (cursor == null || !cursor.more()) {
                if (++index >= list.size()) {
                    return false;
                }
                Segment s = list.get(index);
                cursor = new Cursor(load(s), 0, s.length, s.file, s.offset);
                state.begin(s.base);
                if (s.lostBefore > lostSeen) {
                    state.forgetCalls();
                    lostMarker(next, state.thread, s.base, s.lostBefore - lostSeen);
                    lostSeen = s.lostBefore;
                    return true;
                }
            }
            state.decode(cursor, next, dictionary);
            return true;
        }
    }

    private byte[] load(Segment s) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(s.length);
        if (readFully(s.channel, b, s.offset) < s.length) {
            throw new TraceFormatException(s.file + ": file changed while reading (segment at " + s.offset + ")");
        }
        return b.array();
    }

    @Override
    public void close() throws IOException {
        for (FileChannel c : channels) {
            c.close();
        }
    }

    /** Per-thread decoding state: the time and CPU bases and the call stack used to pair exits with enters. */
    private static final class ThreadState {
        final int thread;
        long last;
        long lastCpu;
        int depth;
        int[] methods = new int[64];
        long[] enterNanos = new long[64];
        long[] enterCpu = new long[64];

        ThreadState(int thread) {
            this.thread = thread;
        }

        void begin(long base) {
            last = base;
            lastCpu = 0;
        }

        void forgetCalls() {
            depth = 0;
        }

        void decode(Cursor c, Event e, Dictionary dict) throws TraceFormatException {
            int tag = c.u8();
            e.type = tag & EventType.MASK;
            e.flags = tag & ~EventType.MASK;
            e.threadId = thread;
            last += c.var();
            e.nanos = last;
            e.cpuNanos = -1;
            e.key = 0;
            e.a = 0;
            e.b = 0;
            e.c = 0;
            e.methodId = 0;
            e.enterNanos = 0;
            e.enterCpuNanos = -1;
            e.depth = depth;
            switch (e.type) {
                case EventType.METHOD_ENTER:
                    e.methodId = (int) c.var();
                    readCpu(c, e);
                    if ((e.flags & EventType.FLAG_KEY) != 0) {
                        e.key = c.var();
                    }
                    push(e);
                    break;
                case EventType.METHOD_EXIT:
                    readCpu(c, e);
                    pop(e);
                    break;
                case EventType.THREAD_END:
                case EventType.PARK_END:
                    break;
                case EventType.THREAD_NAME:
                    e.b = c.var();
                    long[] t = thread < dict.threads.size() ? dict.threads.get(thread) : null;
                    if (t != null) {
                        t[0] = e.b;
                    }
                    break;
                case EventType.MONITOR_CONTENDED:
                case EventType.MONITOR_ENTERED:
                case EventType.MONITOR_EXIT:
                case EventType.WAIT_END:
                case EventType.NOTIFY:
                case EventType.AGENT_ERRORS:
                    e.a = c.var();
                    break;
                case EventType.DROPPED:
                    e.a = c.var();
                    // The dropped events may hold exits of calls open here: pair none of them with a later exit.
                    forgetCalls();
                    break;
                case EventType.THREAD_START:
                case EventType.WAIT_BEGIN:
                case EventType.PARK_BEGIN:
                case EventType.ALLOCATION:
                case EventType.PROCESS_SAMPLE:
                case EventType.REQUEST_NAME:
                    e.a = c.var();
                    e.b = c.var();
                    break;
                case EventType.GC:
                    e.a = c.var();
                    e.b = c.var();
                    e.c = c.var();
                    break;
                case EventType.JFR_MONITOR_ENTER:
                case EventType.JFR_MONITOR_WAIT:
                case EventType.JFR_THREAD_PARK: {
                    long z = c.var();
                    e.nanos = last + ((z >>> 1) ^ -(z & 1));
                    e.a = c.var();
                    e.b = c.var();
                    e.c = c.var();
                    e.key = c.var();
                    break;
                }
                default:
                    throw c.damaged("unknown event type " + e.type);
            }
        }

        private void readCpu(Cursor c, Event e) throws TraceFormatException {
            if ((e.flags & EventType.FLAG_CPU) != 0) {
                long z = c.var();
                lastCpu += (z >>> 1) ^ -(z & 1);
                e.cpuNanos = lastCpu;
            }
        }

        private void push(Event e) {
            if (depth == methods.length) {
                methods = Arrays.copyOf(methods, depth * 2);
                enterNanos = Arrays.copyOf(enterNanos, depth * 2);
                enterCpu = Arrays.copyOf(enterCpu, depth * 2);
            }
            e.depth = depth;
            methods[depth] = e.methodId;
            enterNanos[depth] = e.nanos;
            enterCpu[depth] = e.cpuNanos;
            depth++;
        }

        private void pop(Event e) {
            if (depth == 0) {
                // An exit whose enter was dropped or happened before recording started (attach).
                e.depth = -1;
                return;
            }
            depth--;
            e.depth = depth;
            e.methodId = methods[depth];
            e.enterNanos = enterNanos[depth];
            e.enterCpuNanos = enterCpu[depth];
        }
    }

    /** Bounds-checked varint decoding over one byte range; damage becomes a TraceFormatException. */
    static final class Cursor {
        final byte[] data;
        int pos;
        final int end;
        final Path path;
        final long fileOffset;

        Cursor(byte[] data, int pos, int end, Path path, long fileOffset) {
            this.data = data;
            this.pos = pos;
            this.end = end;
            this.path = path;
            this.fileOffset = fileOffset;
        }

        boolean more() {
            return pos < end;
        }

        int u8() throws TraceFormatException {
            if (pos >= end) {
                throw damaged("event cut short");
            }
            return data[pos++] & 0xFF;
        }

        long var() throws TraceFormatException {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (pos >= end) {
                    throw damaged("number cut short");
                }
                byte b = data[pos++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw damaged("number too long");
        }

        String utf8(int n) throws TraceFormatException {
            if (n < 0 || pos + n > end) {
                throw damaged("string cut short");
            }
            String s = new String(data, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }

        TraceFormatException damaged(String what) {
            return new TraceFormatException(path + ": damaged data near offset " + (fileOffset + pos) + ": " + what);
        }
    }
}
