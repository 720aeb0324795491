package org.orbscope.postprocess.stages;

import java.util.Arrays;

/** GC pauses of the run; answers how much of a time interval they cover. Pauses are few: kept in memory. */
final class GcIntervals {
    private long[] starts = new long[64];
    private long[] ends = new long[64];
    private int n;
    private boolean sorted = true;

    void add(long start, long duration) {
        if (n == starts.length) {
            starts = Arrays.copyOf(starts, n * 2);
            ends = Arrays.copyOf(ends, n * 2);
        }
        if (n > 0 && start < starts[n - 1]) {
            sorted = false;
        }
        starts[n] = start;
        ends[n] = start + Math.max(0, duration);
        n++;
    }

    int count() {
        return n;
    }

    long total() {
        long t = 0;
        for (int i = 0; i < n; i++) {
            t += ends[i] - starts[i];
        }
        return t;
    }

    private void sort() {
        if (sorted) {
            return;
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(starts[a], starts[b]));
        long[] s = new long[n];
        long[] e = new long[n];
        for (int i = 0; i < n; i++) {
            s[i] = starts[idx[i]];
            e[i] = ends[idx[i]];
        }
        starts = s;
        ends = e;
        sorted = true;
    }

    /** Nanoseconds of [from, to) covered by GC pauses (pauses do not overlap each other). */
    long overlap(long from, long to) {
        if (n == 0 || to <= from) {
            return 0;
        }
        sort();
        int i = Arrays.binarySearch(starts, 0, n, from);
        i = i < 0 ? Math.max(0, -i - 2) : i;
        long sum = 0;
        for (; i < n && starts[i] < to; i++) {
            long a = Math.max(from, starts[i]);
            long b = Math.min(to, ends[i]);
            if (b > a) {
                sum += b - a;
            }
        }
        return sum;
    }
}
