package org.orbscope.bench.postprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import org.orbscope.postprocess.point.TraceStages;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.StageColumn;
import org.orbscope.testkit.JacorbTraceBuilder;

/**
 * Stage extraction from a real trace file, streamed (rows joined as the trace is read, into HdrHistogram
 * distributions, none kept) against the yardstick of the raw trace reader on the same file in the same run;
 * and the largest live heap meanwhile, which stays flat as the request count grows.
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
            long rows = 0;
            double heapMiB;
            try (LiveHeap heap = new LiveHeap()) {
                for (int round = 0; round < 3; round++) {
                    long a = System.nanoTime();
                    events = LongTraceSpeed.readRaw(file);
                    rawNs = Math.min(rawNs, System.nanoTime() - a);
                    long b = System.nanoTime();
                    Distribution completion = new Distribution();
                    StageResult r = TraceStages.extract(file, null, row -> {
                        if (row.has(StageColumn.COMPLETION)) {
                            completion.add(row.get(StageColumn.COMPLETION));
                        }
                    });
                    extractNs = Math.min(extractNs, System.nanoTime() - b);
                    rows = r.diagnostics().requests;
                }
                heapMiB = heap.maxMiB();
            }
            Runtime rt = Runtime.getRuntime();
            System.out.printf("trace: %d events, %d MiB, %d requests%n", events, Files.size(file) >> 20, rows);
            System.out.printf("yardstick, raw trace reader: %.2f M events/s%n", events / (rawNs / 1e3));
            System.out.printf("stage extraction (read + extract + join + statistics): %.2f M events/s, "
                    + "%.2f x the raw reader's time%n", events / (extractNs / 1e3), extractNs / (double) rawNs);
            System.out.printf("largest live heap (after a collection) while reading: %.0f MiB (max %d MiB)%n",
                    heapMiB, rt.maxMemory() >> 20);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
