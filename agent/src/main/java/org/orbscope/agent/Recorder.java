package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.orbscope.trace.TraceWriter;

/**
 * What the inlined advice calls. Lives in the bootstrap loader so that advice inlined into any class can
 * reach it. Every entry point swallows and counts its own errors: nothing the agent does may throw into the
 * application, and the per-thread {@code busy} flag keeps the agent from recursing into itself.
 * The entry points repeat that guard on purpose: one helper taking a lambda would allocate or turn
 * megamorphic on the hot path.
 */
public final class Recorder {
    private static volatile boolean active;
    private static TraceWriter writer;
    private static AgentConfig config;
    private static final ThreadLocal<ThreadRecorder> LOCAL = new ThreadLocal<>();
    static final ConcurrentLinkedQueue<ThreadRecorder> ALL = new ConcurrentLinkedQueue<>();
    static final AtomicLong ERRORS = new AtomicLong();
    /** Drops counted by threads that have ended (their recorders are gone). */
    static final AtomicLong DEAD_DROPPED = new AtomicLong();
    /** Bumped at every start, so thread recorders of an earlier recording (attach, stop, attach) are replaced. */
    private static int generation;
    /** Java thread id of a started thread -> trace id of the thread that started it. */
    static final Map<Long, Integer> PARENTS = new ConcurrentHashMap<>();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private Recorder() {
    }

    static void start(TraceWriter w, AgentConfig c) {
        writer = w;
        config = c;
        generation++;
        ERRORS.set(0);
        DEAD_DROPPED.set(0);
        if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
        active = true;
    }

    static void deactivate() {
        active = false;
    }

    static boolean isActive() {
        return active;
    }

    static long cpuNow() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** This thread's recorder, created on its first event; null while the agent is off. */
    private static ThreadRecorder current() {
        ThreadRecorder r = LOCAL.get();
        if (r == null || r.generation != generation) {
            Thread t = Thread.currentThread();
            if (t.getName().startsWith("orbscope-")) {
                r = new ThreadRecorder(t, 0, false);
            } else {
                TraceWriter w = writer;
                r = new ThreadRecorder(t, w.defineThread(t.getName(), t.getId()), config.threadSelected(t.getName()));
                if (r.selected) {
                    ALL.add(r);
                    if (config.events.contains("threads")) {
                        Integer parent = PARENTS.remove(t.getId());
                        r.threadStart(w, parent == null ? 0 : parent);
                    }
                }
            }
            r.generation = generation;
            LOCAL.set(r);
        }
        return r.selected ? r : null;
    }

    public static void enter(int methodId) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            r.enter(writer, methodId, false, false, 0);
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    public static void enterCpu(int methodId) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            r.enter(writer, methodId, true, false, 0);
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Enter with a correlation key: the identity of {@code keyObject} (this or an argument). */
    public static void enterKeyed(int methodId, Object keyObject, boolean cpu) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            long key = keyObject == null ? 0 : System.identityHashCode(keyObject) & 0xFFFFFFFFL;
            r.enter(writer, methodId, cpu, true, key);
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    public static void exit(boolean exceptional) {
        exit(exceptional, false);
    }

    public static void exitCpu(boolean exceptional) {
        exit(exceptional, true);
    }

    private static void exit(boolean exceptional, boolean cpu) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = LOCAL.get();
            if (r == null || !r.selected || r.busy || r.generation != generation) return;
            r.busy = true;
            r.exit(writer, exceptional, cpu);
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Before {@code monitorenter}: remember when this thread started to acquire. */
    public static void monitorEnterBefore(Object monitor) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.monitorRequested = System.nanoTime();
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        }
    }

    /** After {@code monitorenter}: entered; contended when acquiring took longer than an uncontended lock can. */
    public static void monitorEnterAfter(Object monitor) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            r.monitorEntered(writer, monitorId(r, monitor));
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    public static void monitorExitBefore(Object monitor) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            r.monitorExit(writer, monitorId(r, monitor));
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** The trace id of a monitor; each thread remembers its last one, since code takes the same lock repeatedly. */
    private static int monitorId(ThreadRecorder r, Object monitor) {
        if (r.lastMonitor != monitor) {
            r.lastMonitor = monitor;
            r.lastMonitorId = writer.defineMonitor(monitor.getClass().getName(), System.identityHashCode(monitor));
        }
        return r.lastMonitorId;
    }

    public static void waitOn(Object monitor) throws InterruptedException {
        waitOn(monitor, 0L);
    }

    public static void waitOn(Object monitor, long timeoutMillis, int nanos) throws InterruptedException {
        waitOn(monitor, timeoutMillis + (nanos > 0 ? 1 : 0));
    }

    /** Replaces {@code monitor.wait(timeout)} in selected classes: the wait itself is the application's. */
    public static void waitOn(Object monitor, long timeoutMillis) throws InterruptedException {
        ThreadRecorder r = null;
        int id = 0;
        long begin = 0;
        if (active) {
            try {
                r = current();
                if (r != null && !r.busy) {
                    r.busy = true;
                    id = monitorId(r, monitor);
                    begin = r.waitBegin(writer, id, timeoutMillis);
                    r.busy = false;
                } else {
                    r = null;
                }
            } catch (Throwable t) {
                ERRORS.incrementAndGet();
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
                    ERRORS.incrementAndGet();
                } finally {
                    r.busy = false;
                }
            }
        }
    }

    public static void notifyOn(Object monitor) {
        recordNotify(monitor, false);
        monitor.notify();
    }

    public static void notifyAllOn(Object monitor) {
        recordNotify(monitor, true);
        monitor.notifyAll();
    }

    private static void recordNotify(Object monitor, boolean all) {
        if (!active) return;
        ThreadRecorder r = null;
        try {
            r = current();
            if (r == null || r.busy) return;
            r.busy = true;
            r.notifyEvent(writer, monitorId(r, monitor), all);
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        } finally {
            if (r != null) r.busy = false;
        }
    }

    /** Advice on {@code Thread.start}: remember who started {@code child}. */
    public static void threadStarting(Thread child) {
        if (!active) return;
        try {
            ThreadRecorder r = current();
            if (r != null && r.traceId > 0 && !r.busy) {
                PARENTS.put(child.getId(), r.traceId);
            }
        } catch (Throwable t) {
            ERRORS.incrementAndGet();
        }
    }
}
