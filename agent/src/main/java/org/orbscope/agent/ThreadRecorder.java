package org.orbscope.agent;

import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.ThreadBuffer;
import org.orbscope.trace.TraceWriter;

/**
 * One application thread's recording state, touched only by that thread (the flusher reads it once the
 * thread is dead, or at stop). An exit is written only when its enter was (the enter advice passes the
 * recorder to the exit advice only then): dropped events, recursion-guarded calls and calls already running
 * at attach never unbalance a trace.
 *
 * <p>The recorder is itself the {@link ThreadBuffer} its events are encoded in: it writes into the storage of
 * a buffer leased from the writer and hands that buffer over when it is full. Through a field holding the
 * buffer, every event would wait for one more dependent load.
 */
final class ThreadRecorder extends ThreadBuffer {
    private static final long FLUSH_AFTER_NANOS = 1_000_000_000L;
    /**
     * A thread whose last CPU clock read is older than this reads the clock twice and keeps the second value: a
     * read after a block, or on a request recorded one in N, runs cold and takes longer, and its two halves (before
     * and after the clock's sample point) then differ, which {@link #cpuAt} assumes they do not. Measured
     * (bench CpuClockInterval, a 2-us stage): taking half of each read out leaves 56-69 ns of the clock in the
     * interval when the reads are warm, and -400 to +45 ns when one request in 10 reads once, cold.
     */
    private static final long CPU_CLOCK_COLD_NANOS = 10_000L;
    /**
     * When an exit's agent work starts less than this after the end of the thread's last clock read, its CPU time
     * is that read carried forward by the wall time since, with no system call: a thread that blocks or waits takes
     * longer than this to run again, so in so short a gap it ran unless it was preempted, and then the figure is
     * high by less than this plus half a read. Only while charging ({@link Settings#cpuNet}). Of the 13 CPU times of a null
     * request recorded in JacORB, about 4 are such exits: the ends of nested calls.
     */
    private static final long CPU_CLOCK_CARRY_NANOS = 2_000L;
    final Thread thread;
    final int traceId;
    final boolean selected;
    /** The options of the recording this recorder belongs to. */
    private final Settings settings;
    boolean busy;
    int generation;
    long monitorRequested;
    /** The monitor {@link #monitorRequested} was noted for (an identity check only; cleared when entered). */
    Object monitorRequestedFor;
    /** The last monitor whose identity was taken, and its id. */
    Object lastMonitor;
    int lastMonitorId;
    /** The last class named by an uncontended monitor event, whether it was a static monitor, and its id. */
    Class<?> lastMonitorClass;
    boolean lastMonitorIsClass;
    int lastClassMonitorId;
    /** Whether the thread's current fragment records CPU times; true until its first fragment begins. */
    boolean cpuSampled = true;
    /**
     * Whether the request of the thread's current fragment is recorded (request sampling); true until the thread's
     * first fragment begins, so threads that serve no requests record as they did.
     */
    boolean recording = true;
    /**
     * Whether the thread's current fragment continues a request begun on another thread: its keyed events then
     * follow their own key's draw, since an ORB may run a request's piece before the method that continues it
     * (JacORB returns a SYNC_WITH_SERVER request's result before it processes the request).
     */
    boolean continued;
    /**
     * On a thread that continues requests, the key it last looked up and whether that request is recorded, so
     * the keyed events that follow for the same request (an ORB passes its request object from call to call)
     * need neither an identity hash nor a look-up in {@link RecordedRequests}. {@link #lastKeyObject} is the
     * object whose identity gave the key, or null for a key read along a field path (whose value may change
     * while the object stays the same). It holds that request object until the thread's next look-up or
     * {@link #finish} (the thread's end, or the recording's stop).
     */
    Object lastKeyObject;
    long lastKey;
    boolean lastKeyRecorded;
    /** Wall time of the end of this thread's last CPU clock read (see {@link #CPU_CLOCK_COLD_NANOS}). */
    private long lastCpuRead = Long.MIN_VALUE / 2;
    /** The last read's value and its sample point (the middle of the read, by the wall clock), while charging. */
    private long lastRawCpu;
    private long lastCpuSampled;
    /**
     * Whether the agent's own work on this thread is charged to {@link #agentNanos}: in request fragments whose CPU
     * times are recorded, with {@link Settings#cpuNet}.
     */
    boolean charging;
    /**
     * Wall time of the agent's own work on this thread while {@link #charging}: from the start of each event's
     * work (before its clock reads) to its end. The CPU times such a fragment records are the thread's CPU clock
     * minus this, so a stage's CPU time (the difference of two of them) leaves out what the agent did inside it:
     * its events' writes, their clock reads, its key and name look-ups. That work runs cold on a request recorded
     * one in N and warm when every request is recorded; left in, it made stages of a few microseconds read up to
     * 1.5 us longer in the first case. Wall time stands for the agent's CPU time: its work blocks only on the
     * trace dictionary's lock for a first definition; what a preemption adds is forgiven at the next read
     * ({@link #cpuAt}).
     */
    private long agentNanos;
    /** When the agent's work for the current guarded event began, while charging; 0 when none is noted. */
    private long workStart;
    /**
     * The last net CPU time recorded: the net CPU times a thread records never decrease, even when it was
     * preempted in the agent's work.
     */
    private long lastCpu;
    /** xorshift64 state of the fragment draws; seeded per thread, never 0. */
    private long sampleState;
    /** Set at a call site of a synchronized method, consumed by that method's entered event. */
    int syncTarget;
    long syncRequested;
    Class<?> lastBlockerClass;
    int lastBlockerId;
    /** A park-begin was written and its park-end is due. */
    boolean parked;
    private boolean endWritten;
    /** The writer's buffer whose storage this recorder writes into, or null (then it has no room). */
    private ThreadBuffer leased;
    long dropped;
    private long droppedSinceAcquire;
    private String name;

