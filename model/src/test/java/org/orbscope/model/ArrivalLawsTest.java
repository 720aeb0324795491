package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

/**
 * Arrival laws beyond Poisson against exact results: a closed population against mean-value analysis of its
 * product-form network, hyperexponential arrivals against the GI/M/1 queue. 2% over about a million requests is
 * several standard errors: a failure is a bug, not noise.
 */
class ArrivalLawsTest {
    private static final double TOL = 0.02;

    private static void near(double expected, double actual, String what) {
        assertEquals(expected, actual, TOL * expected, what + ": expected " + expected + " got " + actual);
    }

    private static ModelParameters single(int threads, Dist cpu, Arrivals arrivals) {
        return ModelParameters.builder().dispatcherThreads(threads).cores(1).servant("obj", "RootPOA", 0)
                .operation("obj", "op", cpu, Dist.ZERO, Dist.ZERO)
                .stream(arrivals, 0, new String[] {"obj.op"}, new double[] {1}).build();
    }

    /**
     * Exact MVA of a closed network of a delay station (think time Z) and one processor-sharing station (demand
     * D): R(n) = D (1 + Q(n-1)), X(n) = n / (Z + R(n)), Q(n) = X(n) R(n). Returns {R(N), X(N)}.
     */
    static double[] mva(int population, double think, double demand) {
        double q = 0;
        double r = 0;
        double x = 0;
        for (int n = 1; n <= population; n++) {
            r = demand * (1 + q);
            x = n / (think + r);
            q = x * r;
        }
        return new double[] {r, x};
    }

    @Test
    void aClosedPopulationMatchesMeanValueAnalysis() {
        for (int population : new int[] {1, 4, 12}) {
            // Product form: exponential demand on a PS core, any think time (a delay station is insensitive).
            ModelParameters p = single(0, Dist.exponential(4 * MS),
                    Arrivals.closed(population, Dist.exponential(20 * MS)));
            SimulationResult r = Simulator.run(p, 1_000_000, 20_000, 7);
            double[] exact = mva(population, 20 * MS, 4 * MS);
            near(exact[0] / MS, r.completion().meanMs(), "R(" + population + ")");
            near(exact[1] * 1e9, r.throughputPerSec(), "X(" + population + ")");
            // The interactive response time law, X = N / (R + Z), on the simulated figures themselves.
            near(population / ((r.completion().meanMs() + 20) / 1e3), r.throughputPerSec(), "N/(R+Z)");
        }
    }

    @Test
    void aClosedPopulationWithoutThinkTimeSaturatesTheServer() {
        // Back to back (Z = 0): the core is always busy, X = 1/D, and R = N D.
        ModelParameters p = single(0, Dist.exponential(2 * MS), Arrivals.closed(5, Dist.ZERO));
        SimulationResult r = Simulator.run(p, 500_000, 10_000, 8);
        near(500, r.throughputPerSec(), "X");
        near(10, r.completion().meanMs(), "R");
        near(1, r.cpuUtilization(), "utilization");
    }

    /**
     * GI/M/1 with balanced hyperexponential gaps: the probability sigma that an arrival finds the server busy
     * solves sigma = A*(mu (1 - sigma)), A* the Laplace transform of the gaps; the mean response is
     * 1 / (mu (1 - sigma)).
     */
    static double gim1Response(double lambda, double scv, double mu) {
        double p = (1 + Math.sqrt((scv - 1) / (scv + 1))) / 2;
        double l1 = 2 * p * lambda;
        double l2 = 2 * (1 - p) * lambda;
        double sigma = 0.5;
        for (int i = 0; i < 10_000; i++) {
            double s = mu * (1 - sigma);
            sigma = p * l1 / (l1 + s) + (1 - p) * l2 / (l2 + s);
        }
        return 1 / (mu * (1 - sigma));
    }

    @Test
    void hyperexponentialArrivalsMatchTheGiM1Queue() {
        for (double scv : new double[] {1, 4, 10, 20}) {
            // One dispatcher thread serving exponential demands first come first served: GI/M/1 at rho 0.6.
            ModelParameters p = single(1, Dist.exponential(MS), Arrivals.hyperexponential(600, scv));
            SimulationResult r = Simulator.run(p, 2_000_000, 20_000, 11);
            near(gim1Response(600, scv, 1000) * 1e3, r.completion().meanMs(), "H2/M/1 W at scv " + scv);
        }
    }

    @Test
    void mmppAndReplayArrivalsCarryTheirMeanRate() {
        // On 2 ms at 1000/s, off 8 ms at 0: 200/s on average, over some 200,000 on/off cycles.
        ModelParameters mmpp = single(0, Dist.deterministic(0.1 * MS), Arrivals.mmpp(new double[][] {
                {1000, 2 * MS}, {0, 8 * MS}}));
        SimulationResult r = Simulator.run(mmpp, 400_000, 0, 3);
        near(200, r.throughputPerSec(), "MMPP mean rate");
        long[] times = new long[1001];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 5_000_000L; // 200/s exactly
        }
        SimulationResult replayed = Simulator.run(single(0, Dist.deterministic(MS), Arrivals.replay(times)), 5000, 0, 1);
        assertEquals(1001, replayed.requests(), "a replay ends with its times");
        assertEquals(1.0, replayed.completion().meanMs(), 1e-9, "deterministic arrivals never overlap");
    }
}
