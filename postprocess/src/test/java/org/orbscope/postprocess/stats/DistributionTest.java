package org.orbscope.postprocess.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A value that stands for several: a request recorded one in N stands for N requests. */
class DistributionTest {
    @Test
    void aWeightedValueCountsInTheMeanAndPercentilesAsThatManyValues() {
        Distribution weighted = new Distribution();
        weighted.add(1_000, 1);
        weighted.add(5_000, 3);
        Distribution repeated = new Distribution();
        repeated.add(1_000);
        for (int i = 0; i < 3; i++) {
            repeated.add(5_000);
        }
        assertEquals(repeated.mean(), weighted.mean(), 1e-9);
        assertEquals(4_000, weighted.mean(), 1e-9);
        assertEquals(repeated.percentile(50), weighted.percentile(50));
        assertEquals(repeated.percentile(20), weighted.percentile(20));
        assertEquals(2, weighted.count(), "the values added: what the mean's standard error goes with");
        // The weighted population variance (3,000,000) with the correction of two values, not of four.
        assertEquals(3_000_000.0 * 2, weighted.variance(), 1e-6);
    }

    @Test
    void weightsOfOneAreThePlainStatistics() {
        Distribution d = new Distribution();
        long[] values = {3, 9, 4, 12, 7};
        for (long v : values) {
            d.add(v, 1);
        }
        assertEquals(7.0, d.mean(), 1e-12);
        assertEquals(13.5, d.variance(), 1e-12);
    }
}
