package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An internal error on the writer thread stops writing with a message and keeps the buffers flowing back. */
class TraceWriterFailureTest {
    @TempDir
    Path dir;

    @Test
    void aBrokenBufferStopsWritingButTheWriterKeepsReleasingBuffers() throws Exception {
        Path file = dir.resolve("broken.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 2, 1024)) {
            int method = w.defineMethod("T", "m", "()V");
            ThreadBuffer good = w.acquire(1, 10);
            assertTrue(good.methodEnter(10, method));
            w.submit(good);
            ThreadBuffer broken = w.acquire(1, 20);
            assertNotNull(broken);
            assertTrue(broken.methodEnter(20, method));
            broken.pos = broken.data.length + 1; // a buffer claiming more bytes than it holds: the segment copy throws
            w.submit(broken);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (w.failure() == null && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertNotNull(w.failure(), "the writer reports the failure");
            assertTrue(w.failure().contains("internal error"), w.failure());
            // Both buffers come back: recording threads can acquire again (their events are then dropped and counted).
            int acquired = 0;
            while (acquired < 2 && System.nanoTime() < deadline) {
                ThreadBuffer b = w.acquire(2, 30);
                if (b != null) {
                    acquired++;
                } else {
                    Thread.sleep(5);
                }
            }
            assertEquals(2, acquired, "buffers released after the failure");
        }
    }
}
