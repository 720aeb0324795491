package org.orbscope.model;

/** Open arrival processes of the model: Poisson (exponential gaps) or deterministic (fixed gaps). */
public enum ArrivalLaw { POISSON, DETERMINISTIC }
