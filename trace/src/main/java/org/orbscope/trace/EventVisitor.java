package org.orbscope.trace;

/** Receives events from a {@link TraceReader}. */
public interface EventVisitor {
    /** One event; the reader refills the same instance for the next, so {@link Event#copy} what you keep. */
    void onEvent(Event e);
}
