package org.orbscope.bench.workload;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.omg.CORBA.ORB;
import org.orbscope.bench.Rounds;
import org.orbscope.client.Invocation;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointRunner;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.ServerLaunch;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/**
 * What JacORB's deferred synchronous DII costs the client: {@code send_deferred} starts a thread per request
 * ({@code org.jacorb.orb.dii.Request.Caller}). The same null request at the same rate is sent with
 * {@code invocation: sync} (the static stub: the yardstick), {@code dii} ({@code Request.invoke}: the cost of the
 * dynamic interface itself) and {@code deferred} ({@code send_deferred} + {@code get_response}: the same, plus the
 * thread), each a real client JVM against a real server JVM on loopback (server on core 0, client on core 1).
 * Per style: the client JVM's CPU time per request (all its threads), the threads it started per request, and
 * the response time; each against sync measured in the same round. CPU and threads are marginal figures: every
 * point runs twice, for N and for 3N requests, and the difference is divided by 2N, so what a run costs once
 * (the JIT compiling the paths, the ORB starting) drops out; the response times are the long run's.
 *
 * <p>The paced figures include what the workload client spends pacing (its arrival timer spins the last stretch
 * before each intended time), the same for every style. So the benchmark first measures each style back to back
 * from one thread of this JVM against the same kind of server JVM, with the client's own {@link Invocation}s: the
 * process CPU per call (the deferred request's thread included) and the response time, with nothing else running.
 *
 * <p>Measured in rounds, every style once per round, in reverse order every other round, ratios taken within a
 * round and reported as their median and range: on a shared machine the load drifts between minutes, and a
 * same-round ratio carries less of it than two figures measured far apart.
 * Usage: DeferredThreadCost [rounds] [seconds of the short point] [rates per second ...]
 */
public final class DeferredThreadCost {
    static final List<String> STYLES = List.of("sync", "dii", "deferred");

    private DeferredThreadCost() {
    }

    /** One point's figures. */
    record Figures(double cpuUsPerRequest, double threadsPerRequest, double p50Us, double p99Us) {
    }

