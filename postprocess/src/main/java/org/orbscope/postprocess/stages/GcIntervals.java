package org.orbscope.postprocess.stages;

import org.orbscope.postprocess.stats.LongPairs;

/** GC pauses of the run; answers how much of a time interval they cover. Pauses are few: kept in memory. */
final class GcIntervals {
    /** Start -> end of each pause. */
    private final LongPairs pauses = new LongPairs();

    void add(long start, long duration) {
        pauses.add(start, start + Math.max(0, duration));
    }

    int count() {
        return pauses.size();
    }

    long total() {
        long t = 0;
        for (int i = 0; i < pauses.size(); i++) {
            t += pauses.value(i) - pauses.key(i);
        }
        return t;
    }

    /** Nanoseconds of [from, to) covered by GC pauses (pauses do not overlap each other). */
    long overlap(long from, long to) {
        int n = pauses.size();
        if (n == 0 || to <= from) {
            return 0;
        }
        long sum = 0;
        for (int i = pauses.floor(from); i < n && pauses.key(i) < to; i++) {
            long a = Math.max(from, pauses.key(i));
            long b = Math.min(to, pauses.value(i));
            if (b > a) {
                sum += b - a;
            }
        }
        return sum;
    }
}
