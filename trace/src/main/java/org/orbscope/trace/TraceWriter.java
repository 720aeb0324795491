package org.orbscope.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32;

/**
 * Writes a trace file from thread buffers on one writer thread. Producers take a buffer with
 * {@link #acquire}, fill it, and {@link #submit} it; neither call blocks. When the writer falls behind the
 * free pool runs dry, {@code acquire} returns null and the caller drops and counts ({@link #addDropped}).
 *
 * <p>Buffers change hands through a {@link BufferExchange}: no locks, no allocation, so a recording thread
 * never parks inside the recorder.
 *
 * <p>A writer opened with {@link #openRing} keeps the recording as a ring of segment files within the
 * {@link TraceRing}'s bounds. The writer thread closes a segment (footer) and opens the next (header, then every
 * definition made so far with the same ids, but those of threads retired by {@link #retireThread}) between two
 * chunks, so each segment reads on its own; it deletes the oldest closed segments past the bounds, and on request
 * ({@link #dump}) writes what the ring holds as one trace.
 */
public final class TraceWriter implements AutoCloseable {
    /** The file being written: the trace, or the ring's current segment. Writer thread only, once started. */
    private FileChannel channel;
    private final TraceRing ring;
    private final Path ringDir;
    /** The header's entries (calibration included), written at the top of every segment and of a dump. */
    private Map<String, String> headerInfo;
    /** Bytes written to the current file. */
    private long written;
    private long headerBytes;
    private Path segmentPath;
    private long segmentNumber;
    private long segmentStart;
    /** Totals when the current segment began: its footer counts what came after. */
    private long segEvents;
    private long segDropped;
    private long segErrors;
    private long segChunks;
    private final ArrayDeque<Closed> closed = new ArrayDeque<>();
    private long closedBytes;
    /**
     * Every definition written so far but those of threads, encoded: the first chunk of each later segment repeats
     * them, and then the threads of {@link #liveThreads}.
     */
    private byte[] defLog = new byte[0];
    private int defLogBytes;
    private int defLogEvents;
    /** How many of the current segment's next chunks start with {@link #defLog} (all definitions so far). */
    private int freshSegment;
    private boolean deleteReported;
    private final Object dumpLock = new Object();
    private volatile Path dumpRequest;
    private String dumpResult;
    private final BufferExchange exchange;
    /** The writer's longest pause between scans while buffers arrive slowly or not at all. */
    private static final long MAX_PAUSE_MILLIS = 100;
    /**
     * Submitted buffers and their bytes not yet written: a producer whose submission makes them a full chunk, or
     * half the pool, wakes the writer from its pause, so a burst never waits out a long pause for free buffers.
     */
    private final AtomicLong unwrittenBytes = new AtomicLong();
    private final AtomicInteger unwrittenBuffers = new AtomicInteger();
    private final ThreadBuffer[] batch;
    private final int chunkTarget;
    private final Thread thread;
    private final CRC32 crc = new CRC32();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private long events;
    private long chunks;
    private ByteBuffer chunk;
    private volatile boolean closing;
    /** Only the writer thread reads and sets it. */
    private boolean malformedReported;
    private volatile String failure;
    private long startNanos;

    // Dictionaries: defined rarely (class loading, thread start), so a plain lock is fine here.
    private final Object defLock = new Object();
    private final Map<String, Integer> stringIds = new HashMap<>();
    private int nextStringId = 1;
    private final Map<String, Integer> methodIds = new HashMap<>();
    private final Map<String, Integer> classIds = new HashMap<>();
    private final Map<String, Integer> monitorIds = new HashMap<>();
    /** Method id -> role string id, for the methods whose role is written. */
    private final Map<Integer, Integer> methodRoles = new HashMap<>();
    private int nextThreadId = 1;
    private ThreadBuffer defs = new ThreadBuffer(DEFS_BYTES);
    private final List<ThreadBuffer> defsFull = new ArrayList<>();
    /** Thread definitions, apart from the others: a ring's {@link #defLog} leaves them out. */
    private ThreadBuffer threadDefs = new ThreadBuffer(DEFS_BYTES);
    private final List<ThreadBuffer> threadDefsFull = new ArrayList<>();
    /** The defined threads not yet retired, by trace id, in the order defined. */
    private final Map<Integer, LiveThread> liveThreads = new LinkedHashMap<>();
    /** Threads retired, oldest first: {trace id, buffers submitted when it was retired}. */
    private final ArrayDeque<long[]> retiring = new ArrayDeque<>();
    /** Writer thread: how many of {@link #defsWriting}, from its start, are definitions other than threads'. */
    private int defsWritingLogged;
    /**
     * Written definitions buffers kept for reuse (one for the threads' definitions, one for the others), so steady
     * recording allocates none (a thread or monitor a millisecond).
     */
    private final List<ThreadBuffer> defsSpare = new ArrayList<>(2);
    /** Writer thread only: the definitions of the chunk being written. */
    private final List<ThreadBuffer> defsWriting = new ArrayList<>();
    /**
     * Writer thread: the definitions of the last chunk, written again in the next one. A definition is then lost
     * only with two chunks: one damaged chunk of definitions would otherwise leave every later event of its
     * methods, threads and roles without a name, and every request of a report incomplete.
     */
    private final List<ThreadBuffer> defsRepeat = new ArrayList<>();
    private static final int DEFS_BYTES = 64 * 1024;

