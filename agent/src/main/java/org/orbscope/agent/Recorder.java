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
