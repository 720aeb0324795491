package org.orbscope.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a running recording reads of its options, fixed when it starts. Built once from the parsed
 * {@link AgentConfig}; immutable, so the recorder's threads read it without a lock and an attach with other
 * options makes a new snapshot for the new recording instead of changing this one under running threads.
 * What only the instrumentation reads (globs, profile entries) stays in the config, which {@link MethodSelection}
 * asks while classes are transformed.
 */
final class Settings {
    /**
     * How long an ended thread's trace id stays known. With {@code jfr} events, JFR's events reach the agent in
     * the stream's flushes about a second after they happened and must still find the thread; without them the
     * second is a margin only (the writer itself keeps repeating a retired thread until it has written the
     * thread's last buffer). Not longer: the ids of the threads that ended within it are live objects on the
     * application's heap.
     */
    static final long RETIRE_AFTER_NANOS = 1_000_000_000L;
    static final long RETIRE_AFTER_NANOS_WITH_JFR = 10_000_000_000L;

    /**
     * The event kinds of {@code events=} that run-time code asks about ({@code methods} is the method selection's
     * to apply, class by class).
     */
    final boolean threads;
    final boolean gc;
    final boolean process;
    final boolean monitors;
    final boolean park;
    final boolean alloc;
    final boolean jfr;
    /** {@code monitors.events=contended}: no uncontended enters, no exits, no notifies. */
    final boolean contendedOnly;
    /**
     * One request fragment in this many records its CPU times ({@code cpu.sample}; 0 for off, where methods carry no
     * CPU flags). Each fragment is drawn independently with probability 1/N, so per-stage CPU means over the
     * sampled fragments are unbiased estimates of the means over all of them, whatever pattern the workload has.
     */
    final int cpuSampleEvery;
    /**
     * One request in this many is recorded ({@code request.sample}): drawn with probability 1/N where a request's
     * first fragment begins, so the recorded requests' stage means are unbiased estimates of all requests' means.
     * 1 when no profile method begins a request's first fragment, since nothing could draw then.
     */
    final int requestEvery;
    /**
     * The agent's cost the request sample adapts to ({@code budget=}), in millionths of the process's CPU time, with
     * {@link #requestEvery} as the fewest requests per recorded one; 0 without a budget, or where nothing could draw.
     */
    final int budgetPpm;
    /**
     * Whether requests are sampled at all: a sample of more than one, or a budget (whose sample may be 1 for a
     * while), so that the fragments continuing a request follow its draw.
     */
    final boolean sampling;
    /** Whether CPU times in request fragments are net of the agent's own work ({@code cpu.net}). */
    final boolean cpuNet;
    /** How long an ended thread's trace id stays known: {@link #RETIRE_AFTER_NANOS}, longer with JFR events. */
    final long retireAfterNanos;
    /** How often the flusher runs ({@code sample.interval.ms}). */
    final long flushIntervalMillis;
    /** JFR blocking events shorter than this are not recorded (JFR's own threshold). */
    final long jfrThresholdNanos;
    private final List<Glob> threadIncludes;
    private final List<Glob> threadExcludes;

    private Settings(AgentConfig c) {
        threads = c.events.contains("threads");
        gc = c.events.contains("gc");
        process = c.events.contains("process");
        monitors = c.events.contains("monitors");
        park = c.events.contains("park");
        alloc = c.events.contains("alloc");
        jfr = c.events.contains("jfr");
        contendedOnly = c.monitorsContendedOnly;
        cpuSampleEvery = c.cpuSample;
        requestEvery = c.requestSamplingPossible() ? c.requestSample : 1;
        budgetPpm = c.requestSamplingPossible() ? c.budgetPpm : 0;
        sampling = requestEvery > 1 || budgetPpm > 0;
        cpuNet = c.cpuNet;
        retireAfterNanos = jfr ? RETIRE_AFTER_NANOS_WITH_JFR : RETIRE_AFTER_NANOS;
        flushIntervalMillis = c.sampleIntervalMillis;
        jfrThresholdNanos = c.jfrThresholdMicros * 1000L;
        threadIncludes = Collections.unmodifiableList(new ArrayList<>(c.threadIncludes));
        threadExcludes = Collections.unmodifiableList(new ArrayList<>(c.threadExcludes));
    }

    static Settings of(AgentConfig config) {
        return new Settings(config);
    }

    /** Whether a thread of this name is recorded ({@code threads.include}, {@code threads.exclude}). */
    boolean threadSelected(String name) {
        if (!threadIncludes.isEmpty()) {
            boolean in = false;
            for (Glob g : threadIncludes) in |= g.matches(name);
            if (!in) return false;
        }
        for (Glob g : threadExcludes) {
            if (g.matches(name)) return false;
        }
        return true;
    }
}
