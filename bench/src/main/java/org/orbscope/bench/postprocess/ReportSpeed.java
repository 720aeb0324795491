package org.orbscope.bench.postprocess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.point.StageSource;
import org.orbscope.postprocess.stages.StageExtractor;
import org.orbscope.testkit.SyntheticRun;

/**
 * Time of `orbscope report` for one 15,000-request point (goal < 2 s; Harkema et al. needed about 9 minutes),
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
            long t0 = SyntheticRun.EPOCH0;
            Path point = new SyntheticRun(run).point("rate=100_s", 100, n, 8_300_000, n, 0.41, true);
            Files.writeString(point.resolve("server").resolve("server.trace"), "replaced by SyntheticEvents");
            StageSource synthetic = trace -> {
                StageExtractor x = new StageExtractor();
                SyntheticEvents.replay(x, n, t0 + 50_000);
                return x.finish(false);
            };
            AnalysisOptions options = AnalysisOptions.builder().traces(synthetic).build();
            long a = System.nanoTime();
            long lines;
            try (var r = Files.newBufferedReader(point.resolve("client").resolve("requests.csv"))) {
                lines = r.lines().count();
            }
            long yard = System.nanoTime() - a;
            long b = System.nanoTime();
            Reporter.report(run, options);
            long cold = System.nanoTime() - b;
            long c = System.nanoTime();
            Reporter.report(run, options);
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
}
