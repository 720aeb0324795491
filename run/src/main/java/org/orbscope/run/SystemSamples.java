package org.orbscope.run;

import java.util.ArrayList;
import java.util.List;

/**
 * The samples of a {@code system.csv} ({@link SystemCsv#read}) and what follows from them: CPU utilization over
 * a window, per thread group where the samples split it, and a series for plots.
 */
public final class SystemSamples {
    /** Which CPU counter a utilization is computed from. */
    public enum Counter {
        PROCESS, APPLICATION_THREADS, TOOL_THREADS
    }

    private final List<SystemSample> samples = new ArrayList<>();
    boolean threadColumns;
    String problem;

    SystemSamples() {
    }

    /** Samples taken some other way (the agent's process samples in a trace): process CPU only. */
    public static SystemSamples of(List<SystemSample> samples) {
        SystemSamples s = new SystemSamples();
        samples.forEach(s::add);
        if (s.size() < 2) {
            s.problem = "fewer than two process samples: utilization unknown";
        }
        return s;
    }

    /**
     * The same samples with their instants moved by {@code offsetMs}: a server host's samples, taken on its own
     * clock, on the coordinator's time axis.
     */
    public SystemSamples shifted(long offsetMs) {
        SystemSamples out = new SystemSamples();
        out.threadColumns = threadColumns;
        out.problem = problem;
        for (SystemSample x : samples) {
            out.add(new SystemSample(x.epochMs() + offsetMs, x.processCpuNs(), x.heapUsedBytes(), x.threads(), x.threadsStarted(),
                    x.gcCount(), x.gcTimeMs(), x.appThreadsCpuNs(), x.toolThreadsCpuNs()));
        }
        return out;
    }

    void add(SystemSample s) {
        samples.add(s);
    }

    /** What made the samples incomplete or absent, or null. */
    public String problem() {
        return problem;
    }

    public List<SystemSample> samples() {
        return samples;
    }

    /** True when the samples split the CPU by thread group (application, orbscope). */
    public boolean hasThreadGroups() {
        return threadColumns;
    }

    public int size() {
        return samples.size();
    }

    private static long counter(SystemSample s, Counter c) {
        switch (c) {
            case APPLICATION_THREADS: return s.appThreadsCpuNs();
            case TOOL_THREADS: return s.toolThreadsCpuNs();
            default: return s.processCpuNs();
        }
    }

    /** Process CPU utilization (fraction of {@code cpus} processors) between two epoch-ns instants. */
    public double utilization(long fromNs, long toNs, int cpus) {
        return utilization(Counter.PROCESS, fromNs, toNs, cpus);
    }

    /**
     * Utilization from the chosen counter between two epoch-ns instants, using the samples that enclose the
     * window most tightly; NaN when fewer than two samples fall near the window or the samples lack the counter.
     */
    public double utilization(Counter counter, long fromNs, long toNs, int cpus) {
        int n = samples.size();
        if ((counter != Counter.PROCESS && !threadColumns) || n < 2 || toNs <= fromNs) {
            return Double.NaN;
        }
        int a = 0;
        for (int i = 0; i < n; i++) {
            if (epochNs(i) <= fromNs) {
                a = i;
            }
        }
        int b = n - 1;
        for (int i = n - 1; i >= 0; i--) {
            if (epochNs(i) >= toNs) {
                b = i;
            }
        }
        if (b <= a) {
            return Double.NaN;
        }
        double wall = epochNs(b) - epochNs(a);
        return (counter(samples.get(b), counter) - counter(samples.get(a), counter)) / wall / Math.max(1, cpus);
    }

    private long epochNs(int i) {
        return samples.get(i).epochMs() * 1_000_000L;
    }

    /**
     * Utilization over the run as (midpoint epoch ns, fraction) pairs for a plot, averaged over at most
     * {@code maxPoints} equal groups of sampling intervals so that a long run does not bloat the page.
     */
    public double[][] series(int cpus, int maxPoints) {
        int n = samples.size();
        int intervals = Math.max(0, n - 1);
        int step = Math.max(1, (intervals + maxPoints - 1) / Math.max(1, maxPoints));
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i + 1 < n; i += step) {
            int j = Math.min(n - 1, i + step);
            double wall = epochNs(j) - epochNs(i);
            double u = wall <= 0 ? 0
                    : (samples.get(j).processCpuNs() - samples.get(i).processCpuNs()) / wall / Math.max(1, cpus);
            out.add(new double[] {(epochNs(i) + epochNs(j)) / 2.0, u});
        }
        return out.toArray(new double[0][]);
    }
}