    /**
     * Buffers allocated at open: 8 MiB of them (at least 8), enough for bursts of busy threads before the writer
     * first looks, while a large setting costs nothing until recording needs it; the writer adds more as it does
     * ({@link #growIfShort}).
     */
    private static int initialBuffers(int capacity, int bufferBytes) {
        int n = Math.min(capacity, Math.max(8, (8 << 20) / bufferBytes));
        while (n > 1 && !heapAllows(n, bufferBytes)) {
            n /= 2;
        }
        return n;
    }
    /** Once the pool cannot grow because the heap is nearly full, said once. */
    private boolean heapReported;

    private TraceWriter(FileChannel channel, TraceRing ring, Path ringDir, int buffers, int bufferBytes) {
        this.channel = channel;
        this.ring = ring;
        this.ringDir = ringDir;
        this.bufferBytes = bufferBytes;
        this.exchange = new BufferExchange(buffers, bufferBytes, initialBuffers(buffers, bufferBytes));
        this.batch = new ThreadBuffer[buffers];
        // The chunk is assembled in a direct buffer (see chunkBuffer); direct memory is the application's too, and
        // by default as large as its heap: take a sixteenth at most.
        long target = Math.min(Math.max(bufferBytes * 4L, 1 << 20), maxDirectMemory() / 16);
        if (ring != null) {
            target = Math.min(target, ring.segmentBytes() / 4); // segments end close to their size
        }
        this.chunkTarget = (int) Math.max(64 * 1024, target);
        this.thread = new Thread(this::loop, "orbscope-trace-writer");
        this.thread.setDaemon(true);
        defs.reset(EventType.DEFINITIONS_THREAD, 0);
        threadDefs.reset(EventType.DEFINITIONS_THREAD, 0);
    }

    private final int bufferBytes;

    /** The JVM's direct memory limit: {@code -XX:MaxDirectMemorySize}, which defaults to the heap's limit. */
    private static long maxDirectMemory() {
        try {
            String v = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("MaxDirectMemorySize").getValue();
            long limit = Long.parseLong(v);
            if (limit > 0) {
                return limit;
            }
        } catch (RuntimeException | LinkageError notHotSpot) {
            // another JVM: assume HotSpot's default
        }
        return Runtime.getRuntime().maxMemory();
    }

    /**
     * Whether {@code count} more buffers fit with a quarter of the heap left unused (garbage counted as used), so
     * the agent's memory never pushes the application towards an OutOfMemoryError: one thrown while the agent
     * allocates would still end a JVM run with {@code -XX:+ExitOnOutOfMemoryError}.
     */
    private static boolean heapAllows(int count, int bufferBytes) {
        Runtime rt = Runtime.getRuntime();
        long max = rt.maxMemory();
        if (max == Long.MAX_VALUE) {
            return true;
        }
        long unused = max - (rt.totalMemory() - rt.freeMemory());
        return unused - (long) count * bufferBytes > max / 4;
    }

    /**
     * Writer thread: allocates more buffers while few are free, doubling the pool up to its capacity, when the
     * heap allows; recording threads never allocate one, they drop and count while none is free.
     */
    private void growIfShort() {
        int n = exchange.allocated();
        if (n == exchange.capacity()) {
            return;
        }
        int free = exchange.free();
        if (free > n / 2) {
            return;
        }
        int add = Math.min(Math.max(4, n), exchange.capacity() - n);
        if (heapAllows(add, bufferBytes)) {
            exchange.grow(add);
        } else if (free == 0 && !heapReported) {
            heapReported = true;
            System.err.println("orbscope: the heap is nearly full, so the trace writer keeps " + n + " of up to " + exchange.capacity()
                    + " buffers; events that find none free are dropped and counted (the application runs on)");
        }
    }

