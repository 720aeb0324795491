package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.orbscope.units.Units;

/**
 * A service-time distribution in nanoseconds. YAML: a bare duration ({@code 8ms}) is deterministic; otherwise
 * {@code {dist: exponential, mean: 8ms}}, {@code {dist: deterministic, value: 5ms}},
 * {@code {dist: uniform, min: 1ms, max: 3ms}} or {@code {dist: empirical, values: [1ms, 2ms, 9ms]}}
 * (each listed value equally likely).
 */
public final class Distribution {
    public enum Kind { DETERMINISTIC, EXPONENTIAL, UNIFORM, EMPIRICAL }

    public static final Distribution ZERO = new Distribution(Kind.DETERMINISTIC, 0, 0, 0, new long[0]);

    private final Kind kind;
    private final long mean;
    private final long min;
    private final long max;
    private final long[] values;

    private Distribution(Kind kind, long mean, long min, long max, long[] values) {
        this.kind = kind;
        this.mean = mean;
        this.min = min;
        this.max = max;
        this.values = values;
    }

    public static Distribution deterministic(long nanos) {
        return new Distribution(Kind.DETERMINISTIC, nanos, nanos, nanos, new long[0]);
    }

    public static Distribution exponential(long meanNanos) {
        return new Distribution(Kind.EXPONENTIAL, meanNanos, 0, Long.MAX_VALUE, new long[0]);
    }

    public static Distribution uniform(long minNanos, long maxNanos) {
        if (maxNanos < minNanos) {
            throw new IllegalArgumentException("uniform max " + maxNanos + " ns is below min " + minNanos + " ns");
        }
        return new Distribution(Kind.UNIFORM, (minNanos + maxNanos) / 2, minNanos, maxNanos, new long[0]);
    }

    public static Distribution empirical(long[] valuesNanos) {
        if (valuesNanos.length == 0) {
            throw new IllegalArgumentException("empirical distribution needs at least one value");
        }
        long sum = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long v : valuesNanos) {
            sum += v;
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new Distribution(Kind.EMPIRICAL, sum / valuesNanos.length, lo, hi, valuesNanos.clone());
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Distribution fromScalar(String duration) {
        return deterministic(Units.durationNanos(duration));
    }

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    static Distribution fromObject(@JsonProperty(value = "dist", required = true) String dist,
                                   @JsonProperty("mean") String mean,
                                   @JsonProperty("value") String value,
                                   @JsonProperty("min") String min,
                                   @JsonProperty("max") String max,
                                   @JsonProperty("values") List<String> values) {
        switch (dist.trim().toLowerCase(Locale.ROOT)) {
            case "deterministic":
                return deterministic(Units.durationNanos(required(value != null ? value : mean, "value")));
            case "exponential":
                return exponential(Units.durationNanos(required(mean, "mean")));
            case "uniform":
                return uniform(Units.durationNanos(required(min, "min")), Units.durationNanos(required(max, "max")));
            case "empirical": {
                if (values == null) {
                    throw new IllegalArgumentException("empirical distribution needs 'values'");
                }
                return empirical(values.stream().mapToLong(Units::durationNanos).toArray());
            }
            default:
                throw new IllegalArgumentException("unknown dist '" + dist
                        + "' (expected deterministic, exponential, uniform or empirical)");
        }
    }

    private static String required(String v, String field) {
        if (v == null) {
            throw new IllegalArgumentException("missing '" + field + "'");
        }
        return v;
    }

    public Kind kind() {
        return kind;
    }

    public double meanNanos() {
        return mean;
    }

    public long minNanos() {
        return min;
    }

    public long maxNanos() {
        return max;
    }

    /** The empirical values (a copy); empty for the other kinds. */
    public long[] valuesNanos() {
        return values.clone();
    }

    /** One sample in nanoseconds. */
    public long sampleNanos(SplittableRandom random) {
        switch (kind) {
            case EXPONENTIAL:
                return Math.round(-mean * Math.log(1.0 - random.nextDouble()));
            case UNIFORM:
                return min == max ? min : min + (long) (random.nextDouble() * (max - min));
            case EMPIRICAL:
                return values[random.nextInt(values.length)];
            default:
                return mean;
        }
    }

    @Override
    public String toString() {
        switch (kind) {
            case EXPONENTIAL: return "exponential(mean " + Units.formatDuration(mean) + ")";
            case UNIFORM: return "uniform(" + Units.formatDuration(min) + ".." + Units.formatDuration(max) + ")";
            case EMPIRICAL: return "empirical(" + values.length + " values, mean " + Units.formatDuration(mean) + ")";
            default: return Units.formatDuration(mean);
        }
    }
}
