package org.orbscope.agent.boot;

/**
 * The only class inlined advice calls. It is defined in the bootstrap loader, so code of any class loader,
 * JDK classes included, can link to it; it forwards to the current {@link Sink}. Replacing the sink turns
 * recording on and off without touching instrumented code. Each recording entry point repeats the same
 * catch-and-count guard ({@link #failed}) by hand: a shared helper taking a lambda would allocate or turn
 * megamorphic on the hot path.
 */
public final class Dispatch {
    /** Never null; volatile so a new recording is seen by every thread without a lock. */
    public static volatile Sink sink = new Sink();

    private Dispatch() {
    }

    public static Object enter(int methodId) {
        try {
            return sink.enter(methodId);
        } catch (Throwable t) {
            failed(t);
            return null;
        }
    }

    public static Object enterCpu(int methodId, int flags) {
        try {
            return sink.enterCpu(methodId, flags);
        } catch (Throwable t) {
            failed(t);
            return null;
        }
    }

    public static Object enterKeyed(int methodId, Object keyObject, int keyPath, int flags) {
        try {
            return sink.enterKeyed(methodId, keyObject, keyPath, flags);
        } catch (Throwable t) {
            failed(t);
            return null;
        }
    }

    public static Object enterNamed(int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        try {
            return sink.enterNamed(methodId, keyObject, keyPath, flags, operationBase, objectBase, namePaths);
        } catch (Throwable t) {
            failed(t);
            return null;
        }
    }

    public static void exit(Object token, boolean exceptional) {
        try {
            sink.exit(token, exceptional);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void exitCpu(Object token, boolean exceptional) {
        try {
            sink.exitCpu(token, exceptional);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void monitorEnterBefore(Object monitor) {
        try {
            sink.monitorEnterBefore(monitor);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void monitorEnterAfter(Object monitor) {
        try {
            sink.monitorEnterAfter(monitor);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void monitorExitBefore(Object monitor) {
        try {
            sink.monitorExitBefore(monitor);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void syncCallBefore(int methodId) {
        try {
            sink.syncCallBefore(methodId);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void syncMethodEntered(Object monitor, int methodId) {
        try {
            sink.syncMethodEntered(monitor, methodId);
        } catch (Throwable t) {
            failed(t);
        }
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
        try {
            sink.parkBegin(blocker, timeoutNanos);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void parkEnd() {
        try {
            sink.parkEnd();
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void allocated(Object object, int classId) {
        try {
            sink.allocated(object, classId);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void threadStarting(Thread child) {
        try {
            sink.threadStarting(child);
        } catch (Throwable t) {
            failed(t);
        }
    }

    public static void threadExiting() {
        try {
            sink.threadExiting();
        } catch (Throwable t) {
            failed(t);
        }
    }

    /**
     * An exception that left the sink while it recorded: counted, never passed on into the application's call.
     * {@link #waitOn} and {@link #notifyOn} are not guarded so: they perform the application's own wait or
     * notify, whose exceptions (interrupt, monitor not held) belong to the application.
     */
    private static void failed(Throwable failure) {
        try {
            sink.recordingFailed(failure);
        } catch (Throwable ignored) {
            // counting failed too (e.g. no stack left): the application's call still runs on
        }
    }
}
