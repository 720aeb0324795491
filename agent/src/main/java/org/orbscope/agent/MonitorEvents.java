package org.orbscope.agent;

/**
 * How one recording turns monitor operations into trace events: when an enter counts as contended (by the time
 * acquiring took, by the caller of a synchronized method finding a release after its call, by the monitor's
 * header), which exits and notifies are recorded, and the ends of waits. Each method runs on the thread it
 * records, inside the recorder's guard ({@link Recorder}), on that thread's recorder.
 */
final class MonitorEvents {
    /** Longer than any uncontended monitorenter takes: an enter that took longer had to wait. */
    private static final long CONTENDED_NANOS = 1_000;

    private final MonitorTable table;
    /** {@code monitors.events=contended}: no uncontended enters, no exits, no notifies. */
    private final boolean contendedOnly;

    MonitorEvents(MonitorTable table, boolean contendedOnly) {
        this.table = table;
        this.contendedOnly = contendedOnly;
    }

    /** Before {@code monitorenter}: remember when this thread started to acquire. */
    void acquiring(ThreadRecorder r, Object monitor) {
        if (r.recording) {
            r.monitorRequested = System.nanoTime();
            r.monitorRequestedFor = monitor;
        }
    }

    /** After {@code monitorenter}: entered; contended when acquiring took longer than an uncontended lock can. */
    void acquired(ThreadRecorder r, Object monitor) {
        if (!r.recording) {
            return;
        }
        // A block whose call after the enter could not be placed leaves a time noted for another monitor.
        long requested = r.monitorRequestedFor == monitor ? r.monitorRequested : 0;
        r.monitorRequested = 0;
        r.monitorRequestedFor = null;
        if (contendedOnly && !MonitorHeader.inflated(monitor)) {
            return; // entered without waiting: a waiting thread inflates the monitor first
        }
        entered(r, monitor, requested);
    }

    /**
     * Whether the release of this monitor can be left alone: only contended enters are recorded and nobody waits
     * for it yet. A monitor that is not inflated has no waiter (a thread that finds it held inflates it first), so
     * no contended enter needs this release's time and no exit is recorded: the exit of an uncontended monitor,
     * most of a server's, costs one header load. A caller that starts to wait between this load and the release
     * (the holder preempted in between) is not counted.
     */
    boolean releaseIgnored(Object monitor) {
        return contendedOnly && (!table.callersTiming() || !MonitorHeader.inflated(monitor));
    }

    /**
     * Before {@code monitorexit} or a synchronized method's return: the release time when a recorded caller may
     * wait for it (on any thread), then the exit event.
     */
    void releasing(ThreadRecorder r, Object monitor) {
        boolean exitRecorded = !contendedOnly && r.recording;
        long now = exitRecorded || table.callersTiming() ? table.releasing(monitor) : 0;
        if (exitRecorded) {
            r.monitorExit(table.classMonitorId(r, monitor), now != 0 ? now : System.nanoTime());
        }
    }

    /**
     * At a call site of a {@code synchronized} method: the JVM takes that monitor before the callee's first
     * bytecode, so the time to acquire it runs from here to the callee's enter advice.
     */
    void callingSynchronized(ThreadRecorder r, int methodId) {
        if (r.recording) {
            if (r.syncTarget == 0) {
                table.callerTiming(); // before the start time is read, so releases after it are timed
            }
            r.syncTarget = methodId;
            r.syncRequested = System.nanoTime();
        }
    }

    /** First thing in a {@code synchronized} method: the monitor is held now. */
    void synchronizedEntered(ThreadRecorder r, Object monitor, int methodId) {
        // Only the call site that named this very method may start the clock (an override may not be
        // synchronized); a call site noted in a recorded fragment is over either way.
        long requested = r.recording && r.syncTarget == methodId ? r.syncRequested : 0;
        callEnded(r);
        if (!r.recording) {
            return;
        }
        if (requested != 0 && !table.releasedAfter(monitor, requested)) {
            requested = 0; // nobody released one meanwhile: it was free
        }
        if (contendedOnly && requested != 0 && !MonitorHeader.inflated(monitor)) {
            return; // entered without waiting: a waiting thread inflates the monitor first
        }
        entered(r, monitor, requested);
    }

    /** The thread's call site of a synchronized method, if one is noted, is over: releases need not be timed for it. */
    void callEnded(ThreadRecorder r) {
        if (r.syncTarget != 0) {
            r.syncTarget = 0;
            table.callerEntered();
        }
    }

    /**
     * Records an entered monitor (after a contended enter when acquiring it took long), unless it was free and
     * only contended monitors are recorded. The identity hash is taken only for a contended one.
     */
    private void entered(ThreadRecorder r, Object monitor, long requested) {
        if (requested == 0 && contendedOnly) {
            return;
        }
        long now = System.nanoTime();
        boolean contended = requested > 0 && now - requested > CONTENDED_NANOS;
        if (!contended && contendedOnly) {
            return;
        }
        int id = contended ? table.objectMonitorId(r, monitor) : table.classMonitorId(r, monitor);
        r.monitorEntered(id, contended ? requested : 0, now);
    }

    /**
     * A wait begins, which lets the monitor go. Returns when the begin was recorded, or 0 (the thread's request is
     * not recorded: the release is noted all the same while a recorded thread may be waiting for the monitor).
     */
    long waiting(ThreadRecorder r, Object monitor, long timeoutMillis) {
        long begin = 0;
        if (r.recording) {
            begin = r.waitBegin(table.objectMonitorId(r, monitor), timeoutMillis); // wait() inflates anyway
        }
        if (table.callersTiming()) {
            table.releasedAt(monitor, begin != 0 ? begin : System.nanoTime());
        }
        return begin;
    }

    /** The wait that began at {@code begin} has returned. */
    void waited(ThreadRecorder r, Object monitor, long begin, long timeoutMillis) {
        // wait() does not say why it returned: a timed wait that lasted its timeout timed out.
        long waited = System.nanoTime() - begin;
        // The waiter's last identified monitor is still this one: nothing ran on the thread during the wait.
        r.waitEnd(table.objectMonitorId(r, monitor), timeoutMillis > 0 && waited >= timeoutMillis * 1_000_000L);
    }

    void notifying(ThreadRecorder r, Object monitor, boolean all) {
        if (!contendedOnly && r.recording) {
            r.notifyEvent(table.classMonitorId(r, monitor), all);
        }
    }
}
