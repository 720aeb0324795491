package org.orbscope.trace.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceReader;

/**
 * An internal error on the writer thread loses only what it must: a malformed buffer is skipped with a message
 * and counted in the trace, the buffers keep flowing back, and the trace goes on to a footer.
 */
class TraceWriterFailureTest {
    @TempDir
    Path dir;

    @Test
    void aMalformedBufferIsSkippedCountedAndTheTraceGoesOn() throws Exception {
        Path file = dir.resolve("broken.trace");
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(stderr, true, "UTF-8"));
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 2, 1024)) {
            int method = w.defineMethod("T", "m", "()V");
            int thread = w.defineThread("t", 1);
            submitEnter(w, thread, method, 10);
            ThreadBuffer broken = await(w, thread, 20);
            assertTrue(broken.methodEnter(20, method));
            assertTrue(broken.methodEnter(21, method));
            broken.pos = broken.data.length + 1; // a buffer claiming more bytes than it holds: the segment copy throws
            w.submit(broken);
            // Both buffers come back, and what is written after the skipped one reaches the file.
            submitEnter(w, thread, method, 30);
            submitEnter(w, thread, method, 40);
            assertNull(w.failure(), "writing goes on");
        } finally {
            System.setErr(original);
        }
        String message = new String(stderr.toByteArray(), StandardCharsets.UTF_8);
        assertTrue(message.contains("skipped a malformed buffer"), message);
        try (TraceReader r = TraceReader.open(file)) {
            assertFalse(r.isTruncated(), "the footer is written");
            assertEquals(3, r.footerEvents());
            assertEquals(2, r.droppedEvents(), "the skipped buffer's events");
            assertEquals(1, r.agentErrors());
            List<Long> enters = new ArrayList<>();
            r.read(e -> enters.add(e.nanos()));
            assertEquals(Arrays.asList(10L, 30L, 40L), enters);
        }
    }

    private static void submitEnter(TraceWriter w, int thread, int method, long nanos) throws InterruptedException {
        ThreadBuffer b = await(w, thread, nanos);
        assertTrue(b.methodEnter(nanos, method));
        w.submit(b);
    }

    /** A free buffer; with two in the pool, this also proves the writer keeps releasing them. */
    private static ThreadBuffer await(TraceWriter w, int thread, long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        ThreadBuffer b;
        while ((b = w.acquire(thread, nanos)) == null) {
            assertTrue(System.nanoTime() < deadline, "no buffer came back within 60 s");
            Thread.sleep(5);
        }
        assertNotNull(b);
        return b;
    }
}
