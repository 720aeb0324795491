package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.TraceRing;

/**
 * A ring's segment on its own reports a window exactly as the whole recording does. Both come from one writer and
 * one set of events: the ring's segments, and the dump of that ring as one trace file, so the clock calibration and
 * every event are the same and any difference is the segment's doing.
 */
class RingWindowReportTest {
    private static final long BASE = 7_000_000_000L;
    private static final long GAP = 20_000_000L;
    private static final int N = 3000;

    @TempDir
    Path tmp;

    @Test
    void aWindowOfOneSegmentIsTheSameWindowOfTheWholeRecording() throws Exception {
        Path ring = tmp.resolve("server.trace.d");
        Path whole = tmp.resolve("whole.trace");
        try (JacorbTraceBuilder b = JacorbTraceBuilder.ring(ring, TraceRing.of(1L << 40, 0).segmentBytes(64 * 1024))) {
            for (int i = 0; i < N; i++) {
                b.request(BASE + i * GAP, 0x70 + i % 7, i, true);
            }
            b.submitAll();
            b.writer().dump(whole, 60_000);
        }
        List<Path> segments = TraceRing.segments(ring);
        assertTrue(segments.size() >= 3, segments.toString());

        // The whole recording reads the same from the directory and from the dump.
        assertEquals(N, rows(ring, null, null).size());
        assertEquals(N, rows(whole, null, null).size());

        // A window well inside what every thread of the middle segment recorded: requests arriving in it have every
        // event there; those cut at the segment's ends lie outside it.
        Path middle = segments.get(segments.size() / 2);
        long[] covered = covered(middle);
        long from = covered[0] + 1_000_000;
        long to = covered[1] - 2 * JacorbTraceBuilder.COMPLETION_NS;
        assertTrue(to - from > 20 * GAP, "segment " + middle + " covers too little: " + (to - from) + " ns");
        List<RequestStages> fromSegment = rows(middle, iso(from), iso(to));
        List<RequestStages> fromWhole = rows(whole, iso(from), iso(to));
        assertTrue(fromWhole.size() >= 20, Integer.toString(fromWhole.size()));
        assertEquals(fromWhole.size(), fromSegment.size());
        for (int i = 0; i < fromWhole.size(); i++) {
            RequestStages e = fromWhole.get(i);
            RequestStages s = fromSegment.get(i);
            assertEquals(e.key, s.key);
            assertEquals(e.status, s.status);
            for (int c = 0; c < StageColumn.count(); c++) {
                assertEquals(e.get(StageColumn.at(c)), s.get(StageColumn.at(c)), "row " + e.index + " " + StageColumn.at(c).header());
            }
        }
    }

    private List<RequestStages> rows(Path trace, String from, String to) throws IOException {
        Path out = tmp.resolve("report-" + trace.getFileName() + "-" + from);
        TraceReport.report(trace, AnalysisOptions.builder().window(from, to).build(), out);
        return StagesCsv.read(out.resolve("stages.csv"));
    }

    /** Epoch ns: the latest first event and the earliest last event among the segment's threads. */
    private static long[] covered(Path segment) throws IOException {
        Map<Integer, long[]> span = new HashMap<>();
        try (TraceReader r = TraceReader.open(segment)) {
            r.read(e -> {
                long[] s = span.computeIfAbsent(e.threadId(), t -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                s[0] = Math.min(s[0], e.nanos());
                s[1] = Math.max(s[1], e.nanos());
            });
            long first = Long.MIN_VALUE;
            long last = Long.MAX_VALUE;
            for (long[] s : span.values()) {
                first = Math.max(first, s[0]);
                last = Math.min(last, s[1]);
            }
            return new long[] {r.toEpochNanos(first), r.toEpochNanos(last)};
        }
    }

    private static String iso(long epochNs) {
        return Instant.ofEpochSecond(0, epochNs).toString();
    }
}
