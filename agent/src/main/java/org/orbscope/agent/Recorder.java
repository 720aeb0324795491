package org.orbscope.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.TraceWriter;

/**
 * The sink {@link org.orbscope.agent.boot.Dispatch} forwards to while a recording runs; one per recording. Method
 * enters and exits first try the hot path ({@code ThreadRecorder.tryEnter} and kin), which calls nothing and writes
 * straight into the thread's buffer; everything else takes a guarded path between {@link #acquire()} and
 * {@link #release}. The guard sets the thread's {@code busy} flag, which keeps the agent from recursing into
 * itself: what a guarded path calls (dictionaries, the writer's hand-over, a profile's field path) may reach
 * instrumented code, and both paths record nothing while it is set. What a guarded path throws goes to
 * {@code Dispatch}, which counts it through {@link #recordingFailed}; only {@link #waitOn} and {@link #notifyOn},
 * which {@code Dispatch} does not guard, catch their own.
 */
public final class Recorder extends Sink {
    /** An uncontended monitorenter takes tens of nanoseconds; longer means the thread had to wait. */
    private static final long CONTENDED_NANOS = 1_000;

    private final TraceWriter writer;
    private final Settings settings;
    private final Instrumentation instrumentation;
    /** Cleared at stop: threads still inside an entry point then record nothing more. */
    private volatile boolean active = true;
    private final AtomicLong errors = new AtomicLong();
    /** Whether this recording's first caught error has been named on stderr (only the first is). */
    private final AtomicBoolean failureReported = new AtomicBoolean();
    private final MonitorTable monitors;
    private final KeyPaths paths = new KeyPaths(errors);
    private final RequestNames names;
    private final RecordedRequests requests = new RecordedRequests();
    /** Class ids of park blockers, so a thread that parks on blockers of several classes takes no writer lock. */
    private final Map<Class<?>, Integer> blockerClasses = new ConcurrentHashMap<>();
    /** Shallow size per allocation class id (fixed per class for non-arrays), measured once. */
    private final long[] sizes = new long[8192];

    private Recorder(TraceWriter writer, Settings settings, Instrumentation instrumentation) {
        this.writer = writer;
        this.settings = settings;
        this.instrumentation = instrumentation;
        this.monitors = new MonitorTable(writer);
        this.names = new RequestNames(writer);
    }

    /** A new recording's recorder, writing to {@code writer}: threads get new recorders as they next record. */
    static Recorder start(TraceWriter writer, Settings settings, Instrumentation instrumentation) {
        ThreadRecorders.begin();
        CpuClock.enable();
        return new Recorder(writer, settings, instrumentation);
    }

    /** Stops recording: threads inside an entry point finish their event, none starts another. */
    void deactivate() {
        active = false;
        ThreadRecorders.end();
    }

    boolean isActive() {
        return active;
    }

    /** The recording's monitor table, which the monitor instrumentation tells of synchronized methods. */
    MonitorTable monitors() {
        return monitors;
    }

    /** The recording's field paths, which advice names by the ids it registers. */
    KeyPaths paths() {
        return paths;
    }

    /** Errors caught inside the agent so far in this recording. */
    long errors() {
        return errors.get();
    }

    /** Counts an error caught inside the agent (a failed event, a class that could not be instrumented). */
    public void countError() {
        errors.incrementAndGet();
    }

    /**
     * The guard's first half: this thread's recorder, marked busy, when the recording is on and the thread is
     * recorded and not inside the agent already; else null, and there is nothing to release. Whether the thread's
     * current request is recorded ({@code recording}) is each caller's to ask.
     */
    private ThreadRecorder acquire() {
        return acquire(active ? current() : null);
    }

    /** {@link #acquire()} for a recorder at hand (an exit's token): null when busy or of an earlier recording. */
    private ThreadRecorder acquire(ThreadRecorder r) {
        if (r == null || r.busy || !active || !ThreadRecorders.isCurrent(r)) {
            return null;
        }
        r.busy = true;
        return r;
    }

    /** The guard's second half: the thread may record again. Null (nothing acquired) is allowed. */
    private static void release(ThreadRecorder r) {
        if (r != null) {
            r.busy = false;
        }
    }

