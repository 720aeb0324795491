package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The arrival laws draw what they promise: mean gap, squared coefficient of variation, replayed times. */
class ArrivalGapsTest {
    private static final int SAMPLES = 100_000;

    /** {mean, scv} of SAMPLES gaps. */
    private static double[] moments(ArrivalGaps gaps, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double g = gaps.nextGapNanos(r);
            sum += g;
            sq += g * g;
        }
        double mean = sum / SAMPLES;
        double var = sq / SAMPLES - mean * mean;
        return new double[] {mean, var / (mean * mean)};
    }

    @Test
    void hyperexponentialGapsHaveTheRequestedMeanAndScv() {
        for (double scv : new double[] {1, 2, 5, 10, 20}) {
            double[] m = moments(ArrivalGaps.hyperexponential(5_000_000, scv), 17);
            assertEquals(5_000_000, m[0], 0.05 * 5_000_000, "mean gap at scv " + scv);
            assertEquals(scv, m[1], 0.05 * scv, "scv at scv " + scv);
        }
    }

    @Test
    void poissonAndDeterministicGaps() {
        double[] p = moments(ArrivalGaps.exponential(1_000_000), 3);
        assertEquals(1_000_000, p[0], 0.02 * 1_000_000);
        assertEquals(1, p[1], 0.05);
        double[] d = moments(ArrivalGaps.deterministic(2_500_000), 3);
        assertEquals(2_500_000, d[0], 1e-6);
        assertEquals(0, d[1], 1e-9);
    }

    @Test
    void mmppGapsCarryTheTimeWeightedRate() {
        // 1000/s for 2 ms, then silence for 8 ms: 200/s on average, in bursts (scv well above 1).
        double[] m = moments(new ArrivalGaps.Mmpp(new double[][] {{1000, 2e6}, {0, 8e6}}), 5);
        assertEquals(5_000_000, m[0], 0.05 * 5_000_000);
        assertTrue(m[1] > 2, "bursty: scv " + m[1]);
    }

    @Test
    void replayReproducesTheFilesTimes(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("log.csv");
        Files.writeString(csv, "who,time_ms\na,1000.5\nb,1000.0\nc,1003.25\n");
        ArrivalSpec a = new ArrivalSpec(ArrivalSpec.Law.REPLAY, null, null, null, null, csv.toString(), null, null);
        assertArrayEquals(new long[] {0, 500_000, 3_250_000}, a.replayTimesNanos(), "sorted, from the first");
        ArrivalGaps g = ArrivalGaps.of(a);
        SplittableRandom r = new SplittableRandom(1);
        assertEquals(0, g.nextGapNanos(r));
        assertEquals(500_000, g.nextGapNanos(r));
        assertEquals(2_750_000, g.nextGapNanos(r));
        assertEquals(Long.MAX_VALUE, g.nextGapNanos(r), "no more arrivals after the last time");
        assertEquals(2 / 3.25e-3, a.ratePerSecond(), 1e-6);
    }

    @Test
    void replayReadsEpochNanosecondsExactlyAndRefusesTimesOutOfRangeAtOnce(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("requests.csv");
        Files.writeString(csv, "intended_ns\n1795675321406392643\n1795675321406392757\n");
        ArrivalSpec a = new ArrivalSpec(ArrivalSpec.Law.REPLAY, null, null, null, null, csv.toString(), null, null);
        assertArrayEquals(new long[] {0, 114}, a.replayTimesNanos(), "19-digit times to the nanosecond");
        for (String huge : new String[] {"1e999999999", "99999999999999999999"}) {
            Path bad = dir.resolve("bad" + huge.length() + ".csv");
            Files.writeString(bad, "time_ns\n0\n" + huge + "\n");
            ArrivalSpec b = new ArrivalSpec(ArrivalSpec.Law.REPLAY, null, null, null, null, bad.toString(), null, null);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::replayTimesNanos);
            assertTrue(e.getMessage().endsWith(":3: '" + huge + "' is out of range (more than 19 digits of "
                    + "nanoseconds)"), e.getMessage());
        }
    }
}
