/**
 * Reading orbscope traces: the API. {@link org.orbscope.trace.TraceReader} opens a trace file or a ring's directory
 * of segments and replays its {@link org.orbscope.trace.Event}s (their types in {@link org.orbscope.trace.EventType},
 * their names in the {@link org.orbscope.trace.Dictionary}); {@link org.orbscope.trace.TraceHeader} holds the facts
 * of the recording, {@link org.orbscope.trace.AgentOptions} the agent's option string. Damage is reported, never
 * thrown past what it touches, and a ring's missing segments are named ({@link org.orbscope.trace.RingGap}); a file
 * that is no trace gets a {@link org.orbscope.trace.TraceFormatException}.
 *
 * <p>The codec (decoding, the writer loop, definitions, the ring, the buffers) lives in
 * {@code org.orbscope.trace.internal}, which the agent and test fixtures use and which may change at any commit.
 * JDK only, Java 8 bytecode: the agent carries this module into the JVMs it watches.
 */
package org.orbscope.trace;
