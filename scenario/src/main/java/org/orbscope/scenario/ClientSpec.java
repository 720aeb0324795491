package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.units.Units;

/**
 * The workload client: N_con connections (one JacORB ORB instance each, since JacORB shares one connection
 * per target per ORB), the invoker threads that make its open processes' calls, the invocation style, and the arrival processes that run concurrently. {@code instances}
 * runs that many client JVMs side by side (Beekhuis's client capsules), each with the whole client spec and its
 * own seed; with {@code hosts}, that many on every client host.
 */
public record ClientSpec(
        List<Integer> cpus,
        List<String> jvmArgs,
        Integer connections,
        Integer invokers,
        Invocation invocation,
        Long seed,
        Integer warmup,
        String maxDuration,
        Integer instances,
        HostsSpec hosts,
        List<ProcessSpec> processes) {

    /**
     * How the client calls: {@code sync} the static stub (SII), {@code oneway} the IDL's oneway operation,
     * {@code ami} the stub's {@code sendc_} with a reply handler, {@code dii} a Dynamic Invocation Interface
     * {@code Request} ({@code invoke}, or {@code send_oneway} for a oneway operation), {@code deferred} a DII
     * {@code Request} sent with {@code send_deferred} and collected with {@code get_response}.
     */
    public enum Invocation { SYNC, ONEWAY, AMI, DII, DEFERRED;
        @com.fasterxml.jackson.annotation.JsonCreator
        public static Invocation parse(String s) {
            return Names.enumValue(Invocation.class, s);
        }
    }

    public ClientSpec {
        cpus = cpus == null ? List.of() : cpus;
        jvmArgs = jvmArgs == null ? List.of() : jvmArgs;
        connections = connections == null ? 1 : connections;
        invocation = invocation == null ? Invocation.SYNC : invocation;
        seed = seed == null ? 1L : seed;
        warmup = warmup == null ? 0 : warmup;
        instances = instances == null ? 1 : instances;
        processes = processes == null ? List.of() : processes;
    }

    /** The same client with these processes. */
    ClientSpec withProcesses(List<ProcessSpec> to) {
        return new ClientSpec(cpus, jvmArgs, connections, invokers, invocation, seed, warmup, maxDuration, instances,
                hosts, to);
    }

    /** Client hosts per point: 0 when the clients run on this machine. */
    public int hostCount() {
        return hosts == null ? 0 : hosts.count();
    }

    /** Client JVMs of a point: {@code instances} on this machine, or on each client host. */
    public int jvms() {
        return instances * Math.max(1, hostCount());
    }

    /**
     * The client JVMs that run process {@code p}, by number (0 .. {@link #jvms()} - 1; JVM {@code h * instances + i}
     * is instance {@code i} of host {@code h}): all of them, or those of the host the process names. A JVM's
     * number seeds its draws.
     */
    public List<Integer> jvmsOf(ProcessSpec p) {
        int from = 0;
        int to = jvms();
        if (p.host() != null) {
            int h = hosts.used().indexOf(p.host());
            from = h * instances;
            to = from + instances;
        }
        List<Integer> out = new ArrayList<>();
        for (int j = from; j < to; j++) {
            out.add(j);
        }
        return out;
    }

    /**
     * Invoker threads of each client JVM: {@code invokers} when the scenario gives it (1 is a user who does one
     * thing at a time: Balay et al.'s GUI client), else enough for the expected number of requests in flight (the
     * open processes' rate x a generous 50 ms) plus slack, at most {@link #MAX_INVOKERS}. When all are busy, requests go out late and
     * the lateness is recorded.
     */
    public int invokerThreads() {
        return invokers != null ? invokers : (int) Math.max(8, Math.min(MAX_INVOKERS,
                Math.ceil(openRatePerSecond() * 0.05) + 8));
    }

    /** The most invoker threads a client JVM runs, whether the scenario gives them or they are sized from the rate. */
    public static final int MAX_INVOKERS = 256;

    /** The requests per second each client JVM is asked to send: the mean rates of its open processes, summed. */
    public double openRatePerSecond() {
        double rate = 0;
        for (ProcessSpec p : processes) {
            if (!p.arrival().closed()) {
                rate += p.arrival().ratePerSecond();
            }
        }
        return rate;
    }

    /** Hard limit on the client's run time in nanoseconds (a guard, not a workload parameter). */
    public long maxDurationNanos() {
        return maxDuration == null ? Units.durationNanos("10m") : Units.durationNanos(maxDuration);
    }
}
