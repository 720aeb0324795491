package org.orbscope.trace.internal;

import org.orbscope.trace.EventType;

/**
 * One thread's event buffer: the agent's hot path writes events here with no allocation and no locks, and
 * hands the full buffer to {@link TraceWriter#submit}. Times are delta-encoded against the previous event,
 * so a monitored call (enter + exit) takes about six bytes.
 *
 * <p>Each {@code put} returns false when the buffer has no room for the largest event; the caller then
 * submits it and takes a fresh one. A buffer is owned by one thread at a time.
 *
 * <p>A subclass may write into another buffer's storage ({@link #takeOver}, {@link #handBack}): the agent's
 * per-thread recorder does, so that its hot path reaches the bytes and the write position one dependent load
 * sooner than through a buffer field. That load is not hidden: the clock read before each event waits for it.
 */
public class ThreadBuffer {
    /** Room every put needs: tag + 5 varlongs of at most 10 bytes. */
    public static final int MAX_EVENT_BYTES = 64;
    private static final byte[] NO_STORAGE = new byte[0];

    byte[] data;
    /** Index in the writer's {@link BufferExchange}; -1 for a buffer outside it. */
    int slot = -1;
    int pos;
    int threadId;
    long baseNanos;
    long lastNanos;
    long lastCpu;
    int events;

    public ThreadBuffer(int capacity) {
        data = new byte[Math.max(capacity, MAX_EVENT_BYTES * 4)];
    }

    /** A buffer with no storage of its own (no room) until it {@link #takeOver takes over} another's. */
    protected ThreadBuffer() {
        data = NO_STORAGE;
    }

    /**
     * Continues writing in {@code leased}: its storage and state become this buffer's, until {@link #handBack}.
     * Meanwhile {@code leased} must not be written.
     */
    protected final void takeOver(ThreadBuffer leased) {
        data = leased.data;
        pos = leased.pos;
        threadId = leased.threadId;
        baseNanos = leased.baseNanos;
        lastNanos = leased.lastNanos;
        lastCpu = leased.lastCpu;
        events = leased.events;
    }

    /** Ends a {@link #takeOver}: {@code leased} gets back what was written into it; this buffer has no room. */
    protected final void handBack(ThreadBuffer leased) {
        leased.pos = pos;
        leased.lastNanos = lastNanos;
        leased.lastCpu = lastCpu;
        leased.events = events;
        data = NO_STORAGE;
        pos = 0;
        events = 0;
    }

    /** Makes the buffer empty and owned by {@code threadId}; {@code nanos} becomes its base time. */
    public void reset(int threadId, long nanos) {
        this.threadId = threadId;
        this.pos = 0;
        this.baseNanos = nanos;
        this.lastNanos = nanos;
        this.lastCpu = 0;
        this.events = 0;
    }

    /** The nanoTime the buffer was started at (the agent flushes buffers older than a second). */
    public long baseNanosForFlush() {
        return baseNanos;
    }

    public int threadId() {
        return threadId;
    }

    public int size() {
        return pos;
    }

    public int events() {
        return events;
    }

    public boolean isEmpty() {
        return pos == 0;
    }

    /** True while the buffer has room for one more event of any kind. */
    public boolean hasRoom() {
        return data.length - pos >= MAX_EVENT_BYTES;
    }

    private void head(int tag, long nanos) {
        data[pos++] = (byte) tag;
        long delta = nanos - lastNanos;
        // nanoTime is monotonic per JVM, but clamp anyway: a negative delta would corrupt the stream.
        if (delta < 0) {
            delta = 0;
        } else {
            lastNanos = nanos;
        }
        putVarLong(delta);
        events++;
    }

    private void cpu(long cpuNanos) {
        long d = cpuNanos - lastCpu;
        lastCpu = cpuNanos;
        putVarLong((d << 1) ^ (d >> 63));
    }

    public boolean methodEnter(long nanos, int methodId) {
        if (!hasRoom()) return false;
        head(EventType.METHOD_ENTER, nanos);
        putVarLong(methodId);
        return true;
    }

