package org.orbscope.agent.boot;

/**
 * What {@link Dispatch} forwards to. Defined in the bootstrap loader next to {@link Dispatch}; the recorder
 * that extends it lives in the agent's own loader, so only these two small classes are bootstrap classes.
 * This base class records nothing: it is what runs while no recording is installed, and for the JDK calls
 * the advice replaced (wait, notify) it does what the application asked for.
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
     * Records a method enter. Returns a token the exit advice hands back to {@link #exit}, or null when the
     * enter was not recorded (filtered thread, dropped, recursion guard), in which case the exit is skipped too.
     * The token spares the exit a thread-local lookup and keeps every call tree balanced.
     */
    public Object enter(int methodId) {
        return null;
    }

    /** An enter of a method with CPU times or a fragment mark; {@code flags} are {@link #CPU_ENTER} and kin. */
    public Object enterCpu(int methodId, int flags) {
        return null;
    }

    public Object enterKeyed(int methodId, Object keyObject, int keyPath, int flags) {
        return null;
    }

    /**
     * An enter that also reads names of the thread's request (operation, object key) from {@code operationBase} and
     * {@code objectBase} along the paths {@code namePaths} identifies; either base may be null (nothing read).
     */
    public Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        return null;
    }

    public void exit(Object token, boolean exceptional) {
    }

    public void exitCpu(Object token, boolean exceptional) {
    }

    public void monitorEnterBefore(Object monitor) {
    }

    public void monitorEnterAfter(Object monitor) {
    }

    public void monitorExitBefore(Object monitor) {
    }

    public void syncCallBefore(int methodId) {
    }

    public void syncMethodEntered(Object monitor, int methodId) {
    }

    public void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        monitor.wait(timeoutMillis);
    }

    public void notifyOn(Object monitor, boolean all) {
        if (all) {
            monitor.notifyAll();
        } else {
            monitor.notify();
        }
    }

    public void parkBegin(Object blocker, long timeoutNanos) {
    }

    public void parkEnd() {
    }

    public void allocated(Object object, int classId) {
    }

    public void threadStarting(Thread child) {
    }

    public void threadExiting() {
    }

    public void recordingFailed(Throwable failure) {
    }
}
