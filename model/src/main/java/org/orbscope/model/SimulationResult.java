package org.orbscope.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What one simulation run measured. Times are milliseconds; utilizations are fractions of all cores (0..1).
 * Request statistics exclude the warm-up requests; Little's law and utilization cover the whole run.
 */
public final class SimulationResult {
    /** Per-operation (servant.operation) statistics; cpuUtilization is a fraction of its server's cores. */
    public record OperationResult(String label, String poa, TimeStats completion, TimeStats queue,
                                  double cpuUtilization) { }

    /**
     * Per-server statistics: completion and dispatcher-queue times of every request that reached the server over a
     * connection (the arrival streams' and other servers' calls; collocated calls are their callers' work), and the
     * server's CPU utilization, simulated and offered (visit rates x demands / its cores).
     */
    public record ServerResult(String name, TimeStats completion, TimeStats queue, double cpuUtilization,
                               double offeredUtilization) { }

    /**
     * A lock of a server (named server/lock when the model has several): the waits of its measured visits, the
     * visits of the whole run, the fraction of the run it was held and its mean hold in wall time (its CPU inside
     * stretched by processor sharing), beside its offered utilization (visit rate x mean CPU held).
     */
    public record LockResult(String name, TimeStats waits, long acquisitions, double heldFraction, double meanHoldMs,
                             double offeredUtilization) { }

    final TimeStats completion = new TimeStats(true);
    final TimeStats clientResponse = new TimeStats(true);
    final TimeStats queue = new TimeStats(true);
    final TimeStats receiverWait = new TimeStats(true);
    final TimeStats poaWait = new TimeStats(true);
    final TimeStats servantWait = new TimeStats(true);
    final Map<String, OperationResult> operations = new LinkedHashMap<>();
    final Map<String, ServerResult> servers = new LinkedHashMap<>();
    final Map<String, LockResult> locks = new LinkedHashMap<>();
    final Map<String, Double> utilizationByStage = new LinkedHashMap<>();
    final Map<String, Double> utilizationByPoa = new LinkedHashMap<>();
    long requests;
    long warmup;
    long events;
    double simulatedNanos;
    double cpuUtilization;
    double littleL;
    double littleLambdaW;
    double queueLittleL;
    double queueLittleLambdaW;
    double offeredUtilization;
    long wallNanos;

    /**
     * Completion time: arrival at the receiver thread to the reply sent (end of the dispatcher 1st phase), or for a
     * oneway request, which has no reply, to the end of its servant's work.
     */
    public TimeStats completion() { return completion; }
    /**
     * The client's response time: completion time plus the client and network delay, for requests with a reply;
     * empty when the model has no client delay ({@link ModelParameters#clientDelay()}).
     */
    public TimeStats clientResponse() { return clientResponse; }
    /** Time in the dispatcher queue (Harkema et al.'s "queuing time"). */
    public TimeStats queue() { return queue; }
    /** Wait for the connection's receiver thread (or, leader/follower, for a leader). */
    public TimeStats receiverWait() { return receiverWait; }
    /** Wait for a POA thread (T_poa) or the global mutex of the threaded model. */
    public TimeStats poaWait() { return poaWait; }
    /** Wait for a servant thread (T_ser). */
    public TimeStats servantWait() { return servantWait; }
    public Map<String, OperationResult> operations() { return Collections.unmodifiableMap(operations); }
    /** Per server, in the model's order (one, "server", for a model of one server). */
    public Map<String, ServerResult> servers() { return Collections.unmodifiableMap(servers); }
    /** Per lock, in the model's order; empty when no operation takes a lock. */
    public Map<String, LockResult> locks() { return Collections.unmodifiableMap(locks); }
    /** CPU utilization per stage: receiver, poa, servant, marshal, phase2, threadCreate. */
    public Map<String, Double> utilizationByStage() { return Collections.unmodifiableMap(utilizationByStage); }
    /** CPU utilization of POA, servant and marshal work per POA. */
    public Map<String, Double> utilizationByPoa() { return Collections.unmodifiableMap(utilizationByPoa); }
    /** Requests in the statistics (total minus warm-up). */
    /** Completed requests per simulated second (all of them, warm-up included). */
    public double throughputPerSec() {
        return simulatedNanos > 0 ? (requests + warmup) / (simulatedNanos / 1e9) : 0;
    }

