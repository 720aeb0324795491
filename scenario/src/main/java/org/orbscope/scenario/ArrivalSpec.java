package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Locale;

/** An inter-arrival law and its rate ("20/s", "0.02/ms", or a plain number per second). */
public record ArrivalSpec(Law law, String rate) {

    public enum Law { POISSON, DETERMINISTIC;
        @JsonCreator
        public static Law parse(String s) {
            return valueOf(s.trim().toUpperCase(Locale.ROOT));
        }
    }

    public ArrivalSpec {
        law = law == null ? Law.POISSON : law;
    }

    /** Arrivals per second. */
    public double ratePerSecond() {
        return Rates.parsePerSecond(rate);
    }
}
