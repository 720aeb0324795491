package org.orbscope.agent;

/**
 * The JVM's own blocking events (JFR streaming, JDK 14+) merged into the trace. The implementation is compiled
 * for Java 14 ({@code src/main/java14}) and loaded by name only where {@code jdk.jfr.consumer.RecordingStream}
 * exists, so the agent itself stays Java 8.
 */
public interface JfrSource {
    /** Delivers what JFR still holds (bounded wait), then ends the stream. */
    void stop();

    /** Starts the JFR stream, or says on stderr why not and returns null. */
    static JfrSource start(org.orbscope.trace.internal.TraceWriter writer, long thresholdNanos, Recorder recorder) {
        try {
            Class.forName("jdk.jfr.consumer.RecordingStream");
        } catch (ClassNotFoundException e) {
            System.err.println("orbscope agent: events=jfr needs JDK 14 or later (JFR streaming); not recorded");
            return null;
        }
        try {
            Class<?> c = Class.forName("org.orbscope.agent.jfr.JfrEvents");
            return (JfrSource) c.getMethod("start", org.orbscope.trace.internal.TraceWriter.class, long.class, Recorder.class)
                    .invoke(null, writer, thresholdNanos, recorder);
        } catch (Throwable t) {
            Throwable cause = t instanceof java.lang.reflect.InvocationTargetException ? t.getCause() : t;
            System.err.println("orbscope agent: JFR events not recorded: " + cause);
            return null;
        }
    }
}
