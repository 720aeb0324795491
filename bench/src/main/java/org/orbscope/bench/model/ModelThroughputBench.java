package org.orbscope.bench.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.orbscope.model.ArrivalLaw;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.SimulationResult;
import org.orbscope.model.Simulator;

/**
 * Simulated requests per second for Harkema et al.'s scenario A model (goal: >= 1 M/s on one core), printed
 * beside a yardstick measured in the same run: the Lindley recursion of an M/M/1 FCFS queue over the same
 * number of Poisson arrivals, the cheapest possible simulation of one request. A third figure is the same model with
 * the parts Harkema et al.'s lacks: a quarter of the servant's CPU inside a lock and a client and network delay.
 * Run on one core, e.g.
 * {@code taskset -c 0 java -cp bench/target/benchmarks.jar org.orbscope.bench.model.ModelThroughputBench}.
 * A plain main rather than JMH: each measurement is a multi-second batch, so harness overhead is irrelevant.
 */
public final class ModelThroughputBench {
    private ModelThroughputBench() {
    }

    public static void main(String[] args) {
        long requests = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        ModelParameters a = scenarioA(0.08);
        ModelParameters locked = withLockAndDelay(a);
        double[] model = new double[rounds];
        double[] lindley = new double[rounds];
        double[] extended = new double[rounds];
        double sink = 0;
        for (int warm = 0; warm < 3; warm++) {
            sink += Simulator.run(a, requests / 4, warm).completion().meanMs() + lindley(requests / 4, warm)
                    + Simulator.run(locked, requests / 4, warm).completion().meanMs();
        }
        SimulationResult last = null;
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            last = Simulator.run(a, requests, 100 + i);
            model[i] = requests / ((System.nanoTime() - t0) / 1e9);
            t0 = System.nanoTime();
            sink += lindley(requests, 100 + i);
            lindley[i] = requests / ((System.nanoTime() - t0) / 1e9);
            t0 = System.nanoTime();
            sink += Simulator.run(locked, requests, 100 + i).clientResponse().meanMs();
            extended[i] = requests / ((System.nanoTime() - t0) / 1e9);
        }
        Arrays.sort(model);
        Arrays.sort(lindley);
        Arrays.sort(extended);
        double m = model[rounds / 2];
        double l = lindley[rounds / 2];
        System.out.println(last.table());
        System.out.printf(Locale.ROOT, "scenario A model (lambda 0.08/ms, T_disp 10, PS CPU): %.2f M simulated req/s "
                + "(median of %d x %d requests; min %.2f, max %.2f)%n", m / 1e6, rounds, requests, model[0] / 1e6,
                model[rounds - 1] / 1e6);
        System.out.printf(Locale.ROOT, "yardstick M/M/1 FCFS Lindley recursion, same arrivals: %.2f M req/s%n",
                l / 1e6);
        System.out.printf(Locale.ROOT, "ratio model / yardstick = %.3f   (goal: >= 1 M req/s)  [sink %.1f]%n",
                m / l, sink);
        System.out.printf(Locale.ROOT, "with 2 ms of the servant's CPU inside a lock and a 0.5 ms client delay: %.2f M "
                + "simulated req/s (ratio to the yardstick %.3f)%n", extended[rounds / 2] / 1e6,
                extended[rounds / 2] / l);
        System.out.printf(Locale.ROOT, "heap used after run: %.1f MB%n",
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) / 1e6);
    }

    static ModelParameters scenarioA(double ratePerMs) {
        Dist third = Dist.deterministic(0.4e6);
        return ModelParameters.builder().dispatcherThreads(10).receiverCpu(third).poaCpu(third)
                .servant("obj", "RootPOA", 0).operation("obj", "op", Dist.exponential(8e6), Dist.ZERO, third)
                .stream(ArrivalLaw.POISSON, ratePerMs * 1000, 0, "obj.op").build();
    }

    /** Scenario A with 2 of the servant's 8 ms inside a lock and a 0.5 ms client and network delay. */
    static ModelParameters withLockAndDelay(ModelParameters a) {
        return a.toBuilder().replaceOperation("obj.op", Dist.exponential(6e6), Dist.ZERO, Dist.deterministic(0.4e6))
                .lock("obj.op", "ledger", Dist.exponential(2e6)).clientDelay(Dist.deterministic(0.5e6)).build();
    }

    /** W_{n+1} = max(0, W_n + S_n - A_{n+1}): waiting times of M/M/1 FCFS at the same load as scenario A. */
    static double lindley(long n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double meanGap = 12.5e6;
        double meanService = 9.2e6;
        double w = 0;
        double sum = 0;
        for (long i = 0; i < n; i++) {
            double s = -meanService * Math.log(1 - rng.nextDouble());
            double gap = -meanGap * Math.log(1 - rng.nextDouble());
            sum += w + s;
            w = Math.max(0, w + s - gap);
        }
        return sum / n;
    }
}
