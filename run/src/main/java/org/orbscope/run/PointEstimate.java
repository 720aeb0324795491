package org.orbscope.run;

import org.orbscope.scenario.ArrivalSpec;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.TargetSpec;

/**
 * How long a point takes, from what its scenario says. The client's processes run side by side, so the workload
 * lasts as long as the longest: an open process sends {@code requests} at its mean {@code rate} (a replayed one
 * as its file's times say), a process with a {@code duration} runs that long. A closed process's rate is an
 * outcome of the run: its time is estimated from its think time and the demands of the operations it calls, as
 * if no request ever queued, or from the CPU those demands take on the server's cores when that is longer
 * (the asymptotic bounds of operational analysis); {@link #closedLoop} says so. Around the workload every point
 * starts and stops its JVMs: {@link #startupSec}.
 *
 * @param workloadSec from the client's first request to its last, at most {@code client.maxDuration}
 * @param startupSec what the point takes besides: start-up (JVMs, the server's warm-up calls, the client's
 *     checks) and stop (the client's files, the server's stop, the agent's trace)
 * @param closedLoop some process is closed, so {@code workloadSec} is an estimate
 */
public record PointEstimate(double workloadSec, double startupSec, boolean closedLoop) {
    /**
     * The allowance for a point's JVMs to start and stop (the server's warm-up calls included), the largest
     * measured with the quickstart and Harkema et al.'s scenario A, rounded (docs/results/quickstart.md).
     */
    public static final double STARTUP_SEC = 3;
    /** The same with the agent in the server: it instruments JacORB's classes as they load, and writes the trace. */
    public static final double MONITORED_STARTUP_SEC = 6;
    /** A null two-way call over loopback, the part of a closed loop's cycle that no demand accounts for. */
    static final double ROUND_TRIP_SEC = 100e-6;

    /** The estimate of one point's scenario. */
    public static PointEstimate of(Scenario s) {
        ClientSpec client = s.client();
        double longest = 0;
        boolean closed = false;
        for (ProcessSpec p : client.processes()) {
            closed |= p.arrival().closed() && p.durationNanos() < 0;
            longest = Math.max(longest, seconds(s, p));
        }
        double workload = Math.min(longest, client.maxDurationNanos() / 1e9);
        return new PointEstimate(workload, s.monitored() ? MONITORED_STARTUP_SEC : STARTUP_SEC, closed);
    }

    /** The point's whole time: its workload and its start-up allowance. */
    public double totalSec() {
        return workloadSec + startupSec;
    }

    private static double seconds(Scenario s, ProcessSpec p) {
        if (p.durationNanos() > 0) {
            return p.durationNanos() / 1e9;
        }
        ArrivalSpec a = p.arrival();
        long requests = p.requests();
        switch (a.law()) {
            case CLOSED:
                return closedSeconds(s, p, requests);
            case REPLAY: {
                long[] times = a.replayTimesNanos();
                return times.length == 0 ? 0 : times[(int) Math.min(requests, times.length) - 1] / 1e9;
            }
            default:
                return requests / a.ratePerSecond();
        }
    }

    /**
     * A closed process's {@code requests} over its {@code threads}, each request a think time, its demand and a
     * round trip; or its CPU demand on the cores of the servers it calls, whichever is longer.
     */
    private static double closedSeconds(Scenario s, ProcessSpec p, long requests) {
        double demand = 0;
        double cpuPerCore = 0;
        for (int i = 0; i < p.targets().size(); i++) {
            TargetSpec t = p.targets().get(i);
            Scenario.Ref ref = s.resolve(t.server(), t.object());
            OperationSpec op = ref == null ? null : ref.object().operations().get(t.operation());
            if (op == null) {
                continue; // an operation the scenario does not list costs nothing
            }
            double cpu = op.cpu().meanNanos() / 1e9;
            demand += p.probability(i) * (cpu + op.waiting().meanNanos() / 1e9);
            int cores = ref.server().cpus().isEmpty() ? Runtime.getRuntime().availableProcessors()
                    : ref.server().cpus().size();
            cpuPerCore += p.probability(i) * cpu / cores;
        }
        double think = p.arrival().thinkTime().meanNanos() / 1e9;
        int threads = p.arrival().threads() == null ? 1 : Math.max(1, p.arrival().threads());
        return Math.max(requests * (think + demand + ROUND_TRIP_SEC) / threads, requests * cpuPerCore);
    }
}