    ThreadRecorder(Thread thread, int traceId, boolean selected, Settings settings) {
        this.thread = thread;
        this.traceId = traceId;
        this.selected = selected;
        this.settings = settings;
        this.name = thread.getName();
        // SplitMix64's finaliser spreads thread ids and clock bits over the whole seed: a thread's first draws are
        // then as random as its later ones (threads that serve a few requests each are common in ORBs).
        long z = thread.getId() * 0x9E3779B97F4A7C15L + System.nanoTime();
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        this.sampleState = (z ^ (z >>> 31)) | 1;
    }

    /** A request's first fragment begins: draws whether the request is recorded, then whether its CPU times are. */
    void beginFragment() {
        continued = false;
        int requestEvery = settings.requestEvery;
        recording = requestEvery <= 1 || draw(requestEvery);
        drawCpu();
    }

    /**
     * A fragment continues the request {@code key} names: recorded when that request is, CPU times drawn anew.
     * Returns whether it is recorded. {@code keyIdentity} is the object whose identity gave the key, or null.
     */
    boolean continueFragment(long key, Object keyIdentity, RecordedRequests recorded) {
        continued = true;
        recording = settings.requestEvery <= 1 || recorded.contains(key);
        drawCpu();
        rememberKey(keyIdentity, key, recording);
        return recording;
    }

    /**
     * On a thread that continues requests, whether a keyed event's request is recorded: the request this thread
     * continues or last looked up answers without a look-up (an ORB passes its request object from call to call).
     */
    boolean keyRecorded(long key, Object keyIdentity, RecordedRequests recorded) {
        if (key == 0) {
            return recording;
        }
        if (key == lastKey) {
            if (keyIdentity != null) {
                lastKeyObject = keyIdentity; // its identity gave this key: the next event skips the hash
            }
            return lastKeyRecorded;
        }
        boolean found = recorded.contains(key);
        rememberKey(keyIdentity, key, found);
        return found;
    }

    private void rememberKey(Object keyObject, long key, boolean recorded) {
        lastKeyObject = keyObject;
        lastKey = key;
        lastKeyRecorded = recorded;
    }

