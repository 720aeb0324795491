package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;

/** An inter-arrival law and its rate ("20/s", "0.02/ms", or a plain number per second). */
public record ArrivalSpec(Law law, String rate) {

    public enum Law { POISSON, DETERMINISTIC;
        @JsonCreator
        public static Law parse(String s) {
            return Names.enumValue(Law.class, s);
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
