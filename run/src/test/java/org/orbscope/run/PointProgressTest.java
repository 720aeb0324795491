package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PointProgressTest {
    @TempDir
    Path dir;

    private static Histogram millis(long from, long to) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (long ms = from; ms <= to; ms++) {
            h.recordValue(ms * 1_000_000L);
        }
        return h;
    }

    @Test
    void aClientsProgressReadsBackAsWritten() throws Exception {
        Path file = dir.resolve("progress.json");
        ClientProgress.of(3750L, 812, 800, 2, 4.25, millis(1, 100), false).write(file);
        ClientProgress p = ClientProgress.read(file);
        assertEquals(3750L, p.expected());
        assertEquals(812, p.sent());
        assertEquals(800, p.completed());
        assertEquals(2, p.failed());
        assertEquals(4.25, p.elapsedSec());
        assertFalse(p.ended());
        Histogram h = p.responseHistogram();
        assertEquals(100, h.getTotalCount());
        assertEquals(50, h.getValueAtPercentile(50) / 1_000_000, 0.1);
        assertNull(ClientProgress.of(null, 0, 0, 0, 0, new Histogram(3), false).response(),
                "no histogram before the first measured request");
    }

    @Test
    void theClientsOfAPointAddUpAndTheirPercentilesComeFromTheirHistogramsTogether() throws Exception {
        PointDirectory point = new PointDirectory(dir.resolve("rate=100"));
        // One client answered in 1..100 ms, the other in 101..300 ms: together 300 values, median 150 ms.
        ClientProgress.of(1000L, 300, 100, 0, 5.0, millis(1, 100), true).write(point.clients(2).get(0).progress());
        ClientProgress.of(1000L, 250, 200, 1, 4.0, millis(101, 300), false).write(point.clients(2).get(1).progress());
        PointProgress p = PointProgress.read(point, 2);
        assertEquals(2, p.reporting());
        assertEquals(1, p.ended());
        assertEquals(2000L, p.expected());
        assertEquals(550, p.sent());
        assertEquals(300, p.completed());
        assertEquals(1, p.failed());
        assertEquals(5.0, p.elapsedSec(), "the longest client's");
        assertEquals(60.0, p.achievedRatePerSec(), 1e-9);
        assertEquals(150, p.p50Ms(), 0.2);
        assertEquals(297, p.p99Ms(), 0.5);
    }

    @Test
    void beforeEveryClientReportsTheExpectedCountIsUnknown() throws Exception {
        PointDirectory point = new PointDirectory(dir.resolve("single"));
        assertTrue(PointProgress.read(point, 1).none(), "no client directory yet");
        Files.createDirectories(point.clients(2).get(1).dir());
        ClientProgress.of(1000L, 0, 0, 0, 0, new Histogram(3), false).write(point.clients(2).get(0).progress());
        PointProgress p = PointProgress.read(point, 2);
        assertEquals(1, p.reporting());
        assertNull(p.expected());
        assertNull(p.achievedRatePerSec());
        assertNull(p.p50Ms());
    }
}
