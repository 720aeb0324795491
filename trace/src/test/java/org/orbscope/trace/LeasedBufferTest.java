package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/** A buffer writing into the writer's buffers by lease, as the agent's recorder does, yields the same trace. */
class LeasedBufferTest {
    @TempDir
    Path dir;

    /** The subclass under test: the lease methods are protected. */
    private static final class Lessee extends ThreadBuffer {
        void take(ThreadBuffer b) {
            takeOver(b);
        }

        void give(ThreadBuffer b) {
            handBack(b);
        }
    }

    @Test
    void eventsWrittenThroughLeasesComeBackInOrderAcrossHandOvers() throws IOException {
        Path file = dir.resolve("leased.trace");
        Lessee lessee = new Lessee();
        assertFalse(lessee.hasRoom(), "no storage before the first lease");
        List<String> expected = new ArrayList<>();
        int handOvers = 0;
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 1024)) {
            int thread = w.defineThread("lessee", 1);
            int method = w.defineMethod("p.C", "f", "()V");
            long now = 1_000;
            long cpu = 500;
            ThreadBuffer leased = null;
            for (int call = 0; call < 2_000; call++) {
                for (boolean enter : new boolean[] {true, false}) {
                    now += 37;
                    // Every third call with CPU times: their deltas run across hand-overs too.
                    long at = now;
                    long c = call % 3 == 0 ? (cpu += 23) : -1;
                    boolean exceptional = call % 5 == 0;
                    BooleanSupplier write = () -> enter
                            ? (c >= 0 ? lessee.methodEnter(at, method, c) : lessee.methodEnter(at, method))
                            : (c >= 0 ? lessee.methodExit(at, exceptional, c) : lessee.methodExit(at, exceptional));
                    if (!write.getAsBoolean()) {
                        if (leased != null) {
                            lessee.give(leased);
                            assertFalse(lessee.hasRoom(), "no room once handed back");
                            w.submit(leased);
                            handOvers++;
                        }
                        leased = acquire(w, thread, now);
                        // Something the writer's own buffer got before the lessee took it over stays in it.
                        leased.threadName(now, w.defineString("lessee-" + handOvers));
                        expected.add(EventType.name(EventType.THREAD_NAME) + "@" + now);
                        lessee.take(leased);
                        assertTrue(write.getAsBoolean());
                    }
                    expected.add(EventType.name(enter ? EventType.METHOD_ENTER : EventType.METHOD_EXIT) + "@" + now
                            + (!enter && exceptional ? " thrown" : "") + (c >= 0 ? " cpu " + c : ""));
                }
            }
            lessee.give(leased);
            w.submit(leased);
        }
        assertTrue(handOvers >= 10, "hand-overs " + handOvers);
        try (TraceReader r = TraceReader.open(file)) {
            assertFalse(r.isTruncated());
            assertEquals(expected.size(), r.footerEvents());
            List<String> got = new ArrayList<>();
            r.readThread(r.threadIds()[0], e -> got.add(EventType.name(e.type()) + "@" + e.nanos()
                    + (e.isExceptional() ? " thrown" : "")
                    + (e.cpuNanos() >= 0 ? " cpu " + e.cpuNanos() : "")));
            assertEquals(expected.size(), got.size());
            for (int i = 0; i < got.size(); i++) {
                assertEquals(expected.get(i), got.get(i), "event " + i);
            }
        }
    }

    /** The writer's buffers are few; wait for one to come back rather than drop (the agent drops instead). */
    private static ThreadBuffer acquire(TraceWriter w, int thread, long now) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        ThreadBuffer b;
        while ((b = w.acquire(thread, now)) == null) {
            assertTrue(System.nanoTime() < deadline, "the writer never released a buffer");
            Thread.yield();
        }
        return b;
    }
}
