package org.orbscope.trace.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * Traces to damage, and damage to do to them, for the tests of everything that reads traces: the reader's own, and
 * the tools' that must read what the reader lets through. Written by the real writer, a buffer a chunk.
 */
public final class DamagedTraces {
    private DamagedTraces() {
    }

    /**
     * A trace of several chunks into {@code file}: two threads take turns, each buffer holding calls with CPU times
     * (one exceptional) and contended monitor entries, each written as its own chunk before the next is submitted.
     */
    public static Path severalChunks(Path file) throws IOException, InterruptedException {
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
                submitAndAwait(w, b, file, Files.size(file), 60);
            }
        }
        return file;
    }

    /**
     * A trace with a damaged chunk in the middle of a thread's calls, written into {@code dir}; five buffers, each
     * a chunk of its own: "worker" enters {@code p.C#outer} and {@code inner}; "other" makes a whole call of inner;
     * "worker" exits both and enters {@code late} (this chunk is damaged: one flipped bit); "worker" exits late and
     * makes a whole call of inner; "other" makes a whole call of inner.
     */
    public static Path lossAmidCalls(Path dir) throws IOException, InterruptedException {
        Path file = dir.resolve("calls.trace");
        List<long[]> chunks = new ArrayList<>();
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            int worker = w.defineThread("worker", 1);
            int other = w.defineThread("other", 2);
            int outer = w.defineMethod("p.C", "outer", "()V");
            int inner = w.defineMethod("p.C", "inner", "()V");
            int late = w.defineMethod("p.C", "late", "()V");
            // The definitions first, in a chunk of their own: a wake-up of the writer that finds no buffer writes the
            // definitions made meanwhile, and between a chunk's size reading and its submission below that would
            // look like the chunk written, putting the next two buffers in one chunk.
            long header = Files.size(file);
            w.writeSoon();
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (Files.size(file) == header && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            long now = 1_000_000;
            for (int chunk = 1; chunk <= 5; chunk++) {
                long before = Files.size(file);
                ThreadBuffer b = w.acquire(chunk == 2 || chunk == 5 ? other : worker, now);
                switch (chunk) {
                    case 1:
                        b.methodEnter(now += 100, outer, -1);
                        b.methodEnter(now += 100, inner, -1);
                        break;
                    case 3:
                        b.methodExit(now += 1_000_000, false, -1);
                        b.methodExit(now += 100, false, -1);
                        b.methodEnter(now += 100, late, -1);
                        break;
                    case 4:
                        b.methodExit(now += 100, false, -1);
                        b.methodEnter(now += 100, inner, -1);
                        b.methodExit(now += 100, false, -1);
                        break;
                    default:
                        b.methodEnter(now += 10, inner, -1);
                        b.methodExit(now += 10, false, -1);
                        break;
                }
                now += 100;
                submitAndAwait(w, b, file, before, 120);
                chunks.add(new long[] {before, Files.size(file)});
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        long[] third = chunks.get(2);
        if (third[1] <= third[0]) {
            throw new IllegalStateException("the writer did not write the third buffer within two minutes");
        }
        bytes[(int) ((third[0] + third[1]) / 2)] ^= 0x10;
        Path damaged = dir.resolve("damaged.trace");
        Files.write(damaged, bytes);
        return damaged;
    }

    /** Where a trace's records begin: after the magic, the version, the info's length, the info and its CRC. */
    public static int headerEnd(byte[] trace) {
        return 8 + 2 + 4 + ByteBuffer.wrap(trace, 10, 4).getInt() + 4;
    }

    /**
     * {@code cases} traces of {@code good}'s header followed by random bytes (the same for the same {@code seed});
     * in about half, the random bytes open with a record header whose checksum matches, so that the damage is met
     * while decoding rather than at the checksum.
     */
    public static List<byte[]> randomAfterHeader(byte[] good, long seed, int cases) {
        Random random = new Random(seed);
        int headerEnd = headerEnd(good);
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            byte[] tail = new byte[random.nextInt(4096)];
            random.nextBytes(tail);
            if (random.nextBoolean() && tail.length > 9) {
                int len = tail.length - 9;
                CRC32 crc = new CRC32();
                crc.update(tail, 9, len);
                ByteBuffer.wrap(tail).put((byte) 'C').putInt(len).putInt((int) crc.getValue());
            }
            byte[] b = Arrays.copyOf(good, headerEnd + tail.length);
            System.arraycopy(tail, 0, b, headerEnd, tail.length);
            out.add(b);
        }
        return out;
    }

    /** Submits {@code b} and waits, at most {@code seconds}, until {@code file} has grown beyond {@code before}. */
    private static void submitAndAwait(TraceWriter w, ThreadBuffer b, Path file, long before, int seconds)
            throws InterruptedException, IOException {
        w.submit(b);
        w.writeSoon();
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (Files.size(file) == before && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }
}
