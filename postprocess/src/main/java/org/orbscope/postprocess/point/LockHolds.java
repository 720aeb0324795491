package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.LocksCsv;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.trace.tools.jvm.TraceSummary;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;

/**
 * The hold of each of a model's locks as a run measured it. The workload server's own locks time themselves
 * ({@link LocksCsv}, its {@code locks.csv}): a lock found there is held, in the model, for the wall time its
 * holders kept it, and passes to a waiter after its hand-off, the time it stood free between a release at which a
 * thread waited and the next entry (the JVM wakes the blocked successor, which then needs a core), both with their
 * measured mean and spread ({@link Dist#withMoments}). Only an entry that found the lock taken waits for a hand-off, so the
 * hand-off lengthens the lock's busy periods, not its idle ones: spread over every entry it would leave the waits
 * of a busy lock short. Only the entries of the measured requests count: the intervals of {@code locks.csv} that
 * begin within the measured requests' span on the server's clock.
 * Any other lock takes the mean hold of the agent's monitors of the class
 * the lock names ({@code org.jacorb.poa.RequestQueue}, or its simple name {@code RequestQueue}), from the monitor
 * summary the JVM summaries show ({@link org.orbscope.trace.tools.jvm.MonitorSummary}). The agent records the
 * monitors that the code of the classes {@code monitors.include} names enters (the profile's, or an agent
 * config's), so a lock can stand for an ORB monitor the profile names or for an application's own.
 *
 * <p>A lock no monitor matches, or whose monitors have no timed hold, keeps the scenario's hold, and a note says
 * why: nothing is invented.
 *
 * @param holds the measured hold per lock name
 * @param handoffs the measured hand-off per lock name, for the locks the server timed
 * @param notes one line per lock: where its hold comes from
 */
public record LockHolds(Map<String, Dist> holds, Map<String, Dist> handoffs, List<String> notes) {
    /** No lock measured. */
    public static final LockHolds NONE = new LockHolds(Map.of(), Map.of(), List.of());

    /** Every entry of the run, the warm-up's included: for {@link #read}'s window. */
    public static final long[] WHOLE_RUN = {Long.MIN_VALUE, Long.MAX_VALUE};

    /**
     * The span of {@code measured} (a point's measured requests) on the server's clock: from the first arrival to
     * the last reply, epoch nanoseconds; {@link #WHOLE_RUN} when none has an arrival.
     */
    public static long[] window(List<RequestStages> measured) {
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (RequestStages r : measured) {
            if (r.has(StageColumn.ARRIVAL)) {
                long arrival = r.get(StageColumn.ARRIVAL);
                from = Math.min(from, arrival);
                to = Math.max(to, arrival + (r.has(StageColumn.COMPLETION) ? r.get(StageColumn.COMPLETION) : 0));
            }
        }
        return from > to ? WHOLE_RUN : new long[] {from, to};
    }

    /**
     * The holds of the locks of scenario {@code s} as its server measured them: the {@code locks.csv} beside the
     * server trace {@code trace} (in the same server directory) when it is there, its intervals that begin within
     * {@code window} ({@link #window}: from, to), else the trace's monitors. None when the scenario names no lock
     * (nothing is read); a note and none when neither can be read.
     */
    public static LockHolds read(Scenario s, Path trace, long[] window) {
        ModelParameters model = ScenarioMapping.map(s, ScenarioMapping.Overrides.NONE);
        if (model.locks().isEmpty()) {
            return NONE;
        }
        Path timed = trace == null ? null : new ServerDirectory(trace.toAbsolutePath().getParent()).locks();
        if (timed != null && Files.exists(timed)) {
            try {
                return timed(model, LocksCsv.read(timed), window);
            } catch (IOException | RuntimeException e) {
                return new LockHolds(Map.of(), Map.of(), List.of("lock holds: " + timed + " was not read ("
                        + e.getMessage() + "): the scenario's holds stand"));
            }
        }
        if (trace == null || !Files.exists(trace)) {
            return new LockHolds(Map.of(), Map.of(), List.of("lock holds: no server trace" + (trace == null ? ""
                    : " (" + trace + ")") + ": the scenario's holds stand"));
        }
        try {
            return of(model, TraceSummary.read(trace).monitors().monitors());
        } catch (IOException | RuntimeException e) {
            return new LockHolds(Map.of(), Map.of(), List.of("lock holds: the monitors of " + trace
                    + " were not read (" + e.getMessage() + "): the scenario's holds stand"));
        }
    }

