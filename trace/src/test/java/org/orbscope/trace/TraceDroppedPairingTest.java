package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * A thread whose agent dropped events (no free buffer) may have lost the exit of a call it had open: after its
 * {@link EventType#DROPPED} marker the reader pairs no exit with an enter made before it, in file order and in
 * time order, so no call is measured from the wrong enter.
 */
class TraceDroppedPairingTest {
    @TempDir
    Path dir;

    @Test
    void anExitAfterADropPairsWithNoEnterBeforeIt() throws Exception {
        Path file = dir.resolve("dropped.trace");
        int outer;
        int inner;
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            int worker = w.defineThread("worker", 1);
            outer = w.defineMethod("p.C", "outer", "()V");
            inner = w.defineMethod("p.C", "inner", "()V");
            long now = 1_000_000;
            ThreadBuffer b = w.acquire(worker, now);
            b.methodEnter(now += 100, outer, -1);
            b.methodEnter(now += 100, inner, -1);
            w.submit(b);
            // inner's exit is dropped; outer's exit follows in the next buffer, then a whole call of inner.
            b = w.acquire(worker, now += 1_000);
            b.dropped(now, 1);
            b.methodExit(now += 100, false, -1);
            b.methodEnter(now += 100, inner, -1);
            b.methodExit(now += 100, false, -1);
            w.submit(b);
        }
        for (boolean merged : new boolean[] {false, true}) {
            List<String> exits = new ArrayList<>();
            try (TraceReader r = TraceReader.open(file)) {
                EventVisitor v = e -> {
                    if (e.type() == EventType.METHOD_EXIT) {
                        exits.add(e.depth() < 0 ? "unpaired" : r.dictionary().method(e.methodId()) + "@" + e.depth());
                    }
                };
                if (merged) {
                    r.readMerged(v);
                } else {
                    r.read(v);
                }
            }
            assertEquals(Arrays.asList("unpaired", "p.C#inner()V@0"), exits, merged ? "time order" : "file order");
        }
    }
}