    /** {@link #release(ThreadRecorder)} after an enter, charging the agent's work since {@code start} (0: none). */
    private static void release(ThreadRecorder r, long start) {
        if (start != 0) {
            r.charge(start);
        }
        r.busy = false;
    }

    /** This thread's recorder, created on its first event; null when the thread is not recorded. */
    private ThreadRecorder current() {
        Thread t = Thread.currentThread();
        ThreadRecorder r = ThreadRecorders.ofRunningRecording(t);
        if (r == null) {
            r = create(t);
        }
        return r.selected ? r : null;
    }

    private ThreadRecorder create(Thread t) {
        long[] parent = ThreadRecorders.takeParent(t);
        // A thread left out is not defined: it records nothing, and as nobody's parent it is named as none.
        boolean selected = !ThreadRecorders.isAgentThread(t.getName()) && settings.threadSelected(t.getName());
        ThreadRecorder r = new ThreadRecorder(t, selected ? ThreadRecorders.traceId(writer, t.getId(), t.getName()) : 0,
                selected, settings);
        ThreadRecorders.add(r);
        ThreadRecorder held = selected && settings.threads ? acquire(r) : null;
        if (held != null) {
            // Started while recording: the stream begins when start() was called, not at the first event.
            try {
                held.threadStart(writer, parent == null ? 0 : (int) parent[0], parent == null ? System.nanoTime() : parent[1]);
            } finally {
                release(held);
            }
        }
        return r;
    }

    /**
     * The trace id of a Java thread that this recording records, defined on first use; 0 for the agent's own
     * threads and those the options leave out. For events about a thread that another thread reports (JFR's).
     */
    public int recordedThreadId(long javaThreadId, String name) {
        return ThreadRecorders.isAgentThread(name) || !settings.threadSelected(name) ? 0
                : ThreadRecorders.traceId(writer, javaThreadId, name);
    }

    /** The flusher's: finishes ended threads, retires old ids; returns the events the threads have dropped. */
    long flushEndedThreads(long now) {
        return ThreadRecorders.flushEnded(writer, now, settings.retireAfterNanos);
    }

    // Method events: the hot path (ThreadRecorder.tryX) first; the guarded path creates recorders, hands buffers
    // over, drops and counts. A thread whose current request is not recorded (request sampling) returns from every
    // method event without a key after one flag test: no clock read, no event. Keyed events on threads that
    // continue requests read their key first (enterNamed).

    @Override
    public Object enter(int methodId) {
        ThreadRecorder r = ThreadRecorders.forMethod(methodId);
        if (r == null) {
            return enterGuarded(methodId, 0, null);
        }
        if (!r.recording) {
            return null;
        }
        return r.tryEnter(methodId) ? r : enterGuarded(methodId, 0, r);
    }

    @Override
    public Object enterCpu(int methodId, int flags) {
        ThreadRecorder r = ThreadRecorders.forMethod(methodId);
        if (r == null) {
            return enterGuarded(methodId, flags, null);
        }
        if ((flags & FRAGMENT) != 0 && !r.busy) {
            r.beginFragment();
        }
        if (!r.recording) {
            return null;
        }
        return r.tryEnterCpu(methodId, flags) ? r : enterGuarded(methodId, flags, r);
    }

    @Override
    public void exit(Object token, boolean exceptional) {
        ThreadRecorder r = (ThreadRecorder) token;
        if (!r.tryExit(exceptional)) {
            exitGuarded(r, exceptional, false);
        }
    }

    @Override
    public void exitCpu(Object token, boolean exceptional) {
        ThreadRecorder r = (ThreadRecorder) token;
        if (!r.tryExitCpu(exceptional)) {
            exitGuarded(r, exceptional, true);
        }
    }

    /**
     * An enter the hot path could not write, with its CPU flags (exits have {@link #exitGuarded}); {@code drawnOn}
     * is the recorder whose fragment the hot path has drawn already, if any.
     */
    private Object enterGuarded(int methodId, int flags, ThreadRecorder drawnOn) {
        ThreadRecorders.disown(methodId, Thread.currentThread());
        ThreadRecorder r = acquire();
        if (r == null) {
            return null;
        }
        long start = 0;
        try {
            if ((flags & FRAGMENT) != 0 && r != drawnOn) {
                r.beginFragment();
            }
            if (!r.recording) {
                return null;
            }
            start = r.chargeStart();
            return r.enter(writer, methodId, flags, false, 0, start) ? r : null;
        } finally {
            release(r, start);
        }
    }

