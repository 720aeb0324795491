package org.orbscope.agent.boot;

/**
 * The only class inlined advice calls. It is defined in the bootstrap loader, so code of any class loader,
 * JDK classes included, can link to it; it forwards to the current {@link Sink}. Replacing the sink turns
 * recording on and off without touching instrumented code.
 */
public final class Dispatch {
    /** Never null; volatile so a new recording is seen by every thread without a lock. */
    public static volatile Sink sink = new Sink();

    private Dispatch() {
    }

    public static Object enter(int methodId) {
        return sink.enter(methodId);
    }

    public static Object enterCpu(int methodId) {
        return sink.enterCpu(methodId);
    }

    public static Object enterKeyed(int methodId, Object keyObject, int keyPath, boolean cpu) {
        return sink.enterKeyed(methodId, keyObject, keyPath, cpu);
    }

    public static void exit(Object token, boolean exceptional) {
        sink.exit(token, exceptional);
    }

    public static void exitCpu(Object token, boolean exceptional) {
        sink.exitCpu(token, exceptional);
    }

    public static void monitorEnterBefore(Object monitor) {
        sink.monitorEnterBefore(monitor);
    }

    public static void monitorEnterAfter(Object monitor) {
        sink.monitorEnterAfter(monitor);
    }

    public static void monitorExitBefore(Object monitor) {
        sink.monitorExitBefore(monitor);
    }

    public static void syncCallBefore(int methodId) {
        sink.syncCallBefore(methodId);
    }

    public static void syncMethodEntered(Object monitor, int methodId) {
        sink.syncMethodEntered(monitor, methodId);
    }

    public static void waitOn(Object monitor) throws InterruptedException {
        sink.waitOn(monitor, 0L);
    }

    public static void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        sink.waitOn(monitor, timeoutMillis);
    }

    public static void waitOn(Object monitor, long timeoutMillis, int nanos) throws InterruptedException {
        if (timeoutMillis < 0 || nanos < 0 || nanos > 999_999) {
            monitor.wait(timeoutMillis, nanos); // let the JDK throw its own IllegalArgumentException
            return;
        }
        sink.waitOn(monitor, timeoutMillis + (nanos > 0 ? 1 : 0));
    }

    public static void notifyOn(Object monitor) {
        sink.notifyOn(monitor, false);
    }

    public static void notifyAllOn(Object monitor) {
        sink.notifyOn(monitor, true);
    }

    public static void parkBegin(Object blocker, long timeoutNanos) {
        sink.parkBegin(blocker, timeoutNanos);
    }

    public static void parkEnd() {
        sink.parkEnd();
    }

    public static void allocated(Object object, int classId) {
        sink.allocated(object, classId);
    }

    public static void threadStarting(Thread child) {
        sink.threadStarting(child);
    }

    public static void threadExiting() {
        sink.threadExiting();
    }

    /**
     * The exception handler of every advice: an exception the agent's code let out is counted here instead of
     * reaching the application. Nothing may leave this method, since it runs inside the application's call.
     */
    public static void adviceFailed(Throwable failure) {
        try {
            sink.adviceFailed(failure);
        } catch (Throwable ignored) {
            // even reporting failed (e.g. no stack left): the call still runs on
        }
    }
}
