package org.orbscope.client;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.orbscope.scenario.ArrivalGaps;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.ProcessSpec;

/**
 * Every request of a run, computed before the run starts: intended send time (ns after the start), arrival
 * process and target, merged over all processes in time order. Precomputing keeps the send path free of
 * random draws and allocation, and makes a run's schedule reproducible from the seed.
 */
public final class Schedule {
    final long[] intended;
    final int[] process;
    final int[] target;

    private Schedule(long[] intended, int[] process, int[] target) {
        this.intended = intended;
        this.process = process;
        this.target = target;
    }

    public int size() {
        return intended.length;
    }

    public long intendedNanos(int i) {
        return intended[i];
    }

    public int process(int i) {
        return process[i];
    }

    public int target(int i) {
        return target[i];
    }

    /**
     * Builds the schedule of the open processes; duration-bounded processes stop at their duration, all at
     * {@code maxNanos}. Closed processes have no schedule: their requests follow their replies.
     */
    public static Schedule of(ClientSpec client, long maxNanos) {
        return of(client, maxNanos, 0);
    }

    /** As {@link #of(ClientSpec, long)} for client JVM number {@code instance}, whose draws are its own. */
    public static Schedule of(ClientSpec client, long maxNanos, int instance) {
        List<ProcessSpec> ps = client.processes();
        long[][] times = new long[ps.size()][];
        int[][] targets = new int[ps.size()][];
        int total = 0;
        for (int p = 0; p < ps.size(); p++) {
            ProcessSpec spec = ps.get(p);
            if (spec.arrival().closed()) {
                times[p] = new long[0];
                targets[p] = new int[0];
                continue;
            }
            SplittableRandom random = new SplittableRandom(seed(client, instance) * 7919L + p);
            ArrivalGaps law = ArrivalGaps.of(spec.arrival());
            long limit = spec.durationNanos() > 0 ? Math.min(spec.durationNanos(), maxNanos) : maxNanos;
            long count = spec.requests() != null ? spec.requests() : Long.MAX_VALUE;
            double[] cumulative = cumulative(spec);
            long[] ts = new long[(int) Math.min(count, 1 << 16)];
            int[] tg = new int[ts.length];
            int n = 0;
            long now = 0;
            while (n < count) {
                long gap = law.nextGapNanos(random);
                if (gap == Long.MAX_VALUE || now + gap > limit) {
                    break;
                }
                now += gap;
                if (n == ts.length) {
                    if (ts.length >= 50_000_000) {
                        throw new IllegalArgumentException("process " + spec.name() + " would send more than 50 M requests");
                    }
                    ts = Arrays.copyOf(ts, ts.length * 2);
                    tg = Arrays.copyOf(tg, tg.length * 2);
                }
                ts[n] = now;
                tg[n] = pick(cumulative, random);
                n++;
            }
            times[p] = Arrays.copyOf(ts, n);
            targets[p] = Arrays.copyOf(tg, n);
            total += n;
        }
        long[] intended = new long[total];
        int[] process = new int[total];
        int[] target = new int[total];
        int[] next = new int[ps.size()];
        for (int i = 0; i < total; i++) {
            int best = -1;
            for (int p = 0; p < ps.size(); p++) {
                if (next[p] < times[p].length && (best < 0 || times[p][next[p]] < times[best][next[best]])) {
                    best = p;
                }
            }
            intended[i] = times[best][next[best]];
            process[i] = best;
            target[i] = targets[best][next[best]];
            next[best]++;
        }
        return new Schedule(intended, process, target);
    }

    /** The seed of client JVM number {@code instance}: the scenario's for the first, a distinct one for the others. */
    static long seed(ClientSpec client, int instance) {
        return client.seed() + 1_000_003L * instance;
    }

    /** Cumulative routing weights of a process's targets (the last is their sum). */
    static double[] cumulative(ProcessSpec spec) {
        double[] c = new double[spec.targets().size()];
        double sum = 0;
        for (int t = 0; t < c.length; t++) {
            sum += spec.probability(t);
            c[t] = sum;
        }
        return c;
    }

    /** A target drawn by its routing probability. */
    static int pick(double[] cumulative, SplittableRandom random) {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int t = 0;
        while (t < cumulative.length - 1 && u >= cumulative[t]) {
            t++;
        }
        return t;
    }
}
