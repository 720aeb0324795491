package org.orbscope.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.TraceWriter;

/**
 * The sink {@link org.orbscope.agent.boot.Dispatch} forwards to while recording. Method enters and exits first
 * try the hot path ({@code ThreadRecorder.tryEnter} and kin), which calls nothing and writes straight into the
 * thread's buffer; everything else goes through a guarded entry point. Those swallow and count their own errors
 * (nothing the agent does may throw into the application) and set the per-thread {@code busy} flag, which keeps
 * the agent from recursing into itself: what they call (dictionaries, the writer's hand-over, a profile's field
 * path) may reach instrumented code, and both paths record nothing while it is set. The guarded entry points
 * repeat that guard on purpose: one helper taking a lambda would allocate or turn megamorphic.
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

    /** This thread's recorder, created on its first event; null when the thread is not recorded. */
    private ThreadRecorder current() {
        Thread t = Thread.currentThread();
        ThreadRecorder r = ThreadRecorders.ofRunningRecording(t);
        if (r == null) {
            r = create(t);
        }
        return r.selected ? r : null;
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

    private ThreadRecorder create(Thread t) {
        ThreadRecorder r;
        long[] parent = ThreadRecorders.takeParent(t);
        if (ThreadRecorders.isAgentThread(t.getName())) {
            r = new ThreadRecorder(t, 0, false, settings);
            ThreadRecorders.add(r);
            return r;
        }
        // A thread left out is not defined: it records nothing, and as nobody's parent it is named as none.
        boolean selected = settings.threadSelected(t.getName());
        r = new ThreadRecorder(t, selected ? ThreadRecorders.traceId(writer, t.getId(), t.getName()) : 0, selected, settings);
        ThreadRecorders.add(r);
        if (selected && settings.threads) {
            // Started while recording: the stream begins when start() was called, not at the first event.
            r.busy = true; // writing the start may hand over a buffer: nothing it calls may record
            try {
                r.threadStart(writer, parent == null ? 0 : (int) parent[0], parent == null ? System.nanoTime() : parent[1]);
            } finally {
                r.busy = false;
            }
        }
        return r;
    }

    // Method events: the hot path (ThreadRecorder.tryX) first; the guarded path below it creates recorders,
    // hands buffers over, drops and counts.

    // A thread whose current request is not recorded (request sampling) returns from every method event without a
    // key after one flag test: no clock read, no event. Keyed events on threads that continue requests read their
    // key first (enterNamed).

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
        if (!active) return null;
        ThreadRecorder r = null;
        long start = 0;
        try {
            ThreadRecorders.disown(methodId, Thread.currentThread());
            r = current();
            if (r == null || r.busy) return null;
            if ((flags & FRAGMENT) != 0 && r != drawnOn) {
                r.beginFragment();
            }
            if (!r.recording) {
                r = null;
                return null;
            }
            r.busy = true;
            if (r.charging) {
                start = System.nanoTime();
            }
            return r.enter(writer, methodId, flags, false, 0, start) ? r : null;
        } catch (Throwable t) {
            errors.incrementAndGet();
            return null;
        } finally {
            if (r != null) {
                if (start != 0) r.charge(start);
                r.busy = false;
            }
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
     * {@code objectBase}, each along its field path).
     */
    @Override
    public Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        if (!active) return null;
        ThreadRecorder r = null;
        // When the agent's work for this event began, on a thread whose fragment is charged (the recorder charges
        // it): once the event is known to be recorded, or on a continuing thread from its key's look-up on.
        long start = 0;
        try {
            r = current();
            if (r == null || r.busy) return null;
            boolean continued = (flags & CONTINUED) != 0;
            boolean keyed = (flags & KEYED) != 0;
            // On a thread that continues requests, a keyed event follows its own key's draw (checked below).
            boolean ownDraw = keyed && (flags & FRAGMENT) == 0 && r.continued && settings.requestEvery > 1;
            if (ownDraw && r.charging) {
                start = System.nanoTime(); // the key and its probe fall inside the recorded fragment's stage
            }
            if (!continued && !ownDraw) {
                if ((flags & FRAGMENT) != 0) {
                    r.beginFragment();
                }
                if (!r.recording) {
                    r = null;
                    return null;
                }
                if (r.charging) {
                    start = System.nanoTime();
                }
            }
            r.busy = true;
            long key = 0;
            if (!keyed || keyObject == null) {
                // no key, or key 0
            } else if (keyPath == 0) {
                key = ownDraw && keyObject == r.lastKeyObject ? r.lastKey : System.identityHashCode(keyObject) & 0xFFFFFFFFL;
            } else {
                key = paths.key(keyPath, keyObject);
            }
            if (continued) {
                r.continueFragment(key, requests);
                r.rememberKey(keyPath == 0 ? keyObject : null, key, r.recording);
                if (!r.recording) {
                    return null;
                }
            } else if (ownDraw) {
                boolean recorded;
                if (key == 0) {
                    recorded = r.recording;
                } else if (key == r.lastKey) {
                    recorded = r.lastKeyRecorded; // the request this thread continues or last looked up
                    if (keyPath == 0) {
                        r.lastKeyObject = keyObject; // its identity gave this key: the next event skips the hash
                    }
                } else {
                    recorded = requests.contains(key);
                    r.rememberKey(keyPath == 0 ? keyObject : null, key, recorded);
                }
                if (!recorded) {
                    return null;
                }
            } else if (keyed && settings.requestEvery > 1) {
                requests.add(key); // the threads the request goes on to record it too
            }
            if (start == 0 && r.charging) {
                start = System.nanoTime();
            }
            if (!r.enter(writer, methodId, flags, keyed, key, start)) {
                return null;
            }
            if (operationBase != null) {
                name(r, names.operation, operationBase, namePaths >>> 16);
            }
            if (objectBase != null) {
                name(r, names.object, objectBase, namePaths & 0xFFFF);
            }
            return r;
        } catch (Throwable t) {
            errors.incrementAndGet();
            return null;
        } finally {
            if (r != null) {
                if (start != 0) r.charge(start);
                r.busy = false;
            }
        }
    }

    /** A name of the thread's request, read along a field path ({@code path} 0: the base itself). */
    private void name(ThreadRecorder r, int attribute, Object base, int path) {
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

    private void exitGuarded(ThreadRecorder token, boolean exceptional, boolean cpu) {
        if (!active) return;
        ThreadRecorder r = token;
        try {
            // An earlier recording's token (stop and attach again while this call ran) belongs to no trace.
            if (r.busy || !ThreadRecorders.isCurrent(r)) {
                r = null;
                return;
            }
            r.busy = true;
            r.exit(writer, exceptional, cpu);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Before {@code monitorenter}: remember when this thread started to acquire. */
    @Override
    public void monitorEnterBefore(Object monitor) {
        if (!active) return;
        try {
            ThreadRecorder r = current();
            if (r == null || r.busy || !r.recording) return;
            r.monitorRequested = System.nanoTime();
            r.monitorRequestedFor = monitor;
        } catch (Throwable t) {
            errors.incrementAndGet();
        }
    }

    /** After {@code monitorenter}: entered; contended when acquiring took longer than an uncontended lock can. */
    @Override
    public void monitorEnterAfter(Object monitor) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy || !r.recording) return;
            // A block whose call after the enter could not be placed leaves a time noted for another monitor.
            long requested = r.monitorRequestedFor == monitor ? r.monitorRequested : 0;
            r.monitorRequested = 0;
            r.monitorRequestedFor = null;
            if (settings.contendedOnly && !MonitorHeader.inflated(monitor)) {
                return; // entered without waiting: a waiting thread inflates the monitor first
            }
            entered(r, monitor, requested);
        } catch (Throwable t) {
            errors.incrementAndGet();
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
        r.busy = true;
        try {
            int id = contended ? monitors.objectMonitorId(r, monitor) : monitors.classMonitorId(r, monitor);
            r.monitorEntered(writer, id, contended ? requested : 0, now);
        } finally {
            r.busy = false;
        }
    }

    @Override
    public void monitorExitBefore(Object monitor) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            if (settings.contendedOnly && !MonitorHeader.inflated(monitor)) {
                // Nobody waits yet for a monitor that is not inflated (a thread that finds it held inflates it
                // first), so no contended enter needs this release's time, and no exit is recorded: the exit of
                // an uncontended monitor, most of a server's, costs one header load. A caller that starts to
                // wait between this load and the release (the holder preempted in between) is not counted.
                return;
            }
            r = current();
            if (r == null || r.busy) return;
            long now = monitors.releasing(monitor);
            if (settings.contendedOnly || !r.recording) return; // the release time above is every thread's
            r.busy = true;
            r.monitorExit(writer, monitors.classMonitorId(r, monitor), now != 0 ? now : System.nanoTime());
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /**
     * At a call site of a {@code synchronized} method: the JVM takes that monitor before the callee's first
     * bytecode, so the time to acquire it runs from here to the callee's enter advice.
     */
    @Override
    public void syncCallBefore(int methodId) {
        if (!active) return;
        try {
            ThreadRecorder r = current();
            if (r == null || r.busy || !r.recording) return;
            r.syncTarget = methodId;
            r.syncRequested = System.nanoTime();
        } catch (Throwable t) {
            errors.incrementAndGet();
        }
    }

    /** First thing in a {@code synchronized} method: the monitor is held now. */
    @Override
    public void syncMethodEntered(Object monitor, int methodId) {
        if (!active) return;
        try {
            ThreadRecorder r = current();
            if (r == null || r.busy) return;
            if (!r.recording) {
                r.syncTarget = 0; // a call site noted in a recorded fragment is over
                return;
            }
            // Only the call site that named this very method may start the clock (an override may not be synchronized).
            long requested = r.syncTarget == methodId ? r.syncRequested : 0;
            r.syncTarget = 0;
            if (requested != 0 && !monitors.releasedAfter(monitor, requested)) {
                requested = 0; // nobody released one meanwhile: it was free
            }
            if (settings.contendedOnly && requested != 0 && !MonitorHeader.inflated(monitor)) {
                return; // entered without waiting: a waiting thread inflates the monitor first
            }
            entered(r, monitor, requested);
        } catch (Throwable t) {
            errors.incrementAndGet();
        }
    }

    /** Replaces {@code monitor.wait(timeout)} in selected classes: the wait itself is the application's. */
    @Override
    public void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        ThreadRecorder r = null;
        int id = 0;
        long begin = 0;
        if (active) {
            try {
                r = current();
                if (r != null && !r.busy && !r.recording) {
                    monitors.releasedAt(monitor, System.nanoTime()); // a recorded thread may be waiting for it
                    r = null;
                } else if (r != null && !r.busy) {
                    r.busy = true;
                    id = monitors.objectMonitorId(r, monitor); // wait() inflates the monitor anyway
                    begin = r.waitBegin(writer, id, timeoutMillis);
                    monitors.releasedAt(monitor, begin); // wait() lets the monitor go
                    r.busy = false;
                } else {
                    r = null;
                }
            } catch (Throwable t) {
                errors.incrementAndGet();
                if (r != null) r.busy = false;
                r = null;
            }
        }
        try {
            monitor.wait(timeoutMillis);
        } finally {
            if (r != null && active) {
                try {
                    r.busy = true;
                    // wait() does not say why it returned: a timed wait that lasted its timeout timed out.
                    long waited = System.nanoTime() - begin;
                    r.waitEnd(writer, id, timeoutMillis > 0 && waited >= timeoutMillis * 1_000_000L);
                } catch (Throwable t) {
                    errors.incrementAndGet();
                } finally {
                    r.busy = false;
                }
            }
        }
    }

    @Override
    public void notifyOn(Object monitor, boolean all) {
        recordNotify(monitor, all);
        if (all) {
            monitor.notifyAll();
        } else {
            monitor.notify();
        }
    }

    private void recordNotify(Object monitor, boolean all) {
        if (!active || settings.contendedOnly) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy || !r.recording) return;
            r.busy = true;
            r.notifyEvent(writer, monitors.classMonitorId(r, monitor), all);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Advice on {@code LockSupport.park*}: how j.u.c locks, conditions and queues block. */
    @Override
    public void parkBegin(Object blocker, long timeoutNanos) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy || !r.recording) return;
            r.busy = true;
            int classId = 0;
            if (blocker != null) {
                Class<?> c = blocker.getClass();
                if (r.lastBlockerClass != c) {
                    Integer id = blockerClasses.get(c);
                    if (id == null) {
                        id = writer.defineClass(c.getName());
                        blockerClasses.put(c, id);
                    }
                    r.lastBlockerId = id;
                    r.lastBlockerClass = c;
                }
                classId = r.lastBlockerId;
            }
            r.parkBegin(writer, classId, timeoutNanos);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    @Override
    public void parkEnd() {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = ThreadRecorders.find(Thread.currentThread());
            if (r == null || !r.selected || r.busy || !ThreadRecorders.isCurrent(r) || !r.parked) return;
            r.busy = true;
            r.parkEnd(writer);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Constructor exit of a class selected for allocation events (its own class, not a subclass's super call). */
    @Override
    public void allocated(Object object, int classId) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy || !r.recording) return;
            r.busy = true;
            long size = classId < sizes.length ? sizes[classId] : 0;
            if (size == 0) {
                size = instrumentation.getObjectSize(object);
                if (classId < sizes.length) {
                    sizes[classId] = size;
                }
            }
            r.allocation(writer, classId, size);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Advice on {@code Thread.start}: remember who started {@code child}, and when. */
    @Override
    public void threadStarting(Thread child) {
        if (!active) return;
        try {
            ThreadRecorder r = current();
            if (r != null && r.busy) return;
            ThreadRecorders.starting(child, r == null ? 0 : r.traceId, System.nanoTime());
        } catch (Throwable t) {
            errors.incrementAndGet();
        }
    }

    /** Advice on {@code Thread.exit}, which the JVM calls on the dying thread: its end, and its last buffer. */
    @Override
    public void threadExiting() {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current(); // a thread with no event yet still gets its start and end
            if (r == null || r.busy) return;
            r.busy = true;
            r.finish(writer, true);
        } catch (Throwable t) {
            errors.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }
}
