package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;

import org.junit.jupiter.api.Test;

/**
 * Pins Harkema et al.'s model on their scenarios A and B against the simulated columns of Tables 1 and 2.
 *
 * <p>Parameters (section 4.2): one connection, RootPOA, one unrestricted servant, Poisson arrivals, T_disp 10
 * (A) / 4 (B), b_ser exponential 8 ms (A) / 5 ms (B). The paper feeds in measured receiver+POA+marshal CPU
 * without giving the split; its simulated utilization column implies about 1.20 ms per request in total
 * (U / lambda - b_ser, averaged over the rows), split here evenly over b_rec, b_poa and b_mar.
 *
 * <p>Tolerance: each paper value is the mean of ONE 15,000-request run, so it scatters around the model's
 * expectation with the standard deviation of a 15,000-request run mean; we estimate that SD from 20
 * independent 15,000-request replications of our model and accept 3 SD (+0.01 ms for the table's rounding).
 * At the highest rates the SD is large (A at 0.09/ms: about 4.6 ms of a 50 ms mean) because a 15,000-request
 * run near saturation is dominated by a few long busy periods.
 */
class PaperRegressionTest {
    private static final int REPLICATIONS = 20;
    private static final long REQUESTS = 15_000;

    // rate (req/ms), simulated queueing (ms), simulated completion (ms), simulated utilization (%)
    private static final double[][] TABLE1 = {
        {0.01, 0, 10.18, 9.22}, {0.02, 0, 11.19, 18.26}, {0.03, 0, 12.44, 27.36}, {0.04, 0.0002, 14.60, 37.05},
        {0.05, 0.01, 17.24, 45.79}, {0.06, 0.03, 21.27, 55.88}, {0.07, 0.28, 26.36, 64.86},
        {0.08, 1.50, 34.85, 73.72}, {0.09, 4.76, 49.36, 82.56}};
    private static final double[][] TABLE2 = {
        {0.01, 0, 6.64, 6.24}, {0.02, 0.0006, 7.02, 12.32}, {0.03, 0.0048, 7.55, 18.57}, {0.04, 0.01, 8.09, 24.57},
        {0.05, 0.07, 9.00, 31.06}, {0.06, 0.12, 9.90, 37.32}, {0.07, 0.33, 10.90, 42.98},
        {0.08, 0.56, 12.01, 49.37}, {0.09, 1.35, 14.63, 56.84}, {0.10, 1.77, 15.75, 62.13},
        {0.11, 3.92, 19.72, 69.27}, {0.12, 7.02, 24.19, 74.56}, {0.13, 10.26, 28.80, 80.55}};

    static ModelParameters scenario(int threads, double servantMs, double overheadMs, double ratePerMs) {
        Dist third = Dist.deterministic(overheadMs / 3 * MS);
        return ModelParameters.builder().dispatcherThreads(threads).receiverCpu(third).poaCpu(third)
                .servant("obj", "RootPOA", 0).operation("obj", "op", Dist.exponential(servantMs * MS), Dist.ZERO, third)
                .stream(ArrivalLaw.POISSON, ratePerMs * 1000, 0, "obj.op").build();
    }

    @Test
    void scenarioA() {
        check("A", TABLE1, 10, 8, 1.20);
    }

    @Test
    void scenarioB() {
        check("B", TABLE2, 4, 5, 1.21);
    }

    private static void check(String name, double[][] table, int threads, double servantMs, double overheadMs) {
        StringBuilder misses = new StringBuilder();
        for (double[] row : table) {
            ModelParameters p = scenario(threads, servantMs, overheadMs, row[0]);
            double[] w = new double[REPLICATIONS];
            double[] q = new double[REPLICATIONS];
            double[] u = new double[REPLICATIONS];
            for (int k = 0; k < REPLICATIONS; k++) {
                SimulationResult r = Simulator.run(p, REQUESTS, 1000 + k);
                assertTrue(r.littleRelativeError() < 1e-6, "Little's law");
                w[k] = r.completion().meanMs();
                q[k] = r.queue().meanMs();
                u[k] = 100 * r.cpuUtilization();
            }
            compare(misses, name + " " + row[0] + " queueing", row[1], q);
            compare(misses, name + " " + row[0] + " completion", row[2], w);
            compare(misses, name + " " + row[0] + " utilization%", row[3], u);
        }
        assertTrue(misses.length() == 0, misses.toString());
    }

    private static void compare(StringBuilder misses, String what, double paper, double[] ours) {
        double mean = 0;
        for (double v : ours) {
            mean += v;
        }
        mean /= ours.length;
        double var = 0;
        for (double v : ours) {
            var += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(var / (ours.length - 1));
        if (Math.abs(paper - mean) > 3 * sd + 0.01) {
            misses.append(String.format(java.util.Locale.ROOT, "%s: paper %.4f, model %.4f +- %.4f (sd)%n", what,
                    paper, mean, sd));
        }
    }
}
