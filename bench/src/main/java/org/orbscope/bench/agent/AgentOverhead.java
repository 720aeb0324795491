package org.orbscope.bench.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * MooBench-style agent overhead in one run: ns per monitored call of a depth-10 recursion with the agent in
 * wall-only mode (also in a thread that is not the method's owner), CPU mode and filtered out (instrumented, but
 * the thread is excluded), each beside its floor (the uninstrumented recursion plus the clock reads the mode
 * needs, done by hand). Also the allocation rate of the monitored calls (JMH gc profiler).
 * Usage: AgentOverhead AGENT_JAR [forks] [iterations]
 */
public final class AgentOverhead {
    private AgentOverhead() {
    }

    private static double nsPerCall(String benchmark, String agentOptions, String jar, int forks, int iterations, boolean gc,
                                    double[] allocation) throws Exception {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(RecursionBench.class.getName() + "." + benchmark + "$")
                .forks(forks).warmupIterations(iterations).measurementIterations(iterations)
                .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                .shouldDoGC(true);
        if (agentOptions != null) {
            o = o.jvmArgsAppend("-javaagent:" + jar + "=" + agentOptions);
        }
        if (gc) {
            o = o.addProfiler("gc");
        }
        RunResult r = new Runner(o.build()).runSingle();
        if (gc && allocation != null) {
            allocation[0] = r.getSecondaryResults().get("gc.alloc.rate.norm").getScore();
        }
        return r.getPrimaryResult().getScore() / RecursionBench.CALLS;
    }

    public static void main(String[] args) throws Exception {
        AgentOnlyFromItsJar.require();
        String jar = Paths.get(args[0]).toAbsolutePath().toString();
        int forks = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path dir = Files.createTempDirectory("orbscope-overhead");
        String include = "include=example.bench.Recursion#call,quiet=true,events=methods,out=";
        double base = nsPerCall("recursion", null, jar, forks, iterations, false, null);
        double floorWall = nsPerCall("floorWall", null, jar, forks, iterations, false, null) - base;
        double floorCpu = nsPerCall("floorCpu", null, jar, forks, iterations, false, null) - base;
        double minimal = nsPerCall("minimalRecorder", null, jar, forks, iterations, false, null) - base;
        double[] allocWall = {Double.NaN};
        double[] allocCpu = {Double.NaN};
        double wall = nsPerCall("recursion", include + dir.resolve("wall.trace") + ",cpu=false", jar, forks, iterations, true, allocWall) - base;
        double shared = nsPerCall("recursionOwnedByAnotherThread", include + dir.resolve("shared.trace") + ",cpu=false", jar, forks,
                iterations, false, null) - base;
        double cpu = nsPerCall("recursion", include + dir.resolve("cpu.trace") + ",cpu=true", jar, forks, iterations, true, allocCpu) - base;
        double filtered = nsPerCall("recursion", include + dir.resolve("filtered.trace") + ",threads.exclude=*jmh-worker*", jar, forks,
                iterations, false, null) - base;
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"wall-only", f(wall), f(floorWall), f(wall / floorWall), "<= 80 ns and <= 1.15x", ok(wall <= 80 && wall / floorWall <= 1.15)});
        rows.add(new String[] {"wall-shared", f(shared), f(floorWall), f(shared / floorWall), "(not the method's owner)", "-"});
        rows.add(new String[] {"minimal", f(minimal), f(floorWall), f(minimal / floorWall), "(lower bound, no agent)", "-"});
        rows.add(new String[] {"cpu", f(cpu), f(floorCpu), f(cpu / floorCpu), "<= 1.1x", ok(cpu / floorCpu <= 1.1)});
        rows.add(new String[] {"filtered-out", f(filtered), "0", "-", "<= 5 ns", ok(filtered <= 5)});
        System.out.println();
        System.out.printf("uninstrumented recursion: %.2f ns per call (subtracted from every row)%n", base);
        System.out.printf("%-13s %12s %12s %8s  %-24s %s%n", "mode", "ns/call", "floor ns", "ratio", "goal", "met");
        for (String[] r : rows) {
            System.out.printf("%-13s %12s %12s %8s  %-24s %s%n", (Object[]) r);
        }
        System.out.println("wall-shared = wall-only in a thread that is not the method's owner (another thread called it"
                + " first and is alive): the agent's per-method owner cache misses and the thread id slot finds the recorder");
        System.out.println("minimal = the wall floor plus the least any per-thread recorder does (buffer found by thread"
                + " id, 7 bytes stored per call, no varints, guards or drop handling), by hand without an agent");
        System.out.printf("wall-only / minimal: %.2f (what the agent adds to the least any per-thread recorder costs)%n",
                wall / minimal);
        System.out.printf("allocation per op (11 monitored calls): wall-only %.3f B, cpu %.3f B (goal 0)%n", allocWall[0], allocCpu[0]);
    }

    private static String f(double v) {
        return String.format("%.2f", v);
    }

    private static String ok(boolean b) {
        return b ? "yes" : "NO";
    }
}
