package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * Cut, flipped and foreign files: a trace cut anywhere reads exactly its whole chunks and says it is truncated;
 * any flipped byte is either reported (TraceFormatException) or, where it only shortens the file's apparent
 * length, read as truncated; garbage never escapes as an unchecked exception or a hang.
 */
class TraceDamageTest {
    @TempDir
    Path dir;

    private byte[] good;
    private int headerEnd;
    /** Byte offset where each chunk record ends, and the events in the file up to there. */
    private final List<long[]> chunkEnds = new ArrayList<>();
    private long totalEvents;
    private long largestChunkEvents;

    /** A trace of several chunks: each buffer is written before the next is submitted. */
    @BeforeEach
    void writeTrace() throws Exception {
        Path file = dir.resolve("good.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.singletonMap("k", "v"), 4, 256)) {
            int t1 = w.defineThread("one", 1);
            int t2 = w.defineThread("two", 2);
            int m = w.defineMethod("p.C", "f", "(J)V");
            int mon = w.defineMonitor("p.C", 42);
            long now = 1_000;
            for (int i = 0; i < 8; i++) {
                ThreadBuffer b = w.acquire(i % 2 == 0 ? t1 : t2, now);
                for (int k = 0; k < 10 && b.hasRoom(); k++) {
                    b.methodEnter(now += 100, m, now * 3);
                    b.monitorContended(now += 5, mon);
                    b.monitorEntered(now += 5000, mon);
                    b.methodExit(now += 70, k == 3, now * 3);
                }
                long before = Files.size(file);
                w.submit(b);
                long deadline = System.nanoTime() + 60_000_000_000L;
                while (Files.size(file) == before && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
            }
        }
        good = Files.readAllBytes(file);
        headerEnd = 8 + 2 + 4 + ByteBuffer.wrap(good, 10, 4).getInt() + 4;
        int pos = headerEnd;
        long events = 0;
        while (pos < good.length) {
            byte kind = good[pos];
            int len = ByteBuffer.wrap(good, pos + 1, 4).getInt();
            if (kind == 'C') {
                long inChunk = segmentEvents(good, pos + 9, pos + 9 + len);
                largestChunkEvents = Math.max(largestChunkEvents, inChunk);
                events += inChunk;
                chunkEnds.add(new long[] {pos + 9 + len, events});
            }
            pos += 9 + len;
        }
        totalEvents = events;
        assertTrue(chunkEnds.size() >= 4, "chunks " + chunkEnds.size());
    }

    /** Counts event records by walking the chunk's segment headers (independent of the reader). */
    private static long segmentEvents(byte[] d, int pos, int end) {
        long n = 0;
        int[] p = {pos};
        while (p[0] < end) {
            long thread = var(d, p);
            var(d, p);
            long events = var(d, p);
            long bytes = var(d, p);
            if (thread != 0) {
                n += events;
            }
            p[0] += (int) bytes;
        }
        return n;
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

    private static long count(TraceReader r) throws IOException {
        long[] n = {0};
        r.read(e -> {
            if (e.type() != EventType.CHUNK_LOST) {
                n[0]++;
            }
        });
        long[] m = {0};
        r.readMerged(e -> {
            if (e.type() != EventType.CHUNK_LOST) {
                m[0]++;
            }
        });
        assertEquals(n[0], m[0], "both readings deliver the same events");
        return n[0];
    }

    @Test
    void aTraceCutAtEveryOffsetReadsExactlyItsWholeChunks() throws IOException {
        try (TraceReader r = TraceReader.open(write("full.trace", good))) {
            assertFalse(r.isTruncated());
            assertEquals(totalEvents, count(r));
        }
        Path p = dir.resolve("cut.trace");
        for (int cut = headerEnd; cut < good.length; cut++) {
            Files.write(p, Arrays.copyOf(good, cut));
            long expected = 0;
            for (long[] c : chunkEnds) {
                if (c[0] <= cut) {
                    expected = c[1];
                }
            }
            try (TraceReader r = TraceReader.open(p)) {
                assertTrue(r.isTruncated(), "cut at " + cut);
                assertEquals(expected, count(r), "cut at " + cut + ": " + r.truncation());
                assertEquals(-1, r.footerEvents());
            }
        }
    }

    @Test
    void aTraceCutInsideItsHeaderIsAClearError() {
        for (int cut = 0; cut < headerEnd; cut++) {
            Path p = write("h.trace", Arrays.copyOf(good, cut));
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.open(p), "cut at " + cut);
            assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        }
    }

    @Test
    void everyFlippedByteIsReportedAndTheRestStillReads() throws IOException {
        Path p = dir.resolve("flip.trace");
        int refused = 0;
        for (int at = 0; at < good.length; at++) {
            byte[] b = good.clone();
            b[at] ^= (byte) (1 << (at % 8));
            Files.write(p, b);
            try (TraceReader r = TraceReader.open(p)) {
                assertTrue(r.isTruncated() || !r.damage().isEmpty(), "flip at " + at + " went unnoticed");
                long read = count(r);
                assertTrue(read <= totalEvents, "flip at " + at + ": " + read + " events from " + totalEvents);
                if (!r.isTruncated() && at >= headerEnd) {
                    // One damaged chunk costs its own events, never the others'.
                    assertTrue(read >= totalEvents - largestChunkEvents, "flip at " + at + ": only " + read
                            + " of " + totalEvents + " events read; " + r.damage());
                }
            } catch (TraceFormatException refusedOpen) {
                // Only the file's identity (magic, version, header length) is beyond salvage.
                refused++;
                assertTrue(at < headerEnd, "flip at " + at + " refused: " + refusedOpen.getMessage());
                assertTrue(refusedOpen.getMessage().contains(p.toString()), refusedOpen.getMessage());
            }
        }
        assertTrue(refused < headerEnd, refused + " flips refused");
    }

    @Test
    void aChecksumMismatchNamesTheChunkOffsetAndSkipsOnlyThatChunk() throws IOException {
        long[] second = chunkEnds.get(1);
        long firstEnd = chunkEnds.get(0)[0];
        long secondEvents = second[1] - chunkEnds.get(0)[1];
        byte[] b = good.clone();
        b[(int) (second[0] - 1)] ^= 0x01;
        Path p = write("crc.trace", b);
        try (TraceReader r = TraceReader.open(p)) {
            assertFalse(r.isTruncated());
            assertEquals(1, r.damage().size(), r.damage().toString());
            String d = r.damage().get(0);
            assertTrue(d.contains("checksum mismatch") && d.contains("offset " + firstEnd), d);
            assertEquals(totalEvents - secondEvents, count(r));
            long[] lost = {0};
            r.read(e -> {
                if (e.type() == EventType.CHUNK_LOST) {
                    lost[0]++;
                }
            });
            assertEquals(1, lost[0], "read() marks where the chunk was skipped");
        }
    }

    @Test
    void foreignFilesAndOtherVersionsAreRefusedByName() throws IOException {
        String[][] cases = {
            {"", "not an orbscope trace"},
            {"GIF89a........................", "not an orbscope trace"},
            {"{\"traceEvents\":[]}", "not an orbscope trace"},
        };
        for (String[] c : cases) {
            Path p = write("foreign.trace", c[0].getBytes(StandardCharsets.UTF_8));
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.open(p));
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
        byte[] v2 = good.clone();
        v2[9] = 2;
        Path p = write("v2.trace", v2);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.open(p));
        assertTrue(e.getMessage().contains("version 2"), e.getMessage());
    }

