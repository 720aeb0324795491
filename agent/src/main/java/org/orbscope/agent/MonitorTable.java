package org.orbscope.agent;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.orbscope.trace.internal.TraceWriter;

/**
 * What one recording knows about monitors across threads: when a monitor of a class was last released (the
 * evidence that a synchronized method's caller waited), which classes need that time at all, and the trace ids of
 * monitors. Each thread keeps its last answers in its {@link ThreadRecorder}, so a thread that locks the same
 * class again asks no map.
 */
final class MonitorTable {
    private static final int SLOTS = 4096;

    private final TraceWriter writer;
    /**
     * When a recorded monitor of a class was last released, by the class's slot. A synchronized method's caller
     * counts as contended only if a monitor of its class was released after it started to call: the gap between
     * call site and callee alone also holds call overhead and first-call linking, which can take longer than a
     * short block. By class, not by object: an object's identity hash, taken while the object is thin-locked,
     * makes HotSpot inflate its monitor (and deflate it later on a JVM thread), for every object a server locks.
     * When only contended enters are recorded, only releases of inflated monitors are timed: a caller that waited
     * for the monitor inflated it. Plain stores and loads: a late or lost time makes one enter count as free.
     */
    private final long[] released = new long[SLOTS];
    /**
     * Names of the classes that declare recorded synchronized methods. Only monitors of these classes (or of
     * their subclasses) need their release time, so an exit of any other monitor reads no clock.
     */
    private final Set<String> syncClasses = ConcurrentHashMap.newKeySet();
    /** Bumped at each addition to {@link #syncClasses}, so looked-up answers of before are looked up again. */
    private final AtomicInteger syncClassesVersion = new AtomicInteger();
    /** Whether a class's monitors need their release time, by the class's {@link #released} slot. */
    private final ReleaseTiming[] releaseTiming = new ReleaseTiming[SLOTS];
    /**
     * Monitor ids of uncontended events: one per class of locked object (and one per class locked as a
     * {@code static synchronized} monitor). Only contended enters and waits, where the JVM has inflated the
     * monitor anyway, take the object's identity hash and get an id of their own.
     */
    private final Map<Class<?>, Integer> instanceMonitors = new ConcurrentHashMap<>();
    /**
     * Recorded threads between the call site of a synchronized method and its first bytecode: the only ones that
     * ask for a release time ({@link #releasedAfter}). While none is, no release needs its time, so a thread that
     * releases a monitor reads no clock and looks nothing up; on a server recording one request in N, that is most
     * releases of its hot monitors. A caller counts itself before it reads its own start time, so a release after
     * that start finds it counted, unless the releasing thread read the count just before and was preempted
     * before it let go of the monitor: the caller then waited that short while uncounted, as a caller that
     * starts to wait between the header load of {@link MonitorEvents#releaseIgnored} and the release does.
     */
    private final AtomicInteger callersTiming = new AtomicInteger();
    private final Map<Class<?>, Integer> classMonitors = new ConcurrentHashMap<>();

    private static final class ReleaseTiming {
        final Class<?> type;
        final int version;
        final boolean timed;

        ReleaseTiming(Class<?> type, int version, boolean timed) {
            this.type = type;
            this.version = version;
            this.timed = timed;
        }
    }

    MonitorTable(TraceWriter writer) {
        this.writer = writer;
    }

    /** A class that declares recorded synchronized methods (the transformer says so before the class is defined). */
    void synchronizedMethodsIn(String className) {
        if (syncClasses.add(className)) {
            syncClassesVersion.incrementAndGet();
        }
    }

    /** A recorded thread starts to call a synchronized method: releases are timed until it {@link #callerEntered}. */
    void callerTiming() {
        callersTiming.incrementAndGet();
    }

    /** A recorded thread counted by {@link #callerTiming} holds the monitor now, or stopped waiting for it. */
    void callerEntered() {
        callersTiming.decrementAndGet();
    }

    /** Whether a recorded caller of a synchronized method may be waiting for a monitor, and so needs release times. */
    boolean callersTiming() {
        return callersTiming.get() != 0;
    }

    /** A monitor is being released: notes the time if its class's callers are timed; returns that time, or 0. */
    long releasing(Object monitor) {
        Class<?> c = monitorClass(monitor);
        int slot = slot(c);
        if (!releaseTimed(c, slot)) {
            return 0;
        }
        long now = System.nanoTime();
        released[slot] = now;
        return now;
    }

    /** A monitor is let go at {@code nanos} by a wait, whatever its class: a recorded thread may be waiting for it. */
    void releasedAt(Object monitor, long nanos) {
        released[slot(monitorClass(monitor))] = nanos;
    }

    /** Whether a monitor of this monitor's class was released after {@code nanos}. */
    boolean releasedAfter(Object monitor, long nanos) {
        return released[slot(monitorClass(monitor))] - nanos > 0;
    }

    /** The class a monitor event names: the object's class, or the class itself for a static synchronized one. */
    private static Class<?> monitorClass(Object monitor) {
        return monitor instanceof Class ? (Class<?>) monitor : monitor.getClass();
    }

    /** Whether monitors of this class need their release time: it or a superclass declares recorded synchronized methods. */
    private boolean releaseTimed(Class<?> c, int slot) {
        int version = syncClassesVersion.get();
        ReleaseTiming t = releaseTiming[slot];
        if (t == null || t.type != c || t.version != version) {
            boolean timed = false;
            for (Class<?> k = c; k != null && !timed; k = k.getSuperclass()) {
                timed = syncClasses.contains(k.getName());
            }
            t = new ReleaseTiming(c, version, timed);
            releaseTiming[slot] = t;
        }
        return t.timed;
    }

    /** The {@link #released} slot of a monitor class (a Class keeps its identity hash once taken: no inflation). */
    private static int slot(Class<?> monitorClass) {
        return System.identityHashCode(monitorClass) & (SLOTS - 1);
    }

    /** The trace id of "a monitor of this class" (identity not taken); each thread remembers its last one. */
    int classMonitorId(ThreadRecorder r, Object monitor) {
        boolean isClass = monitor instanceof Class;
        Class<?> c = monitorClass(monitor);
        if (r.lastMonitorClass != c || r.lastMonitorIsClass != isClass) {
            Map<Class<?>, Integer> ids = isClass ? classMonitors : instanceMonitors;
            Integer id = ids.get(c);
            if (id == null) {
                id = writer.defineMonitor(isClass ? c.getName() + ".class" : c.getName(), 0);
                ids.put(c, id);
            }
            r.lastMonitorClass = c;
            r.lastMonitorIsClass = isClass;
            r.lastClassMonitorId = id;
        }
        return r.lastClassMonitorId;
    }

    /** The trace id of this very monitor (class and identity hash); each thread remembers its last one. */
    int objectMonitorId(ThreadRecorder r, Object monitor) {
        if (r.lastMonitor != monitor) {
            String cls = monitor instanceof Class ? ((Class<?>) monitor).getName() + ".class" : monitor.getClass().getName();
            r.lastMonitorId = writer.defineMonitor(cls, System.identityHashCode(monitor));
            r.lastMonitor = monitor;
        }
        return r.lastMonitorId;
    }
}
