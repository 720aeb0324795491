package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.orbscope.trace.TraceHeader;

/**
 * Writes a trace from thread buffers on one writer thread. Producers take a buffer with {@link #acquire}, fill it,
 * and {@link #submit} it; neither call blocks. When the writer falls behind the free pool runs dry, {@code acquire}
 * returns null and the caller drops and counts ({@link #addDropped}).
 *
 * <p>Buffers change hands through a {@link BufferExchange}: no locks, no allocation, so a recording thread never
 * parks inside the recorder. The writer thread gathers submitted buffers into chunks, each preceded by the
 * definitions made meanwhile ({@link Definitions}); a recording opened with {@link #openRing} goes into a ring of
 * segment files ({@link RingSegments}), which can also be dumped as one trace ({@link #dump}).
 */
public final class TraceWriter implements AutoCloseable {
    /**
     * The writer's longest pause between scans while buffers arrive slowly or not at all: as long as a recording
     * thread keeps a part-filled buffer before handing it over by age, so a trickle of buffers waits for the writer
     * no longer than for its thread. A producer that needs the writer sooner wakes it ({@link #submit}).
     */
    private static final long MAX_PAUSE_MILLIS = 1000;
    /** The longest pause of a ring's writer: a segment due to close by age closes within this. */
    private static final long MAX_RING_PAUSE_MILLIS = 100;

    /** The trace file; for a ring, its segment being written ({@link #file()}). Writer thread only, once started. */
    private final RecordWriter single;
    private final RingSegments ring;
    private final long startNanos;
    private final BufferExchange exchange;
    private final PoolGrowth growth;
    private final Definitions definitions = new Definitions();
    private final Tally tally = new Tally();
    private final DumpRequest dumps = new DumpRequest();
    /**
     * Submitted buffers and their bytes not yet written: a producer whose submission makes them a full chunk, or
     * half the pool, wakes the writer from its pause, so a burst never waits out a long pause for free buffers.
     */
    private final AtomicLong unwrittenBytes = new AtomicLong();
    private final AtomicInteger unwrittenBuffers = new AtomicInteger();
    private final ThreadBuffer[] batch;
    private final int chunkTarget;
    private final Thread thread;
    private ByteBuffer chunk;
    private volatile boolean closing;
    /** Only the writer thread reads and sets it. */
    private boolean malformedReported;
    private volatile String failure;

    private TraceWriter(Path file, TraceRing ringBounds, Map<String, String> info, int buffers, int bufferBytes)
            throws IOException {
        this.exchange = new BufferExchange(buffers, bufferBytes, PoolGrowth.initialBuffers(buffers, bufferBytes));
        this.growth = new PoolGrowth(exchange, bufferBytes);
        this.batch = new ThreadBuffer[buffers];
        // The chunk is assembled in a direct buffer (see chunkBuffer); direct memory is the application's too, and
        // by default as large as its heap: take a sixteenth at most.
        long target = Math.min(Math.max(bufferBytes * 4L, 1 << 20), PoolGrowth.maxDirectMemory() / 16);
        if (ringBounds != null) {
            target = Math.min(target, ringBounds.segmentBytes() / 4); // segments end close to their size
        }
        this.chunkTarget = (int) Math.max(64 * 1024, target);
        this.thread = new Thread(this::loop, "orbscope-trace-writer");
        this.thread.setDaemon(true);
        Map<String, String> header = new LinkedHashMap<>(info);
        this.startNanos = System.nanoTime();
        calibrate(header, startNanos, System.currentTimeMillis());
        if (ringBounds == null) {
            this.single = RecordWriter.create(file);
            this.ring = null;
            single.header(header);
        } else {
            this.single = null;
            this.ring = new RingSegments(ringBounds, file, header, tally, startNanos);
        }
    }

    /**
     * Creates {@code file} and starts the writer thread. {@code info} goes into the header, next to the
     * nanoTime-to-epoch calibration taken now. {@code buffers} is how many buffers of {@code bufferBytes} the
     * writer may hold; it allocates them as recording needs them.
     */
    public static TraceWriter open(Path file, Map<String, String> info, int buffers, int bufferBytes) throws IOException {
        TraceWriter w = new TraceWriter(file, null, info, buffers, bufferBytes);
        w.thread.start();
        return w;
    }

