package org.orbscope.bench.postprocess;

import org.orbscope.postprocess.stages.StageExtractor;
import org.orbscope.postprocess.stages.StageResult;

/**
 * Speed figures of the stage extraction, printed with a yardstick measured in the same run:
 * stage extraction events/s (goal >= 5 M/s on one core) beside replaying the same events into a sink that
 * does nothing (the cost of producing the events), and the heap left in use after extracting 10 M events
 * (goal <= 1 GiB: run with -Xmx1g).
 * Run: java -Xmx1g -cp bench/target/benchmarks.jar org.orbscope.bench.postprocess.PostprocessSpeed [requests]
 */
public final class PostprocessSpeed {
    private PostprocessSpeed() {
    }

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        long t0 = 1_763_800_000_000_000_000L;
        for (int i = 0; i < 3; i++) {
            SyntheticEvents.replay(new StageExtractor(), 50_000, t0);
            SyntheticEvents.replay(NullSink.INSTANCE, 50_000, t0);
        }
        long a = System.nanoTime();
        long yardEvents = SyntheticEvents.replay(NullSink.INSTANCE, requests, t0);
        long yardNs = System.nanoTime() - a;

        StageExtractor x = new StageExtractor();
        long b = System.nanoTime();
        long events = SyntheticEvents.replay(x, requests, t0);
        long streamNs = System.nanoTime() - b;
        StageResult r = x.finish(false);
        long totalNs = System.nanoTime() - b;
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long heap = rt.totalMemory() - rt.freeMemory();
        System.out.printf("yardstick (events replayed into a no-op sink): %.1f M events/s%n", yardEvents / (yardNs / 1e3));
        System.out.printf("stage extraction, streaming: %d events in %.3f s = %.2f M events/s%n", events,
                streamNs / 1e9, events / (streamNs / 1e3));
        System.out.printf("stage extraction incl. join of %d requests: %.3f s = %.2f M events/s "
                + "(goal >= 5 M/s)%n", r.rows().size(), totalNs / 1e9, events / (totalNs / 1e3));
        System.out.printf("ratio extraction/yardstick time: %.1f%n", totalNs / (double) yardNs);
        System.out.printf("heap in use with the stage table of %d requests (%d events): %.0f MiB (max %d MiB)%n",
                r.rows().size(), events, heap / 1048576.0, rt.maxMemory() / 1048576);
    }
}