    @Test
    void randomBytesAfterAValidHeaderNeverEscapeOrHang() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Random random = new Random(3);
            Path p = dir.resolve("fuzz.trace");
            for (int i = 0; i < 400; i++) {
                byte[] tail = new byte[random.nextInt(4096)];
                random.nextBytes(tail);
                if (random.nextBoolean() && tail.length > 9) {
                    // A plausible record header with a valid checksum: damage must then be caught while decoding.
                    int len = tail.length - 9;
                    CRC32 crc = new CRC32();
                    crc.update(tail, 9, len);
                    ByteBuffer.wrap(tail).put((byte) 'C').putInt(len).putInt((int) crc.getValue());
                }
                byte[] b = Arrays.copyOf(good, headerEnd + tail.length);
                System.arraycopy(tail, 0, b, headerEnd, tail.length);
                Files.write(p, b);
                try (TraceReader r = TraceReader.open(p)) {
                    count(r);
                    StringBuilderStream sink = new StringBuilderStream();
                    TraceDump.dump(r, sink.out, null);
                    TraceExport.perfetto(r, sink.out);
                    TraceStats.of(r);
                } catch (TraceFormatException expected) {
                    // the contract
                } catch (IOException | RuntimeException e) {
                    fail("fuzz case " + i + " escaped as " + e, e);
                }
            }
        });
    }

    private Path write(String name, byte[] b) {
        Path p = dir.resolve(name);
        try {
            Files.write(p, b);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return p;
    }

    private static final class StringBuilderStream {
        final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        final java.io.PrintStream out = new java.io.PrintStream(bytes);
    }
}
