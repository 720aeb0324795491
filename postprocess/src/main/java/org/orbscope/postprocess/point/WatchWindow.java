package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.orbscope.run.watch.CpuStateSample;
import org.orbscope.run.watch.InterfaceSample;
import org.orbscope.run.watch.JvmSample;
import org.orbscope.run.watch.MachineSample;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.run.watch.WatchDirectory;

/**
 * What the point's {@code watch/} files say about one window of the point's time axis: the machine's counters over
 * it, and the CPU each process took in it. A counter's figure over the window is the slope between the last row at
 * or before its start and the first row at or after its end (the nearest rows inside when the files cover less than
 * the window). A process row covers the interval before it ({@code interval_ms}); its CPU counts in the window by the
 * share of that interval inside the window.
 */
final class WatchWindow {
    /** Nothing watched: the checks that need the machine stay silent. */
    static final WatchWindow NONE = new WatchWindow(0, 0, List.of(), List.of(), List.of(), List.of(), List.of());

    private final long fromNs;
    private final long toNs;
    private final List<MachineSample> machine;
    private final List<CpuStateSample> allCpus;
    private final int cpus;
    private final List<InterfaceSample> network;
    private final Map<Long, Process> processes;
    private final Map<Long, Jvm> jvms;

    /** A process's CPU in the window. */
    record Process(long pid, String role, String part, String name, String command, double cpuMs) {
        ProcessSample.Role roleValue() {
            return ProcessSample.Role.of(role);
        }
    }

    /**
     * A JVM of the run in the window.
     *
     * @param gcPauseMs collection time in the window
     * @param longestPauseMs the longest collection that ended in the window (an upper bound where several did)
     */
    record Jvm(long pid, String role, String part, double gcPauseMs, double longestPauseMs) {
    }

    private WatchWindow(long fromNs, long toNs, List<MachineSample> machine, List<CpuStateSample> cpuRows,
                        List<InterfaceSample> network, List<ProcessSample> processRows, List<JvmSample> jvmRows) {
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.machine = machine;
        this.allCpus = cpuRows.stream().filter(CpuStateSample::total).toList();
        this.cpus = (int) cpuRows.stream().filter(c -> !c.total()).map(CpuStateSample::cpu).distinct().count();
        this.network = network;
        this.processes = processes(processRows);
        this.jvms = jvms(jvmRows);
    }

    /** The window [{@code fromNs}, {@code toNs}] of {@code dir}'s files; {@link #NONE} when either is unknown. */
    static WatchWindow read(WatchDirectory dir, long fromNs, long toNs) {
        if (toNs <= fromNs || !java.nio.file.Files.isRegularFile(dir.machine())) {
            return NONE;
        }
        return new WatchWindow(fromNs, toNs, WatchCsv.MACHINE.read(dir.machine()).rows(),
                WatchCsv.CPUS.read(dir.cpus()).rows(), WatchCsv.NETWORK.read(dir.network()).rows(),
                WatchCsv.PROCESSES.read(dir.processes()).rows(), WatchCsv.JVMS.read(dir.jvms()).rows());
    }

    /** For tests: a window over rows already read. */
    static WatchWindow of(long fromNs, long toNs, List<MachineSample> machine, List<CpuStateSample> cpus,
                          List<InterfaceSample> network, List<ProcessSample> processes, List<JvmSample> jvms) {
        return new WatchWindow(fromNs, toNs, machine, cpus, network, processes, jvms);
    }

    /** Whether the machine was watched over the window. */
    boolean watched() {
        return !machine.isEmpty();
    }

    double windowMs() {
        return (toNs - fromNs) / 1e6;
    }

    /** The machine's CPUs (0 when unknown). */
    int cpus() {
        return cpus;
    }

    /** The share of the machine's CPU time that went to steal in the window; NaN when unknown. */
    double stealShare() {
        Ends<CpuStateSample> ends = ends(allCpus, CpuStateSample::epochNs);
        if (ends == null) {
            return Double.NaN;
        }
        long total = ends.last().totalMs() - ends.first().totalMs();
        return total <= 0 ? Double.NaN : (double) (ends.last().stealMs() - ends.first().stealMs()) / total;
    }

