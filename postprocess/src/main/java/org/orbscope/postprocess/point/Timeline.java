package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.LatencyLog;
import org.orbscope.run.SystemSample;
import org.orbscope.run.SystemSamples;

/**
 * A point over time, on one axis of seconds from the clients' first interval: per second the response-time
 * percentiles of every client's {@code latency.hlog} together, the server's CPU utilization, and its GC pauses
 * (from the trace, else from the GC time {@code system.csv} counts between two samples).
 *
 * @param baseEpochMs epoch ms of second 0
 * @param pauseSource where the GC pauses come from: {@code trace} or {@code system.csv} (none: no pause was seen)
 * @param problems what is missing or damaged in the clients' latency logs
 */
public record Timeline(long baseEpochMs, List<Second> seconds, List<Pause> pauses, List<Cpu> cpu, String pauseSource,
                       List<String> problems) {
    /** One second of the clients' responses: how many ended ok, their 50th and 99th percentile and maximum. */
    public record Second(double startSec, long requests, double p50Ms, double p99Ms, double maxMs) {
    }

    /** A GC pause, or the GC time between two samples when only system.csv says: start and length in seconds. */
    public record Pause(double startSec, double lengthSec) {
    }

    /** The server's process CPU utilization (fraction of its CPUs) around a time. */
    public record Cpu(double sec, double utilization) {
    }

    /** Seconds shown before the first and after the last second of the workload. */
    static final double MARGIN_SEC = 2;

    public Timeline {
        seconds = List.copyOf(seconds);
        pauses = List.copyOf(pauses);
        cpu = List.copyOf(cpu);
        problems = List.copyOf(problems);
    }

    /**
     * The timeline of a point. {@code fallbackBaseEpochMs} is second 0 when no client wrote a latency log;
     * {@code tracePauses} is empty without a trace; {@code cpuSeries} are (epoch ns, utilization) pairs.
     */
    static Timeline of(List<ClientDirectory> clients, long fallbackBaseEpochMs, SystemSamples system,
                       List<StageResult.GcPause> tracePauses, double[][] cpuSeries) {
        List<LatencyLog.Reader> readers = new ArrayList<>();
        List<Histogram> current = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try {
            for (ClientDirectory c : clients) {
                try {
                    LatencyLog.Reader r = LatencyLog.open(c.latencyLog());
                    readers.add(r);
                    current.add(r.next());
                } catch (NoSuchFileException e) {
                    problems.add(c.dir().getFileName() + "/latency.hlog missing: no response percentiles over time");
                } catch (IOException e) {
                    problems.add(c.latencyLog() + ": unreadable: " + e.getMessage());
                }
            }
            long base = current.stream().filter(h -> h != null).mapToLong(Histogram::getStartTimeStamp).min()
                    .orElse(fallbackBaseEpochMs);
            List<Second> seconds = mergeSeconds(base, readers, current);
            for (int i = 0; i < readers.size(); i++) {
                if (readers.get(i).damaged()) {
                    problems.add(clients.get(i).dir().getFileName() + "/latency.hlog ends in a damaged line: the "
                            + "intervals before it are shown");
                }
            }
            List<Pause> pauses = new ArrayList<>();
            String pauseSource = addPauses(base, system, tracePauses, pauses);
            List<Cpu> cpu = new ArrayList<>();
            for (double[] c : cpuSeries) {
                cpu.add(new Cpu((c[0] / 1e6 - base) / 1000, c[1]));
            }
            clipToWorkload(seconds, cpu, pauses);
            return new Timeline(base, seconds, pauses, cpu, pauseSource, problems);
        } finally {
            readers.forEach(LatencyLog.Reader::close);
        }
    }

    /**
     * Keeps the CPU samples and GC pauses of the seconds around the workload: the server's start-up and the time
     * after the last answer would squeeze the workload into a sliver of the time axis.
     */
    private static void clipToWorkload(List<Second> seconds, List<Cpu> cpu, List<Pause> pauses) {
        if (seconds.isEmpty()) {
            return;
        }
        double from = seconds.get(0).startSec() - MARGIN_SEC;
        double to = seconds.get(seconds.size() - 1).startSec() + 1 + MARGIN_SEC;
        cpu.removeIf(c -> c.sec() < from || c.sec() > to);
        pauses.removeIf(p -> p.startSec() + p.lengthSec() < from || p.startSec() > to);
    }

    /** Merges the clients' intervals second by second, reading each log once in time order. */
    private static List<Second> mergeSeconds(long baseEpochMs, List<LatencyLog.Reader> readers,
                                             List<Histogram> current) {
        List<Second> seconds = new ArrayList<>();
        while (true) {
            long second = Long.MAX_VALUE;
            for (Histogram h : current) {
                if (h != null) {
                    second = Math.min(second, secondOf(baseEpochMs, h));
                }
            }
            if (second == Long.MAX_VALUE) {
                return seconds;
            }
            Histogram merged = new Histogram(3);
            for (int i = 0; i < current.size(); i++) {
                while (current.get(i) != null && secondOf(baseEpochMs, current.get(i)) == second) {
                    merged.add(current.get(i));
                    current.set(i, readers.get(i).next());
                }
            }
            if (merged.getTotalCount() > 0) {
                seconds.add(new Second(second, merged.getTotalCount(), merged.getValueAtPercentile(50) / 1e6,
                        merged.getValueAtPercentile(99) / 1e6, merged.getMaxValue() / 1e6));
            }
        }
    }

    private static long secondOf(long baseEpochMs, Histogram h) {
        return Math.floorDiv(h.getStartTimeStamp() - baseEpochMs, 1000);
    }

    /** Adds the GC pauses to {@code pauses}; returns where they come from. */
    private static String addPauses(long baseEpochMs, SystemSamples system, List<StageResult.GcPause> tracePauses,
                                    List<Pause> pauses) {
        if (!tracePauses.isEmpty()) {
            for (StageResult.GcPause p : tracePauses) {
                pauses.add(new Pause((p.startEpochNs() / 1e6 - baseEpochMs) / 1000, p.durationNs() / 1e9));
            }
            return "trace";
        }
        String source = "none";
        List<SystemSample> samples = system.samples();
        for (int i = 1; i < samples.size(); i++) {
            long gcMs = samples.get(i).gcTimeMs() - samples.get(i - 1).gcTimeMs();
            if (gcMs > 0) {
                source = "system.csv";
                pauses.add(new Pause((samples.get(i - 1).epochMs() - baseEpochMs) / 1000.0, gcMs / 1000.0));
            }
        }
        return source;
    }
}
