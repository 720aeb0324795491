package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/** Real producer threads writing at once through one writer: per-thread order kept, merged order by time. */
class TraceMergeTest {
    @TempDir
    Path dir;

    private static final int THREADS = 3;
    private static final int EVENTS = 60_000;

    @Test
    void concurrentProducersReadBackInThreadOrderAndMergedInTimeOrder() throws Exception {
        Path file = dir.resolve("merge.trace");
        int[] ids = new int[THREADS];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 8, 4096)) {
            int seqClass = w.defineClass("seq");
            Thread[] producers = new Thread[THREADS];
            for (int i = 0; i < THREADS; i++) {
                ids[i] = w.defineThread("producer-" + i, 100 + i);
                int id = ids[i];
                producers[i] = new Thread(() -> {
                    try {
                        ThreadBuffer b = null;
                        for (int seq = 0; seq < EVENTS; seq++) {
                            long now = System.nanoTime();
                            while (b == null || !b.allocation(now, seqClass, seq)) {
                                if (b != null) {
                                    w.submit(b);
                                }
                                // Tests want every event: wait for a buffer instead of dropping (the agent drops).
                                long deadline = System.nanoTime() + 60_000_000_000L;
                                while ((b = w.acquire(id, now)) == null && System.nanoTime() < deadline) {
                                    Thread.yield();
                                }
                                if (b == null) {
                                    throw new IllegalStateException("no buffer in 20 s");
                                }
                            }
                        }
                        w.submit(b);
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                });
                producers[i].start();
            }
            for (Thread p : producers) {
                p.join(60_000);
            }
        }
        assertEquals(null, failure.get());
        try (TraceReader r = TraceReader.open(file)) {
            assertFalse(r.isTruncated());
            assertEquals(THREADS * (long) EVENTS, r.footerEvents());
            for (int id : ids) {
                long[] next = {0};
                r.readThread(id, e -> {
                    assertEquals(id, e.threadId());
                    assertEquals(next[0]++, e.bytes());
                });
                assertEquals(EVENTS, next[0]);
            }
            long[] last = {Long.MIN_VALUE};
            long[] count = {0};
            Map<Integer, Long> nextSeq = new HashMap<>();
            r.readMerged(e -> {
                assertTrue(e.nanos() >= last[0], "merged order broken at " + count[0]);
                last[0] = e.nanos();
                long expected = nextSeq.getOrDefault(e.threadId(), 0L);
                assertEquals(expected, e.bytes());
                nextSeq.put(e.threadId(), expected + 1);
                count[0]++;
            });
            assertEquals(THREADS * (long) EVENTS, count[0]);
            assertTrue(r.chunks() > 1);
        }
    }

    @Test
    void closingWithNothingRecordedGivesAnEmptyCompleteTrace() throws IOException {
        Path file = dir.resolve("empty.trace");
        TraceWriter.open(file, Collections.singletonMap("who", "test"), 2, 1024).close();
        try (TraceReader r = TraceReader.open(file)) {
            assertFalse(r.isTruncated());
            assertEquals(0, r.footerEvents());
            assertEquals(0, r.threadIds().length);
            assertEquals("test", r.header().get("who"));
            r.readMerged(e -> {
                throw new AssertionError("no events expected");
            });
        }
    }
}
