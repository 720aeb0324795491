package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.TraceRing;

/**
 * The agent's ring under threads that come and go. No other test class runs meanwhile: the heap an ended thread
 * costs is measured with the CPU to itself.
 */
@Isolated
class RingThreadsIT {
    @TempDir
    Path dir;

    /**
     * A server that starts and ends a thread per request, recorded for as long as it runs: the agent forgets an
     * ended thread's id a second after its end, and the ring's later segments no longer repeat it, so the
     * application's heap does not grow with the threads that came and went (about 200 bytes each without that).
     */
    @Test
    void threadsThatComeAndGoDoNotGrowTheApplicationsHeap() throws Exception {
        int perPhase = 20_000;
        long limit = 30; // bytes of heap an ended thread may leave behind
        long retire = TimeUnit.NANOSECONDS.toMillis(Settings.RETIRE_AFTER_NANOS) + 1_500;
        Path ring = dir.resolve("short.trace.d");
        ChildJvm app = ChildJvm.startWithJvmArgs(dir, List.of("-XX:+UseSerialGC", "-Xmx128m"),
                "include=example.traced.ShortThreadsApp#handle,events=methods+threads,maxsize=2m,out="
                        + dir.resolve("short.trace"), "example.traced.ShortThreadsApp", Integer.toString(perPhase),
                Long.toString(retire), Long.toString(limit));
        assertEquals(0, app.await(300), app.output());
        assertTrue(app.output().contains("short threads app done"), app.output());
        long[] heap = new long[4];
        for (String line : app.output().split("\n")) {
            if (line.startsWith("phase ")) {
                String[] w = line.split(" ");
                heap[Integer.parseInt(w[1])] = Long.parseLong(w[4]);
            }
        }
        // Phase 1 loads and compiles what the rest needs; phases 2 and 3 add 20,000 ended threads each.
        long perThread = (heap[3] - heap[1]) / (2L * perPhase);
        assertTrue(perThread < limit, "heap per ended thread: " + perThread + " bytes (" + heap[1] + " -> " + heap[3]
                + "): " + app.output());
        try (TraceReader r = TraceReader.open(ring)) {
            assertFalse(r.isTruncated(), String.valueOf(r.truncation()));
            long[] starts = {0};
            r.read(e -> starts[0] += e.type() == EventType.THREAD_START ? 1 : 0);
            assertTrue(starts[0] > 0, "the ring holds the last request threads' starts");
        }
        // The last segment began in phase 3: it repeats no thread of phase 1 (request-20000 to request-39999).
        List<Path> segments = TraceRing.segments(ring);
        try (TraceReader last = TraceReader.open(segments.get(segments.size() - 1))) {
            last.read(e -> { });
            int repeated = 0;
            for (int id = 1; id <= last.dictionary().threadCount(); id++) {
                String name = last.dictionary().threadName(id);
                if (name.startsWith("request-") && Long.parseLong(name.substring(8)) < 2L * perPhase) {
                    repeated++;
                }
            }
            assertEquals(0, repeated, "threads of phase 1 in the last of " + segments.size() + " segments");
        }
    }
}
