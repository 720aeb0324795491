package org.orbscope.model;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Measured per-request demands of a server, grouped by servant operation: what {@link Calibration} turns into
 * model parameters. Filled request by request ({@link #add}) by whoever measured them, in the model's own terms,
 * so the model knows no file format.
 */
public final class StageSample {
    /** Name of the single operation requests are pooled into when they do not say which operation they were. */
    public static final String POOLED = "servant.op";

    /**
     * One complete request, times in nanoseconds; {@link Double#NaN} where the measurement does not know.
     *
     * @param object target object, or null when unknown (then every request is pooled into {@link #POOLED})
     * @param operation operation name, or null
     * @param arrivalNs arrival instant (any epoch; only differences are used)
     * @param completionNs arrival to the end of the dispatcher's 1st phase
     * @param queueNs time in the dispatcher queue
     * @param queueWaitNs the part of it spent waiting for a free dispatcher thread (the rest is the ORB's
     *     hand-over from the receiver to a dispatcher thread)
     * @param servantCpuNs CPU of the servant (b_ser); required
     * @param replyCpuNs CPU of marshalling and sending the reply (b_mar)
     * @param servantNonCpuNs servant time off the CPU (b_sem)
     * @param receiverCpuNs receiver thread CPU, 1st and 2nd phase (b_rec)
     * @param receiverFirstPhaseCpuNs receiver CPU until the request is queued
     * @param poaCpuNs dispatcher CPU before the servant (b_poa)
     * @param totalCpuNs the request's CPU on every thread
     */
    public record Request(String object, String operation, double arrivalNs, double completionNs, double queueNs,
                          double queueWaitNs, double servantCpuNs, double replyCpuNs, double servantNonCpuNs, double receiverCpuNs,
                          double receiverFirstPhaseCpuNs, double poaCpuNs, double totalCpuNs) {
    }

    /** Demands of one operation ({@code object.operation}, or {@link #POOLED}). */
    public static final class Demands {
        final DoubleList servantCpu = new DoubleList();
        final DoubleList reply = new DoubleList();
        final DoubleList nonCpu = new DoubleList();
        long count;

        public long count() { return count; }
        public double[] servantCpu() { return servantCpu.toArray(); }
        public double[] reply() { return reply.toArray(); }
        public double[] nonCpu() { return nonCpu.toArray(); }
    }

    private final Map<String, Demands> operations = new LinkedHashMap<>();
    private final DoubleList receiverTotal = new DoubleList();
    private final DoubleList receiverFirst = new DoubleList();
    private final DoubleList poa = new DoubleList();
    private final DoubleList dispatcher2 = new DoubleList();
    private final DoubleList handoff = new DoubleList();
    private final TimeStats completion = new TimeStats();
    private final TimeStats queue = new TimeStats();
    private boolean keyed = true;
    private long rows;
    private long cpuRows;
    private double firstArrival = Double.POSITIVE_INFINITY;
    private double lastArrival = Double.NEGATIVE_INFINITY;

    /**
     * Adds one complete request. A part of its CPU that is unknown (the agent samples CPU per fragment, or the
     * profile does not read it there) leaves that part's demand to the requests that have it: under sampling
     * the parts are drawn independently, and counting an unknown part as zero would scale its demand down.
     *
     * @throws IllegalArgumentException when it has no completion time
     */
    public void add(Request r) {
        if (Double.isNaN(r.completionNs())) {
            throw new IllegalArgumentException("a calibration request needs its completion time");
        }
        rows++;
        completion.record(r.completionNs());
        if (!Double.isNaN(r.queueNs())) {
            queue.record(r.queueNs());
            if (!Double.isNaN(r.queueWaitNs())) {
                handoff.add(Math.max(0, r.queueNs() - r.queueWaitNs()));
            }
        }
        if (!Double.isNaN(r.arrivalNs())) {
            firstArrival = Math.min(firstArrival, r.arrivalNs());
            lastArrival = Math.max(lastArrival, r.arrivalNs());
        }
        boolean named = r.object() != null && !r.object().isEmpty() && r.operation() != null
                && !r.operation().isEmpty();
        keyed &= named;
        String key = named ? r.object() + "." + r.operation() : POOLED;
        Demands d = operations.computeIfAbsent(key, k -> new Demands());
        d.count++;
        double reply = zeroIfUnknown(r.replyCpuNs());
        if (!Double.isNaN(r.servantCpuNs())) {
            cpuRows++;
            d.servantCpu.add(r.servantCpuNs());
            d.reply.add(reply);
            d.nonCpu.add(Math.max(0, zeroIfUnknown(r.servantNonCpuNs())));
        }
        double rec = r.receiverCpuNs();
        if (!Double.isNaN(rec)) {
            receiverTotal.add(rec);
            receiverFirst.add(Double.isNaN(r.receiverFirstPhaseCpuNs()) ? rec : Math.min(rec, r.receiverFirstPhaseCpuNs()));
        }
        if (!Double.isNaN(r.poaCpuNs())) {
            poa.add(r.poaCpuNs());
        }
        if (!Double.isNaN(r.totalCpuNs()) && !Double.isNaN(rec) && !Double.isNaN(r.poaCpuNs())
                && !Double.isNaN(r.servantCpuNs())) {
            dispatcher2.add(Math.max(0, r.totalCpuNs() - rec - r.poaCpuNs() - r.servantCpuNs() - reply));
        }
    }

    /** Requests with the servant's CPU time: none means the trace cannot calibrate the model. */
    public long cpuRows() { return cpuRows; }

    private static double zeroIfUnknown(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    /** Number of requests added. */
    public long size() { return rows; }
    /** True when every request named its object and operation (else demands are pooled, see {@link #POOLED}). */
    public boolean keyed() { return keyed && rows > 0; }
    /** Demands per operation; pooled under {@link #POOLED} when not {@link #keyed()}. */
    public Map<String, Demands> operations() {
        if (keyed()) {
            return operations;
        }
        Map<String, Demands> pooled = new LinkedHashMap<>();
        Demands all = new Demands();
        for (Demands d : operations.values()) {
            all.count += d.count;
            all.servantCpu.addAll(d.servantCpu);
            all.reply.addAll(d.reply);
            all.nonCpu.addAll(d.nonCpu);
        }
        pooled.put(POOLED, all);
        return pooled;
    }
    public TimeStats measuredCompletion() { return completion; }
    public TimeStats measuredQueue() { return queue; }
    public double meanReceiverCpuNanos() { return receiverTotal.mean(); }
    public double meanReceiverFirstPhaseCpuNanos() { return receiverFirst.mean(); }
    public double meanPoaCpuNanos() { return poa.mean(); }
    public double meanDispatcherPhase2CpuNanos() { return dispatcher2.mean(); }
    /** Per request, queueing time not spent waiting for a dispatcher thread; empty when unknown. */
    public double[] handoffNanos() { return handoff.toArray(); }

    /** Arrival rate over the requests (per second), NaN when arrival times are unknown. */
    public double measuredRatePerSec() {
        if (rows < 2 || !(lastArrival > firstArrival)) {
            return Double.NaN;
        }
        return (rows - 1) / ((lastArrival - firstArrival) / 1e9);
    }

    /** Growable primitive list. */
    static final class DoubleList {
        private double[] a = new double[64];
        private int n;

        void add(double v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        void addAll(DoubleList o) {
            for (int i = 0; i < o.n; i++) {
                add(o.a[i]);
            }
        }

        double[] toArray() {
            return Arrays.copyOf(a, n);
        }

        double mean() {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += a[i];
            }
            return n == 0 ? 0 : s / n;
        }
    }
}
