package org.orbscope.bench.postprocess;

import org.orbscope.testkit.JacorbTraceBuilder;

import java.nio.file.Files;
import java.nio.file.Path;
import org.orbscope.postprocess.run.TraceStages;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.trace.TraceReader;

/**
 * Stage extraction from a real trace file against the yardstick of the raw trace reader on the same file in
 * the same run (issue 4: >= 5 M events/s on one core; a 10 M-event trace within 1 GiB of heap).
 * Run: taskset -c 0 java -Xmx1g -XX:ActiveProcessorCount=1 -cp bench/target/benchmarks.jar
 *      org.orbscope.bench.postprocess.TraceExtractionSpeed [requests]
 */
public final class TraceExtractionSpeed {
    private TraceExtractionSpeed() {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 320_000;
        Path file = Files.createTempFile("orbscope-speed", ".trace");
        try {
            try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
                for (int i = 0; i < requests; i++) {
                    b.request(1_000_000_000L + i * 10_000_000L, 0x1000 + i % 5000, i, true);
                }
            }
            long events = 0;
            long rawNs = Long.MAX_VALUE;
            long extractNs = Long.MAX_VALUE;
            StageResult result = null;
            for (int round = 0; round < 3; round++) {
                long a = System.nanoTime();
                long[] n = {0};
                try (TraceReader r = TraceReader.open(file)) {
                    r.read(e -> n[0]++);
                }
                rawNs = Math.min(rawNs, System.nanoTime() - a);
                events = n[0];
                result = null;
                System.gc();
                long b = System.nanoTime();
                result = TraceStages.extract(file);
                extractNs = Math.min(extractNs, System.nanoTime() - b);
            }
            Runtime rt = Runtime.getRuntime();
            System.gc();
            long heap = rt.totalMemory() - rt.freeMemory();
            System.out.printf("trace: %d events, %d MiB, %d requests%n", events, Files.size(file) >> 20,
                    result.rows().size());
            System.out.printf("yardstick, raw trace reader: %.2f M events/s%n", events / (rawNs / 1e3));
            System.out.printf("stage extraction (read + extract + join): %.2f M events/s (goal >= 5 M/s), "
                    + "%.2f x the raw reader's time%n", events / (extractNs / 1e3), extractNs / (double) rawNs);
            System.out.printf("heap in use holding the stage table: %.0f MiB (max %d MiB)%n", heap / 1048576.0,
                    rt.maxMemory() >> 20);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