    /**
     * Starts a recording kept as a ring of segments in {@code dir} (created if missing; segment files a former
     * recording left there are deleted first, as {@link #open} truncates its file). Otherwise as {@link #open}.
     */
    public static TraceWriter openRing(Path dir, TraceRing ring, Map<String, String> info, int buffers, int bufferBytes)
            throws IOException {
        TraceWriter w = new TraceWriter(dir, ring, info, buffers, bufferBytes);
        w.thread.start();
        return w;
    }

    /** Adds the clock calibration (two readings taken together) and the JVM's facts to the header's entries. */
    private static void calibrate(Map<String, String> all, long nanos, long millis) {
        all.put(TraceHeader.START_NANOS, Long.toString(nanos));
        all.put(TraceHeader.START_EPOCH_MILLIS, Long.toString(millis));
        all.putIfAbsent(TraceHeader.JAVA_VERSION, System.getProperty("java.version"));
        all.putIfAbsent(TraceHeader.JAVA_VM_NAME, System.getProperty("java.vm.name"));
        all.putIfAbsent(TraceHeader.OS_NAME, System.getProperty("os.name"));
        all.putIfAbsent(TraceHeader.OS_ARCH, System.getProperty("os.arch"));
        all.putIfAbsent(TraceHeader.PROCESSORS, Integer.toString(Runtime.getRuntime().availableProcessors()));
    }

    /** The nanoTime of the header's calibration instant ({@code TraceReader#startNanos} of this file). */
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

    /** The Java id of the writer's thread, whose CPU time is the recording's (an agent's budget counts it). */
    public long writerThreadId() {
        return thread.getId();
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

    /**
     * Asks the writer to write what was submitted now rather than after its pause: for a producer that hands its
     * buffers over on purpose and waits to see them in the file. Takes no lock and allocates nothing.
     */
    public void writeSoon() {
        LockSupport.unpark(thread);
    }

    public void addDropped(long n) {
        tally.dropped.addAndGet(n);
    }

    public void addErrors(long n) {
        tally.errors.addAndGet(n);
    }

    public long dropped() {
        return tally.dropped.get();
    }

    /** Errors added by the agent plus those of the writer itself (skipped malformed buffers): the footer's count. */
    public long errors() {
        return tally.errors.get();
    }

    /** Why recording stopped (e.g. disk full), or null while it works. */
    public String failure() {
        return failure;
    }

    public int defineString(String s) {
        return definitions.defineString(s);
    }

    public int defineMethod(String className, String name, String descriptor) {
        return definitions.defineMethod(className, name, descriptor, null);
    }

    /**
     * A method with the stage role its profile gives it (a {@code def-role} record); {@code role} may be null.
     * A role is written once per method, also when the method was defined before without one.
     */
    public int defineMethod(String className, String name, String descriptor, String role) {
        return definitions.defineMethod(className, name, descriptor, role);
    }

    public int defineClass(String className) {
        return definitions.defineClass(className);
    }

    /** A monitor: its class and identity hash (identity hashes can collide; the pair rarely does). */
    public int defineMonitor(String className, int identityHash) {
        return definitions.defineMonitor(className, identityHash);
    }

    /**
     * A new trace thread id for a Java thread (ids are never reused, so a thread's stream is unambiguous). The
     * name is a string of the thread's own, not looked up among the others: servers name the threads they start
     * and end under load uniquely ({@code RequestProcessor-1049}), and a dictionary of every name would grow with
     * every thread for as long as the recording runs. Call {@link #retireThread} once nothing more is written
     * for the thread.
     */
    public int defineThread(String name, long javaThreadId) {
        return definitions.defineThread(name, javaThreadId);
    }

    /** The string id of a thread's name as defined or last renamed, for its start event; 0 once retired. */
    public int threadNameId(int traceThreadId) {
        return definitions.threadNameId(traceThreadId);
    }

    /** The thread's new name (its name event's string), which a new segment repeats from now on. */
    public int renameThread(int traceThreadId, String name) {
        return definitions.renameThread(traceThreadId, name);
    }

    /**
     * The thread will submit no more buffers: once the writer has written every buffer submitted before this
     * call, the thread's entry is dropped and later segments of a ring no longer repeat its definition, so a
     * recording's memory does not grow with the threads that come and go.
     */
    public void retireThread(int traceThreadId) {
        definitions.retireThread(traceThreadId, exchange.submittedCount());
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
        dumps.ask(file, timeoutMillis, thread);
    }

    /** The file being written: the trace, or the ring's current segment. */
    private RecordWriter file() {
        return ring == null ? single : ring.file();
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
            if (dumps.pending() != null) {
                serveDump();
            }
            growth.growIfShort();
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
            idleMillis = Math.min(ring == null ? MAX_PAUSE_MILLIS : MAX_RING_PAUSE_MILLIS, idleMillis * 2);
        }
    }

