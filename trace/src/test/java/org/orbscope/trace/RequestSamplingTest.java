package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

/** A trace's request sample: fixed by its header, or per control period under a budget. */
class RequestSamplingTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aBudgetsPeriodsSayTheSampleInForceAtEveryTime() throws IOException {
        Map<String, String> info = new HashMap<>();
        info.put(TraceHeader.REQUEST_SAMPLE, "1");
        info.put(TraceHeader.REQUEST_BUDGET, "1.0%");
        Path file = dir.resolve("budget.trace");
        try (TraceWriter w = TraceWriter.open(file, info, 4, 4096)) {
            ThreadBuffer b = w.acquire(w.defineThread("orbscope-system", 0), S);
            b.requestSample(2 * S, 20, 400, 400, 9_000_000, 200_000_000);
            b.requestSample(3 * S, 20, 400, 21, 2_000_000, 200_000_000);
            b.requestSample(4 * S, 60, 1_200, 58, 4_000_000, 300_000_000);
            w.submit(b);
        }
        try (TraceReader r = TraceReader.open(file)) {
            RequestSampling s = RequestSampling.of(r);
            assertTrue(s.sampled());
            assertEquals("1.0%", s.budget());
            assertEquals(3, s.periods().size());
            assertEquals(1, s.everyAt(r.toEpochNanos(2 * S - 1)), "before the first period ends: the first sample");
            assertEquals(20, s.everyAt(r.toEpochNanos(2 * S)));
            assertEquals(20, s.everyAt(r.toEpochNanos(4 * S - 1)));
            assertEquals(60, s.everyAt(r.toEpochNanos(9 * S)));
            assertEquals(2_000, s.seen());
            assertEquals(479, s.recorded());
            assertEquals(1, s.least());
            assertEquals(60, s.most());
            assertEquals(15.0 / 700, s.agentShare(), 1e-12);
        }
    }

    @Test
    void aFixedSampleIsTheHeadersThroughout() throws IOException {
        Path file = dir.resolve("fixed.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.singletonMap(TraceHeader.REQUEST_SAMPLE, "10"), 4, 4096)) {
            w.defineThread("main", 1);
        }
        try (TraceReader r = TraceReader.open(file)) {
            RequestSampling s = RequestSampling.of(r);
            assertTrue(s.sampled());
            assertEquals(null, s.budget());
            assertEquals(10, s.everyAt(0));
            assertEquals(10, s.everyAt(Long.MAX_VALUE));
            assertTrue(s.periods().isEmpty());
        }
        assertFalse(RequestSampling.everyRequest().sampled());
    }
}
