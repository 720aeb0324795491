package org.orbscope.bench.postprocess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.orbscope.postprocess.point.TraceStages;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.StageColumn;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.trace.TraceReader;

/**
 * A long recording analysed in bounded memory: a synthetic trace of {@code events} events with the JacORB
 * request pattern (30 events a request, written by the real trace writer through {@link JacorbTraceBuilder}),
 * read once by the raw trace reader (the yardstick) and once by the streaming stage extraction with its
 * statistics (every stage in an HdrHistogram distribution), in the same run. Run with -Xmx512m on one core
 * (bench/scripts/long-trace.sh). A trace already at {@code path} with the asked size is reused.
 * Args: [events, default 1e9] [path, default /tmp/orbscope-long.trace] [--keep]
 */
public final class LongTraceSpeed {
    static final int EVENTS_PER_REQUEST = 30;
    /** Bytes a JacORB request takes in a trace, with a margin: to check the disk before writing. */
    private static final long BYTES_PER_REQUEST = 260;

    private LongTraceSpeed() {
    }

    public static void main(String[] args) throws Exception {
        long events = args.length > 0 ? (long) Double.parseDouble(args[0]) : 1_000_000_000L;
        Path file = Paths.get(args.length > 1 ? args[1] : "/tmp/orbscope-long.trace").toAbsolutePath();
        boolean keep = args.length > 2 && args[2].equals("--keep");
        long requests = events / EVENTS_PER_REQUEST;
        if (!(Files.isRegularFile(file) && readRaw(file) == requests * EVENTS_PER_REQUEST)) {
            long need = requests * BYTES_PER_REQUEST;
            long free = Files.getFileStore(file.getParent()).getUsableSpace();
            if (need > free - (1L << 30)) {
                System.err.printf("%s: %d requests need about %d MiB, %d MiB free: give a smaller count%n",
                        file.getParent(), requests, need >> 20, free >> 20);
                System.exit(2);
            }
            long g = System.nanoTime();
            write(file, requests);
            System.out.printf("written: %d requests in %.0f s%n", requests, (System.nanoTime() - g) / 1e9);
        }
        try {
            long a = System.nanoTime();
            long read = readRaw(file);
            long rawNs = System.nanoTime() - a;
            Distribution[] stages = new Distribution[StageColumn.count()];
            for (int i = 0; i < stages.length; i++) {
                stages[i] = new Distribution();
            }
            StageResult r;
            long b = System.nanoTime();
            double heapMiB;
            try (LiveHeap heap = new LiveHeap()) {
                r = TraceStages.extract(file, null, row -> {
                    for (int i = 0; i < stages.length; i++) {
                        StageColumn c = StageColumn.at(i);
                        if (i >= StageColumn.RECEIVER.ordinal() && row.has(c)) {
                            stages[i].add(row.get(c));
                        }
                    }
                });
                heapMiB = heap.maxMiB();
            }
            long extractNs = System.nanoTime() - b;
            Distribution completion = stages[StageColumn.COMPLETION.ordinal()];
            System.out.printf("trace: %s, %d events, %d MiB, %d requests (%d complete)%n", file, read,
                    Files.size(file) >> 20, r.diagnostics().requests, r.diagnostics().complete);
            System.out.printf("yardstick, raw trace reader: %.1f s, %.2f M events/s%n", rawNs / 1e9,
                    read / (rawNs / 1e3));
            System.out.printf("analysis (read + extract + join + statistics): %.1f s, %.2f M events/s "
                    + "(goal >= 10 M/s), %.2f x the raw reader's time (goal <= 2)%n", extractNs / 1e9,
                    read / (extractNs / 1e3), extractNs / (double) rawNs);
            System.out.printf("completion: mean %.3f ms, p99 %.3f ms over %d requests%n", completion.mean() / 1e6,
                    completion.percentile(99) / 1e6, completion.count());
            System.out.printf("largest live heap (after a collection): %.0f MiB of %d MiB%n", heapMiB,
                    Runtime.getRuntime().maxMemory() >> 20);
        } finally {
            if (!keep) {
                Files.deleteIfExists(file);
            }
        }
    }

    static void write(Path file, long requests) throws IOException {
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            for (long i = 0; i < requests; i++) {
                b.request(1_000_000_000L + i * 10_000_000L, 0x1000 + i % 5000, (int) (i & 1), true);
            }
        }
    }

    /** Every event through the raw reader, counted: the yardstick. */
    static long readRaw(Path file) throws IOException {
        long[] n = {0};
        try (TraceReader r = TraceReader.open(file)) {
            r.read(e -> n[0]++);
        }
        return n[0];
    }
}