    /** Whether the fragment that begins records CPU times ({@link Settings#cpuSampleEvery}) and is charged. */
    private void drawCpu() {
        int cpuEvery = settings.cpuSampleEvery;
        cpuSampled = recording && (cpuEvery <= 1 || draw(cpuEvery));
        charging = cpuSampled && settings.cpuNet;
    }

    /**
     * The thread's CPU time for an event whose agent work began at wall time {@code start} (read only while
     * {@link #charging}); while charging, net of the agent's work on this thread up to the clock's sample point, which is taken to
     * be the middle of the read. The clock is read a first time when it is cold ({@link #CPU_CLOCK_COLD_NANOS}),
     * and, while charging, not at all for an exit within {@link #CPU_CLOCK_CARRY_NANOS} of the last read ({@code
     * exit}). Enters always read it: a call's CPU time is then the difference of its enter's read and its exit's
     * read or carry, so a call that ends within the carry of its enter's read holds none of the clock's
     * read-to-read jitter (up to a few hundred ns), and its CPU time stays within its wall time.
     */
    private long cpuAt(long start, boolean exit) {
        if (!charging) {
            return CpuClock.now(); // as read: no second read, no wall-clock reads
        }
        long net;
        if (exit && start - lastCpuRead < CPU_CLOCK_CARRY_NANOS) {
            // carried forward to the start of this event's agent work, all of whose earlier work is in agentNanos
            net = lastRawCpu + (start - lastCpuSampled) - agentNanos;
        } else {
            if (start - lastCpuRead > CPU_CLOCK_COLD_NANOS) {
                CpuClock.now();
            }
            long before = System.nanoTime();
            long cpu = CpuClock.now();
            long after = System.nanoTime();
            if (cpu < 0) {
                return cpu;
            }
            long sampled = before + ((after - before) >> 1);
            lastCpuRead = after;
            lastRawCpu = cpu;
            lastCpuSampled = sampled;
            net = cpu - agentNanos - (sampled - start);
        }
        if (net < lastCpu) {
            // Wall time charged that was no CPU time (the thread was preempted or blocked in the agent's work):
            // forgiven here, or every later read on the thread would stay clamped until it had run that long.
            agentNanos -= lastCpu - net;
            net = lastCpu;
        }
        lastCpu = net;
        return net;
    }

    /**
     * Notes that the agent's work for the current guarded event starts now, when {@link #charging}: the guard's
     * release charges it ({@link #endWork}). Returns that time, or 0 when not charging.
     */
    long startWork() {
        long now = charging ? System.nanoTime() : 0;
        workStart = now;
        return now;
    }

    /** Charges the work {@link #startWork} noted, if any. */
    void endWork() {
        if (workStart != 0) {
            charge(workStart);
            workStart = 0;
        }
    }

    /**
     * Charges the agent's work since wall time {@code start} to this thread's {@link #agentNanos} while charging
     * (callers read {@code start} only then).
     */
    void charge(long start) {
        if (charging) {
            agentNanos += System.nanoTime() - start;
        }
    }

    /** True with probability 1/n. */
    private boolean draw(int n) {
        long x = sampleState;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        sampleState = x;
        return Long.remainderUnsigned(x, n) == 0;
    }

    /**
     * This recorder with room, or null (dropping). Takes a new buffer when full or older than a second. The
     * recorder has no room while this calls out (hand-over, thread name): a re-entrant event then takes the
     * guarded path, which the owner's busy flag turns away.
     */
    private ThreadBuffer room(TraceWriter w, long now) {
        if (leased != null) {
            if (hasRoom() && fresh(now)) {
                return this;
            }
            handOver(w);
        }
        // When dropping, retry the free pool only now and then.
        if (droppedSinceAcquire > 0 && (droppedSinceAcquire & 0xFF) != 0) {
            return null;
        }
        ThreadBuffer b = w.acquire(traceId, now);
        if (b == null) {
            return null;
        }
        if (droppedSinceAcquire > 0) {
            b.dropped(now, droppedSinceAcquire);
            droppedSinceAcquire = 0;
        }
        String current = thread.getName();
        if (!current.equals(name)) {
            name = current;
            b.threadName(now, w.renameThread(traceId, current));
        }
        takeOver(b);
        leased = b;
        return this;
    }

