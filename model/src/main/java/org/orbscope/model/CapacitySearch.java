package org.orbscope.model;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The capacity-planning questions of Harkema et al.'s conclusion, answered by repeated simulation with common random
 * numbers (the same seed at every step, so the steps differ only in the parameter searched).
 */
public final class CapacitySearch {
    /** Answer of a search; {@code value} is a total rate (per second) or a pool size (0 = unlimited). */
    public record Answer(double value, SimulationResult result) { }

    private static final int BISECTIONS = 16;

    private CapacitySearch() {
    }

    /**
     * Highest total arrival rate (all streams scaled together, keeping their proportions) at which the SLA holds.
     * Bisection between 0 and the rate that saturates the CPU.
     */
    public static Answer maxRate(ModelParameters base, Sla sla, long requests, long seed, Consumer<String> log) {
        if (base.hasClosedStreams()) {
            throw new IllegalArgumentException("--find max-rate scales arrival rates; a closed population has none "
                    + "(sweep its threads instead)");
        }
        double saturation = 1 / base.offeredUtilization();
        double lo = 0;
        double hi = saturation;
        SimulationResult best = null;
        log.accept(String.format(Locale.ROOT, "CPU saturates at %.4g req/s (%.4g x the scenario's %.4g req/s)",
                base.totalRatePerSec() * saturation, saturation, base.totalRatePerSec()));
        for (int step = 1; step <= BISECTIONS; step++) {
            double f = step == 1 ? saturation * 0.01 : (lo + hi) / 2;
            SimulationResult r = Simulator.run(base.withRateScale(f), requests, requests / 10, seed);
            boolean ok = sla.holds(r);
            log.accept(String.format(Locale.ROOT, "step %2d: rate %10.4g req/s  U %5.1f%%  %s = %9.4f ms  %s", step,
                    base.totalRatePerSec() * f, 100 * r.cpuUtilization(), sla.statistic(), sla.measure(r),
                    ok ? "holds" : "violated"));
            if (ok) {
                lo = f;
                best = r;
            } else {
                hi = f;
                if (step == 1) {
                    log.accept("the SLA fails even at 1% of the saturation rate");
                    return new Answer(0, r);
                }
            }
        }
        return new Answer(base.totalRatePerSec() * lo, best);
    }

    /** Dispatcher pool size from 1 to {@code maxThreads}, then unlimited, minimising mean completion time. */
    public static Answer poolSize(ModelParameters base, int maxThreads, long requests, long seed,
                                  Consumer<String> log) {
        Answer best = null;
        for (int t = 1; t <= maxThreads + 1; t++) {
            int threads = t > maxThreads ? 0 : t;
            SimulationResult r = Simulator.run(base.withDispatcherThreads(threads), requests, requests / 10, seed);
            log.accept(String.format(Locale.ROOT, "T_disp %9s: mean completion %9.4f ms  p95 %9.4f ms  queue %9.4f ms",
                    threads == 0 ? "unlimited" : Integer.toString(threads), r.completion().meanMs(),
                    r.completion().percentileMs(95), r.queue().meanMs()));
            if (best == null || r.completion().meanMs() < best.result().completion().meanMs()) {
                best = new Answer(threads, r);
            }
        }
        return best;
    }
}