    private static String scenario(String style, double rate, long requests) {
        return String.join("\n",
                "name: deferred-cost",
                "server:",
                "  cpus: [0]",
                "  objects: [{id: n}]",
                "client:",
                "  cpus: [1]",
                "  invocation: " + style,
                "  warmup: " + requests / 5,
                "  processes:",
                "    - {name: p, requests: " + requests + ", arrival: {law: poisson, rate: " + rate + "/s}, "
                        + "targets: [{object: n, operation: ping}]}",
                "");
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        double[] rates = args.length > 2 ? Arrays.stream(args, 2, args.length).mapToDouble(Double::parseDouble).toArray()
                : new double[] {300};
        Path dir = Files.createTempDirectory("orbscope-deferred");
        backToBack(dir, rounds, 5000);
        PointRunner runner = new PointRunner(new PointRunner.Settings(dir, Duration.ofSeconds(120), null));
        // rate -> style -> figures per round
        Map<Double, Map<String, List<Figures>>> all = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            List<String> order = new ArrayList<>(STYLES);
            if (round % 2 == 1) {
                Collections.reverse(order);
            }
            for (double rate : rates) {
                for (String style : order) {
                    long requests = Math.max(200, Math.round(rate * seconds));
                    ClientSummary shortRun = run(runner, dir, style, rate, requests, round);
                    ClientSummary longRun = run(runner, dir, style, rate, 3 * requests, round);
                    double extra = longRun.sent() - shortRun.sent();
                    Figures f = new Figures((longRun.cpuSec() - shortRun.cpuSec()) * 1e6 / extra,
                            (longRun.threadsStarted() - shortRun.threadsStarted()) / extra,
                            longRun.response().p50Ms() * 1e3, longRun.response().p99Ms() * 1e3);
                    all.computeIfAbsent(rate, k -> new LinkedHashMap<>()).computeIfAbsent(style, k -> new ArrayList<>())
                            .add(f);
                    System.err.printf(Locale.ROOT, "round %d, %s at %.0f/s: %.1f us CPU/request, %.2f threads/request, "
                            + "p50 %.0f us%n", round + 1, style, rate, f.cpuUsPerRequest(), f.threadsPerRequest(), f.p50Us());
                }
            }
        }
        System.out.printf(Locale.ROOT, "Null two-way request (ping), Poisson arrivals, server on core 0, client on core 1; "
                + "%d round(s), points of %.0f s and %.0f s; CPU and threads per request: the long point's extra over the "
                + "short one's. Medians over rounds; x sync = median of same-round ratios [range].%n",
                rounds, seconds, 3 * seconds);
        table(all, null);
        for (Map.Entry<Double, Map<String, List<Figures>>> e : all.entrySet()) {
            threadCost(String.format(Locale.ROOT, "%.0f/s", e.getKey()), e.getValue().get("deferred"),
                    e.getValue().get("dii"));
        }
    }

    /**
     * Each style's calls back to back from one thread: per call the process CPU time (the deferred request's own
     * thread included), threads started and the median response time, in rounds against one server JVM.
     */
    private static void backToBack(Path dir, int rounds, int calls) throws Exception {
        Path yaml = dir.resolve("server.yaml");
        Files.writeString(yaml, scenario("sync", 1, 1));
        ServerDirectory serverDir = new ServerDirectory(dir.resolve("server"));
        Process server = new ServerLaunch(yaml, serverDir.dir()).jvm().cpus(List.of(0)).log(dir.resolve("server.log"))
                .start();
        ORB orb = null;
        try {
            String notReady = JvmLauncher.awaitFile(server, serverDir.ready(), Duration.ofSeconds(120));
            if (notReady != null) {
                throw new IllegalStateException("server " + notReady + ": " + Files.readString(dir.resolve("server.log")));
            }
            orb = JacorbOrbs.client(60_000);
            Target target = TargetHelper.narrow(orb.string_to_object(Files.readString(serverDir.ior("n")).trim()));
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            Map<String, List<Figures>> figures = new LinkedHashMap<>();
            for (int round = 0; round < rounds; round++) {
                List<String> order = new ArrayList<>(STYLES);
                if (round % 2 == 1) {
                    Collections.reverse(order);
                }
                for (String style : order) {
                    Invocation call = Invocation.of(new TargetSpec(null, "n", "ping", null, null),
                            ClientSpec.Invocation.parse(style), orb);
                    for (int i = 0; i < Math.min(calls, 2000); i++) {
                        call.invoke(target);
                    }
                    long[] took = new long[calls];
                    long threads = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
                    long cpu = os.getProcessCpuTime();
                    for (int i = 0; i < calls; i++) {
                        long t0 = System.nanoTime();
                        call.invoke(target);
                        took[i] = System.nanoTime() - t0;
                    }
                    double cpuUs = (os.getProcessCpuTime() - cpu) / 1e3 / calls;
                    double started = (double) (ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - threads)
                            / calls;
                    Arrays.sort(took);
                    figures.computeIfAbsent(style, k -> new ArrayList<>()).add(new Figures(cpuUs, started,
                            took[calls / 2] / 1e3, took[(int) (calls * 0.99)] / 1e3));
                }
            }
            System.out.printf(Locale.ROOT, "Back to back: %d null calls (ping) per style and round from one thread, after "
                    + "2000 unmeasured; %d round(s); process CPU of this JVM per call. Medians over rounds; x sync = "
                    + "median of same-round ratios [range].%n", calls, rounds);
            table(Map.of(0.0, figures), "-");
            threadCost("back to back", figures.get("deferred"), figures.get("dii"));
            System.out.println();
        } finally {
            if (orb != null) {
                orb.shutdown(false);
            }
            JvmLauncher.stop(server, Duration.ofSeconds(10));
        }
    }

    /**
     * What the thread of a deferred request costs: deferred's CPU per request over dii's (both build the same DII
     * request; deferred only sends it from a new thread), per thread started, median over same-round differences.
     */
    private static void threadCost(String what, List<Figures> deferred, List<Figures> dii) {
        double[] perThread = new double[deferred.size()];
        double[] extra = new double[deferred.size()];
        for (int i = 0; i < perThread.length; i++) {
            extra[i] = deferred.get(i).cpuUsPerRequest() - dii.get(i).cpuUsPerRequest();
            perThread[i] = extra[i] / (deferred.get(i).threadsPerRequest() - dii.get(i).threadsPerRequest());
        }
        System.out.printf(Locale.ROOT, "%s: deferred costs %.1f us more client CPU per request than dii, %.1f us "
                + "per thread it starts [%.1f-%.1f]%n", what, Rounds.median(extra), Rounds.median(perThread),
                Arrays.stream(perThread).min().orElse(0), Arrays.stream(perThread).max().orElse(0));
    }

    /** Per rate (or {@code rateLabel} for all) and style: medians, and ratios to sync. */
    private static void table(Map<Double, Map<String, List<Figures>>> all, String rateLabel) {
        System.out.printf("%-8s %-9s %12s %16s %12s %10s %16s %10s%n", "rate/s", "style", "CPU us/req", "x sync",
                "threads/req", "p50 us", "x sync", "p99 us");
        for (Map.Entry<Double, Map<String, List<Figures>>> e : all.entrySet()) {
            List<Figures> sync = e.getValue().get("sync");
            for (String style : STYLES) {
                List<Figures> f = e.getValue().get(style);
                System.out.printf(Locale.ROOT, "%-8s %-9s %12.1f %16s %12.2f %10.0f %16s %10.0f%n", rateLabel != null
                                ? rateLabel : String.format(Locale.ROOT, "%.0f", e.getKey()), style,
                        median(f, Figures::cpuUsPerRequest), ratios(f, sync, Figures::cpuUsPerRequest),
                        median(f, Figures::threadsPerRequest), median(f, Figures::p50Us),
                        ratios(f, sync, Figures::p50Us), median(f, Figures::p99Us));
            }
        }
    }

    /** One point: {@code requests} null requests at {@code rate} with {@code style}; its client's summary. */
    private static ClientSummary run(PointRunner runner, Path dir, String style, double rate, long requests, int round)
            throws Exception {
        SweepPoint point = ScenarioLoader.parseDocument("bench", scenario(style, rate, requests), List.of()).points()
                .get(0);
        PointDirectory p = new PointDirectory(dir.resolve("r" + round + "-" + (long) rate + "-" + style + "-" + requests));
        PointStatus status = runner.run(point, p);
        ClientSummary s = ClientSummary.read(p.client().summary());
        if (!status.ok() || s.cpuSec() == null) {
            throw new IllegalStateException(style + " at " + rate + "/s: " + status.error() + " (" + p + ")");
        }
        return s;
    }

    private static double median(List<Figures> f, ToDoubleFunction<Figures> v) {
        return Rounds.median(f.stream().mapToDouble(v).toArray());
    }


    /** Median and range of the same-round ratios of {@code f} to {@code sync}. */
    private static String ratios(List<Figures> f, List<Figures> sync, ToDoubleFunction<Figures> v) {
        double[] r = new double[f.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = v.applyAsDouble(f.get(i)) / v.applyAsDouble(sync.get(i));
        }
        return String.format(Locale.ROOT, "%.2f [%.2f-%.2f]", Rounds.median(r), Arrays.stream(r).min().orElse(0),
                Arrays.stream(r).max().orElse(0));
    }
}