    /**
     * The holds and hand-offs of {@code model}'s locks as the workload server timed them ({@code rows}, its
     * locks.csv), over the intervals that begin within {@code window}.
     */
    public static LockHolds timed(ModelParameters model, List<LocksCsv.Row> rows, long[] window) {
        Map<String, Dist> holds = new LinkedHashMap<>();
        Map<String, Dist> handoffs = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (String lock : names(model)) {
            LocksCsv.Row row = LocksCsv.total(rows, lock, window[0], window[1]);
            if (row == null) {
                notes.add("lock '" + lock + "': not entered " + (window == WHOLE_RUN ? "" : "by the measured "
                        + "requests ") + "in the server's locks.csv: the scenario's hold stands");
                continue;
            }
            holds.put(lock, Dist.withMoments(row.meanHoldNanos(), row.holdSquaredCv()));
            handoffs.put(lock, Dist.withMoments(row.meanHandoffNanos(), row.handoffSquaredCv()));
            LocksCsv.Row all = LocksCsv.total(rows, lock, Long.MIN_VALUE, Long.MAX_VALUE);
            notes.add(String.format(Locale.ROOT, "lock '%s': as the server timed %d of its %d entries (%s): hold "
                    + "%.4f ms in wall time (%.4f ms of CPU; squared coefficient of variation %.2f); %d entries "
                    + "followed a release with a thread waiting, %.4f ms after it (squared coefficient of variation "
                    + "%.2f); mean wait %.4f ms", lock, row.entries(), all.entries(),
                    window == WHOLE_RUN ? "every entry" : "the measured requests'", row.meanHoldNanos() / 1e6,
                    (double) row.holdCpuNanos() / row.entries() / 1e6, row.holdSquaredCv(), row.contended(),
                    row.meanHandoffNanos() / 1e6, row.handoffSquaredCv(),
                    (double) row.waitNanos() / row.entries() / 1e6));
        }
        return new LockHolds(java.util.Collections.unmodifiableMap(holds),
                java.util.Collections.unmodifiableMap(handoffs), List.copyOf(notes));
    }

    private static Set<String> names(ModelParameters model) {
        Set<String> names = new LinkedHashSet<>();
        for (ModelParameters.Lock l : model.locks()) {
            names.add(l.name());
        }
        return names;
    }

    /** The holds of {@code model}'s locks measured by {@code monitors} (a trace's monitor summary rows). */
    public static LockHolds of(ModelParameters model, List<Monitor> monitors) {
        Map<String, Dist> holds = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (String lock : names(model)) {
            Set<String> classes = new LinkedHashSet<>();
            long instances = 0;
            long acquired = 0;
            long timed = 0;
            long nanos = 0;
            for (Monitor m : monitors) {
                if ("agent".equals(m.source()) && names(lock, m.className())) {
                    classes.add(m.className());
                    instances++;
                    acquired += m.acquired();
                    timed += m.holds();
                    nanos += m.holdNanos();
                }
            }
            if (classes.isEmpty()) {
                notes.add("lock '" + lock + "': no monitor of class " + lock + " in the trace (the agent records "
                        + "the monitors the code of the classes monitors.include names enters): the scenario's hold "
                        + "stands");
            } else if (timed == 0) {
                notes.add("lock '" + lock + "': " + instances + " monitor(s) of " + String.join(", ", classes)
                        + " in the trace, " + acquired + " entries, none with its exit recorded (monitors.events="
                        + "contended records the exits of few; record with monitors.events=all): the scenario's "
                        + "hold stands");
            } else {
                double mean = (double) nanos / timed;
                holds.put(lock, Dist.deterministic(mean));
                notes.add(String.format(Locale.ROOT, "lock '%s': hold %.4f ms, the mean of %d timed holds "
                        + "(of %d entries) of %d monitor(s) of %s in the trace", lock, mean / 1e6, timed, acquired,
                        instances, String.join(", ", classes)));
            }
        }
        return new LockHolds(java.util.Collections.unmodifiableMap(holds), Map.of(), List.copyOf(notes));
    }

    /** Whether lock name {@code lock} names class {@code className}: its whole name, or its simple name. */
    static boolean names(String lock, String className) {
        if (className.equals(lock)) {
            return true;
        }
        int dot = Math.max(className.lastIndexOf('.'), className.lastIndexOf('$'));
        return !lock.contains(".") && className.substring(dot + 1).equals(lock);
    }
}
