package org.orbscope.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A non-negative duration distribution in nanoseconds: the demands of the model (b_rec, b_poa, b_ser, b_sem,
 * b_mar) and the phase-2 times. Immutable; sampling draws from the caller's generator so runs are reproducible.
 */
public final class Dist {
    public enum Kind { DETERMINISTIC, EXPONENTIAL, UNIFORM, EMPIRICAL }

    public static final Dist ZERO = deterministic(0);

    private final Kind kind;
    private final double a;
    private final double b;
    private final double[] values;

    private Dist(Kind kind, double a, double b, double[] values) {
        this.kind = kind;
        this.a = a;
        this.b = b;
        this.values = values;
    }

    public static Dist deterministic(double nanos) {
        requireNonNegative(nanos, "deterministic value");
        return new Dist(Kind.DETERMINISTIC, nanos, 0, null);
    }

    public static Dist exponential(double meanNanos) {
        requireNonNegative(meanNanos, "exponential mean");
        return new Dist(Kind.EXPONENTIAL, meanNanos, 0, null);
    }

    public static Dist uniform(double minNanos, double maxNanos) {
        requireNonNegative(minNanos, "uniform min");
        if (!(maxNanos >= minNanos)) {
            throw new IllegalArgumentException("uniform max " + maxNanos + " < min " + minNanos);
        }
        return new Dist(Kind.UNIFORM, minNanos, maxNanos, null);
    }

    /** Resamples the given observations with equal probability (used by calibration from measured stages). */
    public static Dist empirical(double[] nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("empirical distribution needs at least one value");
        }
        for (double v : nanos) {
            requireNonNegative(v, "empirical value");
        }
        return new Dist(Kind.EMPIRICAL, 0, 0, nanos.clone());
    }

    /**
     * A distribution with mean {@code meanNanos} and squared coefficient of variation {@code squaredCv}, for a
     * measurement that keeps only its first two moments: a constant for 0; up to 1, the two values mean (1 +- c)
     * with equal probability; above 1, 0 or a longer value, that one with probability about 1 / (1 + c^2) (to a
     * thousandth, the mean exact). A queue's mean wait with Poisson arrivals depends on its service's first two
     * moments only (Pollaczek-Khinchine), which these keep.
     */
    public static Dist withMoments(double meanNanos, double squaredCv) {
        requireNonNegative(meanNanos, "mean");
        requireNonNegative(squaredCv, "squared coefficient of variation");
        if (squaredCv == 0 || meanNanos == 0) {
            return deterministic(meanNanos);
        }
        if (squaredCv <= 1) {
            double c = Math.sqrt(squaredCv);
            return empirical(new double[] {meanNanos * (1 - c), meanNanos * (1 + c)});
        }
        int n = 1000;
        int k = (int) Math.max(1, Math.round(n / (1 + squaredCv)));
        double[] values = new double[n];
        Arrays.fill(values, 0, k, meanNanos * n / k);
        return empirical(values);
    }

    private static void requireNonNegative(double v, String what) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite non-negative duration, got " + v);
        }
    }

    public double sample(SplittableRandom rng) {
        switch (kind) {
            case DETERMINISTIC: return a;
            // 1 - u lies in (0, 1], so the logarithm is finite.
            case EXPONENTIAL: return a == 0 ? 0 : -a * Math.log(1.0 - rng.nextDouble());
            case UNIFORM: return a + (b - a) * rng.nextDouble();
            default: return values[rng.nextInt(values.length)];
        }
    }

    public double mean() {
        switch (kind) {
            case DETERMINISTIC:
            case EXPONENTIAL: return a;
            case UNIFORM: return (a + b) / 2;
            default: return Arrays.stream(values).average().orElse(0);
        }
    }

    /** Second moment E[X^2], for analytic checks. */
    public double secondMoment() {
        switch (kind) {
            case DETERMINISTIC: return a * a;
            case EXPONENTIAL: return 2 * a * a;
            case UNIFORM: return (a * a + a * b + b * b) / 3;
            default: return Arrays.stream(values).map(v -> v * v).average().orElse(0);
        }
    }

    public Kind kind() {
        return kind;
    }

    public boolean isZero() {
        return kind == Kind.DETERMINISTIC && a == 0;
    }

    /** Same shape, every value multiplied by {@code factor} (e.g. to scale a demand in what-if runs). */
    public Dist scaled(double factor) {
        switch (kind) {
            case DETERMINISTIC: return deterministic(a * factor);
            case EXPONENTIAL: return exponential(a * factor);
            case UNIFORM: return uniform(a * factor, b * factor);
            default: return empirical(Arrays.stream(values).map(v -> v * factor).toArray());
        }
    }

    @Override
    public String toString() {
        switch (kind) {
            case DETERMINISTIC: return fmt(a);
            case EXPONENTIAL: return "exp(" + fmt(a) + ")";
            case UNIFORM: return "uniform(" + fmt(a) + ".." + fmt(b) + ")";
            default: return "empirical(n=" + values.length + ", mean " + fmt(mean()) + ")";
        }
    }

    private static String fmt(double nanos) {
        return String.format(java.util.Locale.ROOT, "%.4gms", nanos / 1e6);
    }
}
