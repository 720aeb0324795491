package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import org.orbscope.units.Units;

/**
 * How a process's requests arrive. Open laws send at times drawn before the run, whatever the server does:
 * <ul>
 * <li>{@code poisson}, {@code deterministic}: {@code rate} ({@code 20/s}, {@code 0.02/ms}, a number per second);
 * <li>{@code hyperexponential}: {@code rate} and {@code scv}, the squared coefficient of variation C^2 >= 1 of the
 *     gaps (a balanced-means two-phase hyperexponential: bursty arrivals as Balay, Vouk and Perros vary them);
 * <li>{@code mmpp}: a Markov-modulated Poisson process cycling through states, each with a Poisson {@code rates}
 *     entry held for an exponential time of mean {@code sojourns} entry (on/off bursts: {@code [500/s, 0/s]});
 * <li>{@code replay}: the send times of a CSV {@code file} (a previous run's requests.csv, or a log with a
 *     {@code time_ns}, {@code time_us}, {@code time_ms} or {@code time_s} column), shifted to start at 0.
 * </ul>
 * The closed law {@code closed} has {@code threads} clients that each send, wait for the reply, think for
 * {@code thinkTime} (default 0: back to back) and send again.
 */
public record ArrivalSpec(Law law, String rate, Double scv, List<String> rates, List<String> sojourns, String file,
                          Integer threads, Distribution thinkTime) {

    public enum Law { POISSON, DETERMINISTIC, HYPEREXPONENTIAL, MMPP, REPLAY, CLOSED;
        @JsonCreator
        public static Law parse(String s) {
            return Names.enumValue(Law.class, s);
        }
    }

    public ArrivalSpec {
        law = law == null ? Law.POISSON : law;
        thinkTime = thinkTime == null ? Distribution.ZERO : thinkTime;
    }

    /** True for the closed law: sends depend on replies, so there is no schedule before the run. */
    public boolean closed() {
        return law == Law.CLOSED;
    }

    /**
     * Mean arrivals per second of an open law (MMPP: time-weighted over its states; replay: over the file);
     * {@link Double#NaN} for the closed law, whose rate is an outcome of the run.
     */
    public double ratePerSecond() {
        switch (law) {
            case CLOSED:
                return Double.NaN;
            case MMPP: {
                double events = 0;
                double time = 0;
                for (int i = 0; i < rates.size(); i++) {
                    double d = Units.durationNanos(sojourns.get(i)) / 1e9;
                    events += Rates.parsePerSecond(rates.get(i)) * d;
                    time += d;
                }
                return events / time;
            }
            case REPLAY: {
                long[] t = replayTimesNanos();
                return t.length < 2 || t[t.length - 1] == 0 ? Double.NaN : (t.length - 1) / (t[t.length - 1] / 1e9);
            }
            default:
                return Rates.parsePerSecond(rate);
        }
    }

    /** Per MMPP state: its Poisson rate per second and its mean sojourn in nanoseconds. */
    public double[][] mmppStates() {
        double[][] s = new double[rates.size()][];
        for (int i = 0; i < s.length; i++) {
            s[i] = new double[] {Rates.parsePerSecond(rates.get(i)), Units.durationNanos(sojourns.get(i))};
        }
        return s;
    }

    /** The replayed send times in nanoseconds from the first (sorted), read from {@link #file}. */
    public long[] replayTimesNanos() {
        return ReplayFile.timesNanos(file);
    }
}