    /** Writer thread: answers a {@link #dump} request. */
    private void serveDump() {
        Path target = dumps.pending();
        String result = null;
        try {
            if (failure != null) {
                throw new IOException(failure);
            }
            int n;
            while ((n = exchange.drain(batch, chunkTarget, false)) > 0) {
                writeDrained(n);
            }
            writeChunk(batch, 0);
            ring.rotate(System.nanoTime());
            ring.writeDump(target, startNanos);
        } catch (IOException | RuntimeException e) {
            result = "cannot write the dump " + target + ": " + e;
        }
        dumps.answer(result);
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
        definitions.completeRetirements(failure != null, exchange);
        definitions.take();
        List<ThreadBuffer> d = definitions.writing();
        boolean wrote = false;
        if (failure == null) {
            try {
                if (ring != null) {
                    for (int i = 0; i < definitions.writingLogged(); i++) ring.log(d.get(i));
                    ring.rotateIfDue(System.nanoTime());
                }
                if (count > 0 || !d.isEmpty() || (ring != null && ring.fresh())) {
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
                tally.dropped.addAndGet(buffers[i].events);
            }
            exchange.release(buffers[i]);
            buffers[i] = null;
        }
        if (wrote || failure != null) {
            // Without a chunk written, nothing is pending (no definitions taken) and the repeat waits for the next.
            definitions.recycle();
        }
    }

    private void writeChunkRecord(ThreadBuffer[] buffers, int count, List<ThreadBuffer> d) throws IOException {
        int size = 0;
        ThreadBuffer live = null;
        boolean fresh = ring != null && ring.fresh();
        int logged = definitions.writingLogged();
        if (fresh) {
            live = definitions.liveThreadDefinitions();
            size += ring.freshBytes(live);
            for (int i = logged; i < d.size(); i++) size += d.get(i).pos + 30;
        } else {
            for (ThreadBuffer b : definitions.repeat()) size += b.pos + 30;
            for (ThreadBuffer b : d) size += b.pos + 30;
        }
        // Bounded by the storage, so a malformed position cannot overflow the size; its copy fails below.
        for (int i = 0; i < count; i++) size += Math.min(buffers[i].pos, buffers[i].data.length) + 30;
        ByteBuffer out = chunkBuffer(TraceFormat.RECORD_HEADER + size);
        out.position(TraceFormat.RECORD_HEADER);
        if (fresh) {
            ring.putFresh(out, live);
            // The names threads took since the last chunk: a rename event written in this chunk needs its string.
            for (int i = logged; i < d.size(); i++) segment(out, d.get(i));
        } else {
            for (ThreadBuffer b : definitions.repeat()) segment(out, b);
            for (ThreadBuffer b : d) segment(out, b);
        }
        for (int i = 0; i < count; i++) {
            int mark = out.position();
            try {
                segment(out, buffers[i]);
                tally.events += buffers[i].events;
            } catch (RuntimeException e) {
                // A malformed buffer (a bug of ours) is lost alone: the rest of the chunk, and the trace, go on.
                out.position(mark);
                skipMalformed(buffers[i], e);
            }
        }
        file().record(out, TraceFormat.CHUNK);
        tally.chunks++;
    }

    private static void segment(ByteBuffer out, ThreadBuffer b) {
        RecordWriter.segment(out, b.threadId, b.baseNanos, b.events, b.data, b.pos);
    }

    /** Counts a malformed buffer's events as dropped and the buffer as an agent error; names the first on stderr. */
    private void skipMalformed(ThreadBuffer b, RuntimeException e) {
        tally.dropped.addAndGet(b.events);
        b.events = 0; // counted once, should a later failure of this chunk count the chunk's buffers as dropped
        tally.errors.incrementAndGet();
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
                tally.footer(file(), System.nanoTime());
            }
        } finally {
            file().close();
        }
    }
}
