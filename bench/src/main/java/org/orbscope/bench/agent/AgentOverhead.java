package org.orbscope.bench.agent;

import static org.orbscope.bench.Rounds.median;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.orbscope.trace.AgentOptions;

/**
 * MooBench-style agent overhead: ns per monitored call of a depth-10 recursion with the agent in wall-only mode
 * (also in a thread that is not the method's owner), CPU mode and filtered out (instrumented, but the thread is
 * excluded), each beside its floor (the uninstrumented recursion plus the clock reads the mode needs, done by
 * hand). Also the allocation rate of the monitored calls (JMH gc profiler).
 *
 * <p>Measured in rounds: each round runs every workload once, one JMH fork each, in reverse order every other
 * round, and each ratio is taken within its round. On a shared host the floor drifts by a few percent between
 * minutes, so a ratio of two figures measured far apart carries that drift; the median over rounds of same-round
 * ratios does not, and the range shows what the drift was.
 * Usage: AgentOverhead AGENT_JAR [rounds] [iterations]
 */
public final class AgentOverhead {
    /** The recursion's method, its method events only, nothing on stderr. */
    private static final AgentOptions RECURSION = AgentOptions.NONE.with("include", "example.bench.Recursion#call")
            .with("quiet", "true").with("events", "methods");

    private AgentOverhead() {
    }

    /** The agent on the recursion, writing {@code trace}, with one more option ({@code key=value}). */
    private static AgentOptions agent(Path trace, String keyValue) {
        return RECURSION.with(AgentOptions.OUT, trace.toString()).with(keyValue);
    }

    /** One JMH fork of one workload. */
    private static final class Workload {
        final String benchmark;
        final AgentOptions agentOptions;
        final boolean gc;
        final List<Double> nsPerCall = new ArrayList<>();
        final List<Double> bytesPerOp = new ArrayList<>();

        Workload(String benchmark, AgentOptions agentOptions, boolean gc) {
            this.benchmark = benchmark;
            this.agentOptions = agentOptions;
            this.gc = gc;
        }

        void run(String jar, int iterations) throws Exception {
            ChainedOptionsBuilder o = new OptionsBuilder()
                    .include(RecursionBench.class.getName() + "." + benchmark + "$")
                    .forks(1).warmupIterations(iterations).measurementIterations(iterations)
                    .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                    .shouldDoGC(true);
            if (agentOptions != null) {
                o = o.jvmArgsAppend(agentOptions.javaAgentOption(jar));
            }
            if (gc) {
                o = o.addProfiler("gc");
            }
            RunResult r = new Runner(o.build()).runSingle();
            nsPerCall.add(r.getPrimaryResult().getScore() / RecursionBench.CALLS);
            if (gc) {
                bytesPerOp.add(r.getSecondaryResults().get("gc.alloc.rate.norm").getScore());
            }
        }

        /** Per round, ns per call above the uninstrumented recursion of the same round. */
        double[] added(Workload base) {
            double[] ns = new double[nsPerCall.size()];
            for (int i = 0; i < ns.length; i++) {
                ns[i] = nsPerCall.get(i) - base.nsPerCall.get(i);
            }
            return ns;
        }
    }

    /** A row: a workload's added cost against a floor's, per round. */
    private static final class Ratio {
        final double[] ns;
        final double[] floorNs;
        final double[] ratio;

        Ratio(Workload w, Workload floor, Workload base) {
            ns = w.added(base);
            floorNs = floor.added(base);
            ratio = new double[ns.length];
            for (int i = 0; i < ns.length; i++) {
                ratio[i] = ns[i] / floorNs[i];
            }
        }
    }

