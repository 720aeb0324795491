package org.orbscope.bench;

import java.util.Arrays;

/** Figures over a benchmark's rounds: each figure is reported as its median over rounds and its range. */
public final class Rounds {
    private Rounds() {
    }

    public static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
