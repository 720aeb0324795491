package org.orbscope.agent.boot;

/**
 * What {@link Dispatch} forwards to: the contract between the code the agent puts into application classes and the
 * recorder. Defined in the bootstrap loader next to {@link Dispatch}; the recorder that extends it lives in the
 * agent's own loader, so only these two small classes are bootstrap classes. This base class records nothing: it is
 * what runs while no recording is installed, and for the JDK calls the agent replaced ({@code wait},
 * {@code notify}) it does what the application asked for.
 *
 * <p><b>Callers.</b> Only {@link Dispatch} calls a sink, from the advice and rewritten call sites of instrumented
 * classes, on the application's thread that runs them. Any number of threads call at once, and a thread may call
 * again while a call of its own is still running: what the sink calls (a field path, a dictionary, the JDK) may
 * itself be instrumented. Each method below says which instrumentation calls it.
 *
 * <p><b>Exceptions.</b> A recording method may throw anything. {@link Dispatch} catches every {@code Throwable},
 * hands it to {@link #recordingFailed} on the same thread and returns what this base class would (no token,
 * nothing recorded); the advice around the call suppresses whatever still escapes. The application's call runs on
 * as if unmonitored. The exceptions are {@link #waitOn} and {@link #notifyOn}, which perform the application's own
 * {@code wait} and {@code notify}: their exceptions ({@code InterruptedException},
 * {@code IllegalMonitorStateException}, {@code IllegalArgumentException}) belong to the application and pass through
 * {@link Dispatch} untouched, so there a sink catches its own failures, never the wait's.
 *
 * <p><b>Cost.</b> Every method runs inside the application's work and is counted in its times. {@link #enter},
 * {@link #enterCpu}, {@link #exit} and {@link #exitCpu} run on every monitored call: no lock, no allocation, two
 * clock reads and a few stores into the thread's buffer while it has room (docs/results/agent-overhead.md). The
 * others look up the thread's recorder and per-recording tables and may take the trace writer's lock to define a
 * name the first time or to hand over a full buffer.
 */
public class Sink {
    /** Flag of a method's enter: its enter carries the thread's CPU time (when its fragment is sampled). */
    public static final int CPU_ENTER = 1;
    /** Flag: its exit carries the thread's CPU time (the exit advice then calls {@link #exitCpu}). */
    public static final int CPU_EXIT = 2;
    /** Flag: its enter begins a fragment of request work, where CPU sampling (and request sampling) draws. */
    public static final int FRAGMENT = 4;
    /** Flag: the method records a correlation key (read by {@link #enterNamed}, whose key object may be null either way). */
    public static final int KEYED = 8;
    /**
     * Flag, with {@link #FRAGMENT} and {@link #KEYED}: the fragment continues the request its key names, recorded
     * when that request's first fragment was (request sampling).
     */
    public static final int CONTINUED = 16;

    /**
     * An {@code include}d method under {@code identities=true}, entered through {@link #enterNamed}: its
     * {@code operationBase} is the method's {@code this} (null when static) and its {@code objectBase} its arguments'
     * array, whose identities, and those of their fields, follow the enter (a broad trace for {@code profile suggest};
     * the fields are read by reflection).
     */
    public static final int HOLDS = 32;

    /**
     * A monitored method with wall times only is entered; called by its enter advice. Returns a token the exit
     * advice hands back to {@link #exit}, or null when the enter was not recorded (thread left out, request not
     * sampled, event dropped, thread inside the agent), and then the exit advice makes no call: the token spares the
     * exit a look-up and keeps every call tree balanced. The hot path (see the class's cost).
     */
    public Object enter(int methodId) {
        return null;
    }

    /**
     * As {@link #enter}, for a method with {@code flags} ({@link #CPU_ENTER} and kin, constants of its advice): the
     * enter reads the thread's CPU clock when the flags and the fragment's draw ask for it, and a {@link #FRAGMENT}
     * enter draws first. The hot path, plus a CPU clock read when one is asked for.
     */
    public Object enterCpu(int methodId, int flags) {
        return null;
    }

    /**
     * As {@link #enterCpu}, for a method that records a correlation key: the identity of {@code keyObject} (the
     * method's {@code this} or an argument, null for none), or the value at the end of field path {@code keyPath}
     * from it (0: no path). Never the hot path: the key is read, by reflection for a path, and request sampling may
     * look the key up.
     */
    public Object enterKeyed(int methodId, Object keyObject, int keyPath, int flags) {
        return null;
    }

