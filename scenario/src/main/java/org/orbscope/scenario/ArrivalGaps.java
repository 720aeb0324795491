package org.orbscope.scenario;

import java.util.SplittableRandom;

/**
 * The gaps of an open arrival law, in nanoseconds ({@link Long#MAX_VALUE}: no more arrivals): what the client
 * schedules its sends from and what the model simulates, so both draw arrivals the same way. One instance per
 * process; laws with state (MMPP's phase, replay's position) keep it here.
 */
public interface ArrivalGaps {
    long nextGapNanos(SplittableRandom random);

    static ArrivalGaps of(ArrivalSpec spec) {
        switch (spec.law()) {
            case DETERMINISTIC:
                return deterministic(1e9 / spec.ratePerSecond());
            case HYPEREXPONENTIAL:
                return hyperexponential(1e9 / spec.ratePerSecond(), spec.scv());
            case MMPP:
                return new Mmpp(spec.mmppStates());
            case REPLAY:
                return replay(spec.replayTimesNanos());
            case POISSON:
                return exponential(1e9 / spec.ratePerSecond());
            default:
                throw new IllegalArgumentException("law " + spec.law() + " has no schedule before the run");
        }
    }

    static ArrivalGaps deterministic(double gap) {
        long g = Math.round(gap);
        return random -> g;
    }

    /** Exponential gaps; 1 - u keeps the log argument in (0, 1]. */
    static ArrivalGaps exponential(double meanGap) {
        return random -> Math.round(-meanGap * Math.log(1.0 - random.nextDouble()));
    }

    /**
     * Balanced-means two-phase hyperexponential with mean {@code meanGap} and squared coefficient of variation
     * {@code scv} >= 1: phase 1 with probability p = (1 + sqrt((c2 - 1) / (c2 + 1))) / 2 and rate 2p / mean,
     * phase 2 with 1 - p and rate 2(1 - p) / mean, so each phase carries half the mean.
     */
    static ArrivalGaps hyperexponential(double meanGap, double scv) {
        double p = (1 + Math.sqrt((scv - 1) / (scv + 1))) / 2;
        double mean1 = meanGap / (2 * p);
        double mean2 = meanGap / (2 * (1 - p));
        return random -> {
            double m = random.nextDouble() < p ? mean1 : mean2;
            return Math.round(-m * Math.log(1.0 - random.nextDouble()));
        };
    }

    /** The gaps between given send times (from 0); then no more arrivals. */
    static ArrivalGaps replay(long[] times) {
        return new ArrivalGaps() {
            private int next;
            private long last;

            @Override
            public long nextGapNanos(SplittableRandom random) {
                if (next >= times.length) {
                    return Long.MAX_VALUE;
                }
                long gap = times[next] - last;
                last = times[next++];
                return gap;
            }
        };
    }

    /**
     * A Markov-modulated Poisson process cycling through its states ({@code {rate per second, mean sojourn ns}}):
     * in state i arrivals are Poisson at rate r_i, and the state lasts an exponential time of mean d_i. A gap that outlasts the state is redrawn in the
     * next state from the switch (memorylessness makes that exact).
     */
    final class Mmpp implements ArrivalGaps {
        private final double[][] states;
        private int state;
        private double left = Double.NaN;

        public Mmpp(double[][] states) {
            this.states = states;
        }

        @Override
        public long nextGapNanos(SplittableRandom random) {
            if (Double.isNaN(left)) {
                left = exponentialDraw(random, states[0][1]);
            }
            double gap = 0;
            while (true) {
                double rate = states[state][0];
                double draw = rate > 0 ? exponentialDraw(random, 1e9 / rate) : Double.POSITIVE_INFINITY;
                if (draw <= left) {
                    left -= draw;
                    return Math.round(gap + draw);
                }
                gap += left;
                state = (state + 1) % states.length;
                left = exponentialDraw(random, states[state][1]);
            }
        }

        private static double exponentialDraw(SplittableRandom random, double mean) {
            return -mean * Math.log(1.0 - random.nextDouble());
        }
    }
}