    public boolean methodEnter(long nanos, int methodId, long cpuNanos) {
        if (!hasRoom()) return false;
        head(EventType.METHOD_ENTER | TraceFormat.FLAG_CPU, nanos);
        putVarLong(methodId);
        cpu(cpuNanos);
        return true;
    }

    /** Enter with a correlation key; {@code cpuNanos} < 0 means no CPU time. */
    public boolean methodEnterKeyed(long nanos, int methodId, long cpuNanos, long key) {
        if (!hasRoom()) return false;
        head(EventType.METHOD_ENTER | TraceFormat.FLAG_KEY | (cpuNanos >= 0 ? TraceFormat.FLAG_CPU : 0), nanos);
        putVarLong(methodId);
        if (cpuNanos >= 0) cpu(cpuNanos);
        putVarLong(key);
        return true;
    }

    public boolean methodExit(long nanos, boolean exceptional) {
        if (!hasRoom()) return false;
        head(EventType.METHOD_EXIT | (exceptional ? TraceFormat.FLAG_ALT : 0), nanos);
        return true;
    }

    public boolean methodExit(long nanos, boolean exceptional, long cpuNanos) {
        if (!hasRoom()) return false;
        head(EventType.METHOD_EXIT | TraceFormat.FLAG_CPU | (exceptional ? TraceFormat.FLAG_ALT : 0), nanos);
        cpu(cpuNanos);
        return true;
    }

    public boolean threadStart(long nanos, int parentThreadId, int nameStringId) {
        return put2(EventType.THREAD_START, nanos, parentThreadId, nameStringId);
    }

    public boolean threadEnd(long nanos) {
        return put0(EventType.THREAD_END, nanos);
    }

    public boolean threadName(long nanos, int nameStringId) {
        return put1(EventType.THREAD_NAME, nanos, nameStringId);
    }

    public boolean monitorContended(long nanos, int monitorId) {
        return put1(EventType.MONITOR_CONTENDED, nanos, monitorId);
    }

    public boolean monitorEntered(long nanos, int monitorId) {
        return put1(EventType.MONITOR_ENTERED, nanos, monitorId);
    }

    public boolean monitorExit(long nanos, int monitorId) {
        return put1(EventType.MONITOR_EXIT, nanos, monitorId);
    }

    public boolean waitBegin(long nanos, int monitorId, long timeoutMillis) {
        return put2(EventType.WAIT_BEGIN, nanos, monitorId, timeoutMillis);
    }

    public boolean waitEnd(long nanos, int monitorId, boolean timedOut) {
        return put1(EventType.WAIT_END | (timedOut ? TraceFormat.FLAG_ALT : 0), nanos, monitorId);
    }

    public boolean notify(long nanos, int monitorId, boolean all) {
        return put1(EventType.NOTIFY | (all ? TraceFormat.FLAG_ALT : 0), nanos, monitorId);
    }

    public boolean parkBegin(long nanos, int blockerClassId, long timeoutNanos) {
        return put2(EventType.PARK_BEGIN, nanos, blockerClassId, timeoutNanos);
    }

    public boolean parkEnd(long nanos) {
        return put0(EventType.PARK_END, nanos);
    }

    public boolean allocation(long nanos, int classId, long bytes) {
        return put2(EventType.ALLOCATION, nanos, classId, bytes);
    }

    /** An object the method entered just before holds ({@link EventType#IDENTITY}): path string id, identity hash. */
    public boolean identity(long nanos, int pathStringId, long identityHash) {
        return put2(EventType.IDENTITY, nanos, pathStringId, identityHash);
    }

    /** A name of the thread's current request ({@link EventType#REQUEST_NAME}): attribute and value string ids. */
    public boolean requestName(long nanos, int attributeStringId, int valueStringId) {
        return put2(EventType.REQUEST_NAME, nanos, attributeStringId, valueStringId);
    }

    public boolean gc(long startNanos, int collectorStringId, int causeStringId, long durationNanos) {
        if (!hasRoom()) return false;
        head(EventType.GC, startNanos);
        putVarLong(collectorStringId);
        putVarLong(causeStringId);
        putVarLong(durationNanos);
        return true;
    }

