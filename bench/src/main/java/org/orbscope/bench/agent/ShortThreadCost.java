package org.orbscope.bench.agent;

import static org.orbscope.bench.Rounds.median;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.orbscope.trace.AgentOptions;

/**
 * What a thread that lives for one request costs under the agent: a thread started, making one monitored call
 * (two deep) and joined, in a JVM without the agent, with the agent in the modes an ORB server's short-lived
 * dispatcher threads meet, and with JFR at its default settings (the yardstick: JFR records every thread's start
 * and end too). ORBs such as JacORB create and end dispatcher threads above their pool minimum under load, so a
 * busy server pays this per thread, not per request.
 *
 * <p>Run it on one core ({@code taskset -c 0}): the benchmark thread, the short-lived thread, the agent's writer
 * and JFR's threads then share that core, and the time per thread is the process's CPU per thread. Measured in
 * rounds, each mode once per round (one JMH fork each), in reverse order every other round; each mode's added time
 * is taken over the agent-free fork of its own round.
 * Usage: ShortThreadCost AGENT_JAR [rounds] [iterations]
 */
public final class ShortThreadCost {
    /** The recursion's method, nothing on stderr. */
    private static final AgentOptions RECURSION = AgentOptions.NONE.with("include", "example.bench.Recursion#call")
            .with("quiet", "true");

    private ShortThreadCost() {
    }

    /** One JMH fork per round of one way to run the workload. */
    private static final class Mode {
        final String name;
        final String[] jvmArgs;
        final List<Double> nsPerThread = new ArrayList<>();

        Mode(String name, String... jvmArgs) {
            this.name = name;
            this.jvmArgs = jvmArgs;
        }

        void run(int iterations) throws Exception {
            ChainedOptionsBuilder o = new OptionsBuilder()
                    .include(ShortThreadBench.class.getName() + ".threadForOneCall$")
                    .forks(1).warmupIterations(iterations).measurementIterations(iterations)
                    .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1))
                    .shouldDoGC(true);
            if (jvmArgs.length > 0) {
                o = o.jvmArgsAppend(jvmArgs);
            }
            nsPerThread.add(new Runner(o.build()).runSingle().getPrimaryResult().getScore());
        }

        double[] added(Mode none) {
            double[] ns = new double[nsPerThread.size()];
            for (int i = 0; i < ns.length; i++) {
                ns[i] = nsPerThread.get(i) - none.nsPerThread.get(i);
            }
            return ns;
        }
    }

    /** The agent on the recursion, writing {@code trace}, with {@code options} ({@code key=value}) added. */
    private static String agent(String jar, Path trace, String... options) {
        AgentOptions o = RECURSION.with(AgentOptions.OUT, trace.toString());
        for (String keyValue : options) {
            o = o.with(keyValue);
        }
        return o.javaAgentOption(jar);
    }

    public static void main(String[] args) throws Exception {
        AgentOnlyFromItsJar.require();
        String jar = Paths.get(args[0]).toAbsolutePath().toString();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path dir = Files.createTempDirectory("orbscope-short-threads");
        Mode none = new Mode("no agent");
        Mode jfr = new Mode("JFR default", "-XX:StartFlightRecording");
        Mode threads = new Mode("agent, thread events, CPU times",
                agent(jar, dir.resolve("threads.trace"), "events=methods threads", "cpu=true"));
        Mode wall = new Mode("agent, thread events, wall only",
                agent(jar, dir.resolve("wall.trace"), "events=methods threads", "cpu=false"));
        Mode methods = new Mode("agent, method events only",
                agent(jar, dir.resolve("methods.trace"), "events=methods", "cpu=true"));
        Mode idle = new Mode("agent, the thread excluded",
                agent(jar, dir.resolve("idle.trace"), "events=methods threads", "threads.exclude=short-lived"));
        List<Mode> order = new ArrayList<>(Arrays.asList(none, jfr, threads, wall, methods, idle));
        for (int round = 0; round < rounds; round++) {
            for (Mode m : order) {
                m.run(iterations);
            }
            Collections.reverse(order);
        }
        double[] jfrAdded = jfr.added(none);
        System.out.println();
        System.out.printf("%d rounds, one fork per mode and round; a thread started, one monitored call, joined%n", rounds);
        System.out.printf("no agent: median %.0f ns per thread [%s] (subtracted from every figure of its round)%n",
                median(toArray(none.nsPerThread)), range(toArray(none.nsPerThread)));
        System.out.printf("%-34s %12s %15s %12s %15s%n", "mode", "added ns", "range", "/ JFR's", "range");
        for (Mode m : Arrays.asList(jfr, threads, wall, methods, idle)) {
            double[] added = m.added(none);
            double[] overJfr = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                overJfr[i] = added[i] / jfrAdded[i];
            }
            System.out.printf("%-34s %12.0f %15s %12.2f %15s%n", m.name, median(added), range(added), median(overJfr),
                    range(overJfr));
        }
        System.out.println("added ns: per thread over the agent-free fork of the same round, median over rounds;"
                + " / JFR's: that figure over JFR's of the same round");
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }


    private static String range(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(v[0] < 10 ? "%.2f..%.2f" : "%.0f..%.0f", v[0], v[v.length - 1]);
    }
}
