package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.TraceRing;

/**
 * The agent's ring ({@code maxsize}): bounded under a sustained load, and every segment it keeps reads on its own.
 * No other test class runs meanwhile, as in {@link RingThreadsIT}.
 */
@Isolated
class RingIT {
    private static final long MAX = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void theRingKeepsItsSizeUnderASustainedLoadAndEveryKeptSegmentReadsAlone() throws Exception {
        Path ready = dir.resolve("ready");
        Path ring = dir.resolve("busy.trace.d");
        ChildJvm app = ChildJvm.start(dir, "include=example.traced.BusyApp#work,events=methods+threads,maxsize=1m,out="
                + dir.resolve("busy.trace"), "example.traced.BusyApp", ready.toString(), "8000");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(ready) && app.process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(Files.exists(ready), app.output());
        // While it runs: what the ring holds, looked at every 50 ms.
        long mostHeld = 0;
        long largestSegment = 0;
        int looks = 0;
        while (app.process.isAlive() && System.nanoTime() < deadline) {
            long held = 0;
            if (Files.isDirectory(ring)) {
                for (Path p : TraceRing.segments(ring)) {
                    long size = sizeOf(p);
                    held += size;
                    largestSegment = Math.max(largestSegment, size);
                }
            }
            mostHeld = Math.max(mostHeld, held);
            looks++;
            Thread.sleep(50);
        }
        assertEquals(0, app.await(120), app.output());
        assertTrue(app.output().contains("busy done"), app.output());
        assertTrue(looks > 20, "looked " + looks + " times");

        List<Path> segments = TraceRing.segments(ring);
        long held = 0;
        for (Path p : segments) {
            held += Files.size(p);
            largestSegment = Math.max(largestSegment, Files.size(p));
            try (TraceReader r = TraceReader.open(p)) {
                assertFalse(r.isTruncated(), p + ": " + r.truncation());
                assertTrue(r.damage().isEmpty(), p + ": " + r.damage());
                long[] enters = {0};
                r.read(e -> enters[0] += e.type() == EventType.METHOD_ENTER
                        && "work".equals(r.dictionary().methodName(e.methodId())) ? 1 : 0);
                // The last segment may hold only what the shutdown wrote after the load ended.
                assertTrue(enters[0] > 0 || p.equals(segments.get(segments.size() - 1)), p + " holds no call of work()");
                assertTrue(defines(r, "work"), p + " does not define work()");
                assertEquals("busy-1", threadNamed(r, "busy-1"), p.toString());
                assertEquals("busy-2", threadNamed(r, "busy-2"), p.toString());
            }
        }
        mostHeld = Math.max(mostHeld, held);
        // The closed segments stay within maxsize; the one being written adds at most one segment.
        assertTrue(mostHeld <= MAX + largestSegment, "the ring held " + mostHeld + " bytes, largest segment " + largestSegment);
        assertTrue(largestSegment < MAX / 2, "segments of " + largestSegment + " bytes");
        assertNotEquals("000001.trace", segments.get(0).getFileName().toString(), "the oldest segments were deleted");
        try (TraceReader r = TraceReader.open(ring)) {
            assertFalse(r.isTruncated(), r.truncation());
        }
    }

    private static long sizeOf(Path p) throws IOException {
        try {
            return Files.size(p);
        } catch (NoSuchFileException deleted) {
            return 0;
        }
    }

    /** Whether the segment's dictionaries define a method of that name (they repeat every definition so far). */
    private static boolean defines(TraceReader r, String method) {
        for (int id = 1; id < 64; id++) {
            try {
                if (method.equals(r.dictionary().methodName(id))) {
                    return true;
                }
            } catch (RuntimeException beyondTheDefined) {
                return false;
            }
        }
        return false;
    }

    /** The name of a thread the segment defines, looked up by name: its dictionaries hold every thread not retired. */
    private static String threadNamed(TraceReader r, String name) {
        for (int id = 1; id < 64; id++) {
            if (name.equals(r.dictionary().threadName(id))) {
                return name;
            }
        }
        return null;
    }
}
