package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
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

    /** Records {@link #record}'s calls into a ring of 64 KiB segments in {@code dir}; its segments, 4 or more. */
    private static List<Path> recordRing(Path dir) throws IOException {
        try (SyntheticTrace t = SyntheticTrace.createRing(dir, TraceRing.of(1L << 40, 0).segmentBytes(64 * 1024))) {
            record(t);
        }
        List<Path> segments = TraceRing.segments(dir);
        assertTrue(segments.size() >= 4, segments.toString());
        return segments;
    }

    private static long events(TraceReader r) throws IOException {
        AtomicLong n = new AtomicLong();
        r.read(e -> n.incrementAndGet());
        return n.get();
    }

    @Test
    void everySegmentReadsAloneAndTheDirectoryReadsAsTheWholeRecording() throws Exception {
        Path dir = tmp.resolve("server.trace.d");
        List<Path> segments = recordRing(dir);
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
    void aSegmentMissingBetweenTwoKeptOnesIsANamedGap() throws Exception {
        Path dir = tmp.resolve("gap.d");
        List<Path> segments = recordRing(dir);
        long lost;
        try (TraceReader third = TraceReader.open(segments.get(2))) {
            lost = third.footerEvents();
        }
        Files.delete(segments.get(2));
        try (TraceReader r = TraceReader.open(dir)) {
            assertEquals(1, r.gaps().size(), r.damage().toString());
            RingGap g = r.gaps().get(0);
            assertEquals(3, g.firstSegment());
            assertEquals(3, g.lastSegment());
            assertEquals("no file", g.cause());
            assertTrue(g.fromNanos() != RingGap.UNKNOWN_START && g.toNanos() != RingGap.UNKNOWN_END, g.toString());
            assertTrue(g.toNanos() >= g.fromNanos(), g.toString());
            String said = g.describe(r.startNanos());
            assertTrue(said.startsWith("ring segment 000003 missing (no file): the recording from "), said);
            assertEquals(Arrays.asList(said), r.damage());
            assertEquals(1, r.lostStretches());
            assertEquals(2L * CALLS - lost + 1, events(r), "every event of the other segments, and the gap's marker");
            AtomicLong paired = new AtomicLong();
            AtomicLong markers = new AtomicLong();
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT && e.enterNanos() > 0) paired.incrementAndGet();
                if (e.type() == EventType.CHUNK_LOST) markers.incrementAndGet();
            });
            assertEquals(1, markers.get(), "the gap is marked where it lies");
            assertTrue(paired.get() <= CALLS - lost / 2, "no call pairs across the gap: " + paired.get());
        }
    }

    @Test
    void aSegmentWhoseHeaderDoesNotReadIsAGapToo() throws Exception {
        Path dir = tmp.resolve("unreadable.d");
        List<Path> segments = recordRing(dir);
        try (FileChannel ch = FileChannel.open(segments.get(1), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("NOTATRACE".getBytes(StandardCharsets.US_ASCII)), 0);
        }
        try (TraceReader r = TraceReader.open(dir)) {
            assertEquals(1, r.gaps().size(), r.damage().toString());
            RingGap g = r.gaps().get(0);
            assertEquals(2, g.firstSegment());
            assertEquals(2, g.lastSegment());
            assertTrue(g.cause().startsWith("000002 unreadable: "), g.cause());
            assertTrue(r.damage().get(0).startsWith("ring segment 000002 missing (000002 unreadable: "), r.damage().toString());
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