    /**
     * Creates {@code file} and starts the writer thread. {@code info} goes into the header, next to the
     * nanoTime-to-epoch calibration taken now. {@code buffers} is how many buffers of {@code bufferBytes} the
     * writer may hold; it allocates them as recording needs them.
     */
    public static TraceWriter open(Path file, Map<String, String> info, int buffers, int bufferBytes) throws IOException {
        TraceWriter w = new TraceWriter(create(file), null, null, buffers, bufferBytes);
        w.headerInfo = calibrated(info, w);
        w.headerBytes = w.writeHeader(w.channel, w.headerInfo);
        w.thread.start();
        return w;
    }

    /**
     * Starts a recording kept as a ring of segments in {@code dir} (created if missing; segment files a former
     * recording left there are deleted first, as {@link #open} truncates its file). Otherwise as {@link #open}.
     */
    public static TraceWriter openRing(Path dir, TraceRing ring, Map<String, String> info, int buffers, int bufferBytes)
            throws IOException {
        Files.createDirectories(dir);
        for (Path old : TraceRing.segments(dir)) {
            Files.deleteIfExists(old);
        }
        TraceWriter w = new TraceWriter(null, ring, dir, buffers, bufferBytes);
        w.headerInfo = calibrated(info, w);
        w.openSegment(w.startNanos);
        w.thread.start();
        return w;
    }

    private static FileChannel create(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
    }

    /** {@code info} with the clock calibration taken now and the JVM's facts. */
    private static Map<String, String> calibrated(Map<String, String> info, TraceWriter w) {
        Map<String, String> all = new LinkedHashMap<>(info);
        long nanos = System.nanoTime();
        long millis = System.currentTimeMillis();
        w.startNanos = nanos;
        all.put(TraceHeader.START_NANOS, Long.toString(nanos));
        all.put(TraceHeader.START_EPOCH_MILLIS, Long.toString(millis));
        all.putIfAbsent(TraceHeader.JAVA_VERSION, System.getProperty("java.version"));
        all.putIfAbsent(TraceHeader.JAVA_VM_NAME, System.getProperty("java.vm.name"));
        all.putIfAbsent(TraceHeader.OS_NAME, System.getProperty("os.name"));
        all.putIfAbsent(TraceHeader.OS_ARCH, System.getProperty("os.arch"));
        all.putIfAbsent(TraceHeader.PROCESSORS, Integer.toString(Runtime.getRuntime().availableProcessors()));
        return all;
    }