    /** An exit the hot path could not write. An earlier recording's token (stop and attach again during the call) is dropped. */
    private void exitGuarded(ThreadRecorder token, boolean exceptional, boolean cpu) {
        ThreadRecorder r = acquire(token);
        if (r == null) {
            return;
        }
        try {
            r.exit(writer, exceptional, cpu);
        } finally {
            release(r);
        }
    }

    /** Enter with a correlation key: identity of {@code keyObject} (this or an argument), or of a field path of it. */
    @Override
    public Object enterKeyed(int methodId, Object keyObject, int keyPath, int flags) {
        return enterNamed(methodId, keyObject, keyPath, flags | KEYED, null, null, 0);
    }

    /**
     * Enter of a keyed method ({@link #KEYED} in {@code flags}) or one that names its request: after the enter, one
     * {@code request-name} event per name found (the operation from {@code operationBase}, the object key from
     * {@code objectBase}, each along its field path). Request sampling decides first whether the event is recorded:
     * a request's first fragment draws, a fragment that continues a request ({@link #CONTINUED}) follows its key,
     * and so does every keyed event on a thread that continues requests.
     */
    @Override
    public Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return null;
        }
        // When the agent's work for this event began, on a charged thread: before the key's look-up, which falls
        // inside the recorded fragment's stage; for a fragment that continues a request, once its key has decided
        // whether the fragment is recorded and charged.
        long start = 0;
        try {
            boolean keyed = (flags & KEYED) != 0;
            boolean continued = (flags & CONTINUED) != 0;
            boolean ownDraw = keyed && (flags & FRAGMENT) == 0 && r.continued && settings.requestEvery > 1;
            if (!continued && !ownDraw) {
                if ((flags & FRAGMENT) != 0) {
                    r.beginFragment();
                }
                if (!r.recording) {
                    return null;
                }
            }
            if (!continued) {
                start = r.chargeStart();
            }
            long key = keyed ? key(r, keyObject, keyPath, ownDraw) : 0;
            Object identity = keyPath == 0 ? keyObject : null;
            if (continued) {
                if (!r.continueFragment(key, identity, requests)) {
                    return null;
                }
            } else if (ownDraw) {
                if (!r.keyRecorded(key, identity, requests)) {
                    return null;
                }
            } else if (keyed && settings.requestEvery > 1) {
                requests.add(key); // the threads the request goes on to record it too
            }
            if (start == 0) {
                start = r.chargeStart();
            }
            if (!r.enter(writer, methodId, flags, keyed, key, start)) {
                return null;
            }
            name(r, names.operation, operationBase, namePaths >>> 16);
            name(r, names.object, objectBase, namePaths & 0xFFFF);
            return r;
        } finally {
            release(r, start);
        }
    }

    /** A keyed event's key: 0 without a key object, else the object's identity or the value its field path reaches. */
    private long key(ThreadRecorder r, Object keyObject, int keyPath, boolean ownDraw) {
        if (keyObject == null) {
            return 0;
        }
        if (keyPath != 0) {
            return paths.key(keyPath, keyObject);
        }
        // A thread that continues requests sees one request object in call after call: its hash is taken once.
        return ownDraw && keyObject == r.lastKeyObject ? r.lastKey : System.identityHashCode(keyObject) & 0xFFFFFFFFL;
    }

    /** A name of the thread's request, read along a field path from {@code base} ({@code path} 0: the base itself). */
    private void name(ThreadRecorder r, int attribute, Object base, int path) {
        if (base == null) {
            return;
        }
        int value = names.id(path == 0 ? base : paths.value(path, base));
        if (value != 0) {
            r.requestName(writer, attribute, value);
        }
    }

    /** An exception that left the recorder inside a monitored call: counted, named once per recording on stderr. */
    @Override
    public void recordingFailed(Throwable failure) {
        errors.incrementAndGet();
        if (failureReported.compareAndSet(false, true)) {
            System.err.println("orbscope agent: error inside a monitored call, caught and counted (the call ran on): " + failure);
        }
    }

    /** Before {@code monitorenter}: remember when this thread started to acquire. */
    @Override
    public void monitorEnterBefore(Object monitor) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            if (r.recording) {
                r.monitorRequested = System.nanoTime();
                r.monitorRequestedFor = monitor;
            }
        } finally {
            release(r);
        }
    }

    /** After {@code monitorenter}: entered; contended when acquiring took longer than an uncontended lock can. */
    @Override
    public void monitorEnterAfter(Object monitor) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            if (!r.recording) {
                return;
            }
            // A block whose call after the enter could not be placed leaves a time noted for another monitor.
            long requested = r.monitorRequestedFor == monitor ? r.monitorRequested : 0;
            r.monitorRequested = 0;
            r.monitorRequestedFor = null;
            if (settings.contendedOnly && !MonitorHeader.inflated(monitor)) {
                return; // entered without waiting: a waiting thread inflates the monitor first
            }
            entered(r, monitor, requested);
        } finally {
            release(r);
        }
    }

    /**
     * Records an entered monitor (after a contended enter when acquiring it took long), unless it was free and
     * only contended monitors are recorded. The identity hash is taken only for a contended one.
     */
    private void entered(ThreadRecorder r, Object monitor, long requested) {
        if (requested == 0 && settings.contendedOnly) {
            return;
        }
        long now = System.nanoTime();
        boolean contended = requested > 0 && now - requested > CONTENDED_NANOS;
        if (!contended && settings.contendedOnly) {
            return;
        }
        int id = contended ? monitors.objectMonitorId(r, monitor) : monitors.classMonitorId(r, monitor);
        r.monitorEntered(writer, id, contended ? requested : 0, now);
    }

    @Override
    public void monitorExitBefore(Object monitor) {
        if (settings.contendedOnly && !MonitorHeader.inflated(monitor)) {
            // Nobody waits yet for a monitor that is not inflated (a thread that finds it held inflates it first),
            // so no contended enter needs this release's time, and no exit is recorded: the exit of an
            // uncontended monitor, most of a server's, costs one header load. A caller that starts to wait
            // between this load and the release (the holder preempted in between) is not counted.
            return;
        }
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            long now = monitors.releasing(monitor); // every thread's release: a recorded caller may wait for it
            if (!settings.contendedOnly && r.recording) {
                r.monitorExit(writer, monitors.classMonitorId(r, monitor), now != 0 ? now : System.nanoTime());
            }
        } finally {
            release(r);
        }
    }

    /**
     * At a call site of a {@code synchronized} method: the JVM takes that monitor before the callee's first
     * bytecode, so the time to acquire it runs from here to the callee's enter advice.
     */
    @Override
    public void syncCallBefore(int methodId) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            if (r.recording) {
                r.syncTarget = methodId;
                r.syncRequested = System.nanoTime();
            }
        } finally {
            release(r);
        }
    }

    /** First thing in a {@code synchronized} method: the monitor is held now. */
    @Override
    public void syncMethodEntered(Object monitor, int methodId) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            // Only the call site that named this very method may start the clock (an override may not be
            // synchronized); a call site noted in a recorded fragment is over either way.
            long requested = r.recording && r.syncTarget == methodId ? r.syncRequested : 0;
            r.syncTarget = 0;
            if (!r.recording) {
                return;
            }
            if (requested != 0 && !monitors.releasedAfter(monitor, requested)) {
                requested = 0; // nobody released one meanwhile: it was free
            }
            if (settings.contendedOnly && requested != 0 && !MonitorHeader.inflated(monitor)) {
                return; // entered without waiting: a waiting thread inflates the monitor first
            }
            entered(r, monitor, requested);
        } finally {
            release(r);
        }
    }

    /**
     * Replaces {@code monitor.wait(timeout)} in selected classes: the wait itself is the application's, so its
     * exceptions pass and the recording around it catches its own.
     */
    @Override
    public void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        ThreadRecorder r = null;
        int id = 0;
        long begin = 0;
        try {
            r = acquire();
            if (r != null && r.recording) {
                id = monitors.objectMonitorId(r, monitor); // wait() inflates the monitor anyway
                begin = r.waitBegin(writer, id, timeoutMillis);
            }
            if (r != null) {
                // wait() lets the monitor go; a recorded thread may be waiting for it, whoever this thread is
                monitors.releasedAt(monitor, begin != 0 ? begin : System.nanoTime());
            }
        } catch (Throwable t) {
            recordingFailed(t);
            begin = 0;
        } finally {
            release(r);
        }
        try {
            monitor.wait(timeoutMillis);
        } finally {
            if (begin != 0) {
                waitEnded(r, id, begin, timeoutMillis);
            }
        }
    }

    private void waitEnded(ThreadRecorder waiter, int monitorId, long begin, long timeoutMillis) {
        ThreadRecorder r = null;
        try {
            r = acquire(waiter);
            if (r != null) {
                // wait() does not say why it returned: a timed wait that lasted its timeout timed out.
                long waited = System.nanoTime() - begin;
                r.waitEnd(writer, monitorId, timeoutMillis > 0 && waited >= timeoutMillis * 1_000_000L);
            }
        } catch (Throwable t) {
            recordingFailed(t);
        } finally {
            release(r);
        }
    }

    /** Replaces {@code notify} and {@code notifyAll} in selected classes; as {@link #waitOn}, catches its own. */
    @Override
    public void notifyOn(Object monitor, boolean all) {
        if (!settings.contendedOnly) {
            ThreadRecorder r = null;
            try {
                r = acquire();
                if (r != null && r.recording) {
                    r.notifyEvent(writer, monitors.classMonitorId(r, monitor), all);
                }
            } catch (Throwable t) {
                recordingFailed(t);
            } finally {
                release(r);
            }
        }
        super.notifyOn(monitor, all);
    }

    /** Advice on {@code LockSupport.park*}: how j.u.c locks, conditions and queues block. */
    @Override
    public void parkBegin(Object blocker, long timeoutNanos) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            if (r.recording) {
                r.parkBegin(writer, blocker == null ? 0 : blockerId(r, blocker.getClass()), timeoutNanos);
            }
        } finally {
            release(r);
        }
    }

    /** The class id of a park blocker's class; each thread remembers its last one. */
    private int blockerId(ThreadRecorder r, Class<?> c) {
        if (r.lastBlockerClass != c) {
            Integer id = blockerClasses.get(c);
            if (id == null) {
                id = writer.defineClass(c.getName());
                blockerClasses.put(c, id);
            }
            r.lastBlockerId = id;
            r.lastBlockerClass = c;
        }
        return r.lastBlockerId;
    }

    @Override
    public void parkEnd() {
        // Only a thread that has recorded a park begins has a park to end: it is never the one to make a recorder.
        ThreadRecorder r = acquire(ThreadRecorders.find(Thread.currentThread()));
        if (r == null) {
            return;
        }
        try {
            if (r.selected && r.parked) {
                r.parkEnd(writer);
            }
        } finally {
            release(r);
        }
    }

    /** Constructor exit of a class selected for allocation events (its own class, not a subclass's super call). */
    @Override
    public void allocated(Object object, int classId) {
        ThreadRecorder r = acquire();
        if (r == null) {
            return;
        }
        try {
            if (!r.recording) {
                return;
            }
            long size = classId < sizes.length ? sizes[classId] : 0;
            if (size == 0) {
                size = instrumentation.getObjectSize(object);
                if (classId < sizes.length) {
                    sizes[classId] = size;
                }
            }
            r.allocation(writer, classId, size);
        } finally {
            release(r);
        }
    }

    /** Advice on {@code Thread.start}: remember who started {@code child}, and when (nothing recorded yet). */
    @Override
    public void threadStarting(Thread child) {
        if (!active) {
            return;
        }
        ThreadRecorder r = current(); // null for a thread not recorded: the child's parent is none
        if (r == null || !r.busy) {
            ThreadRecorders.starting(child, r == null ? 0 : r.traceId, System.nanoTime());
        }
    }

    /** Advice on {@code Thread.exit}, which the JVM calls on the dying thread: its end, and its last buffer. */
    @Override
    public void threadExiting() {
        ThreadRecorder r = acquire(); // a thread with no event yet still gets its start and end
        if (r == null) {
            return;
        }
        try {
            r.finish(writer, true);
        } finally {
            release(r);
        }
    }
}
