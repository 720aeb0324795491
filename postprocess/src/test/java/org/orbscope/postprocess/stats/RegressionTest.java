package org.orbscope.postprocess.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RegressionTest {
    /** Beekhuis's grid of experiment L: client nodes x threads per node. */
    private static double[][] grid() {
        double[][] x = new double[24][];
        int i = 0;
        for (int nodes : new int[] {1, 2, 4, 8, 16, 32}) {
            for (int threads : new int[] {1, 5, 10, 20}) {
                x[i++] = new double[] {nodes, threads};
            }
        }
        return x;
    }

    @Test
    void linearModelWithInteractionRecoversExactCoefficients() {
        double[][] x = grid();
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = -4.7 - 0.44 * x[i][0] - 1.02 * x[i][1] + 3.85 * x[i][0] * x[i][1];
        }
        Regression.Fit fit = Regression.linear(List.of("nodes", "threads"), x, y, true);
        assertTrue(fit.fitted(), fit.note());
        assertEquals(List.of("(constant)", "nodes", "threads", "nodes*threads"),
                fit.terms().stream().map(Regression.Term::name).toList());
        double[] expected = {-4.7, -0.44, -1.02, 3.85};
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], fit.terms().get(j).estimate(), 1e-9, fit.terms().get(j).name());
        }
        assertEquals(1.0, fit.rSquared(), 1e-12);
        assertEquals(24, fit.n());
    }

    @Test
    void linearCoefficientsLieInsideTheirIntervalsUnderNoise() {
        double[][] x = grid();
        double[] y = new double[x.length];
        Random rnd = new Random(7);
        for (int i = 0; i < x.length; i++) {
            y[i] = 10 + 2 * x[i][0] + 0.5 * x[i][1] + rnd.nextGaussian();
        }
        Regression.Fit fit = Regression.linear(List.of("nodes", "threads"), x, y, false);
        double[] truth = {10, 2, 0.5};
        for (int j = 0; j < truth.length; j++) {
            Regression.Term t = fit.terms().get(j);
            assertNotNull(t.stdError());
            assertTrue(t.lower() < truth[j] && truth[j] < t.upper(), t.toString());
            assertEquals(t.estimate() / t.stdError(), t.t(), 1e-12);
        }
        assertTrue(fit.rSquared() > 0.99 && fit.adjustedRSquared() < fit.rSquared(), fit.toString());
        assertEquals(1.0, fit.residualStdError(), 0.4, "about the noise's standard deviation");
    }

    @Test
    void powerLawRecoversExponentOverFourDecadesOfPayloadSize() {
        double[] sizes = {24, 240, 2400, 24000, 240000};
        double[][] x = new double[sizes.length * 2][];
        double[] y = new double[x.length];
        Random rnd = new Random(3);
        for (int i = 0; i < x.length; i++) {
            double s = sizes[i % sizes.length];
            x[i] = new double[] {s};
            // Beekhuis's octet sequences: about 3 ms for an empty call, about 1 ms more per 1000 bytes.
            y[i] = 3 + 0.001 * Math.pow(s, 1.05) * (1 + 0.01 * rnd.nextGaussian());
        }
        Regression.Fit fit = Regression.power(List.of("size"), x, y);
        assertTrue(fit.fitted(), fit.note());
        assertEquals(List.of("a", "b", "c_size"), fit.terms().stream().map(Regression.Term::name).toList());
        Regression.Term c = fit.terms().get(2);
        assertEquals(1.05, c.estimate(), 0.01, fit.toString());
        assertTrue(c.lower() < 1.05 && 1.05 < c.upper(), c.toString());
        assertEquals(3, fit.terms().get(0).estimate(), 0.5, fit.toString());
        assertTrue(fit.rSquared() > 0.999, fit.toString());
    }

    @Test
    void logarithmicResponseIsSaidNoPowerLaw() {
        // Beekhuis's experiment L on one host: response grows with the log of the client objects, not the server
        // objects. Fitted as a power law, the exponents go to 0 and a and b grow huge with opposite signs.
        Random rnd = new Random(1);
        int degenerate = 0;
        for (int trial = 0; trial < 8; trial++) {
            double[][] x = new double[8][];
            double[] y = new double[x.length];
            int i = 0;
            for (int clients : new int[] {2, 4, 6, 8}) {
                for (int servers : new int[] {1, 4}) {
                    x[i] = new double[] {clients, servers};
                    y[i++] = 3 + 4 * Math.log(clients) + 0.3 * rnd.nextGaussian();
                }
            }
            Regression.Fit fit = Regression.power(List.of("clients", "servers"), x, y);
            if (fit.fitted()) {
                assertTrue(Math.abs(fit.terms().get(0).estimate()) < 1e3 * 12, fit.toString());
            } else {
                assertTrue(fit.note().contains("logarithm"), fit.note());
                degenerate++;
            }
        }
        assertTrue(degenerate > 0, "no trial drove the exponents to 0");
    }

    @Test
    void tooFewPointsAndCollinearAxesAreSaidNotFitted() {
        Regression.Fit few = Regression.linear(List.of("size"), new double[][] {{1}, {2}}, new double[] {1, 2}, false);
        assertFalse(few.fitted());
        assertTrue(few.note().contains("too few"), few.note());
        double[][] zipped = {{1, 2}, {2, 4}, {3, 6}, {4, 8}, {5, 10}};
        Regression.Fit collinear = Regression.linear(List.of("rate", "poolMax"), zipped, new double[] {1, 2, 3, 5, 8},
                false);
        assertFalse(collinear.fitted());
        assertTrue(collinear.note().contains("collinear"), collinear.note());
        Regression.Fit negative = Regression.power(List.of("x"), new double[][] {{-1}, {1}, {2}, {3}},
                new double[] {1, 2, 3, 4});
        assertTrue(negative.note().contains("positive"), negative.note());
    }

    /** Beekhuis's prediction formula for Orbix: the model without a constant, his coefficients exactly. */
    @Test
    void withoutConstantRecoversBeekhuisFormulaExactly() {
        double[][] x = grid();
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = -0.6119 * x[i][0] - 1.3039 * x[i][1] + 3.8549 * x[i][0] * x[i][1];
        }
        Regression.Fit fit = Regression.linear(List.of("nodes", "threads"), x, y, true, false);
        assertTrue(fit.fitted(), fit.note());
        assertEquals("linear with interactions without constant", fit.model());
        assertEquals("y = b1*nodes + b2*threads + b3*nodes*threads", fit.formula());
        assertEquals(List.of("nodes", "threads", "nodes*threads"),
                fit.terms().stream().map(Regression.Term::name).toList());
        double[] expected = {-0.6119, -1.3039, 3.8549};
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j], fit.terms().get(j).estimate(), 1e-9, fit.terms().get(j).name());
        }
        assertEquals(1.0, fit.rSquared(), 1e-12);
        assertEquals("y = -0.6119*nodes - 1.304*threads + 3.855*nodes*threads", fit.prediction());
    }

    /** One variable through the origin: b = sum xy / sum x^2, R^2 against the corrected sum of squares. */
    @Test
    void withoutConstantIsLeastSquaresThroughTheOrigin() {
        double[][] x = {{1}, {2}, {3}, {4}};
        double[] y = {2.5, 3.5, 7.0, 8.0};
        Regression.Fit fit = Regression.linear(List.of("n"), x, y, false, false);
        double sxy = 1 * 2.5 + 2 * 3.5 + 3 * 7.0 + 4 * 8.0;
        double b = sxy / 30;
        assertEquals(b, fit.terms().get(0).estimate(), 1e-12);
        double rss = 0;
        for (int i = 0; i < 4; i++) {
            rss += Math.pow(y[i] - b * x[i][0], 2);
        }
        double mean = (2.5 + 3.5 + 7.0 + 8.0) / 4;
        double tss = 0;
        for (double v : y) {
            tss += (v - mean) * (v - mean);
        }
        assertEquals(1 - rss / tss, fit.rSquared(), 1e-12);
        assertEquals(Math.sqrt(rss / 3), fit.residualStdError(), 1e-12);
        assertEquals(Math.sqrt(rss / 3 / 30), fit.terms().get(0).stdError(), 1e-12);
    }
}
