package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.run.SystemSamples;

/**
 * The server's CPU utilization over the measurement window, and Harkema et al.'s sanity check of it: arrival rate x CPU
 * per request, divided by the CPUs, against what the process samples measured. Fractions of the server's CPUs.
 *
 * @param cpus the CPUs utilization is relative to; null when no trace was looked for
 * @param windowSec the measurement window (first to last measured arrival); null when unknown
 * @param measured the CPU of request execution: the application threads when the samples split CPU by thread
 *     group, else the whole process (see {@code basis})
 * @param basis what {@code measured} counts: {@code application threads} or {@code process}
 * @param process the whole server process: application threads + orbscope's threads + the JVM's own (JIT, GC)
 * @param tooling orbscope's threads in the server (agent trace writer and flusher, JFR reader, system sampler)
 * @param jvm the JVM's internal threads (JIT compilers, GC workers): process minus all Java threads
 * @param calculated arrival rate x mean CPU per request over the CPUs
 * @param relativeDifference (calculated - measured) / measured
 * @param agree true when measured and calculated agree within {@link #AGREEMENT}; null when the check is not made:
 *     the samples count the whole process only (a trace's own samples, a system.csv without per-thread CPU), whose
 *     JIT, GC and orbscope's threads no request's CPU time holds
 * @param series the process CPU per sampling interval: {epoch ns, fraction}
 * @param notes what limits the check, or that it failed
 */
public record Utilization(Integer cpus, Double windowSec, Double measured, String basis, Double process,
                          Double tooling, Double jvm, Double calculated, Double relativeDifference, Boolean agree,
                          double[][] series, List<String> notes) {
    /** How far apart measured and calculated utilization may be and still agree. */
    public static final double AGREEMENT = 0.05;
    /** Intervals the utilization series is drawn in, at most. */
    private static final int SERIES_POINTS = 150;
    /** Nothing known: no trace was looked for (a point of several servers, whose servers each have theirs). */
    public static final Utilization NONE = new Utilization(null, null, null, null, null, null, null, null, null,
            null, new double[0][], List.of());

    public Utilization {
        notes = List.copyOf(notes);
    }

    /**
     * The utilization of a server with {@code cpus} CPUs over [{@code fromNs}, {@code toNs}] (epoch ns; unknown
     * when {@code toNs <= fromNs}) from {@code system}, checked against {@code stages}' rate and CPU per request.
     */
    static Utilization of(SystemSamples system, long fromNs, long toNs, int cpus, ServerStages stages) {
        double[][] series = system.series(cpus, SERIES_POINTS);
        if (fromNs == Long.MAX_VALUE || toNs == Long.MIN_VALUE || toNs <= fromNs) {
            return new Utilization(cpus, null, null, null, null, null, null, null, null, null, series, List.of());
        }
        List<String> notes = new ArrayList<>();
        // Harkema et al. measure "the fraction of time that the CPU was busy with executing requests": the threads
        // that execute them, not the agent's writer or the JIT compiler, which the process total also holds.
        double process = system.utilization(SystemSamples.Counter.PROCESS, fromNs, toNs, cpus);
        double application = system.utilization(SystemSamples.Counter.APPLICATION_THREADS, fromNs, toNs, cpus);
        double tooling = system.utilization(SystemSamples.Counter.TOOL_THREADS, fromNs, toNs, cpus);
        Double measured = null;
        String basis = null;
        Double tools = null;
        Double jvm = null;
        if (!Double.isNaN(application)) {
            measured = application;
            basis = "application threads";
            tools = tooling;
            jvm = Double.isNaN(process) ? null : Math.max(0, process - application - tooling);
        } else if (!Double.isNaN(process)) {
            measured = process;
            basis = "process";
        }
        Double calculated = null;
        Double rel = null;
        Boolean agree = null;
        if (stages.cpuPerRequestMs() != null && stages.serverRatePerMs() != null) {
            calculated = stages.serverRatePerMs() * stages.cpuPerRequestMs() / cpus;
            if (measured != null && measured > 0 && basis.equals("application threads")) {
                rel = (calculated - measured) / measured;
                agree = Math.abs(rel) <= AGREEMENT;
                if (!agree) {
                    notes.add(String.format("utilization check FAILED: measured %.1f%% vs arrival rate x CPU "
                            + "per request %.1f%% (%.1f%% apart, limit 5%%)", 100 * measured, 100 * calculated,
                            100 * Math.abs(rel)));
                }
            }
        }
        return new Utilization(cpus, (toNs - fromNs) / 1e9, measured, basis, Double.isNaN(process) ? null : process,
                tools, jvm, calculated, rel, agree, series, notes);
    }
}
