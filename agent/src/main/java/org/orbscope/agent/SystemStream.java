package org.orbscope.agent;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The recording's own stream in the trace ({@code orbscope-system}, defined once per recording): process
 * samples, the counts of dropped events and agent errors, and GC events. Written by the flusher and by the JVM's GC
 * notifications, under this object's lock; closed at stop, after which writes are ignored. Its buffer is handed
 * over when full or a second old, as a recorded thread's is, and before a dump, so a ring and its dumps hold the
 * process's utilization and GC while recording goes on.
 */
final class SystemStream {
    /** One event written into the stream's buffer; false when the buffer has no room for it. */
    interface Event {
        boolean write(ThreadBuffer b);
    }

    private final TraceWriter writer;
    private final int thread;
    private ThreadBuffer buffer;
    private boolean closed;
    /** Removes the GC listeners at stop. */
    private final List<Runnable> undo = new ArrayList<>();

    SystemStream(TraceWriter writer) {
        this.writer = writer;
        this.thread = writer.defineThread("orbscope-system", 0);
        this.buffer = writer.acquire(thread, System.nanoTime());
    }

    /** Writes one event; a buffer that is full is handed over and a new one taken, an event that finds none is dropped. */
    synchronized void write(Event e) {
        if (closed) {
            return;
        }
        if (buffer != null && !ThreadStream.fresh(buffer, System.nanoTime())) {
            handOver();
        }
        if (buffer == null) {
            buffer = writer.acquire(thread, System.nanoTime());
            if (buffer == null) {
                writer.addDropped(1);
                return;
            }
        }
        if (!e.write(buffer)) {
            writer.submit(buffer);
            buffer = writer.acquire(thread, System.nanoTime());
            if (buffer == null || !e.write(buffer)) {
                writer.addDropped(1);
            }
        }
    }

    /** Writes each garbage collection the JVM reports, until {@link #stopListening}; failures count in {@code errors}. */
    void listenToGc(AgentErrors errors) {
        long jvmStartEpoch = ManagementFactory.getRuntimeMXBean().getStartTime();
        long nanos0 = System.nanoTime();
        long epoch0 = System.currentTimeMillis();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(gc instanceof NotificationEmitter)) {
                continue;
            }
            NotificationListener l = (Notification n, Object handback) -> {
                if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
                    return;
                }
                try {
                    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                    // GcInfo times are milliseconds since JVM start: map them onto nanoTime via the epoch.
                    long startEpochMs = jvmStartEpoch + info.getGcInfo().getStartTime();
                    long startNanos = nanos0 + (startEpochMs - epoch0) * 1_000_000L;
                    long duration = info.getGcInfo().getDuration() * 1_000_000L;
                    gc(startNanos, info.getGcName(), info.getGcCause(), duration);
                } catch (Throwable t) {
                    errors.add();
                }
            };
            ((NotificationEmitter) gc).addNotificationListener(l, null, null);
            undo.add(() -> {
                try {
                    ((NotificationEmitter) gc).removeNotificationListener(l);
                } catch (Exception ignored) {
                    // already gone
                }
            });
        }
    }

    private synchronized void gc(long startNanos, String collector, String cause, long durationNanos) {
        if (!closed) {
            int name = writer.defineString(collector);
            int why = writer.defineString(cause);
            write(b -> b.gc(startNanos, name, why, durationNanos));
        }
    }

    void stopListening() {
        for (Runnable r : undo) {
            r.run();
        }
        undo.clear();
    }

    /** Hands the buffer to the writer (a dump's turn); the next event takes a new one. */
    synchronized void handOver() {
        if (buffer != null) {
            writer.submit(buffer);
            buffer = null;
        }
    }

    /** Hands the last buffer to the writer; later events are ignored. */
    synchronized void close() {
        closed = true;
        handOver();
    }
}
