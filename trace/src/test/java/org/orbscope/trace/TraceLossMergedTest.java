package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.testing.DamagedTraces;

/**
 * A damaged chunk in the middle of a thread's calls, read in time order: the merged stream says where the thread
 * crossed the loss and pairs no exit after it with an enter before it, as the file-order reading does.
 */
class TraceLossMergedTest {
    @TempDir
    Path dir;

    private Path damaged;

    /** {@link DamagedTraces#lossAmidCalls}: the third of five chunks, worker's exits of outer and inner, is damaged. */
    @BeforeEach
    void writeAndDamage() throws Exception {
        damaged = DamagedTraces.lossAmidCalls(dir);
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
}
