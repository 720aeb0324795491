package org.orbscope.bench.postprocess;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.run.TraceReader;
import org.orbscope.postprocess.stages.StageExtractor;

/**
 * Time of `orbscope report` for one 15,000-request point (goal < 2 s; seed 001 needed about 9 minutes),
 * measured cold (first report in a fresh JVM, as the cli runs it) and warm, beside the yardstick of merely
 * reading the point's client/requests.csv line by line. The server trace is replaced by replaying the same
 * number of boundary events ({@link SyntheticEvents}) unless a real trace reader is given.
 * Run: java -Xmx1g -cp bench/target/benchmarks.jar org.orbscope.bench.postprocess.ReportSpeed [requests]
 */
public final class ReportSpeed {
    private ReportSpeed() {
    }

    public static void main(String[] args) throws IOException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 15_000;
        Path run = Files.createTempDirectory("orbscope-report-speed");
        try {
            long t0 = 1_763_800_000_000_000_000L;
            Path point = writePoint(run, n, t0);
            TraceReader synthetic = trace -> {
                StageExtractor x = new StageExtractor();
                SyntheticEvents.replay(x, n, t0 + 50_000);
                return x.finish(false);
            };
            long a = System.nanoTime();
            long lines;
            try (var r = Files.newBufferedReader(point.resolve("client").resolve("requests.csv"))) {
                lines = r.lines().count();
            }
            long yard = System.nanoTime() - a;
            long b = System.nanoTime();
            Reporter.report(run, synthetic);
            long cold = System.nanoTime() - b;
            long c = System.nanoTime();
            Reporter.report(run, synthetic);
            long warm = System.nanoTime() - c;
            System.out.printf("yardstick: reading %d lines of requests.csv: %.3f s%n", lines, yard / 1e9);
            System.out.printf("report of a %d-request point: cold %.3f s, warm %.3f s (goal < 2 s); "
                    + "cold/yardstick %.0f%n", n, cold / 1e9, warm / 1e9, cold / (double) yard);
        } finally {
            try (var s = Files.walk(run)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Path writePoint(Path run, int n, long t0) throws IOException {
        Files.writeString(run.resolve("scenario.yaml"), "name: report-speed\n");
        Path p = run.resolve("points").resolve("client.processes[0].arrival.rate=0.05_ms");
        Files.createDirectories(p.resolve("client"));
        Files.createDirectories(p.resolve("server"));
        Files.writeString(p.resolve("point.yaml"), "name: report-speed\nserver:\n  cpus: [0]\n  orb: {poolMax: 10}\n"
                + "client:\n  processes:\n    - name: p\n      requests: " + n
                + "\n      arrival: {law: poisson, rate: \"100/s\"}\nmonitoring: {enabled: true}\n");
        Files.writeString(p.resolve("server").resolve("server.trace"), "replaced by SyntheticEvents");
        Random rnd = new Random(1);
        try (Writer w = Files.newBufferedWriter(p.resolve("client").resolve("requests.csv"))) {
            w.write("seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome\n");
            for (int i = 0; i < n; i++) {
                long intended = t0 + i * 10_000_000L;
                long resp = 8_300_000 + rnd.nextInt(100_000);
                w.write(i + ",p,obj.invoke,obj,invoke," + intended + "," + (intended + 10_000) + "," + (intended + resp)
                        + "," + resp + ",10000,ok\n");
            }
        }
        try (Writer w = Files.newBufferedWriter(p.resolve("server").resolve("system.csv"))) {
            w.write("epoch_ms,process_cpu_ns\n");
            long start = t0 / 1_000_000 - 1000;
            for (long t = 0; t <= n * 10L + 2000; t += 1000) {
                w.write((start + t) + "," + (long) (t * 1e6 * 0.41) + "\n");
            }
        }
        return p;
    }
}
