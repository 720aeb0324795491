package org.orbscope.run;

import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;

/**
 * The agent's {@code cpu.sample} for a run with no agent config: every fragment's CPU times up to
 * {@link #EXACT_REQUESTS} requests, one fragment in {@code ceil(requests / EXACT_REQUESTS)} above. A run
 * calibrates the model from its own requests, and a stage's mean over a sample's fragments has a standard error
 * of its spread over the square root of their count, so a run keeps about {@link #EXACT_REQUESTS} per stage
 * whatever its length, while a long run stops paying a thread CPU clock read (a system call on some machines)
 * at every stage boundary of every request.
 */
public final class CpuSample {
    /** Requests whose fragments are all recorded; above, the sample keeps about this many. */
    public static final long EXACT_REQUESTS = 20_000;

    private CpuSample() {
    }

    /** 1 up to {@link #EXACT_REQUESTS} requests (or when the count cannot be known), else ceil(requests / it). */
    public static int of(Scenario s) {
        long requests = requests(s.client());
        if (requests <= EXACT_REQUESTS) {
            return 1;
        }
        return (int) Math.min(Integer.MAX_VALUE, (requests + EXACT_REQUESTS - 1) / EXACT_REQUESTS);
    }

    /**
     * Requests the scenario asks of its clients in all: each process's count, or its mean rate times its
     * duration, times the client JVMs that run it; -1 when a duration-bounded process has no mean rate (a closed
     * workload's rate is an outcome of the run).
     */
    static long requests(ClientSpec client) {
        double total = 0;
        for (ProcessSpec p : client.processes()) {
            double n;
            if (p.requests() != null) {
                n = p.requests();
            } else {
                double rate = p.arrival() == null ? Double.NaN : p.arrival().ratePerSecond();
                if (Double.isNaN(rate) || p.durationNanos() < 0) {
                    return -1;
                }
                n = rate * p.durationNanos() / 1e9;
            }
            total += n * client.jvmsOf(p).size();
        }
        return (long) Math.ceil(total);
    }
}
