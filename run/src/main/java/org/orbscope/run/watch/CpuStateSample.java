package org.orbscope.run.watch;

/**
 * One row of {@code watch/cpus.csv}: the time one CPU (or all of them) spent in each state so far, in
 * milliseconds ({@code /proc/stat}, whose unit is Linux's USER_HZ tick of 10 ms). A CPU's busy share over a window
 * is the slope of every state but idle and iowait over the slope of all of them.
 *
 * @param epochNs when the sample was taken, on the point's time axis
 * @param cpu {@value #ALL} for the sum over every CPU, else the CPU's number
 * @param stealMs time a hypervisor ran something else while this virtual CPU wanted to run
 */
public record CpuStateSample(long epochNs, String cpu, long userMs, long niceMs, long systemMs, long idleMs,
                             long iowaitMs, long irqMs, long softirqMs, long stealMs) implements WatchCsv.Row {
    /** The {@link #cpu} of the row that sums every CPU. */
    public static final String ALL = "all";

    /** Whether this row sums every CPU. */
    public boolean total() {
        return ALL.equals(cpu);
    }

    /** Time in every state. */
    public long totalMs() {
        return userMs + niceMs + systemMs + idleMs + iowaitMs + irqMs + softirqMs + stealMs;
    }

    /** Time spent running something: every state but idle and iowait. */
    public long busyMs() {
        return totalMs() - idleMs - iowaitMs;
    }

    /** The row's cells, in the order of the components (the file's columns). */
    @Override
    public void cells(WatchCsv.Cells c) {
        c.add(epochNs).add(cpu).add(userMs).add(niceMs).add(systemMs).add(idleMs).add(iowaitMs).add(irqMs)
                .add(softirqMs).add(stealMs);
    }
}