    public static void main(String[] args) throws Exception {
        AgentOnlyFromItsJar.require();
        String jar = Paths.get(args[0]).toAbsolutePath().toString();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path dir = Files.createTempDirectory("orbscope-overhead");
        Workload base = new Workload("recursion", null, false);
        Workload floorWall = new Workload("floorWall", null, false);
        Workload wallRuns = new Workload("recursion", agent(dir.resolve("wall.trace"), "cpu=false"), true);
        Workload sharedRuns = new Workload("recursionOwnedByAnotherThread", agent(dir.resolve("shared.trace"), "cpu=false"), false);
        Workload minimalRuns = new Workload("minimalRecorder", null, false);
        Workload floorCpu = new Workload("floorCpu", null, false);
        Workload cpuRuns = new Workload("recursion", agent(dir.resolve("cpu.trace"), "cpu=true"), true);
        Workload filteredRuns = new Workload("recursion", agent(dir.resolve("filtered.trace"), "threads.exclude=*jmh-worker*"), false);
        List<Workload> order = new ArrayList<>(Arrays.asList(
                base, floorWall, wallRuns, sharedRuns, minimalRuns, floorCpu, cpuRuns, filteredRuns));
        for (int round = 0; round < rounds; round++) {
            for (Workload x : order) {
                x.run(jar, iterations);
            }
            Collections.reverse(order);
        }
        Ratio wall = new Ratio(wallRuns, floorWall, base);
        Ratio shared = new Ratio(sharedRuns, floorWall, base);
        Ratio minimal = new Ratio(minimalRuns, floorWall, base);
        Ratio cpu = new Ratio(cpuRuns, floorCpu, base);
        double[] filtered = filteredRuns.added(base);

        System.out.println();
        System.out.printf("%d rounds; each round runs every workload once (one fork each), ratios taken within a round;%n", rounds);
        System.out.printf("uninstrumented recursion: median %.2f ns per call (subtracted from every figure of its round)%n",
                median(base.nsPerCall.stream().mapToDouble(Double::doubleValue).toArray()));
        System.out.printf("%-13s %9s %9s %8s %15s  %-24s %s%n", "mode", "ns/call", "floor ns", "ratio", "ratio range", "goal", "met");
        row("wall-only", wall, "<= 80 ns and <= 1.15x", median(wall.ns) <= 80 && median(wall.ratio) <= 1.15);
        row("wall-shared", shared, "(not the method's owner)", null);
        row("minimal", minimal, "(lower bound, no agent)", null);
        row("cpu", cpu, "<= 1.1x", median(cpu.ratio) <= 1.1);
        System.out.printf("%-13s %9.2f %9s %8s %15s  %-24s %s%n", "filtered-out", median(filtered), "0", "-",
                range(filtered), "<= 5 ns", ok(median(filtered) <= 5));
        System.out.println("ns/call, floor ns and ratio are medians over rounds; the range is the lowest and highest round");
        System.out.println("wall-only rounds within 1.15x: " + count(wall.ratio, 1.15) + " of " + rounds
                + "; per round: " + list(wall.ratio));
        System.out.println("wall-shared = wall-only in a thread that is not the method's owner (another thread called it"
                + " first and is alive): the agent's per-method owner cache misses and the thread id slot finds the recorder");
        System.out.println("minimal = the wall floor plus the least any per-thread recorder does (buffer found by thread"
                + " id, 7 bytes stored per call, no varints, guards or drop handling), by hand without an agent");
        double[] overMinimal = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            overMinimal[i] = wall.ns[i] / minimal.ns[i];
        }
        System.out.printf("wall-only / minimal: %.2f (what the agent adds to the least any per-thread recorder costs)%n",
                median(overMinimal));
        System.out.printf("allocation per op (11 monitored calls), highest round: wall-only %.3f B, cpu %.3f B (goal 0)%n",
                Collections.max(wallRuns.bytesPerOp), Collections.max(cpuRuns.bytesPerOp));
    }

    private static void row(String mode, Ratio r, String goal, Boolean met) {
        System.out.printf("%-13s %9.2f %9.2f %8.2f %15s  %-24s %s%n", mode, median(r.ns), median(r.floorNs), median(r.ratio),
                range(r.ratio), goal, met == null ? "-" : ok(met));
    }


    private static String range(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format("%.2f-%.2f", v[0], v[v.length - 1]);
    }

    private static int count(double[] values, double atMost) {
        int n = 0;
        for (double x : values) {
            if (x <= atMost) n++;
        }
        return n;
    }

    private static String list(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double x : values) {
            b.append(b.length() == 0 ? "" : " ").append(String.format("%.2f", x));
        }
        return b.toString();
    }

    private static String ok(boolean b) {
        return b ? "yes" : "NO";
    }
}
