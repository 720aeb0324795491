/**
 * The trace codec, not an API: the agent and the test fixtures use it, and it changes with them. Writing: a
 * recording thread fills a {@link org.orbscope.trace.internal.ThreadBuffer} and hands it over through the
 * {@link org.orbscope.trace.internal.BufferExchange}; the {@link org.orbscope.trace.internal.TraceWriter}'s thread
 * writes chunks of them after the {@link org.orbscope.trace.internal.Definitions} made meanwhile, into one file or a
 * {@link org.orbscope.trace.internal.TraceRing}'s segments. Reading: the {@link org.orbscope.trace.internal.TraceIndex}
 * checks and indexes the records, and {@link org.orbscope.trace.internal.EventStreams} decode them into
 * {@link org.orbscope.trace.internal.RawEvent}s, which the API's events name.
 */
package org.orbscope.trace.internal;