    private void handOver(TraceWriter w) {
        ThreadBuffer b = leased;
        leased = null;
        handBack(b);
        w.submit(b);
    }

    /**
     * The hot path of a method enter: writes it straight into the leased storage, or returns false when there
     * is none, it is full or due for hand-over, or the thread is inside the agent's guarded path (an event
     * recorded from code that path called); the caller then takes the guarded {@link #enter}. Nothing here calls
     * out, so the flag is only read, never set.
     */
    boolean tryEnter(int methodId) {
        if (!writable()) {
            return false;
        }
        long now = System.nanoTime();
        boolean ok = fresh(now) && methodEnter(now, methodId);
        charge(now);
        return ok;
    }

    /**
     * {@link #tryEnter} of a method with {@link Sink} flags (a fragment's begin has drawn its samples): the thread
     * CPU clock is read (after the wall clock, as in {@link #enter}) when the enter carries CPU time and the
     * fragment is sampled.
     */
    boolean tryEnterCpu(int methodId, int flags) {
        if (!writable()) {
            return false;
        }
        long now = System.nanoTime();
        boolean ok;
        if ((flags & Sink.CPU_ENTER) == 0 || !cpuSampled) {
            ok = fresh(now) && methodEnter(now, methodId);
        } else {
            long cpu = cpuAt(now, false);
            ok = cpu >= 0 && fresh(now) && methodEnter(now, methodId, cpu);
        }
        charge(now);
        return ok;
    }

    /** The hot path of an exit whose enter was written; false sends the caller to the guarded {@link #exit}. */
    boolean tryExit(boolean exceptional) {
        if (!writable()) {
            return false;
        }
        long now = System.nanoTime();
        boolean ok = fresh(now) && methodExit(now, exceptional);
        charge(now);
        return ok;
    }

    /** The exit of a method whose exit carries CPU time: read only when the thread's fragment is sampled. */
    boolean tryExitCpu(boolean exceptional) {
        if (!writable()) {
            return false;
        }
        if (!cpuSampled) {
            long now = System.nanoTime();
            return fresh(now) && methodExit(now, exceptional);
        }
        long start = charging ? System.nanoTime() : 0;
        long cpu = cpuAt(start, true);
        long now = System.nanoTime();
        boolean ok = cpu >= 0 && fresh(now) && methodExit(now, exceptional, cpu);
        charge(start);
        return ok;
    }

    /**
     * Whether the hot path may write: a buffer is leased and the thread is not inside the agent's guarded path.
     * Checked before the clock is read, so a thread that is not recorded (filtered out) never reads it.
     */
    private boolean writable() {
        return !busy && leased != null;
    }

    /** False once the buffer is older than a second: it is handed over, so a quiet thread's events reach the file. */
    private boolean fresh(long now) {
        return now - baseNanosForFlush() < FLUSH_AFTER_NANOS;
    }

    private void drop() {
        dropped++;
        droppedSinceAcquire++;
    }

    /**
     * Records an enter (a fragment's begin has drawn its samples); {@code start} is when the caller's work for it
     * began, read while {@link #charging} (the caller charges that work, {@link #charge}). False when it was dropped (then its exit is not
     * recorded either). Clocks are read wall first, CPU second at enter and the reverse at exit, so a call's wall
     * interval encloses its CPU interval.
     */
    boolean enter(TraceWriter w, int methodId, int flags, boolean keyed, long key, long start) {
        long now = System.nanoTime();
        long cpu = (flags & Sink.CPU_ENTER) != 0 && cpuSampled ? cpuAt(start, false) : -1;
        ThreadBuffer b = room(w, now);
        boolean ok;
        if (b == null) {
            ok = false;
        } else if (keyed) {
            ok = b.methodEnterKeyed(now, methodId, cpu, key);
        } else if (cpu >= 0) {
            ok = b.methodEnter(now, methodId, cpu);
        } else {
            ok = b.methodEnter(now, methodId);
        }
        if (!ok) {
            drop();
        }
        return ok;
    }

