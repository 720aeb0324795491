package org.orbscope.cli;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk record of a trace file, for tests that damage chosen chunks: where its payload lies and whose segments
 * it holds (docs/trace-format.md's layout).
 */
record TraceChunk(int start, int end, List<Integer> threads) {
    static List<TraceChunk> list(byte[] trace) {
        List<TraceChunk> chunks = new ArrayList<>();
        int pos = 8 + 2 + 4 + ByteBuffer.wrap(trace, 10, 4).getInt() + 4;
        while (pos + 9 <= trace.length && trace[pos] == 'C') {
            int start = pos + 9;
            int end = start + ByteBuffer.wrap(trace, pos + 1, 4).getInt();
            List<Integer> threads = new ArrayList<>();
            int[] p = {start};
            while (p[0] < end) {
                threads.add((int) var(trace, p));
                var(trace, p); // base time
                var(trace, p); // events
                int bytes = (int) var(trace, p);
                p[0] += bytes;
            }
            chunks.add(new TraceChunk(start, end, threads));
            pos = end;
        }
        return chunks;
    }

    private static long var(byte[] d, int[] p) {
        long v = 0;
        for (int shift = 0;; shift += 7) {
            byte b = d[p[0]++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    int middle() {
        return (start + end) / 2;
    }

    boolean definitionsOnly() {
        return threads.stream().allMatch(t -> t == 0);
    }

    /** The share of its event segments (definitions aside) that are of threads {@code of} accepts; 0 without events. */
    double shareOf(java.util.function.IntPredicate of) {
        long events = threads.stream().filter(t -> t != 0).count();
        return events == 0 ? 0 : (double) threads.stream().filter(t -> t != 0 && of.test(t)).count() / events;
    }
}
