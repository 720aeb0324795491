package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.StageColumn;
import org.orbscope.testkit.SyntheticRun;
import org.orbscope.run.RequestStages;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.trace.TraceReader;

class TraceStagesTest {
    private static final long BASE = 5_000_000_000L;
    private static final long GAP = 20_000_000L;

    @TempDir
    Path tmp;

    private Path write(int n, int complete) throws Exception {
        Path file = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            for (int i = 0; i < n; i++) {
                // Keys repeat (identity hashes are reused): requests are told apart by time.
                b.request(BASE + i * GAP, 0x1000 + i % 3, i, i < complete);
            }
            b.gc(BASE + 5_000_000, 1_000_000);
        }
        return file;
    }

    @Test
    void readingATraceTellsHowFarItHasComeFromItsStartToItsEnd() throws Exception {
        // About 30 events a request: 6,000 requests are a few times the events between two calls.
        Path file = write(6000, 6000);
        long footer;
        try (TraceReader reader = TraceReader.open(file)) {
            footer = reader.footerEvents();
        }
        List<double[]> calls = new ArrayList<>();
        StageResult r = TraceStages.extract(file, null, null, (trace, events, fraction) -> {
            assertEquals(file, trace);
            calls.add(new double[] {events, fraction});
        });
        assertEquals(6000, r.rows().size());
        assertTrue(calls.size() >= 4, "the start, two or more on the way, the end: " + calls.size());
        assertEquals(0, calls.get(0)[0]);
        assertEquals(0, calls.get(0)[1]);
        for (int i = 1; i < calls.size() - 1; i++) {
            assertEquals(i * TraceStages.PROGRESS_EVENTS, calls.get(i)[0]);
            assertEquals(Math.min(1, calls.get(i)[0] / footer), calls.get(i)[1], 1e-12, "by the footer's count");
        }
        assertEquals(1, calls.get(calls.size() - 1)[1]);
        assertTrue(calls.get(calls.size() - 1)[0] >= (calls.size() - 2) * TraceStages.PROGRESS_EVENTS);
    }

    @Test
    void realTraceGivesExactStages() throws Exception {
        Path file = write(50, 50);
        StageResult r = TraceStages.extract(file);
        assertEquals(50, r.rows().size());
        assertEquals(50, r.diagnostics().complete);
        long offset;
        try (TraceReader reader = TraceReader.open(file)) {
            offset = reader.toEpochNanos(0);
        }
        RequestStages first = r.rows().get(0);
        assertEquals(BASE + offset, first.get(StageColumn.ARRIVAL));
        assertEquals("ServerMessageReceptor0", first.receiverThread);
        assertEquals("RequestProcessor-1", first.dispatcherThread);
        for (RequestStages row : r.rows()) {
            assertEquals(JacorbTraceBuilder.RECEIVER_NS, row.get(StageColumn.RECEIVER));
            assertEquals(JacorbTraceBuilder.QUEUE_NS, row.get(StageColumn.QUEUE));
            assertEquals(JacorbTraceBuilder.DISPATCHER_NS, row.get(StageColumn.DISPATCHER));
            assertEquals(JacorbTraceBuilder.SERVANT_NS, row.get(StageColumn.SERVANT));
            assertEquals(JacorbTraceBuilder.COMPLETION_NS, row.get(StageColumn.COMPLETION));
            assertEquals(JacorbTraceBuilder.CPU_NS, row.get(StageColumn.CPU_TOTAL));
            assertEquals(4_000, row.get(StageColumn.QUEUE_WAIT));
            assertEquals(1_000, row.get(StageColumn.SERVANT_BLOCKED));
        }
        // The GC pause (5..6 ms after the first arrival) lies inside the first request's servant call.
        assertEquals(1_000_000, first.get(StageColumn.SERVANT_GC));
        assertEquals(0, r.rows().get(1).get(StageColumn.SERVANT_GC));
    }

    @Test
    void truncatedTraceNeverInventsNumbers() throws Exception {
        Path file = write(4000, 4000);
        byte[] all = Files.readAllBytes(file);
        for (int percent : new int[] {30, 50, 67, 90}) {
            Path cut = tmp.resolve("cut" + percent + ".trace");
            Files.write(cut, Arrays.copyOf(all, all.length * percent / 100));
            StageResult r = TraceStages.extract(cut);
            assertTrue(r.diagnostics().truncated);
            assertTrue(r.diagnostics().complete < 4000);
            for (RequestStages row : r.rows()) {
                // Keys repeat every 3 requests: a wrong join would show as a completion 60 ms too long.
                if (row.has(StageColumn.COMPLETION)) {
                    assertEquals(JacorbTraceBuilder.COMPLETION_NS, row.get(StageColumn.COMPLETION), "cut at " + percent + "%");
                }
            }
        }
        // How many requests survive a cut depends on the writer's chunk layout (timing), so it is not asserted.
    }

    @Test
    void aCutTraceKeepsEveryRequestThatEndedBeforeTheCut() throws Exception {
        Path file = tmp.resolve("unique.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            for (int i = 0; i < 4000; i++) {
                b.request(BASE + i * GAP, 0x10_0000 + i, i, true);
                if (i % 100 == 99) {
                    b.handOver();
                }
            }
        }
        StageResult full = TraceStages.extract(file);
        byte[] all = Files.readAllBytes(file);
        for (int percent : new int[] {30, 50, 90}) {
            Path cut = tmp.resolve("cut" + percent + ".trace");
            Files.write(cut, Arrays.copyOf(all, all.length * percent / 100));
            // The cut loses a suffix of each thread's events: a request all of whose events lie before the
            // earliest of the threads' last events is whole in the cut trace.
            long[] lastOfThread = new long[64];
            long offset;
            try (TraceReader r = TraceReader.open(cut)) {
                offset = r.toEpochNanos(0);
                r.read(e -> lastOfThread[e.threadId()] = Math.max(lastOfThread[e.threadId()], e.nanos()));
            }
            long before = Long.MAX_VALUE;
            for (long t : lastOfThread) {
                if (t > 0) {
                    before = Math.min(before, t + offset);
                }
            }
            StageResult r = TraceStages.extract(cut);
            java.util.Map<String, RequestStages> byKey = new java.util.HashMap<>();
            r.rows().forEach(row -> byKey.put(row.key, row));
            long expected = 0;
            for (RequestStages whole : full.rows()) {
                if (whole.get(StageColumn.DISPATCHER_END) < before) {
                    expected++;
                    RequestStages kept = byKey.get(whole.key);
                    assertTrue(kept != null && kept.complete(), "cut at " + percent + "%: request " + whole.key
                            + " ended before the cut but is " + (kept == null ? "missing" : kept.status));
                    assertEquals(whole.get(StageColumn.COMPLETION), kept.get(StageColumn.COMPLETION));
                }
            }
            assertTrue(expected > 4000 * (percent - 25) / 100, "cut at " + percent + "%: " + expected);
            assertTrue(r.rows().size() <= full.rows().size(), "no request counted twice");
        }
    }

    @Test
    void aTraceLongerThanTheJoinHorizonStreamsEveryRequestWholeAndInArrivalOrder() throws Exception {
        // 3000 requests 20 ms apart: 60 s of trace, six times the joiner's horizon; keys repeat every 3 requests
        // and a GC pause lies in every 100th request's servant call.
        Path file = tmp.resolve("long.trace");
        int n = 3000;
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            for (int i = 0; i < n; i++) {
                b.request(BASE + i * GAP, 0x1000 + i % 3, i, true);
                if (i % 100 == 0) {
                    b.gc(BASE + i * GAP + 5_000_000, 1_000_000);
                }
            }
        }
        java.util.List<RequestStages> rows = new java.util.ArrayList<>();
        StageResult r = TraceStages.extract(file, null, rows::add);
        assertTrue(r.rows().isEmpty(), "a sink takes the rows");
        assertEquals(n, r.diagnostics().complete);
        assertEquals(0, r.diagnostics().lateFragments);
        assertEquals(n, rows.size());
        for (int i = 0; i < n; i++) {
            RequestStages row = rows.get(i);
            assertEquals(i, row.index);
            assertEquals(rows.get(0).get(StageColumn.ARRIVAL) + i * GAP, row.get(StageColumn.ARRIVAL));
            assertEquals(JacorbTraceBuilder.COMPLETION_NS, row.get(StageColumn.COMPLETION));
            assertEquals(i % 100 == 0 ? 1_000_000 : 0, row.get(StageColumn.SERVANT_GC), "request " + i);
        }
    }

    @Test
    void neverCompletedRequestsAreCountedNotInvented() throws Exception {
        StageResult r = TraceStages.extract(write(30, 20));
        assertEquals(20, r.diagnostics().complete);
        assertEquals(10, r.diagnostics().incomplete);
        assertFalse(r.rows().get(25).has(StageColumn.COMPLETION));
    }

    @Test
    void droppedEventsAreReported() throws Exception {
        Path file = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            b.request(BASE, 1, 0, true);
            b.dropped(1, BASE + GAP - 1, 42);
            b.request(BASE + GAP, 2, 1, true);
        }
        StageResult r = TraceStages.extract(file);
        assertEquals(42, r.diagnostics().droppedEvents);
    }
}
