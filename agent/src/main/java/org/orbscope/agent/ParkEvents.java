package org.orbscope.agent;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.orbscope.trace.internal.TraceWriter;

/**
 * How one recording records {@code LockSupport.park*}, the way {@code java.util.concurrent} locks, conditions
 * and queues block: a begin naming the blocker's class, and the end. Each method runs on the thread it records,
 * inside the recorder's guard ({@link Recorder}), on that thread's recorder.
 */
final class ParkEvents {
    private final TraceWriter writer;
    /** Class ids of park blockers, so a thread that parks on blockers of several classes takes no writer lock. */
    private final Map<Class<?>, Integer> blockerClasses = new ConcurrentHashMap<>();

    ParkEvents(TraceWriter writer) {
        this.writer = writer;
    }

    void parking(ThreadRecorder r, Object blocker, long timeoutNanos) {
        if (r.recording) {
            r.parkBegin(blocker == null ? 0 : blockerId(r, blocker.getClass()), timeoutNanos);
        }
    }

    /** The class id of a park blocker's class; each thread remembers its last one. */
    private int blockerId(ThreadRecorder r, Class<?> c) {
        if (r.lastBlockerClass != c) {
            Integer id = blockerClasses.get(c);
            if (id == null) {
                id = writer.defineClass(c.getName());
                blockerClasses.put(c, id);
            }
            r.lastBlockerId = id;
            r.lastBlockerClass = c;
        }
        return r.lastBlockerId;
    }

    /** A park returned: its end is recorded when its begin was. */
    void parked(ThreadRecorder r) {
        if (r.selected && r.parked) {
            r.parkEnd();
        }
    }
}
