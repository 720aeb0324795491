package org.orbscope.model;

/**
 * Discrete-event simulator of {@link ModelParameters}: {@code Simulator.run(params, requests, seed)}.
 * Deterministic for a given seed. Memory is bounded by the number of requests simultaneously in the system,
 * not by the number simulated.
 */
public final class Simulator {
    private Simulator() {
    }

    /** Simulates {@code requests} arrivals (all in the statistics) from an empty system until it drains. */
    public static SimulationResult run(ModelParameters params, long requests, long seed) {
        return run(params, requests, 0, seed);
    }

    /**
     * Simulates {@code requests} arrivals; the first {@code warmup} of them are simulated but left out of the
     * request statistics (use it to remove the empty-start bias when comparing with steady-state theory).
     *
     * <p>When streams have counts of their own ({@link ModelParameters.Stream#requests()}), the run's requests are
     * shared among them in proportion to their counts (largest remainders, summing to {@code requests} exactly, so
     * that a run of the counts' sum sends each stream its count), and a stream that has sent its share stops; a
     * closed client of it sends no more. Streams without a count then send as long as a counted one does. When no
     * stream has a count, all of them send until {@code requests} have been sent in all.
     */
    public static SimulationResult run(ModelParameters params, long requests, long warmup, long seed) {
        if (requests < 1) {
            throw new IllegalArgumentException("requests must be >= 1, got " + requests);
        }
        if (warmup < 0 || warmup >= requests) {
            throw new IllegalArgumentException("warmup must be in [0, requests), got " + warmup);
        }
        return new SimulationEngine(params, seed).run(requests, warmup);
    }

    /** As {@link #run(ModelParameters, long, long, long)}, reporting every request to {@code listener}. */
    public static SimulationResult run(ModelParameters params, long requests, long warmup, long seed,
                                       RequestListener listener) {
        if (requests < 1 || warmup < 0 || warmup >= requests) {
            throw new IllegalArgumentException("requests must be >= 1 and warmup in [0, requests)");
        }
        return new SimulationEngine(params, seed).listener(listener).run(requests, warmup);
    }
}
