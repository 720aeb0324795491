package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BatchMeansTest {
    @Test
    void fullBatchesMergeInPairsAndTheRestStaysOut() {
        BatchMeans b = new BatchMeans();
        for (int v = 1; v <= 65; v++) {
            b.record(v);
        }
        // 64 values filled 64 batches of one, merged into 32 of two; the 65th waits in a batch not yet full.
        BatchMeans.Interval i = b.interval(0.95, 1);
        assertEquals(32, i.batches());
        assertEquals(2, i.batchSize());
        assertEquals(32.5, i.mean(), 1e-12);
        // Batch means 1.5, 3.5, ..., 63.5: standard deviation 2 x that of 1..32, t(31) at 97.5%.
        double sd = 2 * Math.sqrt(32 * 33 / 12.0);
        assertEquals(2.0395134 * sd / Math.sqrt(32), i.halfWidth(), 1e-6);
    }

    @Test
    void independentValuesGiveAnIntervalAroundTheirMean() {
        TimeStats s = new TimeStats(true);
        SplittableRandom rng = new SplittableRandom(3);
        for (int k = 0; k < 1_000_000; k++) {
            s.record(Dist.exponential(1e6).sample(rng));
        }
        BatchMeans.Interval i = s.intervalMs(Models.CONFIDENCE);
        assertTrue(i.batches() >= 32 && i.batches() < 64, i.toString());
        Models.within(1, s, "iid exp(1 ms)");
        // The standard error of a mean of 10^6 exp(1 ms) values is 1 us: the interval is a few of them wide.
        assertTrue(i.halfWidth() > 0.001 && i.halfWidth() < 0.01, i.toString());
    }
}