    /**
     * Records the exit of a call whose enter was recorded. If the exit cannot be written the reader sees the
     * call still open at the end of the stream (a drop marker says why).
     */
    void exit(TraceWriter w, boolean exceptional, boolean withCpu) {
        long start = charging ? System.nanoTime() : 0;
        long cpu = withCpu && cpuSampled ? cpuAt(start, true) : -1;
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        boolean ok = b != null && (cpu >= 0 ? b.methodExit(now, exceptional, cpu) : b.methodExit(now, exceptional));
        if (!ok) {
            drop();
        }
        charge(start);
    }

    /** A monitor entered at {@code now}; after a contended enter that began at {@code contendedSince} unless that is 0. */
    void monitorEntered(TraceWriter w, int monitorId, long contendedSince, long now) {
        ThreadBuffer b = room(w, contendedSince > 0 ? contendedSince : now);
        boolean ok = b != null;
        if (ok && contendedSince > 0) {
            ok = b.monitorContended(contendedSince, monitorId);
        }
        if (!ok || !b.monitorEntered(now, monitorId)) {
            drop();
        }
        charge(now);
    }

    void monitorExit(TraceWriter w, int monitorId, long now) {
        ThreadBuffer b = room(w, now);
        if (b == null || !b.monitorExit(now, monitorId)) {
            drop();
        }
        charge(now);
    }

    long waitBegin(TraceWriter w, int monitorId, long timeoutMillis) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.waitBegin(now, monitorId, timeoutMillis)) {
            drop();
        }
        charge(now);
        return now;
    }

    void waitEnd(TraceWriter w, int monitorId, boolean timedOut) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.waitEnd(now, monitorId, timedOut)) {
            drop();
        }
        charge(now);
    }

    void notifyEvent(TraceWriter w, int monitorId, boolean all) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.notify(now, monitorId, all)) {
            drop();
        }
        charge(now);
    }

    void parkBegin(TraceWriter w, int blockerClassId, long timeoutNanos) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        parked = b != null && b.parkBegin(now, blockerClassId, timeoutNanos);
        if (!parked) {
            drop();
        }
        charge(now);
    }

    void parkEnd(TraceWriter w) {
        parked = false;
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.parkEnd(now)) {
            drop();
        }
        charge(now);
    }

    void allocation(TraceWriter w, int classId, long bytes) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.allocation(now, classId, bytes)) {
            drop();
        }
        charge(now);
    }

    /**
     * A name of the thread's current request (attribute and value string ids), just after the enter that read it
     * (whose caller charges this too).
     */
    void requestName(TraceWriter w, int attribute, int value) {
        long now = System.nanoTime();
        ThreadBuffer b = room(w, now);
        if (b == null || !b.requestName(now, attribute, value)) {
            drop();
        }
    }

    void threadStart(TraceWriter w, int parent, long startNanos) {
        ThreadBuffer b = room(w, startNanos);
        if (b == null || !b.threadStart(startNanos, parent, w.threadNameId(traceId))) {
            drop();
        }
    }

    /**
     * Called by the dying thread itself (Thread.exit advice), by the flusher once the thread is dead, or at
     * stop: whoever calls it, the owner no longer writes.
     */
    void finish(TraceWriter w, boolean threadEnded) {
        long now = System.nanoTime();
        if (threadEnded && !endWritten) {
            endWritten = true;
            ThreadBuffer b = room(w, now);
            if (b != null) {
                b.threadEnd(now);
            }
            ThreadRecorders.ended(this, now);
        }
        if (leased != null) {
            handOver(w);
        }
        // The recorder may outlive the recording in its thread's LOCAL: hold no application object.
        lastMonitor = null;
        lastKeyObject = null;
        monitorRequestedFor = null;
        lastMonitorClass = null;
        lastBlockerClass = null;
    }
}
