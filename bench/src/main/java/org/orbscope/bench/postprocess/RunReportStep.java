package org.orbscope.bench.postprocess;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.AnalysisOptions;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.PointAnalyzer;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;

/**
 * The CPU of {@code orbscope run}'s report step when the run hands it the analyses it judged the points with,
 * beside the yardstick of the same report reading every point again ({@code orbscope report}), in a JVM that has
 * made both before (as a long-lived JVM such as a test fork does). The main thread's CPU per report, in rounds.
 * Rewrites the run's report/ and each point's report/.
 * Run: java -XX:TieredStopAtLevel=1 -cp bench/target/benchmarks.jar
 * org.orbscope.bench.postprocess.RunReportStep RUN_DIR [reports per round]
 */
public final class RunReportStep {
    private RunReportStep() {
    }

    public static void main(String[] args) throws IOException {
        Path run = Path.of(args[0]);
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Map<Path, PointAnalysis> analysed = new HashMap<>();
        for (PointAnalysis a : Reporter.analyze(run, AnalysisOptions.defaults()).points()) {
            PointDirectory p = RunDirectory.open(run).point(a.name());
            analysed.put(Reporter.analysedKey(p), PointAnalyzer.analyze(p, a.params(), Reporter.POINT_OPTIONS));
        }
        for (int round = 1; round <= 3; round++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                Reporter.report(run, AnalysisOptions.defaults());
            }
            long t1 = cpu.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                Reporter.report(run, AnalysisOptions.defaults(), analysed);
            }
            long t2 = cpu.getCurrentThreadCpuTime();
            System.out.printf("round %d, %d points: yardstick (every point read again) %.1f ms, the run's analyses "
                    + "handed over %.1f ms of CPU per report%n", round, analysed.size(), (t1 - t0) / 1e6 / n,
                    (t2 - t1) / 1e6 / n);
        }
    }
}
