package org.orbscope.run;

/**
 * One row of {@code server/system.csv}: the server process at one instant. CPU counters are cumulative
 * nanoseconds, so utilization over a window is the slope of a counter against time.
 *
 * @param epochMs when the sample was taken
 * @param processCpuNs CPU time of the whole process (all threads, the JVM's own included)
 * @param heapUsedBytes heap in use
 * @param threads live Java threads
 * @param threadsStarted Java threads started since the JVM began (ORBs that create and end dispatcher threads
 *     under load show it here: a thread that starts and ends between two samples is in no other column)
 * @param gcCount collections so far (all collectors)
 * @param gcTimeMs time in collections so far
 * @param appThreadsCpuNs CPU time of the application's Java threads (the ORB's, which execute requests)
 * @param toolThreadsCpuNs CPU time of orbscope's own threads in the server (sampler, agent writer, JFR reader)
 */
public record SystemSample(long epochMs, long processCpuNs, long heapUsedBytes, int threads, long threadsStarted,
                           long gcCount,
                           long gcTimeMs, long appThreadsCpuNs, long toolThreadsCpuNs) {
}
