package org.orbscope.trace.tools.jvm;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.TraceReader;

/**
 * JPMT's summaries of any recorded JVM, from one pass over its trace: per monitor, per park blocker, per allocated
 * class, per method (with the call tree of a flame graph), per thread, and the trace's own facts. The trace streams
 * once in file order (each thread's events in order); memory grows with threads, ids and distinct call paths,
 * never with the number of events.
 *
 * <pre>{@code
 * TraceSummary s = TraceSummary.read(Path.of("server.trace"));
 * s.monitors().monitors().get(0).contentionNanos();
 * }</pre>
 */
public final class TraceSummary {
    private final String name;
    private final TraceFacts facts;
    private final MonitorSummary monitors;
    private final ParkSummary parks;
    private final AllocationSummary allocations;
    private final MethodSummary methods;
    private final ThreadSummary threads;

    private TraceSummary(String name, TraceFacts facts, MonitorSummary monitors, ParkSummary parks,
                         AllocationSummary allocations, MethodSummary methods, ThreadSummary threads) {
        this.name = name;
        this.facts = facts;
        this.monitors = monitors;
        this.parks = parks;
        this.allocations = allocations;
        this.methods = methods;
        this.threads = threads;
    }

    /** Opens, reads and closes {@code trace}. */
    public static TraceSummary read(Path trace) throws IOException {
        try (TraceReader r = TraceReader.open(trace)) {
            return of(r, trace.getFileName().toString());
        }
    }

    /** Reads every event of an open trace once; {@code name} says which trace it is on the page. */
    public static TraceSummary of(TraceReader r, String name) throws IOException {
        TraceFacts.Counter facts = new TraceFacts.Counter();
        MonitorSummary monitors = new MonitorSummary(r.dictionary());
        ParkSummary parks = new ParkSummary();
        AllocationSummary allocations = new AllocationSummary();
        MethodSummary methods = new MethodSummary();
        ThreadSummary threads = new ThreadSummary();
        r.read(e -> {
            facts.accept(e);
            monitors.accept(e);
            parks.accept(e);
            allocations.accept(e);
            methods.accept(e);
            threads.accept(e);
        });
        Dictionary d = r.dictionary();
        monitors.finish(d);
        parks.finish(d);
        allocations.finish(d);
        methods.finish(d);
        threads.finish(d, r.startNanos(), methods, monitors, parks);
        return new TraceSummary(name, facts.finish(r), monitors, parks, allocations, methods, threads);
    }

    /** The trace's file name. */
    public String name() {
        return name;
    }

    public TraceFacts facts() {
        return facts;
    }

    public MonitorSummary monitors() {
        return monitors;
    }

    public ParkSummary parks() {
        return parks;
    }

    public AllocationSummary allocations() {
        return allocations;
    }

    public MethodSummary methods() {
        return methods;
    }

    public ThreadSummary threads() {
        return threads;
    }

    /** Whether the trace holds the JVM's own JFR spans (then the JFR columns mean something). */
    public boolean hasJfr() {
        return monitors.hasJfr() || parks.hasJfr();
    }

    /** What the figures leave out, one sentence each: events the trace does not pair. */
    public List<String> notes() {
        List<String> all = new ArrayList<>();
        all.addAll(methods.notes());
        all.addAll(monitors.notes());
        all.addAll(parks.notes());
        return all;
    }
}
