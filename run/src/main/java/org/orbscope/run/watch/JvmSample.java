package org.orbscope.run.watch;

/**
 * One row of {@code watch/jvms.csv}: a JVM of the run at one instant, from its HotSpot performance counters (what
 * {@code jstat} reads, {@code hsperfdata}), read from outside the JVM. Counts and times are cumulative since the JVM
 * started; times are written to the nanosecond.
 *
 * @param epochNs when the sample was taken, on the point's time axis
 * @param pid the JVM's process id
 * @param role the JVM's role, as in {@link ProcessSample}
 * @param part which of the run's JVMs, as in {@link ProcessSample}
 * @param gcPauses collections so far, every collector (G1's young, full and concurrent-cycle pauses)
 * @param gcPauseMs time in those collections so far
 * @param gcLongestPauseMs the longest collection since the previous row of this JVM: exact when one collection
 *     ended in that interval, an upper bound when several did; 0 when none did
 * @param safepoints safepoints so far (every stop of the Java threads: collections, deoptimization, biased-lock
 *     revocation, thread dumps)
 * @param safepointMs time at safepoints so far: the Java threads were stopped
 * @param safepointSyncMs of which the time spent bringing the threads to the safepoint
 * @param heapUsedBytes heap in use (G1 counts eden by whole regions between collections)
 * @param heapCommittedBytes heap the JVM has reserved memory for
 * @param threads live Java threads
 * @param compilations methods the JIT has compiled so far
 * @param jitMs time the JIT compilers have spent so far
 */
public record JvmSample(long epochNs, long pid, String role, String part, long gcPauses, double gcPauseMs,
                        double gcLongestPauseMs, long safepoints, double safepointMs, double safepointSyncMs,
                        long heapUsedBytes, long heapCommittedBytes, long threads, long compilations, double jitMs) implements WatchCsv.Row {
    /** The row's cells, in the order of the components (the file's columns). */
    @Override
    public void cells(WatchCsv.Cells c) {
        c.add(epochNs).add(pid).add(role).add(part).add(gcPauses).addMs(gcPauseMs).addMs(gcLongestPauseMs)
                .add(safepoints).addMs(safepointMs).addMs(safepointSyncMs).add(heapUsedBytes).add(heapCommittedBytes)
                .add(threads).add(compilations).addMs(jitMs);
    }
}
