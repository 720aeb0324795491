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
import org.orbscope.scenario.Scenario;
import org.orbscope.trace.tools.jvm.TraceSummary;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;

/**
 * The hold of each of a model's locks as a trace measured it: the mean hold of the agent's monitors of the class
 * the lock names ({@code org.jacorb.poa.RequestQueue}, or its simple name {@code RequestQueue}), from the monitor
 * summary the JVM summaries show ({@link org.orbscope.trace.tools.jvm.MonitorSummary}). The agent records the
 * monitors that the code of the classes {@code monitors.include} names enters (the profile's, or an agent
 * config's), so a lock can stand for an ORB monitor the profile names or for an application's own.
 *
 * <p>A lock no monitor matches, or whose monitors have no timed hold, keeps the scenario's hold, and a note says
 * why: nothing is invented.
 *
 * @param holds the measured hold per lock name, a constant of the measured mean (the summary keeps no spread)
 * @param notes one line per lock: where its hold comes from
 */
public record LockHolds(Map<String, Dist> holds, List<String> notes) {
    /** No lock measured. */
    public static final LockHolds NONE = new LockHolds(Map.of(), List.of());

    /**
     * The holds of the locks of scenario {@code s} as the server trace {@code trace} measured them: none when the
     * scenario names no lock (the trace is not read); a note and none when there is no trace or it cannot be read.
     */
    public static LockHolds read(Scenario s, Path trace) {
        ModelParameters model = ScenarioMapping.map(s, ScenarioMapping.Overrides.NONE);
        if (model.locks().isEmpty()) {
            return NONE;
        }
        if (trace == null || !Files.exists(trace)) {
            return new LockHolds(Map.of(), List.of("lock holds: no server trace" + (trace == null ? "" : " ("
                    + trace + ")") + ": the scenario's holds stand"));
        }
        try {
            return of(model, TraceSummary.read(trace).monitors().monitors());
        } catch (IOException | RuntimeException e) {
            return new LockHolds(Map.of(), List.of("lock holds: the monitors of " + trace + " were not read ("
                    + e.getMessage() + "): the scenario's holds stand"));
        }
    }

    /** The holds of {@code model}'s locks measured by {@code monitors} (a trace's monitor summary rows). */
    public static LockHolds of(ModelParameters model, List<Monitor> monitors) {
        Map<String, Dist> holds = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (ModelParameters.Lock l : model.locks()) {
            names.add(l.name());
        }
        for (String lock : names) {
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
        return new LockHolds(java.util.Collections.unmodifiableMap(holds), List.copyOf(notes));
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
