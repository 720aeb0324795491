package org.orbscope.trace;

/** Receives events from a {@link TraceReader}; the {@link Event} instance is reused. */
public interface EventVisitor {
    void onEvent(Event e);
}
