package org.orbscope.postprocess.stats;

import java.util.Arrays;

/**
 * A growing list of long pairs (a time and its value, a start and its end) that puts itself in order of the
 * first when asked, for data that mostly arrives in order (several sources merged now and then do not).
 */
public final class LongPairs {
    private long[] keys = new long[64];
    private long[] values = new long[64];
    private int n;
    private boolean sorted = true;

    public void add(long key, long value) {
        if (n == keys.length) {
            keys = Arrays.copyOf(keys, n * 2);
            values = Arrays.copyOf(values, n * 2);
        }
        sorted &= n == 0 || key >= keys[n - 1];
        keys[n] = key;
        values[n] = value;
        n++;
    }

    public int size() {
        return n;
    }

    /** The i-th key once in order. */
    public long key(int i) {
        sort();
        return keys[i];
    }

    /** The i-th value once in order. */
    public long value(int i) {
        sort();
        return values[i];
    }

    /** The index of the last key at or before {@code key} (0 when none is). */
    public int floor(long key) {
        sort();
        int i = Arrays.binarySearch(keys, 0, n, key);
        return i < 0 ? Math.max(0, -i - 2) : i;
    }

    /** The values in order of their keys (a copy). */
    public long[] values() {
        sort();
        return Arrays.copyOf(values, n);
    }

    private void sort() {
        if (sorted) {
            return;
        }
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Long.compare(keys[a], keys[b]));
        long[] k = new long[Math.max(n, 1)];
        long[] v = new long[k.length];
        for (int i = 0; i < n; i++) {
            k[i] = keys[idx[i]];
            v[i] = values[idx[i]];
        }
        keys = k;
        values = v;
        sorted = true;
    }
}
