package org.orbscope.postprocess.point;

import org.orbscope.postprocess.stats.LongPairs;

/**
 * Measured times of a point in the order they happened (client responses by when they ended, server stages by
 * arrival), for the spread of a statistic over the run ({@link org.orbscope.postprocess.stats.BatchMeans}).
 * Values added out of order (several client JVMs) are put in order of their time.
 */
public final class OrderedSample {
    private final LongPairs timed = new LongPairs();

    void add(long timeNs, long valueNs) {
        timed.add(timeNs, valueNs);
    }

    public int size() {
        return timed.size();
    }

    /** The values (ns) in time order. */
    public long[] values() {
        return timed.values();
    }
}
