package org.orbscope.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.LatencyLog;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;
import org.orbscope.run.watch.CpuStateSample;
import org.orbscope.run.watch.MachineSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;
import org.orbscope.scenario.TargetSpec;

/**
 * Writes run directories shaped like {@code orbscope run} output, with known client and system numbers, through
 * the run module's own writers. Either the run's scenario.yaml sweeps the arrival rate over the points made
 * ({@link #SyntheticRun(Path)}), or it is any scenario, whose sweep points are made with known workloads
 * ({@link #of(Path, String)}).
 */
public final class SyntheticRun {
    public static final long EPOCH0 = 1_763_800_000_000_000_000L;
    private final Path dir;
    private final Map<String, Double> rates = new LinkedHashMap<>();
    /** The scenario's sweep points when the run is of a given scenario, else null. */
    private final Map<String, SweepPoint> points;

    public SyntheticRun(Path dir) throws IOException {
        this.dir = dir;
        this.points = null;
        Files.createDirectories(dir.resolve("points"));
        writeScenario();
    }

    private SyntheticRun(Path dir, Map<String, SweepPoint> points) {
        this.dir = dir;
        this.points = points;
    }

    /** A run of {@code scenarioYaml} (its sweep as written); make its points with {@link #point(String, Workload)}. */
    public static SyntheticRun of(Path dir, String scenarioYaml) throws IOException {
        Files.createDirectories(dir.resolve("points"));
        AtomicFiles.write(dir.resolve("scenario.yaml"), scenarioYaml);
        Map<String, SweepPoint> points = new LinkedHashMap<>();
        try {
            for (SweepPoint p : ScenarioLoader.loadDocument(dir.resolve("scenario.yaml"), List.of()).points()) {
                points.put(p.name(), p);
            }
        } catch (ScenarioException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return new SyntheticRun(dir, points);
    }

    /** The scenario's point names in run order (a run made by {@link #of}). */
    public List<String> pointNames() {
        return List.copyOf(points.keySet());
    }

    /** The values a point sets (a run made by {@link #of}). */
    public Map<String, String> params(String point) {
        return points.get(point).params();
    }

    /** How long a request of a synthetic point takes, from what it is. */
    @FunctionalInterface
    public interface ResponseTime {
        long nanos(int index, String process, String object, String operation);
    }

    /**
     * A point's workload: {@code requests} per client JVM, sent every {@code 1/ratePerSec} over the point's targets
     * in turn (every process's, in order), answered after {@code response}; the server uses {@code util} of one CPU
     * and pauses for GC {@code gcPauseMs} every {@code gcEveryMs} (0: never).
     */
    public record Workload(int requests, double ratePerSec, ResponseTime response, double util, long gcEveryMs,
                           long gcPauseMs) {
    }

    /**
     * A point of the scenario with a known workload: point.yaml, status.json, each client's requests.csv,
     * latency.hlog (one interval per second) and summary.json, the server's system.csv, and the watcher's
     * machine.csv and cpus.csv of an otherwise idle machine.
     */
    public Path point(String name, Workload w) throws IOException {
        SweepPoint sp = sweepPoint(name);
        PointDirectory p = begin(name, sp);
        List<String[]> targets = new ArrayList<>();
        for (ProcessSpec process : sp.scenario().client().processes()) {
            for (TargetSpec t : process.targets()) {
                targets.add(new String[] {process.name() == null ? "" : process.name(), t.object(), t.operation()});
            }
        }
        long gap = (long) (1e9 / w.ratePerSec());
        int instances = sp.scenario().client().instances();
        for (ClientDirectory client : p.clients(instances)) {
            Random jitter = new Random((name + "/" + client.dir().getFileName()).hashCode());
            Histogram second = new Histogram(3);
            long secondStartMs = EPOCH0 / 1_000_000;
            try (RequestsCsv.Writer csv = RequestsCsv.create(client.requestsCsv());
                 LatencyLog.Writer log = LatencyLog.create(client.latencyLog(), secondStartMs)) {
                for (int i = 0; i < w.requests(); i++) {
                    String[] t = targets.get(i % targets.size());
                    long intended = EPOCH0 + i * gap;
                    long resp = w.response().nanos(i, t[0], t[1], t[2]) + (long) (jitter.nextDouble() * 1000);
                    while ((intended + resp) / 1_000_000 >= secondStartMs + 1000) {
                        secondStartMs = closeSecond(log, second, secondStartMs);
                    }
                    csv.append(new RequestRecord(i, t[0], 0, t[1], t[2], intended, intended + 10_000, intended + resp,
                            resp, 10_000, RequestRecord.OK));
                    second.recordValue(resp);
                }
                closeSecond(log, second, secondStartMs);
            }
            double duration = w.requests() * gap / 1e9;
            new ClientSummary(w.requests(), w.requests(), 0, 0, 0, duration, w.requests() / duration, w.ratePerSec(),
                    new ClientSummary.Response(null, null, null, null, null, null, null),
                    new ClientSummary.Lateness(null, null, null), Map.of(RequestRecord.OK, (long) w.requests()), true,
                    false, null, null, null, EPOCH0, null, null, null).write(client.summary());
        }
        writeSystem(p, (long) (w.requests() * gap / 1e6), w.util(), w.gcEveryMs(), w.gcPauseMs());
        writeWatch(p, (long) (w.requests() * gap / 1e6), w.util(), w.requests());
        return p.dir();
    }

    /**
     * A point of the scenario whose sole client JVM recorded exactly {@code records} (every one ok): point.yaml,
     * status.json, requests.csv, summary.json (its achieved rate the ok requests over the first intended send to
     * the last answer) and the server's system.csv. For figures a test derives from the records themselves.
     */
    public Path point(String name, List<RequestRecord> records) throws IOException {
        PointDirectory p = begin(name, sweepPoint(name));
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        try (RequestsCsv.Writer csv = RequestsCsv.create(p.client().requestsCsv())) {
            for (RequestRecord r : records) {
                csv.append(r);
                first = Math.min(first, r.intendedNs());
                last = Math.max(last, r.completedNs());
            }
        }
        double duration = (last - first) / 1e9;
        long n = records.size();
        new ClientSummary(n, n, 0, 0, 0, duration, n / duration, Double.NaN,
                new ClientSummary.Response(null, null, null, null, null, null, null),
                new ClientSummary.Lateness(null, null, null), Map.of(RequestRecord.OK, n), true, false, null, null,
                null, first, null, null, null).write(p.client().summary());
        writeSystem(p, (long) (duration * 1000), 0.1, 0, 0);
        return p.dir();
    }

    private SweepPoint sweepPoint(String name) {
        SweepPoint sp = points.get(name);
        if (sp == null) {
            throw new IllegalArgumentException("no point " + name + " in the scenario (points: " + points.keySet() + ")");
        }
        return sp;
    }

    /** A point's directory with its point.yaml and an ok status.json. */
    private PointDirectory begin(String name, SweepPoint sp) throws IOException {
        PointDirectory p = new PointDirectory(dir.resolve("points").resolve(name));
        AtomicFiles.write(p.pointYaml(), ScenarioLoader.toYaml(sp.tree()));
        new PointStatus(PointStatus.OK, null, 0, null, 0, EPOCH0 / 1_000_000, EPOCH0 / 1_000_000).write(p.status());
        return p;
    }

    /** Writes the second that began at {@code startMs} and returns when the next begins. */
    private static long closeSecond(LatencyLog.Writer log, Histogram second, long startMs) {
        second.setStartTimeStamp(startMs);
        second.setEndTimeStamp(startMs + 1000);
        log.append(second);
        second.reset();
        return startMs + 1000;
    }

    /** system.csv every 500 ms from a second before the workload to three after it. */
    private static void writeSystem(PointDirectory p, long workloadMs, double util, long gcEveryMs, long gcPauseMs)
            throws IOException {
        Files.createDirectories(p.server().dir());
        try (SystemCsv.Writer w = SystemCsv.create(p.server().systemCsv())) {
            long start = EPOCH0 / 1_000_000 - 1000;
            for (long t = 0; t <= workloadMs + 4000; t += 500) {
                long cpu = (long) (t * 1e6 * util);
                long gcMs = gcEveryMs <= 0 ? 0 : t / gcEveryMs * gcPauseMs;
                w.append(new SystemSample(start + t, cpu, 1000, 20, 20, gcEveryMs <= 0 ? 0 : t / gcEveryMs, gcMs, cpu, 0));
            }
        }
    }

    /** The machine's CPUs in the watch files: the server's utilization is of one. */
    private static final int WATCHED_CPUS = 2;

    /**
     * machine.csv and cpus.csv at system.csv's instants: the server's CPU on one of {@value #WATCHED_CPUS} CPUs
     * and nothing else running, no swapping, a TCP segment each way per request.
     */
    private static void writeWatch(PointDirectory p, long workloadMs, double util, int requests) throws IOException {
        Files.createDirectories(p.watch().dir());
        try (WatchCsv.Writer<MachineSample> machine = WatchCsv.MACHINE.create(p.watch().machine());
             WatchCsv.Writer<CpuStateSample> cpus = WatchCsv.CPUS.create(p.watch().cpus())) {
            long start = EPOCH0 / 1_000_000 - 1000;
            long gib = 1L << 30;
            for (long t = 0; t <= workloadMs + 4000; t += 500) {
                long epochNs = (start + t) * 1_000_000;
                long segments = workloadMs <= 0 ? 0 : Math.min(requests, requests * Math.max(0, t - 1000) / workloadMs);
                machine.append(new MachineSample(epochNs, 1, 0, 2000 * t / 1000, 1000 * t / 1000, 0, 8 * gib,
                        6 * gib, 2 * gib, 0, 0, 0, 0, segments, segments, 0, 0));
                long busyMs = (long) (t * Math.min(1, util));
                cpus.append(new CpuStateSample(epochNs, CpuStateSample.ALL, busyMs, 0, 0, WATCHED_CPUS * t - busyMs,
                        0, 0, 0, 0));
                for (int cpu = 0; cpu < WATCHED_CPUS; cpu++) {
                    long own = cpu == 0 ? busyMs : 0;
                    cpus.append(new CpuStateSample(epochNs, Integer.toString(cpu), own, 0, 0, t - own, 0, 0, 0, 0));
                }
            }
        }
    }

    public Path dir() {
        return dir;
    }

    /** The scenario of a point at {@code ratePerSec} with {@code n} requests (also the run's, without a sweep). */
    public static String scenario(double ratePerSec, int n, boolean monitoring) {
        return "name: synthetic\ndescription: synthetic test run\n"
                + "server:\n  cpus: [0]\n  orb: {poolMin: 10, poolMax: 10, queueMax: 100000}\n"
                + "  objects:\n    - id: obj\n      operations:\n        call: {cpu: {dist: exponential, mean: 8ms}}\n"
                + "client:\n  cpus: [1]\n  connections: 1\n  invocation: sync\n"
                + "  processes:\n    - name: p\n      requests: " + n + "\n"
                + "      arrival: {law: poisson, rate: " + rate(ratePerSec) + "}\n"
                + "      targets: [{object: obj, operation: call}]\n"
                + "monitoring: {enabled: " + monitoring + "}\n";
    }

    /**
     * A rate as the scenario writes it: {@code 10/s}, so that the sweep point of rate 10 is named
     * {@code rate=10_s}.
     */
    public static String rate(double perSecond) {
        return (perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond) : Double.toString(perSecond)) + "/s";
    }

