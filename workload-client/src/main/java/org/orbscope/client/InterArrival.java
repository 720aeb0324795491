package org.orbscope.client;

import java.util.SplittableRandom;
import org.orbscope.scenario.ArrivalSpec;

/** An inter-arrival law: the gap to the next arrival in nanoseconds. New laws implement this and {@link #of}. */
public interface InterArrival {
    long nextGapNanos(SplittableRandom random);

    static InterArrival of(ArrivalSpec spec) {
        double meanGap = 1e9 / spec.ratePerSecond();
        switch (spec.law()) {
            case DETERMINISTIC:
                return random -> Math.round(meanGap);
            case POISSON:
            default:
                // Exponential gaps; 1 - u keeps the log argument in (0, 1].
                return random -> Math.round(-meanGap * Math.log(1.0 - random.nextDouble()));
        }
    }
}
