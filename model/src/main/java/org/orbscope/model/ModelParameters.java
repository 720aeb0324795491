package org.orbscope.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Parameters of seed 001's server model (section 2.3) plus the refinements of section 2.4.1 / 4.3.1: separate
 * 1st/2nd phase CPU times and other threading models. Durations are nanoseconds, rates are requests per second,
 * thread counts of 0 mean unlimited. Immutable; build with {@link #builder()}.
 */
public final class ModelParameters {
    /** A POA with its own thread limit T_poa (0 = unlimited, as the Root-POA) and FIFO. */
    public record Poa(String name, int threads) { }

    /** A servant (object) at a POA with its thread limit T_ser (0 = unlimited). */
    public record Servant(String name, int poa, int threads) { }

    /** One operation of a servant: CPU demand b_ser, non-CPU time b_sem, reply marshalling b_mar. */
    public record Operation(String name, int servant, Dist cpu, Dist nonCpu, Dist marshal) { }

    /**
     * An arrival process on one connection ({@code connection} = -1: requests go round-robin over all
     * connections), routed to operations with the given probabilities.
     */
    public record Stream(Arrivals arrivals, int connection, int[] operations, double[] probabilities) {
        public ArrivalLaw law() {
            return arrivals.law();
        }

        /** Mean arrival rate; NaN for a closed population. */
        public double ratePerSec() {
            return arrivals.ratePerSec();
        }

        /** Cumulative routing probabilities, last one exactly 1. */
        double[] cumulative() {
            double total = 0;
            for (double p : probabilities) {
                total += p;
            }
            double[] c = new double[probabilities.length];
            double acc = 0;
            for (int i = 0; i < c.length; i++) {
                acc += probabilities[i] / total;
                c[i] = acc;
            }
            c[c.length - 1] = 1.0;
            return c;
        }
    }

    final double cores;
    final ThreadingModel threadingModel;
    final PoolScope poolScope;
    final int connections;
    final int dispatcherThreads;
    final Dist receiverCpu;
    final Dist receiverCpuPhase2;
    final Dist poaCpu;
    final Dist dispatcherCpuPhase2;
    final Dist threadCreateCpu;
    final Dist dispatchHandoff;
    final List<Poa> poas;
    final List<Servant> servants;
    final List<Operation> operations;
    final List<Stream> streams;

    private ModelParameters(Builder b) {
        cores = b.cores;
        threadingModel = b.threadingModel;
        poolScope = b.poolScope;
        connections = b.connections;
        dispatcherThreads = b.dispatcherThreads;
        receiverCpu = b.receiverCpu;
        receiverCpuPhase2 = b.receiverCpuPhase2;
        poaCpu = b.poaCpu;
        dispatcherCpuPhase2 = b.dispatcherCpuPhase2;
        threadCreateCpu = b.threadCreateCpu;
        dispatchHandoff = b.dispatchHandoff;
        poas = List.copyOf(b.poas);
        servants = List.copyOf(b.servants);
        operations = List.copyOf(b.operations);
        streams = List.copyOf(b.streams);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.cores = cores;
        b.threadingModel = threadingModel;
        b.poolScope = poolScope;
        b.connections = connections;
        b.dispatcherThreads = dispatcherThreads;
        b.receiverCpu = receiverCpu;
        b.receiverCpuPhase2 = receiverCpuPhase2;
        b.poaCpu = poaCpu;
        b.dispatcherCpuPhase2 = dispatcherCpuPhase2;
        b.threadCreateCpu = threadCreateCpu;
        b.dispatchHandoff = dispatchHandoff;
        b.poas.addAll(poas);
        b.servants.addAll(servants);
        b.operations.addAll(operations);
        b.streams.addAll(streams);
        return b;
    }

    /** The same model with every arrival rate multiplied by {@code factor} (capacity searches). */
    public ModelParameters withRateScale(double factor) {
        Builder b = toBuilder();
        b.streams.clear();
        for (Stream s : streams) {
            b.streams.add(new Stream(s.arrivals().scaled(factor), s.connection(), s.operations(), s.probabilities()));
        }
        return b.build();
    }

    public ModelParameters withDispatcherThreads(int threads) {
        return toBuilder().dispatcherThreads(threads).build();
    }

    public double cores() { return cores; }
    public ThreadingModel threadingModel() { return threadingModel; }
    public PoolScope poolScope() { return poolScope; }
    public int connections() { return connections; }
    public int dispatcherThreads() { return dispatcherThreads; }
    public Dist receiverCpu() { return receiverCpu; }
    public Dist receiverCpuPhase2() { return receiverCpuPhase2; }
    public Dist poaCpu() { return poaCpu; }
    public Dist dispatcherCpuPhase2() { return dispatcherCpuPhase2; }
    public Dist threadCreateCpu() { return threadCreateCpu; }
    public Dist dispatchHandoff() { return dispatchHandoff; }
    public List<Poa> poas() { return poas; }
    public List<Servant> servants() { return servants; }
    public List<Operation> operations() { return operations; }
    public List<Stream> streams() { return streams; }

    /** Sum of all arrival rates, requests per second; NaN when a stream is a closed population. */
    public double totalRatePerSec() {
        return streams.stream().mapToDouble(Stream::ratePerSec).sum();
    }

    /** True when some stream is a closed population (its rate is an outcome of the simulation). */
    public boolean hasClosedStreams() {
        return streams.stream().anyMatch(s -> s.arrivals().closed());
    }

    /**
     * Mean CPU nanoseconds one request costs, weighted by the routing of the arrival streams (by their rates; a
     * closed population by its size, since its rate is unknown before simulating).
     */
    public double meanCpuPerRequestNanos() {
        double total = streams.stream().mapToDouble(ModelParameters::weight).sum();
        double perRequestFixed = receiverCpu.mean() + receiverCpuPhase2.mean() + poaCpu.mean()
                + dispatcherCpuPhase2.mean()
                + (threadingModel == ThreadingModel.THREAD_PER_REQUEST ? threadCreateCpu.mean() : 0);
        double ops = 0;
        for (Stream s : streams) {
            double[] c = s.cumulative();
            double prev = 0;
            for (int i = 0; i < c.length; i++) {
                Operation op = operations.get(s.operations()[i]);
                ops += weight(s) / total * (c[i] - prev) * (op.cpu().mean() + op.marshal().mean());
                prev = c[i];
            }
        }
        return perRequestFixed + ops;
    }

    private static double weight(Stream s) {
        return s.arrivals().closed() ? s.arrivals().population() : s.ratePerSec();
    }

    /**
     * Offered CPU utilisation (total rate x mean CPU per request / cores); must stay below 1 for a stable run. NaN
     * with a closed population, whose load is an outcome.
     */
    public double offeredUtilization() {
        return totalRatePerSec() * meanCpuPerRequestNanos() / 1e9 / cores;
    }

    public String operationLabel(int op) {
        Operation o = operations.get(op);
        return servants.get(o.servant()).name() + "." + o.name();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "model %s cores=%s connections=%d dispatcherThreads=%s pool=%s%n",
                threadingModel, cores, connections, dispatcherThreads == 0 ? "unlimited" : dispatcherThreads,
                poolScope));
        sb.append("  b_rec=").append(receiverCpu).append(" (+2nd ").append(receiverCpuPhase2).append(")")
                .append(" b_poa=").append(poaCpu).append(" disp2nd=").append(dispatcherCpuPhase2);
        if (!dispatchHandoff.isZero()) {
            sb.append(" handoff=").append(dispatchHandoff);
        }
        sb.append('\n');
        for (int i = 0; i < operations.size(); i++) {
            Operation o = operations.get(i);
            Servant s = servants.get(o.servant());
            sb.append("  ").append(operationLabel(i)).append(" @").append(poas.get(s.poa()).name())
                    .append(" T_ser=").append(s.threads() == 0 ? "inf" : s.threads())
                    .append(" b_ser=").append(o.cpu()).append(" b_sem=").append(o.nonCpu())
                    .append(" b_mar=").append(o.marshal()).append('\n');
        }
        for (Stream s : streams) {
            sb.append(String.format(Locale.ROOT, "  arrivals %s conn=%s%n", s.arrivals(),
                    s.connection() < 0 ? "round-robin" : Integer.toString(s.connection())));
        }
        return sb.toString();
    }

    /** Builder; {@link #build()} validates and names the offending field. */
    public static final class Builder {
        private double cores = 1;
        private ThreadingModel threadingModel = ThreadingModel.THREAD_POOL;
        private PoolScope poolScope = PoolScope.SHARED;
        private int connections = 1;
        private int dispatcherThreads = 10;
        private Dist receiverCpu = Dist.ZERO;
        private Dist receiverCpuPhase2 = Dist.ZERO;
        private Dist poaCpu = Dist.ZERO;
        private Dist dispatcherCpuPhase2 = Dist.ZERO;
        private Dist threadCreateCpu = Dist.ZERO;
        private Dist dispatchHandoff = Dist.ZERO;
        private final List<Poa> poas = new ArrayList<>();
        private final List<Servant> servants = new ArrayList<>();
        private final List<Operation> operations = new ArrayList<>();
        private final List<Stream> streams = new ArrayList<>();

        public Builder cores(double c) { cores = c; return this; }
        public Builder threadingModel(ThreadingModel m) { threadingModel = m; return this; }
        public Builder poolScope(PoolScope s) { poolScope = s; return this; }
        public Builder connections(int n) { connections = n; return this; }
        /** T_disp; 0 = unlimited. Also the leader/follower pool size. */
        public Builder dispatcherThreads(int n) { dispatcherThreads = n; return this; }
        /** b_rec: receiver thread CPU before the request is handed on (1st phase, or all of it as in 2.3). */
        public Builder receiverCpu(Dist d) { receiverCpu = d; return this; }
        /** Receiver 2nd phase CPU (cleanup after hand-over): keeps the receiver busy, not the request. */
        public Builder receiverCpuPhase2(Dist d) { receiverCpuPhase2 = d; return this; }
        public Builder poaCpu(Dist d) { poaCpu = d; return this; }
        /** Dispatcher 2nd phase CPU after the reply is sent: holds the thread, not counted in completion time. */
        public Builder dispatcherCpuPhase2(Dist d) { dispatcherCpuPhase2 = d; return this; }
        public Builder threadCreateCpu(Dist d) { threadCreateCpu = d; return this; }
        /**
         * Refinement (not in seed 001): non-CPU latency between a dispatcher thread being assigned and the request
         * starting at the POA (JacORB: RequestController hand-over and thread wake-up). Holds the thread and
         * counts as queueing time, which is why measured queueing is above zero even at low load.
         */
        public Builder dispatchHandoff(Dist d) { dispatchHandoff = d; return this; }

        public Builder poa(String name, int threads) {
            if (indexOfPoa(name) >= 0) {
                throw new IllegalArgumentException("duplicate POA '" + name + "'");
            }
            poas.add(new Poa(name, threads));
            return this;
        }

        public Builder servant(String name, String poa, int threads) {
            int p = indexOfPoa(poa);
            if (p < 0) {
                if (!"RootPOA".equals(poa)) {
                    throw new IllegalArgumentException("servant '" + name + "': unknown POA '" + poa + "'");
                }
                poa("RootPOA", 0);
                p = poas.size() - 1;
            }
            if (indexOfServant(name) >= 0) {
                throw new IllegalArgumentException("duplicate servant '" + name + "'");
            }
            servants.add(new Servant(name, p, threads));
            return this;
        }

        public Builder operation(String servant, String name, Dist cpu, Dist wait, Dist marshal) {
            int s = indexOfServant(servant);
            if (s < 0) {
                throw new IllegalArgumentException("operation '" + name + "': unknown servant '" + servant + "'");
            }
            operations.add(new Operation(name, s, cpu, wait, marshal));
            return this;
        }

        /** Arrivals to one target, written {@code servant.operation}. */
        public Builder stream(ArrivalLaw law, double ratePerSec, int connection, String target) {
            return stream(law, ratePerSec, connection, new String[] {target}, new double[] {1});
        }

        public Builder stream(ArrivalLaw law, double ratePerSec, int connection, String[] targets, double[] probs) {
            return stream(Arrivals.open(law, ratePerSec), connection, targets, probs);
        }

        public Builder stream(Arrivals arrivals, int connection, String[] targets, double[] probs) {
            if (targets.length == 0 || targets.length != probs.length) {
                throw new IllegalArgumentException("arrival stream needs targets with one probability each");
            }
            int[] ops = new int[targets.length];
            for (int i = 0; i < targets.length; i++) {
                ops[i] = indexOfOperation(targets[i]);
                if (ops[i] < 0) {
                    throw new IllegalArgumentException("arrival stream: unknown target '" + targets[i]
                            + "' (servant.operation)");
                }
                if (!(probs[i] >= 0)) {
                    throw new IllegalArgumentException("arrival stream: probability of '" + targets[i]
                            + "' must be >= 0");
                }
            }
            streams.add(new Stream(arrivals, connection, ops, probs.clone()));
            return this;
        }

        public int indexOfPoa(String name) {
            for (int i = 0; i < poas.size(); i++) {
                if (poas.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        public int indexOfServant(String name) {
            for (int i = 0; i < servants.size(); i++) {
                if (servants.get(i).name().equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        public int indexOfOperation(String target) {
            int dot = target.lastIndexOf('.');
            String s = dot < 0 ? "" : target.substring(0, dot);
            String op = target.substring(dot + 1);
            for (int i = 0; i < operations.size(); i++) {
                Operation o = operations.get(i);
                if (o.name().equals(op) && servants.get(o.servant()).name().equals(s)) {
                    return i;
                }
            }
            return -1;
        }

        /** Replaces an operation's demands (calibration), keeping its place and servant. */
        public Builder replaceOperation(String target, Dist cpu, Dist wait, Dist marshal) {
            int i = indexOfOperation(target);
            if (i < 0) {
                throw new IllegalArgumentException("unknown operation '" + target + "'");
            }
            Operation o = operations.get(i);
            operations.set(i, new Operation(o.name(), o.servant(), cpu, wait, marshal));
            return this;
        }

        public List<Operation> operations() {
            return Collections.unmodifiableList(operations);
        }

        public ModelParameters build() {
            if (!(cores > 0) || Double.isInfinite(cores)) {
                throw new IllegalArgumentException("cores must be > 0, got " + cores);
            }
            if (connections < 1) {
                throw new IllegalArgumentException("connections must be >= 1, got " + connections);
            }
            if (dispatcherThreads < 0) {
                throw new IllegalArgumentException("dispatcherThreads must be >= 0 (0 = unlimited)");
            }
            if (operations.isEmpty()) {
                throw new IllegalArgumentException("the model needs at least one servant operation");
            }
            if (streams.isEmpty()) {
                throw new IllegalArgumentException("the model needs at least one arrival stream");
            }
            for (Poa p : poas) {
                if (p.threads() < 0) {
                    throw new IllegalArgumentException("POA '" + p.name() + "': threads must be >= 0");
                }
            }
            for (Servant s : servants) {
                if (s.threads() < 0) {
                    throw new IllegalArgumentException("servant '" + s.name() + "': threads must be >= 0");
                }
            }
            for (Stream s : streams) {
                if (!s.arrivals().closed() && (!(s.ratePerSec() > 0) || Double.isInfinite(s.ratePerSec()))) {
                    throw new IllegalArgumentException("arrival rate must be > 0, got " + s.ratePerSec());
                }
                if (s.connection() >= connections) {
                    throw new IllegalArgumentException("arrival stream connection " + s.connection()
                            + " >= connections " + connections);
                }
            }
            return new ModelParameters(this);
        }
    }
}