    private void writeScenario() throws IOException {
        StringBuilder b = new StringBuilder(scenario(rates.isEmpty() ? 10 : rates.values().iterator().next(), 100,
                false));
        if (rates.size() > 1) {
            b.append("sweep:\n  client.processes[0].arrival.rate: [");
            b.append(String.join(", ", rates.values().stream().map(SyntheticRun::rate).toList())).append("]\n");
        }
        AtomicFiles.write(dir.resolve("scenario.yaml"), b.toString());
    }

    /**
     * A point with {@code n} requests arriving every {@code 1/ratePerSec}, each answered after {@code responseNs}
     * (+ a seeded jitter), the first {@code failAfter} ok and the rest COMM_FAILURE; the server uses {@code util}
     * of one CPU, on an otherwise idle machine (the watcher's machine.csv and cpus.csv). Its status is ok.
     */
    public Path point(String name, double ratePerSec, int n, long responseNs, int failAfter, double util,
                      boolean monitoring) throws IOException {
        rates.put(name, ratePerSec);
        writeScenario();
        PointDirectory p = new PointDirectory(dir.resolve("points").resolve(name));
        AtomicFiles.write(p.pointYaml(), scenario(ratePerSec, n, monitoring));
        new PointStatus(PointStatus.OK, null, 0, null, 0, EPOCH0 / 1_000_000, EPOCH0 / 1_000_000).write(p.status());
        long gap = (long) (1e9 / ratePerSec);
        Random rnd = new Random(1);
        long ok = 0;
        try (RequestsCsv.Writer w = RequestsCsv.create(p.client().requestsCsv())) {
            for (int i = 0; i < n; i++) {
                long intended = EPOCH0 + i * gap;
                long sent = intended + 10_000;
                boolean good = i < failAfter;
                long resp = responseNs + (long) (rnd.nextDouble() * 1000);
                w.append(new RequestRecord(i, "p", 0, "obj", "call", intended, sent,
                        good ? intended + resp : sent + 1000, good ? resp : RequestRecord.UNKNOWN, 10_000,
                        good ? RequestRecord.OK : "COMM_FAILURE"));
                if (good) {
                    ok++;
                }
            }
        }
        new ClientSummary(n, ok, n - ok, 0, 0, n * gap / 1e9, ok / (n * gap / 1e9), ratePerSec,
                new ClientSummary.Response(null, null, null, null, null, null, null),
                new ClientSummary.Lateness(null, null, null), Map.of(), ok == n, false,
                ok == n ? null : "COMM_FAILURE", null, null, EPOCH0, null, null, null).write(p.client().summary());
        writeSystem(p, (long) (n * gap / 1e6), util, 0, 0);
        writeWatch(p, (long) (n * gap / 1e6), util, n);
        return p.dir();
    }
}