    public boolean processSample(long nanos, long processCpuNanos, long epochMillis) {
        return put2(EventType.PROCESS_SAMPLE, nanos, processCpuNanos, epochMillis);
    }

    public boolean dropped(long nanos, long count) {
        return put1(EventType.DROPPED, nanos, count);
    }

    /**
     * A control period of the agent's request budget ({@link EventType#REQUEST_SAMPLE}): the sample in force from
     * now, the requests seen and recorded in the period, the agent's estimated CPU and the process's CPU in it.
     */
    public boolean requestSample(long nanos, long every, long seen, long recorded, long agentCpuNanos,
            long periodCpuNanos) {
        if (!hasRoom()) return false;
        head(EventType.REQUEST_SAMPLE, nanos);
        putVarLong(every);
        putVarLong(seen);
        putVarLong(recorded);
        putVarLong(agentCpuNanos);
        putVarLong(periodCpuNanos);
        return true;
    }

    public boolean agentErrors(long nanos, long count) {
        return put1(EventType.AGENT_ERRORS, nanos, count);
    }

    /**
     * A span the JVM reported through JFR ({@link EventType#JFR_MONITOR_ENTER}, {@link EventType#JFR_MONITOR_WAIT},
     * {@link EventType#JFR_THREAD_PARK}). JFR delivers events late and not in time order, so the span's start is
     * stored as a signed offset from this buffer's clock and does not move it; {@code flag} may be
     * {@link TraceFormat#FLAG_ALT} (wait timed out) or 0.
     */
    public boolean jfrSpan(int type, int flag, long startNanos, long durationNanos, int subjectThreadId, int classId,
            long address) {
        if (!hasRoom() || !EventType.isJfrSpan(type)) return false;
        head(type | (flag & TraceFormat.FLAG_ALT), lastNanos);
        long off = startNanos - lastNanos;
        putVarLong((off << 1) ^ (off >> 63));
        putVarLong(subjectThreadId);
        putVarLong(classId);
        putVarLong(durationNanos);
        putVarLong(address);
        return true;
    }

    private boolean put0(int tag, long nanos) {
        if (!hasRoom()) return false;
        head(tag, nanos);
        return true;
    }

    private boolean put1(int tag, long nanos, long a) {
        if (!hasRoom()) return false;
        head(tag, nanos);
        putVarLong(a);
        return true;
    }

    private boolean put2(int tag, long nanos, long a, long b) {
        if (!hasRoom()) return false;
        head(tag, nanos);
        putVarLong(a);
        putVarLong(b);
        return true;
    }

    void putVarLong(long v) {
        byte[] d = data;
        int p = pos;
        while ((v & ~0x7FL) != 0) {
            d[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        d[p++] = (byte) v;
        pos = p;
    }

    /** Appends raw bytes (definition records only). */
    void putBytes(byte[] b) {
        System.arraycopy(b, 0, data, pos, b.length);
        pos += b.length;
    }

    /** A string's definition record (definitions buffers only): its id, length and UTF-8 bytes. */
    void stringDefinition(int id, byte[] utf) {
        data[pos++] = (byte) TraceFormat.DEF_STRING;
        putVarLong(id);
        putVarLong(utf.length);
        putBytes(utf);
        events++;
    }

    /** A definition record (definitions buffers only): tag, id, {@code b}, then {@code c} and {@code d} unless negative. */
    void definition(int tag, long id, long b, long c, long d) {
        data[pos++] = (byte) tag;
        putVarLong(id);
        putVarLong(b);
        if (c >= 0) {
            putVarLong(c);
        }
        if (d >= 0) {
            putVarLong(d);
        }
        events++;
    }

    /** A thread's definition record (definitions buffers only): its id, name string id and Java thread id. */
    void threadDefinition(int id, int nameId, long javaThreadId) {
        data[pos++] = (byte) TraceFormat.DEF_THREAD;
        putVarLong(id);
        putVarLong(nameId);
        putVarLong(javaThreadId);
        events++;
    }
}
