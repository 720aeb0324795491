package org.orbscope.postprocess.report;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.watch.CpuStateSample;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.run.watch.WatchDirectory;

/**
 * The machine over the run's time, from each point's {@code watch/} files: the CPUs busy in each state (from
 * {@code cpus.csv}), the run's processes and the other processes (from {@code processes.csv}), on one axis of
 * seconds from the run's first sample, so that a reader sees when something else took the machine.
 */
final class MachineChart {
    /** The others are written once a second (those that took a noticeable share): they are summed by the second. */
    private static final long OTHERS_BIN_NS = 1_000_000_000L;

    private MachineChart() {
    }

    /** The chart, or null when no point of the run has a record of the machine. */
    static String svg(List<PointAnalysis> points) {
        List<WatchDirectory> watched = new ArrayList<>();
        for (PointAnalysis p : points) {
            PointDirectory dir = p.inputs().point();
            if (dir != null && Files.isRegularFile(dir.watch().cpus())) {
                watched.add(dir.watch());
            }
        }
        if (watched.isEmpty()) {
            return null;
        }
        List<List<CpuStateSample>> cpus = new ArrayList<>();
        List<List<ProcessSample>> processes = new ArrayList<>();
        long start = Long.MAX_VALUE;
        for (WatchDirectory w : watched) {
            List<CpuStateSample> all = WatchCsv.CPUS.read(w.cpus()).rows().stream().filter(CpuStateSample::total)
                    .toList();
            cpus.add(all);
            processes.add(WatchCsv.PROCESSES.read(w.processes()).rows());
            if (!all.isEmpty()) {
                start = Math.min(start, all.get(0).epochNs());
            }
        }
        if (start == Long.MAX_VALUE) {
            return null;
        }
        List<Svg.Series> series = new ArrayList<>();
        series.add(state(cpus, start, "user", c -> c.userMs() + c.niceMs()));
        series.add(state(cpus, start, "system (with interrupts)", c -> c.systemMs() + c.irqMs() + c.softirqMs()));
        series.add(state(cpus, start, "steal", CpuStateSample::stealMs));
        series.add(state(cpus, start, "iowait", CpuStateSample::iowaitMs));
        series.add(runProcesses(processes, start));
        series.add(others(processes, start));
        return Svg.lineChart("machine", "The machine while the run ran", Svg.XAxis.linear("seconds from the run's "
                + "first sample"), "CPUs busy", series);
    }

    /** CPUs busy in a state between each two samples of the machine's sum of every CPU. */
    private static Svg.Series state(List<List<CpuStateSample>> points, long start, String name,
                                    ToLongFunction<CpuStateSample> ms) {
        List<double[]> xy = new ArrayList<>();
        for (List<CpuStateSample> rows : points) {
            for (int i = 1; i < rows.size(); i++) {
                CpuStateSample a = rows.get(i - 1);
                CpuStateSample b = rows.get(i);
                double wallMs = (b.epochNs() - a.epochNs()) / 1e6;
                if (wallMs > 0) {
                    xy.add(new double[] {seconds(b.epochNs(), start), (ms.applyAsLong(b) - ms.applyAsLong(a)) / wallMs});
                }
            }
        }
        return series(name, xy);
    }

    /** The run's processes together at each sample: each row's CPU over its interval. */
    private static Svg.Series runProcesses(List<List<ProcessSample>> points, long start) {
        Map<Long, Double> at = new TreeMap<>();
        for (List<ProcessSample> rows : points) {
            for (ProcessSample p : rows) {
                if (p.roleValue().ofRun()) {
                    at.merge(p.epochNs(), p.cpuShare(), Double::sum);
                }
            }
        }
        List<double[]> xy = new ArrayList<>();
        at.forEach((ns, share) -> xy.add(new double[] {seconds(ns, start), share}));
        return series("the run's processes", xy);
    }

    /**
     * The other processes (another run's among them) by the second of each point: 0 in a second in which none took
     * a noticeable share (none was written).
     */
    private static Svg.Series others(List<List<ProcessSample>> points, long start) {
        List<double[]> xy = new ArrayList<>();
        for (List<ProcessSample> rows : points) {
            if (rows.isEmpty()) {
                continue;
            }
            long first = rows.get(0).epochNs();
            long last = rows.get(rows.size() - 1).epochNs();
            double[] cpuMs = new double[(int) ((last - first) / OTHERS_BIN_NS) + 1];
            for (ProcessSample p : rows) {
                if (!p.roleValue().ofRun()) {
                    cpuMs[(int) ((p.epochNs() - first) / OTHERS_BIN_NS)] += p.cpuIntervalMs();
                }
            }
            for (int i = 0; i < cpuMs.length; i++) {
                xy.add(new double[] {seconds(first + (i + 1) * OTHERS_BIN_NS, start), cpuMs[i] / (OTHERS_BIN_NS / 1e6)});
            }
        }
        return series("other processes", xy);
    }

    private static double seconds(long epochNs, long start) {
        return (epochNs - start) / 1e9;
    }

    private static Svg.Series series(String name, List<double[]> xy) {
        double[] x = new double[xy.size()];
        double[] y = new double[xy.size()];
        for (int i = 0; i < xy.size(); i++) {
            x[i] = xy.get(i)[0];
            y[i] = xy.get(i)[1];
        }
        return new Svg.Series(name, x, y, null, null, false);
    }
}
