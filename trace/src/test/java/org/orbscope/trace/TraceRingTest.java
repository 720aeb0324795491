package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.TraceRing;
import org.orbscope.trace.testing.SyntheticTrace;

/** A recording kept as a ring of segments: each segment is a whole trace, the ring keeps its bounds, a dump is one trace. */
class TraceRingTest {
    private static final int CALLS = 200_000;

    @TempDir
    Path tmp;

    /** Writes {@code CALLS} calls of one method on two threads, handing buffers over every 2,000 calls. */
    private static void record(SyntheticTrace t) {
        int m = t.method("com.acme.Shop#buy");
        SyntheticTrace.Script a = t.thread("worker-1");
        SyntheticTrace.Script b = t.thread("worker-2");
        for (int i = 0; i < CALLS; i++) {
            SyntheticTrace.Script s = i % 2 == 0 ? a : b;
            s.at(1_000L * i).enter(m).at(1_000L * i + 500).exit();
            if (i % 2_000 == 1_999) {
                a.flush();
                b.flush();
            }
        }
    }

    private static long events(TraceReader r) throws IOException {
        AtomicLong n = new AtomicLong();
        r.read(e -> n.incrementAndGet());
        return n.get();
    }

    @Test
    void everySegmentReadsAloneAndTheDirectoryReadsAsTheWholeRecording() throws Exception {
        Path dir = tmp.resolve("server.trace.d");
        try (SyntheticTrace t = SyntheticTrace.createRing(dir, TraceRing.of(1L << 40, 0).segmentBytes(64 * 1024))) {
            record(t);
        }
        List<Path> segments = TraceRing.segments(dir);
        assertTrue(segments.size() >= 4, segments.toString());
        long sum = 0;
        for (Path p : segments) {
            try (TraceReader r = TraceReader.open(p)) {
                assertFalse(r.isTruncated(), p + ": " + r.truncation());
                assertTrue(r.damage().isEmpty(), r.damage().toString());
                long n = events(r);
                assertEquals(r.footerEvents(), n, p.toString());
                sum += n;
                // The dictionaries come again in every segment, with the same ids.
                assertEquals("buy", r.dictionary().methodName(1), p.toString());
                assertEquals(segments.indexOf(p) + 1, r.header().ringSegment());
            }
        }
        try (TraceReader whole = TraceReader.open(dir)) {
            assertFalse(whole.isTruncated(), whole.truncation());
            assertEquals(2L * CALLS, whole.footerEvents());
            AtomicLong paired = new AtomicLong();
            whole.read(e -> {
                if (e.type() == EventType.METHOD_EXIT && e.enterNanos() > 0) paired.incrementAndGet();
            });
            // Calls cut by a segment's end pair with their exits in the next segment.
            assertEquals(CALLS, paired.get());
        }
        assertEquals(2L * CALLS, sum);
    }

    @Test
    void laterSegmentsRepeatTheThreadsNotRetiredOnly() throws Exception {
        Path dir = tmp.resolve("threads.d");
        try (SyntheticTrace t = SyntheticTrace.createRing(dir, TraceRing.of(1L << 40, 0).segmentBytes(64 * 1024))) {
            int m = t.method("com.acme.Shop#buy");
            SyntheticTrace.Script worker = t.thread("worker");
            SyntheticTrace.Script brief = t.thread("brief-1");
            brief.at(0).enter(m).at(500).exit().flush();
            t.writer().retireThread(brief.id());
            for (int i = 1; i < CALLS; i++) {
                worker.at(1_000L * i).enter(m).at(1_000L * i + 500).exit();
                if (i % 2_000 == 0) {
                    worker.flush();
                }
            }
        }
        List<Path> segments = TraceRing.segments(dir);
        assertTrue(segments.size() >= 3, segments.toString());
        try (TraceReader first = TraceReader.open(segments.get(0))) {
            first.read(e -> { });
            assertEquals("brief-1", first.dictionary().threadName(2));
        }
        for (Path p : segments.subList(1, segments.size())) {
            try (TraceReader r = TraceReader.open(p)) {
                r.read(e -> { });
                assertEquals("worker", r.dictionary().threadName(1), p.toString());
                assertEquals(1, r.dictionary().javaThreadId(1), p.toString());
                assertEquals(-1, r.dictionary().javaThreadId(2), p + ": a retired thread is not repeated");
            }
        }
        try (TraceReader whole = TraceReader.open(dir)) {
            assertEquals(2L * CALLS, events(whole));
            assertEquals("brief-1", whole.dictionary().threadName(2));
        }
    }

    @Test
    void theRingKeepsItsSizeByDroppingItsOldestSegments() throws Exception {
        Path dir = tmp.resolve("ring");
        long max = 256 * 1024;
        try (SyntheticTrace t = SyntheticTrace.createRing(dir, TraceRing.of(max, 0).segmentBytes(32 * 1024))) {
            record(t);
            Path dump = tmp.resolve("dump.trace");
            t.writer().dump(dump, 60_000);
            try (TraceReader d = TraceReader.open(dump)) {
                assertFalse(d.isTruncated(), d.truncation());
                long n = events(d);
                assertEquals(d.footerEvents(), n);
                assertTrue(n > 0 && n < 2L * CALLS, Long.toString(n));
            }
        }
        List<Path> segments = TraceRing.segments(dir);
        long total = 0;
        long largest = 0;
        for (Path p : segments) {
            total += Files.size(p);
            largest = Math.max(largest, Files.size(p));
            try (TraceReader r = TraceReader.open(p)) {
                assertFalse(r.isTruncated(), p + ": " + r.truncation());
                assertEquals(r.footerEvents(), events(r));
            }
        }
        assertTrue(total <= max + largest, total + " bytes in " + segments);
        assertNotEquals("000001.trace", segments.get(0).getFileName().toString());
        try (TraceReader r = TraceReader.open(dir)) {
            long n = events(r);
            assertTrue(n > 0 && n < 2L * CALLS, Long.toString(n));
            assertEquals(r.footerEvents(), n);
        }
    }

    @Test
    void aDumpOfATraceFileIsRefused() throws Exception {
        try (SyntheticTrace t = SyntheticTrace.create(tmp.resolve("one.trace"))) {
            IOException e = assertThrows(IOException.class, () -> t.writer().dump(tmp.resolve("d.trace"), 1_000));
            assertTrue(e.getMessage().contains("not a ring"), e.getMessage());
        }
    }
}
