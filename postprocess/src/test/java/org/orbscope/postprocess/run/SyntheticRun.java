package org.orbscope.postprocess.run;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Writes run directories shaped like `orbscope run` output, with known client and system numbers. */
public final class SyntheticRun {
    public static final long EPOCH0 = 1_763_800_000_000_000_000L;
    private final Path dir;

    public SyntheticRun(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir.resolve("points"));
        Files.writeString(dir.resolve("scenario.yaml"), "name: synthetic\ndescription: synthetic test run\n");
    }

    public Path dir() {
        return dir;
    }

    /**
     * A point with {@code n} requests arriving every {@code gapNs}, each answered after {@code responseNs}
     * (+ a seeded jitter), the first {@code failAfter} ok and the rest COMM_FAILURE; the server uses
     * {@code util} of one CPU.
     */
    public Path point(String name, double ratePerSec, int n, long responseNs, int failAfter, double util,
                      boolean monitoring) throws IOException {
        Path p = dir.resolve("points").resolve(name);
        Files.createDirectories(p.resolve("client"));
        Files.createDirectories(p.resolve("server"));
        Files.writeString(p.resolve("point.yaml"), "name: synthetic\ndescription: synthetic point\n"
                + "server:\n  cpus: [0]\n  orb: {poolMin: 10, poolMax: 10, queueMax: 100000}\n"
                + "  objects:\n    - id: obj\n      operations:\n        invoke: {cpu: {dist: exponential, mean: 8ms}}\n"
                + "client:\n  cpus: [1]\n  connections: 1\n  invocation: sync\n"
                + "  processes:\n    - name: p\n      requests: " + n + "\n"
                + "      arrival: {law: poisson, rate: \"" + ratePerSec + "/s\"}\n"
                + "monitoring: {enabled: " + monitoring + "}\n");
        long gap = (long) (1e9 / ratePerSec);
        Random rnd = new Random(1);
        long ok = 0;
        long sumResp = 0;
        try (Writer w = Files.newBufferedWriter(p.resolve("client").resolve("requests.csv"))) {
            w.write("seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome\n");
            for (int i = 0; i < n; i++) {
                long intended = EPOCH0 + i * gap;
                long sent = intended + 10_000;
                boolean good = i < failAfter;
                long resp = responseNs + (long) (rnd.nextDouble() * 1000);
                w.write(i + ",p,obj.invoke,obj,invoke," + intended + "," + sent + "," + (good ? intended + resp : "")
                        + "," + (good ? resp : "") + ",10000," + (good ? "ok" : "COMM_FAILURE") + "\n");
                if (good) {
                    ok++;
                    sumResp += resp;
                }
            }
        }
        Files.writeString(p.resolve("client").resolve("summary.json"), "{\"sent\":" + n + ",\"completed\":" + ok
                + ",\"failed\":" + (n - ok) + ",\"notSent\":0,\"complete\":" + (ok == n) + ",\"error\":"
                + (ok == n ? "null" : "\"COMM_FAILURE\"") + ",\"offeredRatePerSec\":" + ratePerSec + "}\n");
        try (Writer w = Files.newBufferedWriter(p.resolve("server").resolve("system.csv"))) {
            w.write("epoch_ms,process_cpu_ns,uptime_ms,heap_used,threads\n");
            long start = EPOCH0 / 1_000_000 - 1000;
            long durMs = (long) (n * gap / 1e6) + 3000;
            for (long t = 0; t <= durMs; t += 500) {
                w.write((start + t) + "," + (long) (t * 1e6 * util) + "," + t + ",1000,20\n");
            }
        }
        return p;
    }
}
