package org.orbscope.agent;

import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * One application thread's recording state in one recording, touched only by that thread (the flusher reads it
 * once the thread is dead, or at stop). An exit is written only when its enter was (the enter advice passes the
 * recorder to the exit advice only then): dropped events, recursion-guarded calls and calls already running at
 * attach never unbalance a trace.
 *
 * <p>The recorder is itself the {@link ThreadBuffer} its events are encoded in ({@link ThreadStream} leases the
 * writer's buffers and hands them over). Through a field holding the buffer, every event would wait for one more
 * dependent load. For the same reason the flags the hot path reads ({@link #busy}, {@link #recording},
 * {@link #cpuSampled}, {@link #charging}, {@link #timing}) are fields of this object. Here: the hot path, method
 * events, request sampling and the thread's caches of the guarded paths' last answers.
 */
final class ThreadRecorder extends ThreadStream {
    final boolean selected;
    private final Settings settings;
    /** The recording's request sample, whose one-in-N a request's first fragment draws with. */
    private final RequestSample sample;
    /** Set while the thread runs the agent's guarded path (the recorder's acquire and release). */
    boolean busy;
    /** The recording this recorder belongs to ({@link ThreadRecorders#isCurrent}). */
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
    /** Set at a call site of a synchronized method, consumed by that method's entered event. */
    int syncTarget;
    long syncRequested;
    Class<?> lastBlockerClass;
    int lastBlockerId;
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
     * (a SYNC_WITH_SERVER request is answered before the request is processed).
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
    /** xorshift64 state of the fragment draws; seeded per thread, never 0. */
    private long sampleState;
    /**
     * Whether the agent's own work on this thread is charged to its {@link CpuClock}: in request fragments whose
     * CPU times are recorded, with {@link Settings#cpuNet}.
     */
    boolean charging;
    /**
     * Whether the agent's own work on this thread is timed ({@link #workNanos}): while {@link #charging}, and in
     * every recorded fragment under {@code budget=}, whose sample adapts to that time.
     */
    boolean timing;
    /**
     * Counted by this thread only, read by the flusher ({@link RequestSample#totals}): requests whose first fragment
     * began here, those of them drawn to be recorded, and the wall time of the agent's timed work on this thread.
     */
    long begun;
    long drawn;
    long workNanos;
    /** Set once these counts are in {@link RequestSample}'s folded totals (under its lock). */
    boolean countsFolded;
    private final CpuClock clock = new CpuClock();
    /** When the agent's work for the current guarded event began, while timing; 0 when none is noted. */
    private long workStart;

    ThreadRecorder(Thread thread, int traceId, boolean selected, Settings settings, RequestSample sample,
            TraceWriter writer) {
        super(thread, traceId, writer);
        this.selected = selected;
        this.settings = settings;
        this.sample = sample;
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
        int requestEvery = sample.every;
        recording = requestEvery <= 1 || draw(requestEvery);
        begun++;
        if (recording) {
            drawn++;
        }
        drawCpu();
    }

    /**
     * A fragment continues the request {@code key} names: recorded when that request is, CPU times drawn anew.
     * Returns whether it is recorded. {@code keyIdentity} is the object whose identity gave the key, or null.
     */
    boolean continueFragment(long key, Object keyIdentity, RecordedRequests recorded) {
        continued = true;
        recording = !settings.sampling || recorded.contains(key);
        drawCpu();
        rememberKey(keyIdentity, key, recording);
        return recording;
    }

    /**
     * On a thread that continues requests, whether a keyed event's request is recorded: the request this thread
     * continues or last looked up answers without a look-up.
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
        timing = charging || recording && settings.budgetPpm > 0;
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
     * The thread's CPU time for an event whose agent work began at wall time {@code start} (read only while
     * {@link #charging}): net of the agent's work while charging, else as the clock reads it, with no second read
     * and no wall-clock reads.
     */
    private long cpuAt(long start, boolean exit) {
        return charging ? clock.netAt(start, exit) : CpuClock.now();
    }

    /**
     * Times the agent's work since wall time {@code start} while {@link #timing}, and charges it to the CPU clock
     * while {@link #charging} (callers read {@code start} only while timing).
     */
    @Override
    void charge(long start) {
        if (timing) {
            long work = System.nanoTime() - start;
            workNanos += Math.min(work, SampleBudget.PREEMPTED_NANOS);
            if (charging) {
                clock.charge(work);
            }
        }
    }

    /**
     * Notes that the agent's work for the current guarded event starts now, when {@link #timing}: the guard's
     * release charges it ({@link #endWork}). Returns that time, or 0 when not timing.
     */
    long startWork() {
        long now = timing ? System.nanoTime() : 0;
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
            boolean ok = fresh(now) && methodExit(now, exceptional);
            charge(now);
            return ok;
        }
        long start = timing ? System.nanoTime() : 0;
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
        return !busy && hasLease();
    }

    /**
     * Records an enter (a fragment's begin has drawn its samples); {@code start} is when the caller's work for it
     * began ({@link #startWork}, which the caller's guard charges). False when it was dropped (then its exit is not
     * recorded either). Clocks are read wall first, CPU second at enter and the reverse at exit, so a call's wall
     * interval encloses its CPU interval.
     */
    boolean enter(int methodId, int flags, boolean keyed, long key, long start) {
        long now = System.nanoTime();
        long cpu = (flags & Sink.CPU_ENTER) != 0 && cpuSampled ? cpuAt(start, false) : -1;
        ThreadBuffer b = room(now);
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
        dropUnless(ok);
        return ok;
    }

    /**
     * Records the exit of a call whose enter was recorded. If the exit cannot be written the reader sees the
     * call still open at the end of the stream (a drop marker says why).
     */
    void exit(boolean exceptional, boolean withCpu) {
        long start = timing ? System.nanoTime() : 0;
        long cpu = withCpu && cpuSampled ? cpuAt(start, true) : -1;
        long now = System.nanoTime();
        ThreadBuffer b = room(now);
        dropUnless(b != null && (cpu >= 0 ? b.methodExit(now, exceptional, cpu) : b.methodExit(now, exceptional)));
        charge(start);
    }

    @Override
    void finish(boolean threadEnded) {
        super.finish(threadEnded);
        sample.fold(this);
        // The recorder may outlive the recording in its thread's LOCAL: hold no application object.
        lastMonitor = null;
        lastKeyObject = null;
        monitorRequestedFor = null;
        lastMonitorClass = null;
        lastBlockerClass = null;
    }
}
