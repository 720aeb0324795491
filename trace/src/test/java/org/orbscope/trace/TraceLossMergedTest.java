package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * A damaged chunk in the middle of a thread's calls, read in time order: the merged stream says where the thread
 * crossed the loss and pairs no exit after it with an enter before it, as the file-order reading does.
 */
class TraceLossMergedTest {
    @TempDir
    Path dir;

    private Path damaged;
    private int outer;
    private int inner;
    private int late;
    /** File offsets where each submitted buffer's chunk starts and ends. */
    private final List<long[]> chunks = new ArrayList<>();

    /**
     * Five buffers, each written as a chunk of its own: "worker" enters outer and inner; "other" makes a whole call
     * of inner; "worker" exits both and enters late (this chunk is damaged below); "worker" exits late and makes a
     * whole call of inner; "other" makes a whole call of inner.
     */
    @BeforeEach
    void writeAndDamage() throws Exception {
        Path file = dir.resolve("calls.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            int worker = w.defineThread("worker", 1);
            int other = w.defineThread("other", 2);
            outer = w.defineMethod("p.C", "outer", "()V");
            inner = w.defineMethod("p.C", "inner", "()V");
            late = w.defineMethod("p.C", "late", "()V");
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
                w.submit(b);
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (Files.size(file) == before && System.nanoTime() < deadline) {
                    Thread.sleep(1);
                }
                chunks.add(new long[] {before, Files.size(file)});
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        long[] third = chunks.get(2);
        assertTrue(third[1] > third[0], "the writer wrote the third buffer within two minutes");
        bytes[(int) ((third[0] + third[1]) / 2)] ^= 0x10;
        damaged = dir.resolve("damaged.trace");
        Files.write(damaged, bytes);
    }

    @Test
    void theMergedStreamMarksTheLossOnTheThreadThatCrossedItAndPairsNothingAcrossIt() throws Exception {
        List<String> merged = new ArrayList<>();
        try (TraceReader r = TraceReader.open(damaged)) {
            assertEquals(1, r.lostStretches(), r.damage().toString());
            Dictionary d = r.dictionary();
            r.readMerged(e -> {
                String thread = d.threadName(e.threadId());
                if (e.type() == EventType.CHUNK_LOST) {
                    merged.add(thread + " lost " + e.count());
                } else if (e.type() == EventType.METHOD_ENTER) {
                    merged.add(thread + " > " + d.methodName(e.methodId()));
                } else if (e.type() == EventType.METHOD_EXIT) {
                    assertTrue(e.depth() < 0 || e.nanos() - e.enterNanos() < 1_000_000, "no exit paired across the loss: "
                            + d.methodName(e.methodId()) + " " + (e.nanos() - e.enterNanos()) + " ns");
                    merged.add(thread + " < " + (e.depth() < 0 ? "?" : d.methodName(e.methodId())));
                }
            });
        }
        // The late call's exit pairs with nothing (its enter was in the hole), never with inner or outer.
        assertEquals(Arrays.asList("worker > outer", "worker > inner", "other > inner", "other < inner",
                "worker lost 1", "worker < ?", "worker > inner", "worker < inner",
                "other lost 1", "other > inner", "other < inner"), merged);
        // Read in file order, the same events pair the same way.
        List<String> inFileOrder = new ArrayList<>();
        try (TraceReader r = TraceReader.open(damaged)) {
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT) {
                    inFileOrder.add(e.depth() < 0 ? "?" : r.dictionary().methodName(e.methodId()));
                }
            });
        }
        assertEquals(Arrays.asList("inner", "?", "inner", "inner"), inFileOrder);
    }

    @Test
    void theTextAndPerfettoExportsSayWhereTheLossIsAndPairNothingAcrossIt() throws Exception {
        ByteArrayOutputStream dump = new ByteArrayOutputStream();
        ByteArrayOutputStream perfetto = new ByteArrayOutputStream();
        try (TraceReader r = TraceReader.open(damaged)) {
            TraceDump.dump(r, new PrintStream(dump, true, "UTF-8"), null);
        }
        try (TraceReader r = TraceReader.open(damaged)) {
            TraceExport.perfetto(r, new PrintStream(perfetto, true, "UTF-8"));
        }
        String text = dump.toString("UTF-8");
        assertTrue(text.contains("chunk-lost: this thread's events before this point may be missing"), text);
        assertTrue(text.contains("(enter not recorded)"), text);
        String json = perfetto.toString("UTF-8");
        // outer and inner entered before the loss have no slice; inner has one on each thread per whole call.
        assertEquals(-1, json.indexOf("\"name\":\"C.outer\""), json);
        assertEquals(-1, json.indexOf("\"name\":\"C.late\""), json);
        assertEquals(3, json.split("\"name\":\"C.inner\"", -1).length - 1, json);
        assertTrue(json.contains("\"name\":\"chunk-lost 1\""), json);
    }
}
