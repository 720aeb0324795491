package org.orbscope.agent;

import java.lang.instrument.Instrumentation;

/**
 * How one recording records the construction of instances of selected classes: the class and the instance's
 * shallow size, measured once per class (fixed for classes that are not arrays). Runs on the constructing thread,
 * inside the recorder's guard ({@link Recorder}), on that thread's recorder.
 */
final class AllocationEvents {
    private final Instrumentation instrumentation;
    /** Shallow size per allocation class id; 0 until measured. */
    private final long[] sizes = new long[8192];

    AllocationEvents(Instrumentation instrumentation) {
        this.instrumentation = instrumentation;
    }

    /** The constructor of a class selected for allocation events has returned {@code object}, of class id {@code classId}. */
    void allocated(ThreadRecorder r, Object object, int classId) {
        if (!r.recording) {
            return;
        }
        long size = classId < sizes.length ? sizes[classId] : 0;
        if (size == 0) {
            size = instrumentation.getObjectSize(object);
            if (classId < sizes.length) {
                sizes[classId] = size;
            }
        }
        r.allocation(classId, size);
    }
}
