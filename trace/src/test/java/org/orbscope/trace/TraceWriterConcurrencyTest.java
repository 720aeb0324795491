package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/** Many threads handing small buffers to the writer at once: nothing lost or reordered within a thread. */
class TraceWriterConcurrencyTest {
    @TempDir
    Path dir;

    @Test
    void everyThreadsEventsArriveInTheOrderItWroteThem() throws Exception {
        Path file = dir.resolve("many.trace");
        int threads = 4;
        int perThread = 200_000;
        AtomicLong dropped = new AtomicLong();
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 64, 1024)) {
            int method = w.defineMethod("T", "m", "()V");
            Thread[] ts = new Thread[threads];
            for (int k = 0; k < threads; k++) {
                int id = w.defineThread("producer-" + k, 100 + k);
                ts[k] = new Thread(() -> {
                    ThreadBuffer b = null;
                    long time = 0;
                    for (int i = 0; i < perThread; i++) {
                        time += 10;
                        if (b == null || !b.methodEnter(time, method)) {
                            if (b != null) {
                                w.submit(b);
                            }
                            while ((b = w.acquire(id, time)) == null) {
                                Thread.yield(); // the writer is behind: wait here, so the test loses nothing
                            }
                            assertTrue(b.methodEnter(time, method));
                        }
                    }
                    w.submit(b);
                });
            }
            for (Thread t : ts) t.start();
            for (Thread t : ts) t.join();
            dropped.set(w.dropped());
        }
        assertEquals(0, dropped.get());
        Map<Integer, long[]> last = new HashMap<>();
        try (TraceReader r = TraceReader.open(file)) {
            r.read(e -> {
                if (e.type() != EventType.METHOD_ENTER) return;
                long[] l = last.computeIfAbsent(e.threadId(), k -> new long[2]);
                assertEquals(l[0] + 10, e.nanos(), "thread " + e.threadId() + " in order");
                l[0] = e.nanos();
                l[1]++;
            });
        }
        assertEquals(threads, last.size());
        for (long[] l : last.values()) {
            assertEquals(perThread, l[1]);
        }
    }
}