    /** Writes the header to {@code ch}; returns its length. */
    private long writeHeader(FileChannel ch, Map<String, String> info) throws IOException {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : info.entrySet()) {
            b.append(e.getKey().replace('\n', ' ').replace('=', '_')).append('=')
                    .append(String.valueOf(e.getValue()).replace('\n', ' ')).append('\n');
        }
        byte[] text = b.toString().getBytes(StandardCharsets.UTF_8);
        ByteBuffer h = ByteBuffer.allocate(TraceFormat.MAGIC.length + 2 + 4 + text.length + 4);
        h.put(TraceFormat.MAGIC).putShort((short) TraceFormat.VERSION).putInt(text.length).put(text);
        crc.reset();
        crc.update(text, 0, text.length);
        h.putInt((int) crc.getValue());
        h.flip();
        int length = h.remaining();
        writeFully(ch, h);
        return length;
    }

    /** The nanoTime of the header's calibration instant ({@link TraceReader#startNanos} of this file). */
    public long startNanos() {
        return startNanos;
    }

    /** A free buffer reset for {@code threadId}, or null when the writer is behind (drop and count). */
    public ThreadBuffer acquire(int threadId, long nanos) {
        ThreadBuffer b = exchange.take();
        if (b != null) {
            b.reset(threadId, nanos);
        } else {
            LockSupport.unpark(thread); // the writer grows the pool or frees buffers; unpark takes no lock and allocates nothing
        }
        return b;
    }

    /** Hands a buffer to the writer thread. Never blocks. */
    public void submit(ThreadBuffer b) {
        if (b.isEmpty() || failure != null) {
            exchange.release(b);
            return;
        }
        // Counted before the hand-over, so the writer never takes away what was not added yet.
        long bytes = unwrittenBytes.addAndGet(b.pos);
        int buffers = unwrittenBuffers.incrementAndGet();
        exchange.submit(b);
        if ((bytes >= chunkTarget && bytes - b.pos < chunkTarget) || buffers == Math.max(1, exchange.allocated() / 2)) {
            LockSupport.unpark(thread);
        }
    }

    public void addDropped(long n) {
        dropped.addAndGet(n);
    }

    public void addErrors(long n) {
        errors.addAndGet(n);
    }

    public long dropped() {
        return dropped.get();
    }

    /** Errors added by the agent plus those of the writer itself (skipped malformed buffers): the footer's count. */
    public long errors() {
        return errors.get();
    }

    /** Why recording stopped (e.g. disk full), or null while it works. */
    public String failure() {
        return failure;
    }

    public int defineString(String s) {
        synchronized (defLock) {
            Integer id = stringIds.get(s);
            if (id != null) {
                return id;
            }
            int nid = nextStringId++;
            stringIds.put(s, nid);
            byte[] utf = s.getBytes(StandardCharsets.UTF_8);
            ensureDefRoom(utf.length + 16);
            putString(defs, nid, utf);
            return nid;
        }
    }

    private static void putString(ThreadBuffer b, int id, byte[] utf) {
        b.data[b.pos++] = (byte) EventType.DEF_STRING;
        b.putVarLong(id);
        b.putVarLong(utf.length);
        b.putBytes(utf);
        b.events++;
    }

    public int defineMethod(String className, String name, String descriptor) {
        return defineMethod(className, name, descriptor, null);
    }

    /**
     * A method with the stage role its profile gives it ({@link EventType#DEF_ROLE}); {@code role} may be null.
     * A role is written once per method, also when the method was defined before without one.
     */
    public int defineMethod(String className, String name, String descriptor, String role) {
        synchronized (defLock) {
            String k = className + '#' + name + descriptor;
            Integer id = methodIds.get(k);
            if (id == null) {
                int c = defineString(className);
                int n = defineString(name);
                int d = defineString(descriptor);
                id = methodIds.size() + 1;
                methodIds.put(k, id);
                def(EventType.DEF_METHOD, id, c, n, d);
            }
            if (role != null && !methodRoles.containsKey(id)) {
                int r = defineString(role);
                methodRoles.put(id, r);
                def(EventType.DEF_ROLE, id, r, -1, -1);
            }
            return id;
        }
    }

    public int defineClass(String className) {
        synchronized (defLock) {
            Integer id = classIds.get(className);
            if (id != null) {
                return id;
            }
            int c = defineString(className);
            int nid = classIds.size() + 1;
            classIds.put(className, nid);
            def(EventType.DEF_CLASS, nid, c, 0, -1);
            return nid;
        }
    }

    /** A monitor: its class and identity hash (identity hashes can collide; the pair rarely does). */
    public int defineMonitor(String className, int identityHash) {
        synchronized (defLock) {
            String k = className + '@' + identityHash;
            Integer id = monitorIds.get(k);
            if (id != null) {
                return id;
            }
            int c = defineString(className);
            int nid = monitorIds.size() + 1;
            monitorIds.put(k, nid);
            def(EventType.DEF_MONITOR, nid, c, identityHash & 0xFFFFFFFFL, -1);
            return nid;
        }
    }

    /**
     * A new trace thread id for a Java thread (ids are never reused, so a thread's stream is unambiguous). The
     * name is a string of the thread's own, not looked up among the others: servers name the threads they start
     * and end under load uniquely ({@code RequestProcessor-1049}), and a dictionary of every name would grow with
     * every thread for as long as the recording runs. Call {@link #retireThread} once nothing more is written
     * for the thread.
     */
    public int defineThread(String name, long javaThreadId) {
        synchronized (defLock) {
            int nid = nextThreadId++;
            LiveThread t = new LiveThread(nid, nextStringId++, name.getBytes(StandardCharsets.UTF_8), javaThreadId);
            t.define(threadDefsRoom(t.name.length));
            liveThreads.put(nid, t);
            return nid;
        }
    }

    /** The string id of a thread's name as defined or last renamed, for its start event; 0 once retired. */
    public int threadNameId(int traceThreadId) {
        synchronized (defLock) {
            LiveThread t = liveThreads.get(traceThreadId);
            return t == null ? 0 : t.nameId;
        }
    }

    /** The thread's new name (its name event's string), which a new segment repeats from now on. */
    public int renameThread(int traceThreadId, String name) {
        synchronized (defLock) {
            int nameId = nextStringId++;
            byte[] utf = name.getBytes(StandardCharsets.UTF_8);
            putString(threadDefsRoom(utf.length), nameId, utf);
            LiveThread t = liveThreads.get(traceThreadId);
            if (t != null) {
                t.nameId = nameId;
                t.name = utf;
            }
            return nameId;
        }
    }

    /** The threads' definitions buffer with room for a thread's name and definition. Holds defLock. */
    private ThreadBuffer threadDefsRoom(int nameBytes) {
        if (threadDefs.data.length - threadDefs.pos < nameBytes + 48) {
            threadDefsFull.add(threadDefs);
            threadDefs = freshDefs(nameBytes + 48);
        }
        return threadDefs;
    }

    /**
     * The thread will submit no more buffers: once the writer has written every buffer submitted before this
     * call, the thread's entry is dropped and later segments of a ring no longer repeat its definition, so a
     * recording's memory does not grow with the threads that come and go.
     */
    public void retireThread(int traceThreadId) {
        synchronized (defLock) {
            retiring.add(new long[] {traceThreadId, exchange.submittedCount()});
        }
    }

    /**
     * Writer thread: drops the retired threads whose buffers are all written (a writer held up, by a dump or a
     * slow disk, still repeats a thread whose last buffer it has yet to write); after a failure nothing more is
     * written.
     */
    private void completeRetirements() {
        synchronized (defLock) {
            long[] r;
            while ((r = retiring.peek()) != null && (failure != null || exchange.drainedUpTo(r[1]))) {
                retiring.poll();
                liveThreads.remove((int) r[0]);
            }
        }
    }

    /** A defined thread whose events may still come: its name, and what a new segment repeats of it. */
    private static final class LiveThread {
        final int id;
        int nameId;
        byte[] name;
        final long javaThreadId;

        LiveThread(int id, int nameId, byte[] name, long javaThreadId) {
            this.id = id;
            this.nameId = nameId;
            this.name = name;
            this.javaThreadId = javaThreadId;
        }

        void define(ThreadBuffer b) {
            putString(b, nameId, name);
            b.data[b.pos++] = (byte) EventType.DEF_THREAD;
            b.putVarLong(id);
            b.putVarLong(nameId);
            b.putVarLong(javaThreadId);
            b.events++;
        }
    }

    /** Writer thread: the definitions of the threads not retired, for a new segment's first chunks. */
    private ThreadBuffer liveThreadDefinitions() {
        synchronized (defLock) {
            int bytes = 0;
            for (LiveThread t : liveThreads.values()) bytes += t.name.length + 48;
            ThreadBuffer b = new ThreadBuffer(Math.max(bytes, 64));
            b.reset(EventType.DEFINITIONS_THREAD, 0);
            for (LiveThread t : liveThreads.values()) t.define(b);
            return b;
        }
    }

    /** A definition record: tag, id {@code a}, then {@code b}, and {@code c} and {@code d} unless negative. */
    private void def(int tag, long a, long b, long c, long d) {
        ensureDefRoom(48);
        defs.data[defs.pos++] = (byte) tag;
        defs.putVarLong(a);
        defs.putVarLong(b);
        if (c >= 0) {
            defs.putVarLong(c);
        }
        if (d >= 0) {
            defs.putVarLong(d);
        }
        defs.events++;
    }

    private void ensureDefRoom(int bytes) {
        if (defs.data.length - defs.pos < bytes) {
            defsFull.add(defs);
            defs = freshDefs(bytes * 2);
        }
    }

    /** An empty definitions buffer of at least {@code bytes}: the spare one when it is big enough. Holds defLock. */
    private ThreadBuffer freshDefs(int bytes) {
        ThreadBuffer b = null;
        for (int i = 0; i < defsSpare.size() && b == null; i++) {
            if (defsSpare.get(i).data.length >= bytes) {
                b = defsSpare.remove(i);
            }
        }
        if (b == null) {
            b = new ThreadBuffer(Math.max(DEFS_BYTES, bytes));
        }
        b.reset(EventType.DEFINITIONS_THREAD, 0);
        return b;
    }

    /** Writer thread: moves the definitions made so far into {@link #defsWriting}, threads' last. */
    private void takeDefinitions() {
        synchronized (defLock) {
            defsWriting.addAll(defsFull);
            defsFull.clear();
            if (!defs.isEmpty()) {
                defsWriting.add(defs);
                defs = freshDefs(0);
            }
            defsWritingLogged = defsWriting.size();
            defsWriting.addAll(threadDefsFull);
            threadDefsFull.clear();
            if (!threadDefs.isEmpty()) {
                defsWriting.add(threadDefs);
                threadDefs = freshDefs(0);
            }
        }
    }

    /**
     * Writer thread: the definitions just written are kept to be written again with the next chunk; those written
     * a second time are done with, and one of the usual size is kept as the spare.
     */
    private void recycleDefinitions() {
        synchronized (defLock) {
            for (ThreadBuffer b : defsRepeat) {
                if (defsSpare.size() < 2 && b.data.length == DEFS_BYTES) {
                    defsSpare.add(b);
                }
            }
        }
        defsRepeat.clear();
        defsRepeat.addAll(defsWriting);
        defsWriting.clear();
    }

    private void loop() {
        // Pauses between scans rather than waiting on a condition, because producers must not signal through a
        // lock. Parks rather than sleeps, so a producer can wake it (unpark takes no lock): one that found no
        // free buffer, or whose submission made a full chunk or half the pool wait to be written. Only a full
        // chunk (producers filling buffers fast) makes it look again at once and shortens the pause; a trickle of
        // part-filled buffers (threads that end, buffers handed over by age) lets the pause grow to its longest:
        // each wake-up costs a timer, two context switches and a small write on a core the application may
        // need, and a busy server's short-lived threads would otherwise wake it hundreds of times a second.
        long idleMillis = 1;
        int closingRounds = 0;
        while (true) {
            boolean stopping = closing;
            if (dumpRequest != null) {
                serveDump();
            }
            growIfShort();
            int n = exchange.drain(batch, chunkTarget, closingRounds >= 2);
            if (n > 0) {
                long bytes = writeDrained(n);
                if (stopping) {
                    continue; // closing: drain everything before counting the empty rounds
                }
                if (bytes >= chunkTarget / 2) {
                    idleMillis = 1;
                    continue;
                }
            } else {
                writeChunk(batch, 0); // definitions made meanwhile
            }
            if (stopping && ++closingRounds > 2) {
                return;
            }
            LockSupport.parkNanos((stopping ? 1 : idleMillis) * 1_000_000L);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            idleMillis = Math.min(MAX_PAUSE_MILLIS, idleMillis * 2);
        }
    }

    /** Writes the first {@code n} buffers of the batch as a chunk; returns their bytes. */
    private long writeDrained(int n) {
        long bytes = 0;
        for (int i = 0; i < n; i++) bytes += batch[i].pos;
        writeChunk(batch, n);
        unwrittenBytes.addAndGet(-bytes);
        unwrittenBuffers.addAndGet(-n);
        return bytes;
    }

    private void writeChunk(ThreadBuffer[] buffers, int count) {
        // Definitions first: any event in these buffers was encoded after its definitions were made.
        completeRetirements();
        takeDefinitions();
        List<ThreadBuffer> d = defsWriting;
        boolean wrote = false;
        if (failure == null) {
            try {
                if (ring != null) {
                    for (int i = 0; i < defsWritingLogged; i++) logDefinitions(d.get(i));
                    rotateIfDue(System.nanoTime());
                }
                if (count > 0 || !d.isEmpty() || freshSegment > 0) {
                    writeChunkRecord(buffers, count, d);
                    wrote = true;
                }
            } catch (IOException | RuntimeException | Error e) {
                // Besides the disk: a bug of ours or no memory for the chunk buffer. Uncaught, that would end this
                // thread and every buffer would stay taken: recording would drop everything without a word. So it
                // stops like a full disk does.
                failure = "trace writing stopped: " + (e instanceof IOException ? "" : "internal error ") + e;
                System.err.println("orbscope: " + failure + " (the application continues unmonitored)");
            }
        }
        for (int i = 0; i < count; i++) {
            if (failure != null) {
                dropped.addAndGet(buffers[i].events);
            }
            exchange.release(buffers[i]);
            buffers[i] = null;
        }
        if (wrote || failure != null) {
            // Without a chunk written, nothing is pending (no definitions taken) and the repeat waits for the next.
            recycleDefinitions();
        }
    }

    private void writeChunkRecord(ThreadBuffer[] buffers, int count, List<ThreadBuffer> d) throws IOException {
        int size = 0;
        ThreadBuffer live = null;
        if (freshSegment > 0) {
            live = liveThreadDefinitions();
            size += defLogBytes + 30 + live.pos + 30;
            for (int i = defsWritingLogged; i < d.size(); i++) size += d.get(i).pos + 30;
        } else {
            for (ThreadBuffer b : defsRepeat) size += b.pos + 30;
            for (ThreadBuffer b : d) size += b.pos + 30;
        }
        // Bounded by the storage, so a malformed position cannot overflow the size; its copy fails below.
        for (int i = 0; i < count; i++) size += Math.min(buffers[i].pos, buffers[i].data.length) + 30;
        ByteBuffer out = chunkBuffer(TraceFormat.RECORD_HEADER + size);
        out.position(TraceFormat.RECORD_HEADER);
        if (freshSegment > 0) {
            segment(out, EventType.DEFINITIONS_THREAD, 0, defLogEvents, defLog, defLogBytes);
            segment(out, live);
            // The names threads took since the last chunk: a rename event written in this chunk needs its string.
            for (int i = defsWritingLogged; i < d.size(); i++) segment(out, d.get(i));
            freshSegment--;
        } else {
            for (ThreadBuffer b : defsRepeat) segment(out, b);
            for (ThreadBuffer b : d) segment(out, b);
        }
        for (int i = 0; i < count; i++) {
            int mark = out.position();
            try {
                segment(out, buffers[i]);
                events += buffers[i].events;
            } catch (RuntimeException e) {
                // A malformed buffer (a bug of ours) is lost alone: the rest of the chunk, and the trace, go on.
                out.position(mark);
                skipMalformed(buffers[i], e);
            }
        }
        record(channel, out, TraceFormat.CHUNK);
        chunks++;
    }

    /** Writer thread: appends a definitions buffer to {@link #defLog}. */
    private void logDefinitions(ThreadBuffer b) {
        if (defLog.length - defLogBytes < b.pos) {
            defLog = java.util.Arrays.copyOf(defLog, Math.max(defLogBytes + b.pos, defLog.length * 2));
        }
        System.arraycopy(b.data, 0, defLog, defLogBytes, b.pos);
        defLogBytes += b.pos;
        defLogEvents += b.events;
    }

    /** Writer thread: closes the current segment once it is full or old, then trims the ring. */
    private void rotateIfDue(long now) throws IOException {
        if (written - headerBytes >= ring.segmentBytes() || now - segmentStart >= ring.segmentNanos()) {
            rotate(now);
        }
    }

    private void rotate(long now) throws IOException {
        long footerAt = written;
        writeFooter(channel, events - segEvents, dropped.get() - segDropped, errors.get() - segErrors, now,
                System.currentTimeMillis(), chunks - segChunks);
        channel.close();
        closed.add(new Closed(segmentPath, headerBytes, footerAt, written, events - segEvents, dropped.get() - segDropped,
                errors.get() - segErrors, chunks - segChunks, now));
        closedBytes += written;
        openSegment(now);
        trim(now);
    }

    /** Writer thread (or open): starts the next segment file with the recording's header. */
    private void openSegment(long now) throws IOException {
        segmentNumber++;
        segmentPath = TraceRing.segmentFile(ringDir, segmentNumber);
        channel = create(segmentPath);
        written = 0;
        segmentStart = now;
        segEvents = events;
        segDropped = dropped.get();
        segErrors = errors.get();
        segChunks = chunks;
        Map<String, String> h = new LinkedHashMap<>(headerInfo);
        h.put(TraceHeader.RING_SEGMENT, Long.toString(segmentNumber));
        headerBytes = writeHeader(channel, h);
        // The first segment's definitions come with its chunks as they are made; a later one's open its first two
        // chunks, so that one damaged chunk does not leave the segment without names.
        freshSegment = segmentNumber > 1 ? 2 : 0;
    }

    /** Deletes the oldest closed segments while the ring holds more than its size, or they ended before its age. */
    private void trim(long now) {
        while (!closed.isEmpty()) {
            Closed oldest = closed.peekFirst();
            boolean tooBig = closedBytes + written > ring.maxBytes();
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

    /** A segment the ring has closed: where its chunks lie and what its footer counts. */
    private static final class Closed {
        final Path path;
        final long bodyStart;
        final long bodyEnd;
        final long size;
        final long events;
        final long dropped;
        final long errors;
        final long chunks;
        final long endNanos;

        Closed(Path path, long bodyStart, long bodyEnd, long size, long events, long dropped, long errors, long chunks, long endNanos) {
            this.path = path;
            this.bodyStart = bodyStart;
            this.bodyEnd = bodyEnd;
            this.size = size;
            this.events = events;
            this.dropped = dropped;
            this.errors = errors;
            this.chunks = chunks;
            this.endNanos = endNanos;
        }
    }

    /**
     * Writes what the ring holds now as one trace file: everything submitted so far is written and the current
     * segment closed, then the kept segments' chunks follow one header and one footer that totals them (the
     * definitions each segment repeats keep their ids). Waits for the writer thread, at most {@code timeoutMillis}.
     */
    public void dump(Path file, long timeoutMillis) throws IOException {
        if (ring == null) {
            throw new IOException("this recording is one trace file, not a ring (maxsize or maxage): read the file as it is");
        }
        synchronized (dumpLock) {
            dumpResult = null;
            dumpRequest = file;
            LockSupport.unpark(thread);
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            try {
                while (dumpResult == null) {
                    long left = (deadline - System.nanoTime()) / 1_000_000L;
                    if (left <= 0 || !thread.isAlive()) {
                        dumpRequest = null;
                        throw new IOException("the trace writer did not write the dump within " + timeoutMillis + " ms");
                    }
                    dumpLock.wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the dump");
            }
            if (!dumpResult.isEmpty()) {
                throw new IOException(dumpResult);
            }
        }
    }

    /** Writer thread: answers a {@link #dump} request. */
    private void serveDump() {
        Path target = dumpRequest;
        String result = "";
        try {
            if (failure != null) {
                throw new IOException(failure);
            }
            int n;
            while ((n = exchange.drain(batch, chunkTarget, false)) > 0) {
                writeDrained(n);
            }
            writeChunk(batch, 0);
            long now = System.nanoTime();
            rotate(now);
            writeDump(target);
        } catch (IOException | RuntimeException e) {
            result = "cannot write the dump " + target + ": " + e;
        }
        synchronized (dumpLock) {
            dumpResult = result;
            dumpRequest = null;
            dumpLock.notifyAll();
        }
    }

    private void writeDump(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        long events = 0, dropped = 0, errors = 0, chunks = 0, end = startNanos;
        try (FileChannel out = create(tmp)) {
            writeHeader(out, headerInfo);
            for (Closed s : closed) {
                try (FileChannel in = FileChannel.open(s.path, StandardOpenOption.READ)) {
                    long pos = s.bodyStart;
                    while (pos < s.bodyEnd) {
                        pos += in.transferTo(pos, s.bodyEnd - pos, out);
                    }
                }
                events += s.events;
                dropped += s.dropped;
                errors += s.errors;
                chunks += s.chunks;
                end = s.endNanos;
            }
            writeFooter(out, events, dropped, errors, end, System.currentTimeMillis(), chunks);
        }
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Counts a malformed buffer's events as dropped and the buffer as an agent error; names the first on stderr. */
    private void skipMalformed(ThreadBuffer b, RuntimeException e) {
        dropped.addAndGet(b.events);
        b.events = 0; // counted once, should a later failure of this chunk count the chunk's buffers as dropped
        errors.incrementAndGet();
        if (!malformedReported) {
            malformedReported = true;
            System.err.println("orbscope: trace writer skipped a malformed buffer of thread " + b.threadId + ": " + e
                    + " (its events are counted as dropped, the error in the trace; recording continues)");
        }
    }

    /**
     * The chunk buffer, reused so that steady recording allocates nothing, on the writer thread either. Direct,
     * because the JDK copies a heap buffer into a temporary direct one before every write: that copy is saved.
     */
    private ByteBuffer chunkBuffer(int capacity) {
        if (chunk == null || chunk.capacity() < capacity) {
            chunk = ByteBuffer.allocateDirect(Math.max(capacity, chunkTarget + (chunkTarget >> 2)));
        }
        chunk.clear();
        return chunk;
    }

    private static void segment(ByteBuffer out, ThreadBuffer b) {
        segment(out, b.threadId, b.baseNanos, b.events, b.data, b.pos);
    }

    private static void segment(ByteBuffer out, int threadId, long base, int events, byte[] data, int length) {
        putVar(out, threadId);
        putVar(out, base);
        putVar(out, events);
        putVar(out, length);
        out.put(data, 0, length);
    }

    private void record(FileChannel ch, ByteBuffer out, byte kind) throws IOException {
        int end = out.position();
        int len = end - TraceFormat.RECORD_HEADER;
        crc.reset();
        out.limit(end);
        out.position(TraceFormat.RECORD_HEADER);
        crc.update(out);
        out.put(0, kind).putInt(1, len).putInt(5, (int) crc.getValue());
        out.position(0);
        writeFully(ch, out);
    }

    private void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            int n = ch.write(b);
            if (ch == channel) {
                written += n;
            }
        }
    }

    private void writeFooter(FileChannel ch, long events, long dropped, long errors, long endNanos, long endMillis, long chunks)
            throws IOException {
        ByteBuffer out = ByteBuffer.allocate(TraceFormat.RECORD_HEADER + 80);
        out.position(TraceFormat.RECORD_HEADER);
        putVar(out, events);
        putVar(out, dropped);
        putVar(out, errors);
        putVar(out, endNanos);
        putVar(out, endMillis);
        putVar(out, chunks);
        record(ch, out, TraceFormat.FOOTER);
    }

    static void putVar(ByteBuffer out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }

    /** Writes what was submitted, the footer, and closes the file. Producers must have stopped submitting. */
    @Override
    public void close() throws IOException {
        closing = true;
        LockSupport.unpark(thread); // not waiting out the pause
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (failure == null) {
                writeFooter(channel, events - segEvents, dropped.get() - segDropped, errors.get() - segErrors, System.nanoTime(),
                        System.currentTimeMillis(), chunks - segChunks);
            }
        } finally {
            channel.close();
        }
    }
}
