package org.orbscope.model;

/**
 * How a stream's requests arrive: open laws (Poisson as Harkema et al. assume; deterministic; two-phase
 * hyperexponential with a given squared coefficient of variation; Markov-modulated Poisson; replayed times) or a
 * closed population of clients that think between their requests.
 */
public enum ArrivalLaw { POISSON, DETERMINISTIC, HYPEREXPONENTIAL, MMPP, REPLAY, CLOSED }
