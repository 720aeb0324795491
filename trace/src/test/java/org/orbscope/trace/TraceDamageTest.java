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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.testing.DamagedTraces;

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
        good = Files.readAllBytes(DamagedTraces.severalChunks(dir.resolve("good.trace")));
        headerEnd = DamagedTraces.headerEnd(good);
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
            Path p = dir.resolve("fuzz.trace");
            int i = 0;
            for (byte[] b : DamagedTraces.randomAfterHeader(good, 3, 400)) {
                Files.write(p, b);
                try (TraceReader r = TraceReader.open(p)) {
                    count(r);
                } catch (TraceFormatException expected) {
                    // the contract
                } catch (IOException | RuntimeException e) {
                    fail("fuzz case " + i + " escaped as " + e, e);
                }
                i++;
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
}
