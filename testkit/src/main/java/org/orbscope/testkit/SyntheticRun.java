package org.orbscope.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;

/**
 * Writes run directories shaped like {@code orbscope run} output, with known client and system numbers, through
 * the run module's own writers. The run's scenario.yaml sweeps the arrival rate over the points made.
 */
public final class SyntheticRun {
    public static final long EPOCH0 = 1_763_800_000_000_000_000L;
    private final Path dir;
    private final Map<String, Double> rates = new LinkedHashMap<>();

    public SyntheticRun(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir.resolve("points"));
        writeScenario();
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
     * of one CPU. Its status is ok.
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
                ok == n ? null : "COMM_FAILURE").write(p.client().summary());
        Files.createDirectories(p.server().dir());
        try (SystemCsv.Writer w = SystemCsv.create(p.server().systemCsv())) {
            long start = EPOCH0 / 1_000_000 - 1000;
            long durMs = (long) (n * gap / 1e6) + 3000;
            for (long t = 0; t <= durMs; t += 500) {
                long cpu = (long) (t * 1e6 * util);
                w.append(new SystemSample(start + t, cpu, 1000, 20, 0, 0, cpu, 0));
            }
        }
        return p.dir();
    }
}
