package org.orbscope.postprocess.point;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;

/**
 * Little's law on a point's closed loops: N clients that each send, wait for the answer and think, at throughput
 * X with mean response R and think time Z, hold X x (R + Z) = N exactly in a steady state. Each closed process is
 * summed on its own (its ok requests over its own first send to last answer, their mean response, warm-up
 * included, its mean think time, its threads in every client JVM that runs it). The law has no parameters to fit, so a
 * product that misses N is a measurement problem: response times not counted from when a thread was ready to send,
 * requests lost from the records, clients that did not run for the whole span, or a point too short to settle.
 *
 * @param clients N: the closed processes' threads in every client JVM
 * @param throughputPerSec X: their requests answered ok per second
 * @param responseMs R: their mean response time, weighted by throughput
 * @param thinkMs Z: their mean think time, weighted by throughput
 * @param product X x (R + Z), the clients the measurements account for
 * @param relativeError (product - N) / N
 * @param holds whether {@code relativeError} is within {@link #TOLERANCE}
 */
public record LittlesLaw(int clients, double throughputPerSec, double responseMs, double thinkMs, double product,
                         double relativeError, boolean holds) {
    /**
     * How far the product may miss N: at the span's ends some threads have not started or have finished (a thread's
     * last think time, its start-up), a share of the span of about one request's time per thread.
     */
    public static final double TOLERANCE = 0.05;

    /** The check of {@code s}'s closed processes from their groups; null when none is closed or a figure is unknown. */
    static LittlesLaw of(Scenario s, List<Breakdown.GroupFigures> processes) {
        if (s == null || processes == null) {
            return null;
        }
        Map<String, Breakdown.GroupFigures> byName = new HashMap<>();
        processes.forEach(g -> byName.put(g.key(), g));
        Map<String, Integer> seen = new HashMap<>();
        int n = 0;
        double x = 0;
        double xr = 0;
        double xz = 0;
        for (ProcessSpec p : s.client().processes()) {
            String key = p.name() == null || p.name().isEmpty() ? Breakdown.UNNAMED : p.name();
            if (seen.merge(key, 1, Integer::sum) > 1) {
                return null; // two processes in one group: their figures cannot be told apart
            }
            if (!p.arrival().closed()) {
                continue;
            }
            Breakdown.GroupFigures g = byName.get(key);
            if (g == null || g.ownRatePerSec() == null || g.okMeanMs() == null) {
                return null;
            }
            int threads = p.arrival().threads() == null ? 1 : p.arrival().threads();
            n += threads * s.client().jvmsOf(p).size();
            x += g.ownRatePerSec();
            xr += g.ownRatePerSec() * g.okMeanMs();
            xz += g.ownRatePerSec() * p.arrival().thinkTime().meanNanos() / 1e6;
        }
        if (n == 0 || x <= 0) {
            return null;
        }
        double product = (xr + xz) / 1000;
        double err = (product - n) / n;
        return new LittlesLaw(n, x, xr / x, xz / x, product, err, Math.abs(err) <= TOLERANCE);
    }
}
