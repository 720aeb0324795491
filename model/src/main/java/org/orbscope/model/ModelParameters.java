package org.orbscope.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parameters of Harkema et al.'s server model (section 2.3) plus the refinements of section 2.4.1 / 4.3.1: separate
 * 1st/2nd phase CPU times and other threading models, and several server processes whose servants call each other
 * (Balay et al.'s request fan-out). Durations are nanoseconds, rates are requests per second, thread counts of 0 mean
 * unlimited. Immutable; build with {@link #builder()}.
 *
 * <p>Each server has its own processor-sharing CPU of {@code cores} and its own dispatcher pool, or shares one CPU
 * with the servers of its host that may use the same cores ({@link Builder#shareCpu}); every POA belongs to one
 * server. The middleware's per-request costs (b_rec, b_poa, 2nd phases, hand-off) are the same ORB's on every
 * server. {@link #cores()}, {@link #dispatcherThreads()} and {@link #poolScope()} are the first server's.
 */
public final class ModelParameters {
    /** A server process: one processor-sharing CPU of {@code cores}, its dispatcher pool T_disp and its scope. */
    public record Server(String name, double cores, int dispatcherThreads, PoolScope poolScope) { }

    /** A POA of a server with its own thread limit T_poa (0 = unlimited, as the Root-POA) and FIFO. */
    public record Poa(String name, int threads, int server) {
        public Poa(String name, int threads) {
            this(name, threads, 0);
        }
    }

    /** A servant (object) at a POA with its thread limit T_ser (0 = unlimited). */
    public record Servant(String name, int poa, int threads) { }

    /**
     * A call an operation makes after its CPU demand: {@code count} sub-requests of {@code operation}, one after
     * the other. A sync call holds the caller's thread until the sub-request's reply is sent; a oneway call goes on
     * at once. A call to an operation of the same server is collocated: the callee's servant runs on the caller's
     * thread (no receiver, dispatcher queue, POA or marshalling; its servant limit T_ser still applies), so it is
     * waited for even when oneway. Each of the {@code count} sub-requests is made with {@code probability}: the
     * call contributes {@code count x probability} visits to its operation.
     */
    public record Call(int operation, int count, boolean sync, double probability) {
        /** Sub-requests made for certain. */
        public Call(int operation, int count, boolean sync) {
            this(operation, count, sync, 1.0);
        }

        /** The sub-requests made per call of the caller on average. */
        public double visits() {
            return count * probability;
        }
    }

    /**
     * A lock (a monitor of the ORB or of a servant) of one server: a FIFO resource that one request holds at a time.
     * Operations of the server that name it take it after their CPU demand b_ser and hold it for their CPU inside
     * it ({@link LockUse}).
     *
     * @param handoff how long the lock stands free between a release and the entry of the waiter it passes to,
     *                drawn per hand-off and only when a waiter is queued: a JVM monitor wakes its blocked
     *                successor, which then needs a core before it enters. Zero passes the lock at once.
     */
    public record Lock(String name, int server, Dist handoff) {
        public Lock {
            java.util.Objects.requireNonNull(handoff, "handoff");
        }

        /** A lock that passes to its next waiter at once. */
        public Lock(String name, int server) {
            this(name, server, Dist.ZERO);
        }
    }

    /**
     * An operation's visit to {@code lock}: it waits in the lock's FIFO (its thread blocked, no CPU), then holds
     * the lock for {@code hold} of CPU time, shared with every other active job by processor sharing, and releases
     * it before its calls.
     */
    public record LockUse(int lock, Dist hold) { }

    /**
     * One operation of a servant: CPU demand b_ser, then its lock (if any: the wait for it and the CPU inside it),
     * then its calls in order, then non-CPU time b_sem, and reply marshalling b_mar. A {@code oneway} operation
     * (declared oneway in the IDL) has no reply: its upcall ends with its servant's work, with no b_mar.
     *
     * @param lock the lock it takes, or null
     */
    public record Operation(String name, int servant, Dist cpu, Dist nonCpu, Dist marshal, List<Call> calls,
                            LockUse lock, boolean oneway) {
        public Operation {
            calls = List.copyOf(calls);
        }

        public Operation(String name, int servant, Dist cpu, Dist nonCpu, Dist marshal, List<Call> calls) {
            this(name, servant, cpu, nonCpu, marshal, calls, null, false);
        }

        public Operation(String name, int servant, Dist cpu, Dist nonCpu, Dist marshal) {
            this(name, servant, cpu, nonCpu, marshal, List.of());
        }

        /** The mean CPU of one visit: b_ser plus the CPU inside its lock. */
        double meanServantCpu() {
            return cpu.mean() + (lock == null ? 0 : lock.hold().mean());
        }
    }

    /**
     * Who makes a stream's calls: the client JVM {@code client} whose invoker threads ({@link Builder#invokers}) the
     * calls of every stream of that client share (-1: a thread for every call), and the work the calling thread
     * does after each reply, which holds it ({@code cpu} then {@code waiting}, both as time: the client's CPU is
     * not one of the model's). A closed client thinks after that work.
     */
    public record Caller(int client, Dist cpu, Dist waiting) {
        public static final Caller NONE = new Caller(-1, Dist.ZERO, Dist.ZERO);

        /** Whether the caller does anything after a reply. */
        public boolean processes() {
            return !cpu.isZero() || !waiting.isZero();
        }
    }

    /**
     * An arrival process on one connection ({@code connection} = -1: requests go round-robin over all
     * connections), routed to operations with the given probabilities. {@code requests} is the process's own
     * count (0: none; it sends as long as the run lasts): see {@link Simulator#run(ModelParameters, long, long,
     * long)} for how counts share a run. {@code caller}: the thread that makes its calls ({@link Caller}).
     */
    public record Stream(Arrivals arrivals, int connection, int[] operations, double[] probabilities, long requests,
                         Caller caller) {
        public Stream(Arrivals arrivals, int connection, int[] operations, double[] probabilities) {
            this(arrivals, connection, operations, probabilities, 0, Caller.NONE);
        }

        public Stream(Arrivals arrivals, int connection, int[] operations, double[] probabilities, long requests) {
            this(arrivals, connection, operations, probabilities, requests, Caller.NONE);
        }

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

    final List<Server> servers;
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
    final List<Lock> locks;
    final Dist clientDelay;
    /** The processor-sharing CPU each server runs on: its own, or one it shares ({@link Builder#shareCpu}). */
    final int[] cpuOf;
    /** How many CPUs the servers run on. */
    final int cpus;
    /** Invoker threads of each client JVM a stream's {@link Caller} names, by number; 0: one for every call. */
    final int[] invokers;

    private ModelParameters(Builder b, List<Server> servers, int[] cpuOf) {
        this.servers = List.copyOf(servers);
        this.cpuOf = cpuOf;
        this.cpus = Arrays.stream(cpuOf).max().orElse(-1) + 1;
        int clients = b.streams.stream().mapToInt(st -> st.caller().client()).max().orElse(-1) + 1;
        this.invokers = new int[clients];
        for (int c = 0; c < clients; c++) {
            invokers[c] = b.invokers.getOrDefault(c, 0);
        }
        cores = servers.get(0).cores();
        threadingModel = b.threadingModel;
        poolScope = servers.get(0).poolScope();
        connections = b.connections;
        dispatcherThreads = servers.get(0).dispatcherThreads();
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
        locks = List.copyOf(b.locks);
        clientDelay = b.clientDelay;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.servers.addAll(servers);
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
        servants.forEach(b::addServant);
        operations.forEach(b::addOperation);
        b.streams.addAll(streams);
        b.locks.addAll(locks);
        b.clientDelay = clientDelay;
        b.sharedCpus.addAll(sharedCpus());
        for (int c = 0; c < invokers.length; c++) {
            b.invokers.put(c, invokers[c]);
        }
        return b;
    }

    /** The same model with every arrival rate multiplied by {@code factor} (capacity searches). */
    public ModelParameters withRateScale(double factor) {
        Builder b = toBuilder();
        b.streams.clear();
        for (Stream s : streams) {
            b.streams.add(new Stream(s.arrivals().scaled(factor), s.connection(), s.operations(), s.probabilities(),
                    s.requests(), s.caller()));
        }
        return b.build();
    }

    /** The same model with every server's dispatcher pool of {@code threads} (0 = unlimited). */
    public ModelParameters withDispatcherThreads(int threads) {
        return toBuilder().dispatcherThreads(threads).build();
    }

    public List<Server> servers() { return servers; }

    /** The CPU server {@code server} runs on, 0 to {@link #cpuCount()} - 1; servers that share one have the same. */
    public int cpuOf(int server) { return cpuOf[server]; }

    public int cpuCount() { return cpus; }

    /** The invoker threads of client JVM {@code client} ({@link Caller}); 0: one for every call. */
    public int invokers(int client) { return invokers[client]; }

    /** The groups of two or more servers that share a CPU, by name. */
    public List<List<String>> sharedCpus() {
        List<List<String>> groups = new ArrayList<>();
        for (int c = 0; c < cpus; c++) {
            List<String> names = new ArrayList<>();
            for (int s = 0; s < servers.size(); s++) {
                if (cpuOf[s] == c) {
                    names.add(servers.get(s).name());
                }
            }
            if (names.size() > 1) {
                groups.add(names);
            }
        }
        return groups;
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
    public List<Lock> locks() { return locks; }
    /**
     * The client's and the network's time per request with a reply (ZERO: not modelled): added to the server's
     * completion time it is the client's response time, and a closed client thinks only after it.
     */
    public Dist clientDelay() { return clientDelay; }

    /** Sum of all arrival rates, requests per second; NaN when a stream is a closed population. */
    public double totalRatePerSec() {
        return streams.stream().mapToDouble(Stream::ratePerSec).sum();
    }

    /** The server an operation runs on. */
    public int serverOf(int operation) {
        return poas.get(servants.get(operations.get(operation).servant()).poa()).server();
    }

    /** True when some stream is a closed population (its rate is an outcome of the simulation). */
    public boolean hasClosedStreams() {
        return streams.stream().anyMatch(s -> s.arrivals().closed());
    }

    /**
     * Visits per second of each operation: {@code [op][0]} requests that reach its server over a connection (the
     * arrival streams' and other servers' calls), {@code [op][1]} collocated calls from its own server. NaN with a
     * closed population, whose rate is an outcome.
     */
    public double[][] visitRates() {
        return visits(false);
    }

    /**
     * Visits of each operation per unit of the streams' weight: their rates, or with {@code byWeight} a closed
     * population's size in place of its unknown rate.
     */
    private double[][] visits(boolean byWeight) {
        double[][] v = new double[operations.size()][2];
        for (Stream s : streams) {
            double[] c = s.cumulative();
            double prev = 0;
            double w = byWeight ? weight(s) : s.ratePerSec();
            for (int i = 0; i < c.length; i++) {
                v[s.operations()[i]][0] += w * (c[i] - prev);
                prev = c[i];
            }
        }
        for (int op : callOrder()) {
            for (Call c : operations.get(op).calls()) {
                double rate = (v[op][0] + v[op][1]) * c.visits();
                v[c.operation()][serverOf(c.operation()) == serverOf(op) ? 1 : 0] += rate;
            }
        }
        return v;
    }

    private static double weight(Stream s) {
        return s.arrivals().closed() ? s.arrivals().population() : s.ratePerSec();
    }

    /** Operations ordered so that every caller comes before the operations it calls (the calls are acyclic). */
    private int[] callOrder() {
        int[] order = new int[operations.size()];
        int[] state = new int[operations.size()];
        int[] n = {order.length};
        for (int op = 0; op < operations.size(); op++) {
            visit(op, state, order, n);
        }
        return order;
    }

    private void visit(int op, int[] state, int[] order, int[] n) {
        if (state[op] != 0) {
            return;
        }
        state[op] = 1;
        for (Call c : operations.get(op).calls()) {
            visit(c.operation(), state, order, n);
        }
        state[op] = 2;
        order[--n[0]] = op;
    }

    /** CPU nanoseconds per second (or per unit of weight, see {@link #visits}) each server is offered. */
    private double[] workRates(boolean byWeight) {
        double fixed = receiverCpu.mean() + receiverCpuPhase2.mean() + poaCpu.mean() + dispatcherCpuPhase2.mean()
                + (threadingModel == ThreadingModel.THREAD_PER_REQUEST ? threadCreateCpu.mean() : 0);
        double[][] v = visits(byWeight);
        double[] w = new double[servers.size()];
        for (int op = 0; op < operations.size(); op++) {
            Operation o = operations.get(op);
            double servant = o.meanServantCpu();
            w[serverOf(op)] += v[op][0] * (fixed + servant + (o.oneway() ? 0 : o.marshal().mean()))
                    + v[op][1] * servant;
        }
        return w;
    }

    /**
     * Offered utilization of a lock: its visits per second times the mean CPU held inside it, the fraction of time
     * it is held when its holder runs on a core of its own; processor sharing stretches a hold, so the lock is held
     * at least this long. Must stay below 1 for a stable run. NaN with a closed population.
     */
    public double offeredLockUtilization(int lock) {
        double[][] v = visits(false);
        double held = 0;
        for (int op = 0; op < operations.size(); op++) {
            LockUse use = operations.get(op).lock();
            if (use != null && use.lock() == lock) {
                held += (v[op][0] + v[op][1]) * use.hold().mean();
            }
        }
        return held / 1e9;
    }

    /**
     * Mean CPU nanoseconds one request costs on all servers together (its calls included), weighted by the routing
     * of the arrival streams (by their rates; a closed population by its size, since its rate is unknown before
     * simulating).
     */
    public double meanCpuPerRequestNanos() {
        double total = 0;
        for (double w : workRates(true)) {
            total += w;
        }
        return total / streams.stream().mapToDouble(ModelParameters::weight).sum();
    }

    /**
     * Offered CPU utilization of all servers together (their work rate / all their CPUs' cores); must stay below 1
     * for a stable run. NaN with a closed population, whose load is an outcome.
     */
    public double offeredUtilization() {
        double work = 0;
        double allCores = 0;
        double[] w = workRates(false);
        for (int s = 0; s < servers.size(); s++) {
            work += w[s];
        }
        for (int c = 0; c < cpus; c++) {
            allCores += cpuCores(c);
        }
        return work / 1e9 / allCores;
    }

    /** Offered CPU utilization of one server (visit rates x demands / its cores): its own share of its CPU. */
    public double offeredUtilization(int server) {
        return workRates(false)[server] / 1e9 / servers.get(server).cores();
    }

    /**
     * Offered utilization of the CPU {@code server} runs on, by every server on it: below 1 for a stable run. Equal
     * to {@link #offeredUtilization(int)} for a server with a CPU of its own.
     */
    public double offeredCpuUtilization(int server) {
        double[] w = workRates(false);
        double work = 0;
        for (int s = 0; s < servers.size(); s++) {
            if (cpuOf[s] == cpuOf[server]) {
                work += w[s];
            }
        }
        return work / 1e9 / servers.get(server).cores();
    }

    private double cpuCores(int cpu) {
        for (int s = 0; ; s++) {
            if (cpuOf[s] == cpu) {
                return servers.get(s).cores();
            }
        }
    }

    public String operationLabel(int op) {
        Operation o = operations.get(op);
        return servants.get(o.servant()).name() + "." + o.name();
    }

    /** What the symbols of {@link #toString()} and of a result's table stand for, for a reader of both. */
    public static final String LEGEND = String.join(System.lineSeparator(),
            "legend: b_rec receiver CPU per request (+2nd: after the request is queued), b_poa POA CPU, disp2nd",
            "  dispatcher CPU after the reply, T_ser servant threads (inf: unlimited), b_ser servant CPU (outside its",
            "  lock), lock NAME hold= CPU inside the lock, b_sem servant time off the CPU, b_mar reply marshalling CPU,",
            "  oneway: no reply; conn: a stream's client connection, requests= a process's own count (a run of",
            "  another length shares its requests in proportion); a lock's offered share: visits per second x CPU",
            "  inside; Little L: mean requests in the system, lambdaW: throughput x mean completion (equal when",
            "  nothing is lost)", "");

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "model %s cores=%s connections=%d dispatcherThreads=%s pool=%s%n",
                threadingModel, cores, connections, dispatcherThreads == 0 ? "unlimited" : dispatcherThreads,
                poolScope));
        if (servers.size() > 1) {
            for (Server s : servers) {
                sb.append(String.format(Locale.ROOT, "  server %s cores=%s dispatcherThreads=%s pool=%s%n", s.name(),
                        s.cores(), s.dispatcherThreads() == 0 ? "unlimited" : s.dispatcherThreads(), s.poolScope()));
            }
            for (List<String> group : sharedCpus()) {
                sb.append("  one CPU shared by ").append(String.join(", ", group)).append(System.lineSeparator());
            }
        }
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
                    .append(" b_ser=").append(o.cpu());
            if (o.lock() != null) {
                Lock l = locks.get(o.lock().lock());
                sb.append(" lock ").append(l.name()).append(" hold=").append(o.lock().hold());
                if (!l.handoff().isZero()) {
                    sb.append(" handoff=").append(l.handoff());
                }
            }
            sb.append(" b_sem=").append(o.nonCpu())
                    .append(o.oneway() ? " oneway (no reply, no b_mar)" : " b_mar=" + o.marshal()).append('\n');
            for (Call c : o.calls()) {
                sb.append("    calls ").append(c.count()).append(" x ").append(operationLabel(c.operation()))
                        .append(c.sync() ? " (sync)" : " (oneway)")
                        .append(c.probability() < 1 ? " each with probability " + c.probability() : "")
                        .append(serverOf(c.operation()) == serverOf(i) ? " collocated" : "").append('\n');
            }
        }
        for (Stream s : streams) {
            Caller c = s.caller();
            sb.append(String.format(Locale.ROOT, "  arrivals %s conn=%s%s%s%s%n", s.arrivals(),
                    s.connection() < 0 ? "round-robin" : Integer.toString(s.connection()),
                    s.requests() > 0 ? " requests=" + s.requests() : "",
                    c.client() >= 0 ? " client=" + c.client() + " invokers="
                            + (invokers[c.client()] == 0 ? "unlimited" : Integer.toString(invokers[c.client()])) : "",
                    c.processes() ? " processing cpu=" + c.cpu() + " wait=" + c.waiting() : ""));
        }
        if (!clientDelay.isZero()) {
            sb.append("  client and network delay=").append(clientDelay).append('\n');
        }
        return sb.toString();
    }

    /**
     * Builder; {@link #build()} validates and names the offending field. Without {@link #server} calls the model has
     * one server, named "server", of {@link #cores}, {@link #dispatcherThreads} and {@link #poolScope}. POAs and
     * servants belong to the server declared last.
     */
    public static final class Builder {
        private final List<Server> servers = new ArrayList<>();
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
        /** Indexes of servants by name and of operations by label (servant.operation): a scenario's object copies
         *  make up to 100,000 servants, each looked up by name. The first of a name wins. */
        private final Map<String, Integer> servantIndex = new HashMap<>();
        private final Map<String, Integer> operationIndex = new HashMap<>();
        private final List<Stream> streams = new ArrayList<>();
        private final List<Lock> locks = new ArrayList<>();
        private Dist clientDelay = Dist.ZERO;
        private final List<List<String>> sharedCpus = new ArrayList<>();
        private final Map<Integer, Integer> invokers = new HashMap<>();

        /** The cores of the one server, or of every server declared so far. */
        public Builder cores(double c) {
            cores = c;
            servers.replaceAll(s -> new Server(s.name(), c, s.dispatcherThreads(), s.poolScope()));
            return this;
        }

        public Builder threadingModel(ThreadingModel m) { threadingModel = m; return this; }

        /** The pool scope of the one server, or of every server declared so far. */
        public Builder poolScope(PoolScope p) {
            poolScope = p;
            servers.replaceAll(s -> new Server(s.name(), s.cores(), s.dispatcherThreads(), p));
            return this;
        }

        public Builder connections(int n) { connections = n; return this; }

        /** T_disp of the one server, or of every server declared so far; 0 = unlimited. Also the leader/follower pool size. */
        public Builder dispatcherThreads(int n) {
            dispatcherThreads = n;
            servers.replaceAll(s -> new Server(s.name(), s.cores(), n, s.poolScope()));
            return this;
        }

        /**
         * The named servers run on one processor-sharing CPU instead of one each: servers of one host that may use
         * the same cores. They must declare the same cores, those of the CPU they share. Groups that name a server
         * in common become one.
         */
        public Builder shareCpu(List<String> serverNames) {
            sharedCpus.add(List.copyOf(serverNames));
            return this;
        }

        /** Declares a server; the POAs and servants that follow belong to it. */
        public Builder server(String name, double serverCores, int threads, PoolScope scope) {
            for (Server s : servers) {
                if (s.name().equals(name)) {
                    throw new IllegalArgumentException("duplicate server '" + name + "'");
                }
            }
            servers.add(new Server(name, serverCores, threads, scope));
            return this;
        }

        private int current() {
            return Math.max(0, servers.size() - 1);
        }
        /** b_rec: receiver thread CPU before the request is handed on (1st phase, or all of it as in 2.3). */
        public Builder receiverCpu(Dist d) { receiverCpu = d; return this; }
        /** Receiver 2nd phase CPU (cleanup after hand-over): keeps the receiver busy, not the request. */
        public Builder receiverCpuPhase2(Dist d) { receiverCpuPhase2 = d; return this; }
        public Builder poaCpu(Dist d) { poaCpu = d; return this; }
        /** Dispatcher 2nd phase CPU after the reply is sent: holds the thread, not counted in completion time. */
        public Builder dispatcherCpuPhase2(Dist d) { dispatcherCpuPhase2 = d; return this; }
        public Builder threadCreateCpu(Dist d) { threadCreateCpu = d; return this; }
        /**
         * Refinement (not in Harkema et al.): non-CPU latency between a dispatcher thread being assigned and the
         * request starting at the POA (JacORB: RequestController hand-over and thread wake-up). Holds the thread and
         * counts as queueing time, which is why measured queueing is above zero even at low load.
         */
        public Builder dispatchHandoff(Dist d) { dispatchHandoff = d; return this; }
        /**
         * The client's and the network's time per request with a reply: from the end of the server's upcall to the
         * client's having the reply, measured as the client's response time minus the server's completion time.
         */
        public Builder clientDelay(Dist d) { clientDelay = d; return this; }

        /** A POA of the server declared last. */
        public Builder poa(String name, int threads) {
            if (indexOfPoa(name) >= 0) {
                throw new IllegalArgumentException("duplicate POA '" + name + "'");
            }
            poas.add(new Poa(name, threads, current()));
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
            addServant(new Servant(name, p, threads));
            return this;
        }

        private void addServant(Servant s) {
            servantIndex.putIfAbsent(s.name(), servants.size());
            servants.add(s);
        }

        private void addOperation(Operation o) {
            operationIndex.putIfAbsent(servants.get(o.servant()).name() + "." + o.name(), operations.size());
            operations.add(o);
        }

        public Builder operation(String servant, String name, Dist cpu, Dist wait, Dist marshal) {
            int s = indexOfServant(servant);
            if (s < 0) {
                throw new IllegalArgumentException("operation '" + name + "': unknown servant '" + servant + "'");
            }
            addOperation(new Operation(name, s, cpu, wait, marshal));
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
            return stream(arrivals, connection, targets, probs, 0);
        }

        /** A stream that sends {@code requests} requests of its own (0: as long as the run lasts). */
        public Builder stream(Arrivals arrivals, int connection, String[] targets, double[] probs, long requests) {
            if (requests < 0) {
                throw new IllegalArgumentException("arrival stream: requests must be >= 0 (0 = no count of its "
                        + "own), got " + requests);
            }
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
            streams.add(new Stream(arrivals, connection, ops, probs.clone(), requests, Caller.NONE));
            return this;
        }

        /** The stream declared last is made by {@code caller} ({@link Caller}). */
        public Builder caller(Caller caller) {
            if (streams.isEmpty()) {
                throw new IllegalArgumentException("a caller belongs to an arrival stream: declare the stream first");
            }
            Stream last = streams.remove(streams.size() - 1);
            streams.add(new Stream(last.arrivals(), last.connection(), last.operations(), last.probabilities(),
                    last.requests(), caller));
            return this;
        }

        /**
         * Client JVM {@code client} makes its streams' calls on {@code threads} invoker threads (0: a thread for
         * every call): a call that arrives while all are busy, with a call or the work after its reply, waits for one,
         * and its client response holds that wait.
         */
        public Builder invokers(int client, int threads) {
            if (client < 0 || threads < 0) {
                throw new IllegalArgumentException("invokers: client " + client + " threads " + threads
                        + " (both >= 0; 0 threads: one for every call)");
            }
            invokers.put(client, threads);
            return this;
        }

        /** A POA of the server declared last, or -1. */
        public int indexOfPoa(String name) {
            for (int i = 0; i < poas.size(); i++) {
                if (poas.get(i).name().equals(name) && poas.get(i).server() == current()) {
                    return i;
                }
            }
            return -1;
        }

        public int indexOfServant(String name) {
            return servantIndex.getOrDefault(name, -1);
        }

        public int indexOfOperation(String target) {
            int dot = target.lastIndexOf('.');
            String s = dot < 0 ? "" : target.substring(0, dot);
            return operationIndex.getOrDefault(s + "." + target.substring(dot + 1), -1);
        }

        /** Replaces an operation's demands (calibration), keeping its place, servant, calls, lock and oneway. */
        public Builder replaceOperation(String target, Dist cpu, Dist wait, Dist marshal) {
            int i = operationIndex(target);
            Operation o = operations.get(i);
            operations.set(i, new Operation(o.name(), o.servant(), cpu, wait, marshal, o.calls(), o.lock(),
                    o.oneway()));
            return this;
        }

        private int operationIndex(String target) {
            int i = indexOfOperation(target);
            if (i < 0) {
                throw new IllegalArgumentException("unknown operation '" + target + "'");
            }
            return i;
        }

        /**
         * Makes {@code target} (servant.operation) take lock {@code lock} of its server after its CPU demand b_ser
         * and hold it for {@code hold} of CPU time. Operations of one server that name the same lock share it.
         */
        public Builder lock(String target, String lock, Dist hold) {
            int i = operationIndex(target);
            if (lock == null || lock.isBlank()) {
                throw new IllegalArgumentException(target + ": a lock needs a name");
            }
            Operation o = operations.get(i);
            int server = poas.get(servants.get(o.servant()).poa()).server();
            int l = 0;
            while (l < locks.size() && !(locks.get(l).name().equals(lock) && locks.get(l).server() == server)) {
                l++;
            }
            if (l == locks.size()) {
                locks.add(new Lock(lock, server));
            }
            operations.set(i, new Operation(o.name(), o.servant(), o.cpu(), o.nonCpu(), o.marshal(), o.calls(),
                    new LockUse(l, hold), o.oneway()));
            return this;
        }

        /**
         * Sets the hand-off of lock {@code lock} on every server that has one ({@link Lock#handoff}: calibration from
         * the measured time a released lock stands free before its next holder enters).
         */
        public Builder lockHandoff(String lock, Dist handoff) {
            boolean found = false;
            for (int l = 0; l < locks.size(); l++) {
                if (locks.get(l).name().equals(lock)) {
                    locks.set(l, new Lock(lock, locks.get(l).server(), handoff));
                    found = true;
                }
            }
            if (!found) {
                throw new IllegalArgumentException("no operation takes lock '" + lock + "'");
            }
            return this;
        }

        /** Replaces the hold of every visit to lock {@code lock} (calibration from measured hold times). */
        public Builder lockHold(String lock, Dist hold) {
            boolean found = false;
            for (int i = 0; i < operations.size(); i++) {
                Operation o = operations.get(i);
                if (o.lock() != null && locks.get(o.lock().lock()).name().equals(lock)) {
                    operations.set(i, new Operation(o.name(), o.servant(), o.cpu(), o.nonCpu(), o.marshal(),
                            o.calls(), new LockUse(o.lock().lock(), hold), o.oneway()));
                    found = true;
                }
            }
            if (!found) {
                throw new IllegalArgumentException("no operation takes lock '" + lock + "'");
            }
            return this;
        }

        /** Declares {@code target} (servant.operation) oneway: it sends no reply, so it has no b_mar. */
        public Builder oneway(String target) {
            int i = operationIndex(target);
            Operation o = operations.get(i);
            operations.set(i, new Operation(o.name(), o.servant(), o.cpu(), o.nonCpu(), o.marshal(), o.calls(),
                    o.lock(), true));
            return this;
        }

        /** Makes {@code from} (servant.operation) call {@code to} {@code count} times after its CPU demand. */
        public Builder call(String from, String to, int count, boolean sync) {
            return call(from, to, count, sync, 1.0);
        }

        /**
         * Makes {@code from} (servant.operation) call {@code to} up to {@code count} times after its CPU demand,
         * each time with {@code probability}.
         */
        public Builder call(String from, String to, int count, boolean sync, double probability) {
            int i = indexOfOperation(from);
            int j = indexOfOperation(to);
            if (i < 0 || j < 0) {
                throw new IllegalArgumentException("call " + from + " -> " + to + ": unknown operation '"
                        + (i < 0 ? from : to) + "' (servant.operation)");
            }
            if (count < 0) {
                throw new IllegalArgumentException("call " + from + " -> " + to + ": count must be >= 0");
            }
            if (!(probability >= 0 && probability <= 1)) {
                throw new IllegalArgumentException("call " + from + " -> " + to + ": probability must be 0 to 1");
            }
            Operation o = operations.get(i);
            List<Call> calls = new ArrayList<>(o.calls());
            calls.add(new Call(j, count, sync, probability));
            operations.set(i, new Operation(o.name(), o.servant(), o.cpu(), o.nonCpu(), o.marshal(), calls, o.lock(),
                    o.oneway()));
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
            List<Server> all = servers.isEmpty() ? List.of(new Server("server", cores, dispatcherThreads, poolScope))
                    : servers;
            for (Server s : all) {
                if (!(s.cores() > 0) || Double.isInfinite(s.cores())) {
                    throw new IllegalArgumentException("server '" + s.name() + "': cores must be > 0, got " + s.cores());
                }
                if (s.dispatcherThreads() < 0) {
                    throw new IllegalArgumentException("dispatcherThreads must be >= 0 (0 = unlimited)");
                }
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
                for (int op : s.operations()) {
                    if (s.arrivals().closed() && operations.get(op).oneway()) {
                        throw new IllegalArgumentException("a closed client waits for each reply, and oneway "
                                + "operation '" + operations.get(op).name() + "' sends none");
                    }
                }
            }
            checkCallsAreAcyclic();
            return new ModelParameters(this, all, cpus(all));
        }

        /** Each server's CPU: groups of {@link #shareCpu} merged where they meet, numbered by first server. */
        private int[] cpus(List<Server> all) {
            int[] root = new int[all.size()];
            for (int s = 0; s < root.length; s++) {
                root[s] = s;
            }
            for (List<String> group : sharedCpus) {
                int first = -1;
                for (String name : group) {
                    int s = serverIndex(all, name);
                    if (first < 0) {
                        first = s;
                    } else if (all.get(s).cores() != all.get(first).cores()) {
                        throw new IllegalArgumentException("servers '" + all.get(first).name() + "' and '" + name
                                + "' share a CPU but declare " + all.get(first).cores() + " and " + all.get(s).cores()
                                + " cores");
                    }
                    root[find(root, s)] = find(root, first);
                }
            }
            int[] cpu = new int[root.length];
            Map<Integer, Integer> numbers = new HashMap<>();
            for (int s = 0; s < root.length; s++) {
                cpu[s] = numbers.computeIfAbsent(find(root, s), r -> numbers.size());
            }
            return cpu;
        }

        private static int find(int[] root, int s) {
            while (root[s] != s) {
                s = root[s];
            }
            return s;
        }

        private static int serverIndex(List<Server> all, String name) {
            for (int s = 0; s < all.size(); s++) {
                if (all.get(s).name().equals(name)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("a shared CPU names server '" + name + "', which is not declared");
        }

        /** A request whose calls lead back to its own operation would wait for itself and never end. */
        private void checkCallsAreAcyclic() {
            int[] state = new int[operations.size()];
            for (int op = 0; op < operations.size(); op++) {
                acyclic(op, state);
            }
        }

        private void acyclic(int op, int[] state) {
            if (state[op] == 2) {
                return;
            }
            if (state[op] == 1) {
                throw new IllegalArgumentException("the calls of operation " + op + " lead back to it: a request "
                        + "would wait for itself");
            }
            state[op] = 1;
            for (Call c : operations.get(op).calls()) {
                acyclic(c.operation(), state);
            }
            state[op] = 2;
        }
    }
}
