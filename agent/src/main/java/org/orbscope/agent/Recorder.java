package org.orbscope.agent;

import java.lang.instrument.Instrumentation;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.internal.TraceWriter;

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
    private final TraceWriter writer;
    private final Settings settings;
    /** The recording this recorder records for. */
    private final Recording recording;
    /** Cleared at stop: threads still inside an entry point then record nothing more. */
    private volatile boolean active = true;
    private final AgentErrors errors = new AgentErrors();
    private final MonitorTable monitorTable;
    private final MonitorEvents monitors;
    private final RequestEvents requests;
    private final ParkEvents parks;
    private final AllocationEvents allocations;
    private final RequestSample sample;

    private Recorder(TraceWriter writer, Settings settings, Instrumentation instrumentation, Recording recording) {
        this.writer = writer;
        this.settings = settings;
        this.recording = recording;
        this.monitorTable = new MonitorTable(writer);
        this.monitors = new MonitorEvents(monitorTable, settings.contendedOnly);
        this.requests = new RequestEvents(writer, settings, errors);
        this.parks = new ParkEvents(writer);
        this.allocations = new AllocationEvents(instrumentation);
        this.sample = new RequestSample(settings.requestEvery);
    }

    /** A new recording's recorder, writing to {@code writer}: threads get new recorders as they next record. */
    static Recorder start(TraceWriter writer, Settings settings, Instrumentation instrumentation, Recording recording) {
        ThreadRecorders.begin();
        CpuClock.enable();
        return new Recorder(writer, settings, instrumentation, recording);
    }

    /** The recording this recorder belongs to (the running one while the bridge forwards here). */
    Recording recording() {
        return recording;
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
    MonitorTable monitorTable() {
        return monitorTable;
    }

    /** The recording's request sample: the one-in-N in force and what its threads have counted. */
    RequestSample requestSample() {
        return sample;
    }

    /** The recording's field paths, which advice names by the ids it registers. */
    KeyPaths paths() {
        return requests.paths();
    }

    /** The errors caught inside the agent in this recording. */
    public AgentErrors errors() {
        return errors;
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

    /**
     * The guard's second half: charges the agent's work the event noted ({@link ThreadRecorder#startWork}) and lets
     * the thread record again. Null (nothing acquired) is allowed.
     */
    private static void release(ThreadRecorder r) {
        if (r != null) {
            r.endWork();
            r.busy = false;
        }
    }

    /** This thread's recorder, created on its first event; null when the thread is not recorded. */
    private ThreadRecorder current() {
        Thread t = Thread.currentThread();
        ThreadRecorder r = ThreadRecorders.ofRunningRecording(t);
        if (r == null) r = create(t);
        return r.selected ? r : null;
    }

    private ThreadRecorder create(Thread t) {
        long[] parent = ThreadRecorders.takeParent(t);
        // A thread left out is not defined: it records nothing, and as nobody's parent it is named as none.
        boolean selected = !ThreadRecorders.isAgentThread(t.getName()) && settings.threadSelected(t.getName());
        ThreadRecorder r = new ThreadRecorder(t, selected ? ThreadRecorders.traceId(writer, t.getId(), t.getName()) : 0,
                selected, settings, sample, writer);
        ThreadRecorders.add(r);
        ThreadRecorder held = selected && settings.threads ? acquire(r) : null;
        if (held != null) {
            // Started while recording: the stream begins when start() was called, not at the first event.
            try {
                held.threadStart(parent == null ? 0 : (int) parent[0], parent == null ? System.nanoTime() : parent[1]);
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
        if (r == null) return null;
        try {
            if ((flags & FRAGMENT) != 0 && r != drawnOn) {
                r.beginFragment();
            }
            return r.recording && r.enter(methodId, flags, false, 0, r.startWork()) ? r : null;
        } finally {
            release(r);
        }
    }

    /** An exit the hot path could not write. An earlier recording's token (stop and attach again during the call) is dropped. */
    private void exitGuarded(ThreadRecorder token, boolean exceptional, boolean cpu) {
        ThreadRecorder r = acquire(token);
        try {
            if (r != null) r.exit(exceptional, cpu);
        } finally {
            release(r);
        }
    }

    @Override
    public Object enterKeyed(int methodId, Object keyObject, int keyPath, int flags) {
        return enterNamed(methodId, keyObject, keyPath, flags | KEYED, null, null, 0);
    }

    @Override
    public Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        ThreadRecorder r = acquire();
        try {
            return r == null ? null : requests.enter(r, methodId, keyObject, keyPath, flags, operationBase, objectBase, namePaths);
        } finally {
            release(r);
        }
    }

    @Override
    public void recordingFailed(Throwable failure) {
        errors.failed(failure);
    }

    @Override
    public void monitorEnterBefore(Object monitor) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) monitors.acquiring(r, monitor);
        } finally {
            release(r);
        }
    }

    @Override
    public void monitorEnterAfter(Object monitor) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) monitors.acquired(r, monitor);
        } finally {
            release(r);
        }
    }

    @Override
    public void monitorExitBefore(Object monitor) {
        ThreadRecorder r = monitors.releaseIgnored(monitor) ? null : acquire();
        try {
            if (r != null) monitors.releasing(r, monitor);
        } finally {
            release(r);
        }
    }

    @Override
    public void syncCallBefore(int methodId) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) monitors.callingSynchronized(r, methodId);
        } finally {
            release(r);
        }
    }

    @Override
    public void syncMethodEntered(Object monitor, int methodId) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) monitors.synchronizedEntered(r, monitor, methodId);
        } finally {
            release(r);
        }
    }

    /** The wait itself is the application's: its exceptions pass, and the recording around it catches its own. */
    @Override
    public void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        ThreadRecorder r = null;
        long begin = 0;
        try {
            r = acquire();
            begin = r == null ? 0 : monitors.waiting(r, monitor, timeoutMillis);
        } catch (Throwable t) {
            recordingFailed(t);
            begin = 0;
        } finally {
            release(r);
        }
        try {
            monitor.wait(timeoutMillis);
        } finally {
            if (begin != 0) waitEnded(r, monitor, begin, timeoutMillis);
        }
    }

    private void waitEnded(ThreadRecorder waiter, Object monitor, long begin, long timeoutMillis) {
        ThreadRecorder r = null;
        try {
            r = acquire(waiter);
            if (r != null) monitors.waited(r, monitor, begin, timeoutMillis);
        } catch (Throwable t) {
            recordingFailed(t);
        } finally {
            release(r);
        }
    }

    /** As {@link #waitOn}, the notify is the application's and the recording catches its own. */
    @Override
    public void notifyOn(Object monitor, boolean all) {
        ThreadRecorder r = null;
        try {
            r = settings.contendedOnly ? null : acquire();
            if (r != null) monitors.notifying(r, monitor, all);
        } catch (Throwable t) {
            recordingFailed(t);
        } finally {
            release(r);
        }
        super.notifyOn(monitor, all);
    }

    @Override
    public void parkBegin(Object blocker, long timeoutNanos) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) parks.parking(r, blocker, timeoutNanos);
        } finally {
            release(r);
        }
    }

    @Override
    public void parkEnd() {
        // A thread that has recorded a park's begin has its recorder: the end never makes one.
        ThreadRecorder r = acquire(ThreadRecorders.find(Thread.currentThread()));
        try {
            if (r != null) parks.parked(r);
        } finally {
            release(r);
        }
    }

    @Override
    public void allocated(Object object, int classId) {
        ThreadRecorder r = acquire();
        try {
            if (r != null) allocations.allocated(r, object, classId);
        } finally {
            release(r);
        }
    }

    /** Advice on {@code Thread.start}: remember who started {@code child}, and when (nothing recorded yet). */
    @Override
    public void threadStarting(Thread child) {
        if (!active) return;
        ThreadRecorder r = current(); // null for a thread not recorded: the child's parent is none
        if (r == null || !r.busy) {
            ThreadRecorders.starting(child, r == null ? 0 : r.traceId, System.nanoTime());
        }
    }

    /** Advice on {@code Thread.exit}, which the JVM calls on the dying thread: its end, and its last buffer. */
    @Override
    public void threadExiting() {
        ThreadRecorder r = acquire(); // a thread with no event yet still gets its start and end
        try {
            if (r != null) {
                monitors.callEnded(r);
                r.finish(true);
            }
        } finally {
            release(r);
        }
    }
}
