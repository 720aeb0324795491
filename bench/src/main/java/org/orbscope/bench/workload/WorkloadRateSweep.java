package org.orbscope.bench.workload;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.omg.CORBA.ORB;
import org.orbscope.client.ArrivalTimer;
import org.orbscope.client.WorkloadClient;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.ServerLaunch;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/**
 * Whole-run benchmark of the workload client: a null operation's offered rate swept upward against a real
 * server JVM on loopback, each rate beside a bare JacORB synchronous loop measured in the same run.
 * Usage: WorkloadRateSweep [seconds per rate] [rates per second...]
 */
public final class WorkloadRateSweep {
    private WorkloadRateSweep() {
    }

    private static String scenario(double rate, long requests) {
        return String.join("\n",
                "name: null-sweep",
                "server:",
                "  objects: [{id: n, operations: {ping: {cpu: 0ms}}}]",
                "client:",
                "  warmup: " + Math.min(2000, requests / 5),
                "  processes:",
                "    - {name: p, requests: " + requests + ", arrival: {law: poisson, rate: " + rate + "/s}, targets: [{object: n, operation: ping}]}",
                "");
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 4;
        double[] rates = args.length > 1
                ? Arrays.stream(args, 1, args.length).mapToDouble(Double::parseDouble).toArray()
                : new double[] {500, 1000, 2000, 3000, 5000};
        Path dir = Files.createTempDirectory("orbscope-bench");
        Path scenarioFile = dir.resolve("server.yaml");
        Files.write(scenarioFile, scenario(1, 1).getBytes(StandardCharsets.UTF_8));
        ServerDirectory serverDir = new ServerDirectory(dir.resolve("server"));
        Process server = new ServerLaunch(scenarioFile, serverDir.dir()).jvm().cpus(List.of(0))
                .log(dir.resolve("server.log")).start();
        try {
            String notReady = JvmLauncher.awaitFile(server, serverDir.ready(), Duration.ofSeconds(120));
            if (notReady != null) {
                throw new IllegalStateException("server " + notReady + ": " + Files.readString(dir.resolve("server.log")));
            }
            String ior = Files.readString(serverDir.ior("n")).trim();
            System.out.println("orbscope = the workload client; paced = one thread that waits (as the client does) for each Poisson arrival and");
            System.out.println("calls (same rate, no pool, no recording); b2b = back-to-back synchronous calls (no pacing).");
            System.out.printf("%-9s %10s %9s %9s %11s %11s | %10s %10s %8s | %9s %9s%n", "offered/s", "achieved/s", "p50 us", "p99 us",
                    "late p50us", "late p99us", "paced p50", "paced p99", "p50 ratio", "b2b p50", "b2b p99");
            // Warm-up, not reported: the JIT compiles JacORB's and the client's paths first, so neither the first
            // rate of the workload client nor the loops measured after it run interpreted code.
            double top = Arrays.stream(rates).max().orElse(1000);
            long warmRequests = Math.max(2000, Math.round(top * 3));
            WorkloadClient.run(ScenarioLoader.parse("warm-up", scenario(top, warmRequests)), Map.of("n", ior), dir.resolve("warm-up"));
            pacedLoop(ior, top, warmRequests);
            bareLoop(ior, 20_000);
            for (double rate : rates) {
                long requests = Math.max(100, Math.round(rate * seconds));
                Scenario s = ScenarioLoader.parse("sweep", scenario(rate, requests));
                // Each measurement starts with a clean heap (as JMH does between iterations), so the garbage of the
                // one before is not collected inside it: the client and the loops all share this JVM.
                System.gc();
                ClientSummary r = WorkloadClient.run(s, Map.of("n", ior), dir.resolve("client-" + (long) rate));
                System.gc();
                Histogram paced = pacedLoop(ior, rate, requests);
                System.gc();
                Histogram bare = bareLoop(ior, (int) Math.min(requests, 20_000));
                double p50 = r.response().p50Ms() * 1000;
                double pacedP50 = paced.getValueAtPercentile(50) / 1e3;
                System.out.printf("%-9.0f %10.1f %9.1f %9.1f %11.1f %11.1f | %10.1f %10.1f %8.3f | %9.1f %9.1f%n", rate,
                        r.achievedRatePerSec(), p50, r.response().p99Ms() * 1000, r.lateness().p50Us(),
                        r.lateness().p99Us(),
                        pacedP50, paced.getValueAtPercentile(99) / 1e3, p50 / pacedP50,
                        bare.getValueAtPercentile(50) / 1e3, bare.getValueAtPercentile(99) / 1e3);
            }
        } finally {
            JvmLauncher.stop(server, Duration.ofSeconds(10));
        }
    }

    /**
     * The yardstick at the same rate: one thread, Poisson arrivals, waiting for each arrival with the client's own
     * {@link ArrivalTimer}, then a synchronous call timed from the arrival. What any open-loop JacORB client pays,
     * without orbscope's machinery (invoker pool, hand-over, per-request records).
     */
    static Histogram pacedLoop(String ior, double rate, long requests) {
        ORB orb = ORB.init(new String[0], JacorbOrbs.base());
        try {
            Target t = TargetHelper.narrow(orb.string_to_object(ior));
            Histogram h = new Histogram(60_000_000_000L, 3);
            java.util.SplittableRandom random = new java.util.SplittableRandom(42);
            double meanGap = 1e9 / rate;
            long next = System.nanoTime() + 10_000_000L;
            long warm = Math.min(2000, requests / 5);
            ArrivalTimer timer = new ArrivalTimer(); // the client's own way of waiting: only the call differs
            AtomicReference<String> noAbort = new AtomicReference<>();
            for (long i = 0; i < requests; i++) {
                next += Math.round(-meanGap * Math.log(1.0 - random.nextDouble()));
                timer.awaitUntil(next, noAbort);
                t.ping();
                if (i >= warm) {
                    h.recordValue(Math.max(0, System.nanoTime() - next));
                }
            }
            return h;
        } finally {
            orb.shutdown(false);
        }
    }

    /** The floor: back-to-back synchronous pings from one thread, no scheduling, no recording beyond a histogram. */
    static Histogram bareLoop(String ior, int calls) {
        ORB orb = ORB.init(new String[0], JacorbOrbs.base());
        try {
            Target t = TargetHelper.narrow(orb.string_to_object(ior));
            Histogram h = new Histogram(60_000_000_000L, 3);
            for (int i = 0; i < Math.min(2000, calls); i++) {
                t.ping();
            }
            for (int i = 0; i < calls; i++) {
                long t0 = System.nanoTime();
                t.ping();
                h.recordValue(System.nanoTime() - t0);
            }
            return h;
        } finally {
            orb.shutdown(false);
        }
    }
}
