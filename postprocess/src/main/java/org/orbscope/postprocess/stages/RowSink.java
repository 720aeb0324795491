package org.orbscope.postprocess.stages;

import org.orbscope.run.RequestStages;
import org.orbscope.trace.RequestSampling;

/**
 * Receives the rows of the stage table as they are joined, in the order of their arrival, numbered. A row is
 * the sink's to keep or to drop: the extractor holds no reference to it afterwards.
 */
@FunctionalInterface
public interface RowSink {
    void accept(RequestStages row);

    /**
     * Before the first row: which requests the agent recorded, so a count of requests before the workload (warm-up
     * calls, probes) stands for about {@link RequestSampling#first} times as many, and a row for as many requests as
     * {@link RequestSampling#everyAt} its arrival.
     */
    default void requestSampling(RequestSampling sampling) {
    }

    /** A GC pause of the traced JVM (epoch ns), as the trace goes by. */
    default void gc(long startEpochNs, long durationNs) {
    }
}
