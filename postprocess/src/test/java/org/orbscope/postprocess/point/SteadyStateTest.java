package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** MSER-5 and the drift test on series whose steady state is known. */
class SteadyStateTest {
    /** Exponential responses of mean {@code meanMs}, as ns. */
    private static long[] exponential(SplittableRandom r, int n, double meanMs) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = (long) (-Math.log(1 - r.nextDouble()) * meanMs * 1e6);
        }
        return v;
    }

    @Test
    void steadySeriesRarelyRaiseEitherCheck() {
        SplittableRandom r = new SplittableRandom(11);
        int fired = 0;
        for (int run = 0; run < 200; run++) {
            SteadyState s = SteadyState.of(exponential(r, 600, 2));
            if (!s.reasons().isEmpty()) {
                fired++;
            }
        }
        // Independent exponential responses are a steady state: the checks fire on at most 2% of them.
        assertTrue(fired <= 4, fired + " of 200 steady series flagged");
    }

    @Test
    void aSlowStartIsFoundAsAWarmUp() {
        long[] v = exponential(new SplittableRandom(3), 600, 2);
        for (int i = 0; i < 150; i++) {
            v[i] += 8_000_000; // the first quarter 8 ms slower: a JIT still compiling
        }
        SteadyState s = SteadyState.of(v);
        assertTrue(s.truncated() >= 120 && s.truncated() <= 200, "truncated " + s.truncated());
        List<String> checks = s.reasons().stream().map(Validity.Reason::check).toList();
        assertTrue(checks.contains("steady.warm-up"), checks.toString());
    }

    @Test
    void aGrowingQueueIsADriftBeyondTheSteadyCheck() {
        long[] v = new long[600];
        for (int i = 0; i < v.length; i++) {
            v[i] = 1_000_000L + i * 100_000L; // 1 ms rising to 61 ms: an overloaded server's queue
        }
        SteadyState s = SteadyState.of(v);
        assertTrue(s.drifts(SteadyState.QUEUE_GROWTH), "drift " + s.drift());
        // The growing queue is the server's (invalid) reason, not a mere drift.
        assertTrue(s.reasons().stream().noneMatch(x -> x.check().equals("steady.drift")), s.reasons().toString());
    }

    @Test
    void aModestRiseIsADrift() {
        long[] v = exponential(new SplittableRandom(5), 2000, 2);
        for (int i = 0; i < v.length; i++) {
            v[i] += (long) (1_500_000.0 * i / v.length); // +1.5 ms through the window: 75% of the mean
        }
        SteadyState s = SteadyState.of(v);
        assertEquals(List.of("steady.drift"), s.reasons().stream().map(Validity.Reason::check).toList(),
                "drift " + s.drift() + " p " + s.driftP());
    }

    @Test
    void tooFewResponsesAreNotJudged() {
        SteadyState s = SteadyState.of(new long[] {1, 2, 3});
        assertTrue(Double.isNaN(s.drift()));
        assertTrue(s.reasons().isEmpty());
    }
}