    public long requests() { return requests; }
    public long warmup() { return warmup; }
    public long events() { return events; }
    public double simulatedSeconds() { return simulatedNanos / 1e9; }
    /**
     * Fraction of the cores busy over the run (all CPU work: receiver, POA, servant, marshal, 2nd phases), of all
     * servers' cores together.
     */
    public double cpuUtilization() { return cpuUtilization; }
    /** Rate x mean CPU demand / cores, from the parameters (Harkema et al.'s "calculated CPU utilization"). */
    public double offeredUtilization() { return offeredUtilization; }
    /** Time-average number of requests in the system, from the event-by-event integral. */
    public double littleL() { return littleL; }
    /** Throughput x mean completion time over all requests (warm-up included), Little's law's other side. */
    public double littleLambdaW() { return littleLambdaW; }
    public double littleRelativeError() { return relError(littleL, littleLambdaW); }
    /** Little's law for the dispatcher queue alone. */
    public double queueLittleRelativeError() { return relError(queueLittleL, queueLittleLambdaW); }
    public long wallNanos() { return wallNanos; }

    private static double relError(double a, double b) {
        if (a == 0 && b == 0) {
            return 0;
        }
        return Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
    }

    /** Human-readable table (the {@code orbscope simulate} output for one point). */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %10s%n", "time (ms)", "mean", "p50",
                "p90", "p95", "p99", "max"));
        row(sb, "completion", completion);
        if (clientResponse.count() > 0) {
            row(sb, "client response", clientResponse);
        }
        row(sb, "dispatcher queue", queue);
        row(sb, "receiver wait", receiverWait);
        row(sb, "POA/mutex wait", poaWait);
        row(sb, "servant wait", servantWait);
        for (LockResult l : locks.values()) {
            row(sb, "lock " + l.name() + " wait", l.waits());
        }
        for (OperationResult o : operations.values()) {
            if (operations.size() > 1) {
                row(sb, "  " + o.label(), o.completion());
            }
        }
        if (servers.size() > 1) {
            for (ServerResult srv : servers.values()) {
                row(sb, "server " + srv.name(), srv.completion());
                row(sb, "  dispatcher queue", srv.queue());
            }
            for (ServerResult srv : servers.values()) {
                sb.append(String.format(Locale.ROOT, "server %s: CPU utilization %.2f%% (offered %s), %d requests%n",
                        srv.name(), 100 * srv.cpuUtilization(), offered(srv.offeredUtilization()),
                        srv.completion().count()));
            }
        }
        for (LockResult l : locks.values()) {
            sb.append(String.format(Locale.ROOT, "lock %s: held %.2f%% of the time (offered %s), %d visits, mean "
                    + "hold %.4f ms%n", l.name(), 100 * l.heldFraction(), offered(l.offeredUtilization()),
                    l.acquisitions(), l.meanHoldMs()));
        }
        sb.append(String.format(Locale.ROOT, "CPU utilization %.2f%% (offered %s), throughput %.4g req/s",
                100 * cpuUtilization, offered(offeredUtilization), throughputPerSec()));
        utilizationByStage.forEach((k, v) -> sb.append(String.format(Locale.ROOT, " %s %.2f%%", k, 100 * v)));
        sb.append('\n');
        sb.append(String.format(Locale.ROOT,
                "requests %d (+%d warm-up), simulated %.3f s, Little L=%.5f lambdaW=%.5f (rel.err %.2e)%n",
                requests, warmup, simulatedSeconds(), littleL, littleLambdaW, littleRelativeError()));
        interval(sb, "completion", completion);
        interval(sb, "client response", clientResponse);
        return sb.toString();
    }

    /** The 95% batch-means interval of a mean, when the run gave enough batches for one. */
    private static void interval(StringBuilder sb, String name, TimeStats s) {
        BatchMeans.Interval i = s.intervalMs(0.95);
        if (i != null && !Double.isNaN(i.halfWidth())) {
            sb.append(String.format(Locale.ROOT, "mean %s %.4f ms +- %.4f ms (95%% confidence, batch means of %d "
                    + "batches of %d requests)%n", name, i.mean(), i.halfWidth(), i.batches(), i.batchSize()));
        }
    }

    /** An offered utilization as a percentage, or why there is none. */
    private static String offered(double u) {
        return Double.isNaN(u) ? "unknown: a closed population" : String.format(Locale.ROOT, "%.2f%%", 100 * u);
    }

    private static void row(StringBuilder sb, String name, TimeStats s) {
        sb.append(String.format(Locale.ROOT, "%-22s %10.4f %10.4f %10.4f %10.4f %10.4f %10.4f%n", name,
                s.meanMs(), s.percentileMs(50), s.percentileMs(90), s.percentileMs(95), s.percentileMs(99),
                s.maxMs()));
    }

    @Override
    public String toString() {
        return table();
    }
}
