package org.orbscope.postprocess.stages;

import org.orbscope.run.RequestStages;

/**
 * Receives the rows of the stage table as they are joined, in the order of their arrival, numbered. A row is
 * the sink's to keep or to drop: the extractor holds no reference to it afterwards.
 */
@FunctionalInterface
public interface RowSink {
    void accept(RequestStages row);

    /**
     * Before the first row: the agent recorded one request in {@code n} (request sampling; 1: every request), so a
     * count of requests before the workload (warm-up calls, probes) stands for about {@code n} times as many.
     */
    default void requestSample(int n) {
    }

    /** A GC pause of the traced JVM (epoch ns), as the trace goes by. */
    default void gc(long startEpochNs, long durationNs) {
    }
}
