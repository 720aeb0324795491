package org.orbscope.postprocess.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.descriptive.moment.Variance;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.commons.math3.util.Pair;

/**
 * Multiple regression of a response on numeric variables, as Beekhuis fits response time on client nodes and
 * threads (thesis, Appendix G): ordinary least squares for the linear model, Levenberg-Marquardt for the
 * non-linear one, both from Apache Commons Math. Standard errors of the non-linear fit are asymptotic (the
 * Jacobian at the optimum, scaled by the residual variance), as SPSS reports them.
 */
public final class Regression {
    /** Two-sided confidence level of the coefficient intervals. */
    public static final double CONFIDENCE = 0.95;

    private Regression() {
    }

    /** One coefficient: estimate, standard error, t = estimate / standard error, and its 95% interval. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Term(String name, double estimate, Double stdError, Double t, Double lower, Double upper) {
    }

    /**
     * A fitted model: its formula, coefficients, R^2 (1 - residual SS / corrected SS), adjusted R^2, the residual
     * standard error, the number of observations; {@code note} says why a model could not be fitted (then the
     * terms are empty).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fit(String model, String formula, List<Term> terms, Double rSquared, Double adjustedRSquared,
                      Double residualStdError, int n, String note) {
        static Fit failed(String model, String formula, int n, String why) {
            return new Fit(model, formula, List.of(), null, null, null, n, why);
        }

        public boolean fitted() {
            return note == null;
        }

        /**
         * A linear model's formula with its estimates in place of the coefficients, the way Beekhuis writes his
         * prediction ({@code y = -0.6119*nodes - 1.3039*threads + 3.8549*nodes*threads}); null for a model not
         * fitted or not linear.
         */
        public String prediction() {
            if (!fitted() || !model.startsWith("linear")) {
                return null;
            }
            StringBuilder b = new StringBuilder("y =");
            for (int j = 0; j < terms.size(); j++) {
                Term t = terms.get(j);
                double v = t.estimate();
                b.append(j == 0 ? (v < 0 ? " -" : " ") : v < 0 ? " - " : " + ")
                        .append(String.format(Locale.ROOT, "%.4g", Math.abs(v)));
                if (!CONSTANT.equals(t.name())) {
                    b.append('*').append(t.name());
                }
            }
            return b.toString();
        }
    }

    /** The name of a linear model's constant term. */
    public static final String CONSTANT = "(constant)";

    /**
     * {@code y = b0 + sum b_j x_j}, plus {@code b_jl x_j x_l} for every pair of variables when
     * {@code interactions} (Beekhuis's model: nodes, threads and their product).
     *
     * @param names the variables' names
     * @param x one row per observation, one column per variable
     */
    public static Fit linear(List<String> names, double[][] x, double[] y, boolean interactions) {
        return linear(names, x, y, interactions, true);
    }

    /**
     * The same; without {@code constant}, {@code y = sum b_j x_j (+ b_jl x_j x_l)}: Beekhuis's model for his
     * prediction formula, fitted when the constant's 95% interval holds zero (a request costs nothing at no load).
     * Its R^2 is 1 - residual SS / corrected SS, as SPSS gives it for his model, so the two models' R^2 compare.
     */
    public static Fit linear(List<String> names, double[][] x, double[] y, boolean interactions, boolean constant) {
        List<String> termNames = new ArrayList<>(names);
        double[][] design = x;
        if (interactions) {
            design = new double[x.length][];
            for (int i = 0; i < x.length; i++) {
                List<Double> row = new ArrayList<>();
                for (double v : x[i]) {
                    row.add(v);
                }
                for (int j = 0; j < names.size(); j++) {
                    for (int l = j + 1; l < names.size(); l++) {
                        row.add(x[i][j] * x[i][l]);
                    }
                }
                design[i] = row.stream().mapToDouble(Double::doubleValue).toArray();
            }
            for (int j = 0; j < names.size(); j++) {
                for (int l = j + 1; l < names.size(); l++) {
                    termNames.add(names.get(j) + "*" + names.get(l));
                }
            }
        }
        StringBuilder formula = new StringBuilder(constant ? "y = b0" : "y =");
        for (int j = 0; j < termNames.size(); j++) {
            formula.append(j == 0 && !constant ? " b" : " + b").append(j + 1).append('*').append(termNames.get(j));
        }
        String model = (interactions ? "linear with interactions" : "linear") + (constant ? "" : " without constant");
        int n = y.length;
        int p = termNames.size() + (constant ? 1 : 0);
        if (n <= p) {
            return Fit.failed(model, formula.toString(), n, n + " observations for " + p + " coefficients: too few");
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.setNoIntercept(!constant);
        try {
            ols.newSampleData(y, design);
            double[] b = ols.estimateRegressionParameters();
            double[] se = ols.estimateRegressionParametersStandardErrors();
            List<String> all = new ArrayList<>();
            if (constant) {
                all.add(CONSTANT);
            }
            all.addAll(termNames);
            // Commons Math takes R^2 of a model without constant against the uncorrected sum of squares; the
            // corrected one is SPSS's and Beekhuis's, and that of the model with a constant.
            double corrected = new Variance().evaluate(y) * (n - 1);
            double r2 = constant ? ols.calculateRSquared() : 1 - ols.calculateResidualSumOfSquares() / corrected;
            double adj = 1 - (1 - r2) * (n - 1) / (n - p);
            return new Fit(model, formula.toString(), terms(all, b, se, n - p), finite(r2), finite(adj),
                    finite(ols.estimateRegressionStandardError()), n, null);
        } catch (SingularMatrixException e) {
            return Fit.failed(model, formula.toString(), n, "the variables are collinear (one follows from the others)");
        } catch (RuntimeException e) {
            return Fit.failed(model, formula.toString(), n, "not fitted: " + e.getMessage());
        }
    }

    /**
     * {@code y = a + b * prod x_j^c_j}: a constant (the cost of an empty request) plus a power law in the variables,
     * fitted by Levenberg-Marquardt from the linear fit of {@code y} on {@code prod x_j} (every c_j = 1). Every
     * variable must be positive.
     */
    public static Fit power(List<String> names, double[][] x, double[] y) {
        StringBuilder formula = new StringBuilder("y = a + b");
        for (String name : names) {
            formula.append(" * ").append(name).append("^c_").append(name);
        }
        String model = "power law";
        int n = y.length;
        int k = names.size();
        int p = k + 2;
        if (n <= p) {
            return Fit.failed(model, formula.toString(), n, n + " observations for " + p + " coefficients: too few");
        }
        for (double[] row : x) {
            for (double v : row) {
                if (!(v > 0)) {
                    return Fit.failed(model, formula.toString(), n, "a power law needs positive variables");
                }
            }
        }
        double[] start = new double[p];
        double[] products = new double[n];
        for (int i = 0; i < n; i++) {
            products[i] = 1;
            for (int j = 0; j < k; j++) {
                products[i] *= x[i][j];
            }
        }
        double[] ab = simpleLine(products, y);
        start[0] = ab[0];
        start[1] = ab[1];
        for (int j = 0; j < k; j++) {
            start[2 + j] = 1;
        }
        LeastSquaresOptimizer.Optimum optimum;
        try {
            optimum = new LevenbergMarquardtOptimizer().optimize(new LeastSquaresBuilder()
                    .start(start).target(y).maxEvaluations(10_000).maxIterations(10_000).lazyEvaluation(false)
                    .model(point -> powerModel(point.toArray(), x)).build());
        } catch (MathIllegalStateException e) {
            return Fit.failed(model, formula.toString(), n, "did not converge: " + e.getMessage());
        }
        double[] b = optimum.getPoint().toArray();
        String degenerate = degenerate(b, maxAbs(y));
        if (degenerate != null) {
            return Fit.failed(model, formula.toString(), n, degenerate);
        }
        double rss = optimum.getCost() * optimum.getCost();
        double residualVariance = rss / (n - p);
        double[] se = new double[p];
        try {
            RealMatrix cov = optimum.getCovariances(1e-14);
            for (int j = 0; j < p; j++) {
                se[j] = Math.sqrt(cov.getEntry(j, j) * residualVariance);
            }
        } catch (SingularMatrixException e) {
            Arrays.fill(se, Double.NaN);
        }
        List<String> all = new ArrayList<>(List.of("a", "b"));
        names.forEach(name -> all.add("c_" + name));
        double mean = 0;
        for (double v : y) {
            mean += v / n;
        }
        double corrected = 0;
        for (double v : y) {
            corrected += (v - mean) * (v - mean);
        }
        Double r2 = corrected > 0 ? 1 - rss / corrected : null;
        Double adj = r2 == null ? null : 1 - (1 - r2) * (n - 1) / (n - p);
        return new Fit(model, formula.toString(), terms(all, b, se, n - p), r2, adj, Math.sqrt(residualVariance), n,
                null);
    }

    /**
     * Why the optimum is no power law, or null: when the data follow a logarithm of the variables, the optimizer
     * drives every exponent to 0 and trades a huge constant against a huge b of opposite sign (b x^c ~ b + b c ln
     * x), so the two cancel to within the response's own size and no coefficient means anything.
     */
    private static String degenerate(double[] q, double responseSize) {
        double limit = 1e3 * Math.max(responseSize, Double.MIN_NORMAL);
        if (Math.abs(q[0]) > limit && Math.abs(q[1]) > limit && Math.signum(q[0]) != Math.signum(q[1])) {
            return String.format("degenerate: a = %.4g and b = %.4g cancel (the response is at most %.4g), the "
                    + "exponents go to 0: the response follows a logarithm of the variables, not a power law",
                    q[0], q[1], responseSize);
        }
        return null;
    }

    private static double maxAbs(double[] values) {
        double max = 0;
        for (double v : values) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }

    /** Values and Jacobian of a + b prod x_j^c_j at {@code q} = (a, b, c_1..c_k). */
    private static Pair<RealVector, RealMatrix> powerModel(double[] q, double[][] x) {
        int n = x.length;
        int k = x[0].length;
        double[] value = new double[n];
        double[][] jacobian = new double[n][k + 2];
        for (int i = 0; i < n; i++) {
            double prod = 1;
            for (int j = 0; j < k; j++) {
                prod *= Math.pow(x[i][j], q[2 + j]);
            }
            value[i] = q[0] + q[1] * prod;
            jacobian[i][0] = 1;
            jacobian[i][1] = prod;
            for (int j = 0; j < k; j++) {
                jacobian[i][2 + j] = q[1] * prod * Math.log(x[i][j]);
            }
        }
        return new Pair<>(new ArrayRealVector(value, false), new Array2DRowRealMatrix(jacobian, false));
    }

    /** Intercept and slope of the least-squares line through (x, y); slope 0 when x does not vary. */
    private static double[] simpleLine(double[] x, double[] y) {
        SimpleRegression r = new SimpleRegression();
        for (int i = 0; i < x.length; i++) {
            r.addData(x[i], y[i]);
        }
        double slope = r.getSlope();
        if (!Double.isFinite(slope)) {
            return new double[] {r.getIntercept(), 0};
        }
        return new double[] {r.getIntercept(), slope};
    }

    private static List<Term> terms(List<String> names, double[] b, double[] se, int degreesOfFreedom) {
        double q = new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
        List<Term> out = new ArrayList<>();
        for (int j = 0; j < b.length; j++) {
            Double s = finite(se[j]);
            out.add(new Term(names.get(j), b[j], s, s == null || s == 0 ? null : b[j] / s,
                    s == null ? null : b[j] - q * s, s == null ? null : b[j] + q * s));
        }
        return out;
    }

    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