    /** The slope of a counter of {@code machine.csv} over the window (0 when not watched). */
    long machineDelta(ToLongFunction<MachineSample> counter) {
        Ends<MachineSample> ends = ends(machine, MachineSample::epochNs);
        return ends == null ? 0 : counter.applyAsLong(ends.last()) - counter.applyAsLong(ends.first());
    }

    /** Packets each interface dropped or got in error in the window, each way together; only those with some. */
    Map<String, Long> interfaceDrops() {
        Map<String, List<InterfaceSample>> byName = new LinkedHashMap<>();
        network.forEach(n -> byName.computeIfAbsent(n.name(), k -> new ArrayList<>()).add(n));
        Map<String, Long> drops = new LinkedHashMap<>();
        byName.forEach((name, rows) -> {
            Ends<InterfaceSample> ends = ends(rows, InterfaceSample::epochNs);
            if (ends != null) {
                long d = lost(ends.last()) - lost(ends.first());
                if (d > 0) {
                    drops.put(name, d);
                }
            }
        });
        return drops;
    }

    private static long lost(InterfaceSample s) {
        return s.rxDrops() + s.txDrops() + s.rxErrors() + s.txErrors();
    }

    /** Every process that took CPU in the window, by pid. */
    Collection<Process> processes() {
        return processes.values();
    }

    /** The CPU (ms) the processes of {@code role} took in the window, together. */
    double cpuMs(ProcessSample.Role role) {
        return processes.values().stream().filter(p -> p.roleValue() == role).mapToDouble(Process::cpuMs).sum();
    }

    /** The run's JVMs of {@code role} in the window. */
    List<Jvm> jvms(String role) {
        return jvms.values().stream().filter(j -> j.role().equals(role)).toList();
    }

    /** The rows bracketing the window: the last at or before its start, the first at or after its end. */
    private <R> Ends<R> ends(List<R> rows, ToLongFunction<R> time) {
        if (rows.size() < 2) {
            return null;
        }
        R first = rows.get(0);
        R last = rows.get(rows.size() - 1);
        for (R r : rows) {
            if (time.applyAsLong(r) <= fromNs) {
                first = r;
            }
        }
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (time.applyAsLong(rows.get(i)) >= toNs) {
                last = rows.get(i);
            }
        }
        return time.applyAsLong(last) <= time.applyAsLong(first) ? null : new Ends<>(first, last);
    }

    /** The rows that bracket the window. */
    private record Ends<R>(R first, R last) {
    }

    /** The share of {@code (endNs - lengthNs, endNs]} inside the window. */
    private double inside(long endNs, long lengthNs) {
        if (lengthNs <= 0) {
            return endNs >= fromNs && endNs <= toNs ? 1 : 0;
        }
        long start = endNs - lengthNs;
        long overlap = Math.min(endNs, toNs) - Math.max(start, fromNs);
        return overlap <= 0 ? 0 : (double) overlap / lengthNs;
    }

    private Map<Long, Process> processes(List<ProcessSample> rows) {
        Map<Long, Process> out = new LinkedHashMap<>();
        for (ProcessSample s : rows) {
            double share = inside(s.epochNs(), s.intervalMs() * 1_000_000L);
            if (share <= 0) {
                continue;
            }
            Process p = out.get(s.pid());
            double cpu = s.cpuIntervalMs() * share + (p == null ? 0 : p.cpuMs());
            out.put(s.pid(), new Process(s.pid(), s.role(), s.part(), s.name(), s.command(), cpu));
        }
        return out;
    }

    private Map<Long, Jvm> jvms(List<JvmSample> rows) {
        Map<Long, JvmSample> before = new HashMap<>();
        Map<Long, Jvm> out = new LinkedHashMap<>();
        for (JvmSample s : rows) {
            JvmSample prev = before.put(s.pid(), s);
            if (prev == null || s.epochNs() <= fromNs || prev.epochNs() >= toNs) {
                continue;
            }
            double share = inside(s.epochNs(), s.epochNs() - prev.epochNs());
            Jvm j = out.get(s.pid());
            double gc = (s.gcPauseMs() - prev.gcPauseMs()) * share + (j == null ? 0 : j.gcPauseMs());
            double longest = Math.max(s.gcLongestPauseMs(), j == null ? 0 : j.longestPauseMs());
            out.put(s.pid(), new Jvm(s.pid(), s.role(), s.part(), gc, longest));
        }
        return out;
    }
}
