package org.orbscope.model;

import org.orbscope.scenario.ArrivalGaps;

/**
 * The arrival process of a stream. Open laws draw their gaps from {@link ArrivalGaps}, the samplers the workload
 * client schedules with; a closed law has {@code population} clients, each sending its next request a think time
 * after its reply.
 *
 * @param ratePerSec mean arrival rate of an open law; NaN for a closed one (its throughput is an outcome)
 * @param scv squared coefficient of variation of a hyperexponential law's gaps
 * @param states MMPP states: {rate per second, mean sojourn ns} each
 * @param times replayed send times, ns from the first
 */
public record Arrivals(ArrivalLaw law, double ratePerSec, double scv, double[][] states, long[] times, int population,
                       Dist think) {

    public static Arrivals open(ArrivalLaw law, double ratePerSec) {
        if (law != ArrivalLaw.POISSON && law != ArrivalLaw.DETERMINISTIC) {
            throw new IllegalArgumentException(law + " needs its own parameters");
        }
        return new Arrivals(law, ratePerSec, 1, null, null, 0, null);
    }

    public static Arrivals hyperexponential(double ratePerSec, double scv) {
        if (!(scv >= 1)) {
            throw new IllegalArgumentException("a hyperexponential law needs scv >= 1, got " + scv);
        }
        return new Arrivals(ArrivalLaw.HYPEREXPONENTIAL, ratePerSec, scv, null, null, 0, null);
    }

    public static Arrivals mmpp(double[][] states) {
        double events = 0;
        double time = 0;
        for (double[] s : states) {
            events += s[0] * s[1];
            time += s[1];
        }
        return new Arrivals(ArrivalLaw.MMPP, events / time, Double.NaN, states, null, 0, null);
    }

    public static Arrivals replay(long[] times) {
        double rate = times.length < 2 || times[times.length - 1] == 0 ? Double.NaN
                : (times.length - 1) / (times[times.length - 1] / 1e9);
        return new Arrivals(ArrivalLaw.REPLAY, rate, Double.NaN, null, times, 0, null);
    }

    public static Arrivals closed(int population, Dist think) {
        if (population < 1) {
            throw new IllegalArgumentException("a closed population needs 1 or more clients, got " + population);
        }
        return new Arrivals(ArrivalLaw.CLOSED, Double.NaN, Double.NaN, null, null, population, think);
    }

    public boolean closed() {
        return law == ArrivalLaw.CLOSED;
    }

    /** The gap sampler of an open law (a new one per simulation: MMPP and replay keep state). */
    ArrivalGaps gaps() {
        switch (law) {
            case DETERMINISTIC: return ArrivalGaps.deterministic(1e9 / ratePerSec);
            case HYPEREXPONENTIAL: return ArrivalGaps.hyperexponential(1e9 / ratePerSec, scv);
            case MMPP: return new ArrivalGaps.Mmpp(states);
            case REPLAY: return ArrivalGaps.replay(times);
            case POISSON: return ArrivalGaps.exponential(1e9 / ratePerSec);
            default: throw new IllegalStateException("a closed population has no gaps");
        }
    }

    /** The same law with every rate multiplied by {@code factor} (capacity searches); not for closed or replay. */
    Arrivals scaled(double factor) {
        switch (law) {
            case POISSON:
            case DETERMINISTIC:
            case HYPEREXPONENTIAL:
                return new Arrivals(law, ratePerSec * factor, scv, null, null, 0, null);
            case MMPP: {
                double[][] s = new double[states.length][];
                for (int i = 0; i < s.length; i++) {
                    s[i] = new double[] {states[i][0] * factor, states[i][1]};
                }
                return mmpp(s);
            }
            default:
                throw new IllegalArgumentException("a " + law.name().toLowerCase() + " stream has no rate to scale");
        }
    }

    @Override
    public String toString() {
        switch (law) {
            case CLOSED: return String.format(java.util.Locale.ROOT, "CLOSED population=%d think=%s", population, think);
            case HYPEREXPONENTIAL: return String.format(java.util.Locale.ROOT, "H2 %.4g/s scv=%.3g", ratePerSec, scv);
            case MMPP: return String.format(java.util.Locale.ROOT, "MMPP %d states mean %.4g/s", states.length, ratePerSec);
            case REPLAY: return String.format(java.util.Locale.ROOT, "REPLAY %d times mean %.4g/s", times.length, ratePerSec);
            default: return String.format(java.util.Locale.ROOT, "%s %.4g/s", law, ratePerSec);
        }
    }
}