    /**
     * As {@link #enterKeyed}, for a method that also names its request: after the enter, the operation name read
     * from {@code operationBase} and the object key from {@code objectBase} (either null: not read), each along the
     * field path of its half of {@code namePaths}. Adds a dictionary look-up per name
     * (docs/results/request-names.md).
     */
    public Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        return null;
    }

    /**
     * A monitored method returns ({@code exceptional}: by a throw). Called by its exit advice with the non-null
     * token of its enter, on the same thread; a token of a recording that has stopped since is ignored. The hot
     * path.
     */
    public void exit(Object token, boolean exceptional) {
    }

    /** As {@link #exit}, for a method whose flags have {@link #CPU_EXIT}: the exit also reads the thread's CPU clock. */
    public void exitCpu(Object token, boolean exceptional) {
    }

    /**
     * A thread is about to execute {@code monitorenter} on {@code monitor} (not yet held). Called before each
     * {@code synchronized} block of a class whose monitors are recorded. Notes the time: a clock read.
     */
    public void monitorEnterBefore(Object monitor) {
    }

    /**
     * The thread holds {@code monitor}, just entered at the start of a {@code synchronized} block's protected
     * region. A block whose layout leaves no such place makes no call. A clock read, and the monitor's trace id
     * (by class; by identity only when it was contended).
     */
    public void monitorEnterAfter(Object monitor) {
    }

    /**
     * The thread is about to release {@code monitor} (still held): before each {@code monitorexit} outside exception
     * handlers, and in the exit advice of a recorded {@code synchronized} method. With only contended monitors
     * recorded, one load of the monitor's header when nobody waits for it; otherwise a clock read when callers of
     * the monitor's class are timed.
     */
    public void monitorExitBefore(Object monitor) {
    }

    /**
     * The thread is about to call the {@code synchronized} method {@code methodId}: called before such call sites
     * in classes whose monitors are recorded, so the callee can tell how long taking its monitor took. A clock read.
     */
    public void syncCallBefore(int methodId) {
    }

    /**
     * First thing in a recorded {@code synchronized} method, whose monitor ({@code this} or the class) the thread now
     * holds; called by its enter advice. A clock read when a call site noted the method.
     */
    public void syncMethodEntered(Object monitor, int methodId) {
    }

    /**
     * Replaces {@code monitor.wait(timeoutMillis)} at the call sites of classes whose monitors are recorded (0: no
     * timeout) and must wait exactly as that call would; its exceptions are the application's (see the class).
     * Costs the recording of a begin and an end around the wait.
     */
    public void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        monitor.wait(timeoutMillis);
    }

    /**
     * Replaces {@code monitor.notify()} ({@code all}: {@code notifyAll()}) at the call sites of classes whose
     * monitors are recorded and must notify exactly as that call would; its exceptions are the application's.
     */
    public void notifyOn(Object monitor, boolean all) {
        if (all) {
            monitor.notifyAll();
        } else {
            monitor.notify();
        }
    }

    /**
     * The thread is about to park in {@code LockSupport.park*} on {@code blocker} (may be null), for at most
     * {@code timeoutNanos} (0: no timeout); called by the advice of each form. A clock read and the blocker
     * class's trace id.
     */
    public void parkBegin(Object blocker, long timeoutNanos) {
    }

    /** The park returned, normally or by a throw; called by the same advice. A clock read when its begin was recorded. */
    public void parkEnd() {
    }

    /**
     * A constructor of a class selected for allocation events returned {@code object}, of trace class id
     * {@code classId}; called by its exit advice only for the object's own class, not a subclass's call to
     * {@code super()}. A clock read; the first object of a class is also measured.
     */
    public void allocated(Object object, int classId) {
    }

    /** {@code Thread.start} is starting {@code child}; called by its advice on the starting thread. One map entry. */
    public void threadStarting(Thread child) {
    }

    /**
     * The thread is ending: called by the advice of {@code Thread.exit}, which the JVM runs on the dying thread.
     * Writes the thread's end and hands its last buffer to the writer.
     */
    public void threadExiting() {
    }

    /**
     * A recording method of this sink threw {@code failure}; called by {@link Dispatch} only, on the thread where it
     * was thrown, before the application's call goes on. Counts it; must not throw ({@link Dispatch} ignores what it
     * throws). Rare by design: a count, and one line on stderr the first time in a recording.
     */
    public void recordingFailed(Throwable failure) {
    }
}
