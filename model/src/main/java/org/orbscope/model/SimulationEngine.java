package org.orbscope.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One simulation run. Requests live in slots of parallel primitive arrays recycled through a free list; queues
 * are int FIFOs of slot numbers; CPU work goes to each server's {@link ProcessorSharing}; timed events (arrivals,
 * end of non-CPU servant time) to a {@link TimerHeap}; zero-length CPU work completes through a FIFO at the current
 * time, so long chains of zero-cost steps never recurse.
 *
 * <p>A servant's calls are sub-requests in slots of their own. A remote one arrives at the called server's receiver
 * on the connection from the caller's server and takes the whole path there; a sync caller's thread waits in
 * {@code CALL} until the sub-request's reply is sent. A collocated one (same server) runs the called servant on the
 * caller's thread. Only the arrival streams' requests are the run's requests (completion, Little's law, listener);
 * sub-requests count in their operation's and server's statistics.
 *
 * <p>A lock is a FIFO of slot numbers and a busy flag: a request that finds it held waits in {@code LOCK_WAIT}
 * (no CPU, its thread and servant slot kept), and its holder's CPU inside it is a processor-sharing job like any
 * other ({@code LOCK}). A release with a waiter queued passes the lock to it after the lock's hand-off
 * ({@code LOCK_HANDOFF}, a timer): the lock stays taken for it, held by no one. Locks are released before the
 * calls, so no request holds two and none can deadlock.
 */
final class SimulationEngine {
    private static final int REC1 = 0;
    private static final int CREATE = 1;
    private static final int POA = 2;
    private static final int SER = 3;
    private static final int SEM = 4;
    private static final int MAR = 5;
    private static final int PH2 = 6;
    private static final int LOCK = 7;
    private static final int HANDOFF = 8;
    private static final int CALL = 9;
    private static final int LOCK_WAIT = 10;
    private static final int LOCK_HANDOFF = 11;
    private static final String[] STAGE_NAMES = {"receiver", "threadCreate", "poa", "servant", "wait", "marshal",
        "phase2", "lock"};
    private static final int UNLIMITED = Integer.MAX_VALUE / 2;

    private final ModelParameters p;
    private final ThreadingModel model;
    private final ProcessorSharing[] cpu;
    /** The CPU each server's work goes to (servers of one host may share one). */
    private final int[] cpuOfServer;
    /** CPU work each server has been given: its busy core time once the run drains. */
    private final double[] serverWork;
    private final TimerHeap timers = new TimerHeap();
    private final IntRing immediate = new IntRing();

    // Per-request slots.
    private int capacity = 256;
    private double[] arrival = new double[capacity];
    /** When each request's input arrived at its client: its send is later when it waited for an invoker. */
    private double[] inputAt = new double[capacity];
    private double[] mark = new double[capacity];
    private double[] enqueued = new double[capacity];
    private double[] mark2 = new double[capacity];
    private int[] op = new int[capacity];
    private int[] conn = new int[capacity];
    private int[] stage = new int[capacity];
    private int[] streamOf = new int[capacity];
    private boolean[] measured = new boolean[capacity];
    // Sub-requests: the request of an arrival stream (top), the slot a sync or collocated call resumes (-1: none),
    // whether it runs on its caller's thread, and where the slot's own calls stand.
    private boolean[] top = new boolean[capacity];
    private int[] parent = new int[capacity];
    private boolean[] collocated = new boolean[capacity];
    private int[] callIndex = new int[capacity];
    private int[] callsLeft = new int[capacity];
    // Per-request demands, kept only for the optional listener.
    private long[] seqOf = new long[capacity];
    private double[][] demand = new double[5][capacity];
    private RequestListener listener;
    private String[] opLabels;
    private int[] freeSlots = new int[capacity];
    private int freeCount;
    private int used;

    // Receivers, one per connection: each server's client connections, then one per calling server.
    private final int clientConnections;
    private final int[] connServer;
    private final IntRing[] recvQueue;
    private final boolean[] recvBusy;

    // Dispatcher pools.
    private final int[] poolFree;
    private final IntRing[] poolQueue;
    private final int[] leaderFree;

    private final int[] poaBusy;
    private final int[] poaLimit;
    private final IntRing[] poaQueue;
    private final int[] servantBusy;
    private final int[] servantLimit;
    private final IntRing[] servantQueue;
    private final int[] opServant;
    private final int[] opPoa;
    private final int[] opServer;
    private final int[] poaServer;
    private final ModelParameters.Call[][] opCalls;
    private final boolean[] mutexBusy;
    private final IntRing[] mutexQueue;
    // Locks: the lock each operation takes (-1: none) and its hold, each lock's holder flag, FIFO and figures.
    private final int[] opLock;
    private final Dist[] opLockHold;
    private final boolean[] opOneway;
    private final boolean[] lockBusy;
    private final IntRing[] lockQueue;
    private final double[] lockSince;
    private final double[] lockHeld;
    private final long[] lockAcquired;
    private final TimeStats[] lockWait;

    private final SplittableRandom middlewareRng;
    private final SplittableRandom[] opRng;
    private final SplittableRandom[] streamRng;
    private final SplittableRandom clientRng;
    private final SplittableRandom callRng;
    private final boolean clientDelay;
    /** Gap samplers of the open streams (null for closed populations). */
    private final org.orbscope.scenario.ArrivalGaps[] streamGaps;
    private final double[][] streamCumulative;
    private final int[] streamNextConn;
    // The client JVMs' invoker threads: each stream's client (-1: a thread for every call), the threads each client
    // has free, and the calls waiting for one in arrival order.
    private final int[] streamClient;
    private final int[] invokersFree;
    private final IntRing[] invokerQueue;

    // Each stream's own count (-1: none) and sends; streams without a count send while counted ones do, or,
    // when no stream has a count, until the run's total.
    private final long[] streamLimit;
    private final long[] streamSent;
    private int countedSending;
    private boolean anyCounted;
    private long generated;
    private long total;
    private long warmup;
    private double now;

    // Integrals for Little's law.
    private int inSystem;
    private int queued;
    private int subRequests;
    private double lastAreaTime;
    private double inSystemArea;
    private double queueArea;
    private long completedAll;
    private double completionSumAll;
    private double queueSumAll;
    private long events;

    private final double[] stageWork = new double[STAGE_NAMES.length];
    private final double[] opWork;
    private final SimulationResult result = new SimulationResult();
    private final TimeStats[] opCompletion;
    private final TimeStats[] opQueue;
    private final TimeStats[] serverCompletion;
    private final TimeStats[] serverQueue;

    SimulationEngine(ModelParameters params, long seed) {
        p = params;
        model = params.threadingModel;
        int nServers = params.servers.size();
        cpu = new ProcessorSharing[params.cpuCount()];
        cpuOfServer = new int[nServers];
        serverWork = new double[nServers];
        for (int s = 0; s < nServers; s++) {
            cpuOfServer[s] = params.cpuOf(s);
            if (cpu[cpuOfServer[s]] == null) {
                cpu[cpuOfServer[s]] = new ProcessorSharing(params.servers.get(s).cores());
            }
        }
        clientConnections = params.connections;
        int nCon = nServers * clientConnections + nServers * nServers;
        connServer = new int[nCon];
        for (int c = 0; c < nCon; c++) {
            connServer[c] = c < nServers * clientConnections ? c / clientConnections
                    : (c - nServers * clientConnections) % nServers;
        }
        recvQueue = rings(nCon);
        recvBusy = new boolean[nCon];
        int nPoa = params.poas.size();
        int nSer = params.servants.size();
        int nOp = params.operations.size();
        poaServer = new int[nPoa];
        for (int i = 0; i < nPoa; i++) {
            poaServer[i] = params.poas.get(i).server();
        }
        int pools;
        switch (model) {
            case THREAD_POOL: pools = params.poolScope == PoolScope.PER_POA ? nPoa : nServers; break;
            case THREAD_PER_SERVANT: pools = nSer; break;
            case THREAD_PER_REQUEST: pools = nServers; break;
            default: pools = 0; break;
        }
        poolFree = new int[pools];
        for (int k = 0; k < pools; k++) {
            poolFree[k] = poolThreads(k);
        }
        poolQueue = rings(pools);
        leaderFree = new int[nServers];
        mutexBusy = new boolean[nServers];
        mutexQueue = rings(nServers);
        for (int s = 0; s < nServers; s++) {
            leaderFree[s] = threads(params.servers.get(s).dispatcherThreads());
        }
        poaBusy = new int[nPoa];
        poaLimit = new int[nPoa];
        poaQueue = rings(nPoa);
        for (int i = 0; i < nPoa; i++) {
            poaLimit[i] = threads(params.poas.get(i).threads());
        }
        servantBusy = new int[nSer];
        servantLimit = new int[nSer];
        servantQueue = rings(nSer);
        for (int i = 0; i < nSer; i++) {
            servantLimit[i] = threads(params.servants.get(i).threads());
        }
        opServant = new int[nOp];
        opPoa = new int[nOp];
        opServer = new int[nOp];
        opCalls = new ModelParameters.Call[nOp][];
        opLock = new int[nOp];
        opLockHold = new Dist[nOp];
        opOneway = new boolean[nOp];
        opWork = new double[nOp];
        opCompletion = new TimeStats[nOp];
        opQueue = new TimeStats[nOp];
        for (int i = 0; i < nOp; i++) {
            opServant[i] = params.operations.get(i).servant();
            opPoa[i] = params.servants.get(opServant[i]).poa();
            opServer[i] = poaServer[opPoa[i]];
            opCalls[i] = params.operations.get(i).calls().toArray(new ModelParameters.Call[0]);
            ModelParameters.LockUse use = params.operations.get(i).lock();
            opLock[i] = use == null ? -1 : use.lock();
            opLockHold[i] = use == null ? null : use.hold();
            opOneway[i] = params.operations.get(i).oneway();
            opCompletion[i] = new TimeStats();
            opQueue[i] = new TimeStats();
        }
        int nLocks = params.locks.size();
        lockBusy = new boolean[nLocks];
        lockQueue = rings(nLocks);
        lockSince = new double[nLocks];
        lockHeld = new double[nLocks];
        lockAcquired = new long[nLocks];
        lockWait = new TimeStats[nLocks];
        for (int l = 0; l < nLocks; l++) {
            lockWait[l] = new TimeStats(true);
        }
        streamLimit = new long[params.streams.size()];
        streamSent = new long[params.streams.size()];
        serverCompletion = new TimeStats[nServers];
        serverQueue = new TimeStats[nServers];
        for (int s = 0; s < nServers; s++) {
            serverCompletion[s] = new TimeStats();
            serverQueue[s] = new TimeStats();
        }
        // Independent generators per arrival stream and per operation keep common random numbers across
        // what-if runs (a search changing the pool size sees the same arrivals and demands).
        SplittableRandom root = new SplittableRandom(seed);
        middlewareRng = root.split();
        streamRng = new SplittableRandom[params.streams.size()];
        streamGaps = new org.orbscope.scenario.ArrivalGaps[params.streams.size()];
        streamCumulative = new double[params.streams.size()][];
        streamNextConn = new int[params.streams.size()];
        streamClient = new int[params.streams.size()];
        invokersFree = new int[params.invokers.length];
        invokerQueue = rings(params.invokers.length);
        for (int c = 0; c < invokersFree.length; c++) {
            invokersFree[c] = threads(params.invokers[c]);
        }
        for (int s = 0; s < streamRng.length; s++) {
            streamRng[s] = root.split();
            streamCumulative[s] = params.streams.get(s).cumulative();
            streamClient[s] = params.streams.get(s).caller().client();
            Arrivals a = params.streams.get(s).arrivals();
            streamGaps[s] = a.closed() ? null : a.gaps();
        }
        opRng = new SplittableRandom[nOp];
        for (int i = 0; i < nOp; i++) {
            opRng[i] = root.split();
        }
        // Split last, so that adding a client delay changes no other draw.
        clientRng = root.split();
        // Whether a servant's call with a probability is made; split after the others for the same reason.
        callRng = root.split();
        clientDelay = !params.clientDelay.isZero();
    }

    private static int threads(int limit) {
        return limit == 0 ? UNLIMITED : limit;
    }

    /** The threads of dispatcher pool {@code k}: its server's T_disp, one per servant, or unlimited per request. */
    private int poolThreads(int k) {
        switch (model) {
            case THREAD_PER_SERVANT: return 1;
            case THREAD_PER_REQUEST: return UNLIMITED;
            default:
                int server = p.poolScope == PoolScope.PER_POA ? poaServer[k] : k;
                return threads(p.servers.get(server).dispatcherThreads());
        }
    }

    private static IntRing[] rings(int n) {
        IntRing[] r = new IntRing[n];
        for (int i = 0; i < n; i++) {
            r[i] = new IntRing();
        }
        return r;
    }

    SimulationEngine listener(RequestListener l) {
        listener = l;
        opLabels = new String[p.operations.size()];
        for (int i = 0; i < opLabels.length; i++) {
            opLabels[i] = p.operationLabel(i);
        }
        return this;
    }

    SimulationResult run(long requests, long warmupRequests) {
        long wall0 = System.nanoTime();
        total = requests;
        warmup = warmupRequests;
        long[] counts = new long[p.streams.size()];
        for (int s = 0; s < counts.length; s++) {
            counts[s] = p.streams.get(s).requests();
            anyCounted |= counts[s] > 0;
        }
        long[] shares = anyCounted ? apportion(requests, counts) : counts;
        for (int s = 0; s < counts.length; s++) {
            streamLimit[s] = counts[s] > 0 ? shares[s] : -1;
            if (streamLimit[s] > 0) {
                countedSending++;
            }
        }
        for (int s = 0; s < p.streams.size(); s++) {
            Arrivals a = p.streams.get(s).arrivals();
            if (a.closed()) {
                // Every client of the population sends its first request after a first think time.
                for (int c = 0; c < a.population(); c++) {
                    timers.add(a.think().sample(streamRng[s]), -(s + 1));
                }
            } else {
                scheduleNext(s, 0);
            }
        }
        while (true) {
            if (!immediate.isEmpty()) {
                jobDone(immediate.poll());
                continue;
            }
            double tTimer = timers.minKey();
            int next = 0;
            for (int s = 1; s < cpu.length; s++) {
                if (cpu[s].nextCompletion() < cpu[next].nextCompletion()) {
                    next = s;
                }
            }
            double tCpu = cpu[next].nextCompletion();
            if (tTimer == Double.POSITIVE_INFINITY && tCpu == Double.POSITIVE_INFINITY) {
                break;
            }
            events++;
            if (tCpu <= tTimer) {
                advance(tCpu);
                jobDone(cpu[next].pollCompleted());
            } else {
                advance(tTimer);
                int payload = timers.poll();
                if (payload < -p.streams.size()) {
                    invokerFree(-payload - 1 - p.streams.size());
                } else if (payload < 0) {
                    arrive(-payload - 1);
                } else if (stage[payload] == HANDOFF) {
                    dispatched(payload);
                } else if (stage[payload] == LOCK_HANDOFF) {
                    acquire(opLock[op[payload]], payload);
                } else {
                    servantDone(payload);
                }
            }
        }
        finish();
        result.wallNanos = System.nanoTime() - wall0;
        return result;
    }

    /**
     * {@code n} requests shared among the streams in proportion to their counts (largest remainders, a tie to the
     * stream declared first), so the shares sum to {@code n} exactly and equal the counts when {@code n} is their
     * sum.
     */
    static long[] apportion(long n, long[] counts) {
        long sum = 0;
        for (long c : counts) {
            sum += c;
        }
        long[] shares = new long[counts.length];
        double[] fraction = new double[counts.length];
        long given = 0;
        for (int i = 0; i < counts.length; i++) {
            double exact = (double) n * counts[i] / sum;
            shares[i] = (long) Math.floor(exact);
            fraction[i] = exact - shares[i];
            given += shares[i];
        }
        while (given < n) {
            int best = -1;
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] > 0 && (best < 0 || fraction[i] > fraction[best])) {
                    best = i;
                }
            }
            shares[best]++;
            fraction[best] = -1;
            given++;
        }
        return shares;
    }

    /** Whether stream {@code s} may send another request. */
    private boolean canSend(int s) {
        long limit = streamLimit[s];
        if (limit >= 0) {
            return streamSent[s] < limit;
        }
        return anyCounted ? countedSending > 0 : generated < total;
    }

    private void advance(double t) {
        double dt = t - lastAreaTime;
        inSystemArea += dt * inSystem;
        queueArea += dt * queued;
        lastAreaTime = t;
        now = t;
        for (ProcessorSharing c : cpu) {
            c.advance(t);
        }
    }

    /** The next arrival of open stream {@code s} after {@code from}, unless its law has no more (replay). */
    private void scheduleNext(int s, double from) {
        long gap = streamGaps[s].nextGapNanos(streamRng[s]);
        if (gap != Long.MAX_VALUE) {
            timers.add(from + gap, -(s + 1));
        } else if (streamLimit[s] > streamSent[s]) {
            // A replay file ran out before the stream's share: it has sent all it will, and streams without a count
            // must not wait for the rest.
            streamLimit[s] = streamSent[s];
            countedSending--;
        }
    }

    // ---- request slots ----

    private int allocate() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (used == capacity) {
            capacity *= 2;
            arrival = Arrays.copyOf(arrival, capacity);
            inputAt = Arrays.copyOf(inputAt, capacity);
            mark = Arrays.copyOf(mark, capacity);
            enqueued = Arrays.copyOf(enqueued, capacity);
            mark2 = Arrays.copyOf(mark2, capacity);
            op = Arrays.copyOf(op, capacity);
            conn = Arrays.copyOf(conn, capacity);
            stage = Arrays.copyOf(stage, capacity);
            streamOf = Arrays.copyOf(streamOf, capacity);
            measured = Arrays.copyOf(measured, capacity);
            top = Arrays.copyOf(top, capacity);
            parent = Arrays.copyOf(parent, capacity);
            collocated = Arrays.copyOf(collocated, capacity);
            callIndex = Arrays.copyOf(callIndex, capacity);
            callsLeft = Arrays.copyOf(callsLeft, capacity);
            seqOf = Arrays.copyOf(seqOf, capacity);
            for (int d = 0; d < demand.length; d++) {
                demand[d] = Arrays.copyOf(demand[d], capacity);
            }
            freeSlots = Arrays.copyOf(freeSlots, capacity);
        }
        return used++;
    }

    private void release(int r) {
        freeSlots[freeCount++] = r;
    }

    // ---- CPU work ----

    /** The server whose CPU a job runs on: the request's operation's, or the receiver's connection's. */
    private int serverOfJob(int payload) {
        return payload >= 0 ? opServer[op[payload]] : connServer[-payload - 1];
    }

    private void compute(int payload, int workStage, double work) {
        stageWork[workStage] += work;
        if (listener != null && payload >= 0 && top[payload]) {
            switch (workStage) {
                case REC1: demand[0][payload] = work; break;
                case POA: demand[1][payload] = work; break;
                case SER: demand[2][payload] = work; break;
                // The listener's servant CPU is all of it, inside the lock too, as a measurement sees it.
                case LOCK: demand[2][payload] += work; break;
                case MAR: demand[4][payload] = work; break;
                default: break;
            }
        }
        if (payload >= 0 && workStage != REC1) {
            opWork[op[payload]] += work;
        }
        if (work <= 0) {
            immediate.add(payload);
        } else {
            int server = serverOfJob(payload);
            serverWork[server] += work;
            cpu[cpuOfServer[server]].add(payload, work);
        }
    }

    private void jobDone(int payload) {
        if (payload < 0) {
            receiverFree(-payload - 1);
            return;
        }
        switch (stage[payload]) {
            case REC1: received(payload); break;
            case CREATE: enterUpcall(payload); break;
            case POA: requestServant(payload); break;
            case SER: servantCpuDone(payload); break;
            case MAR: upcallEnded(payload); break;
            case PH2: threadReleased(payload); break;
            case LOCK: lockReleased(payload); break;
            default: throw new IllegalStateException("CPU job in stage " + stage[payload]);
        }
    }

    // ---- arrivals and receivers ----

    private void arrive(int s) {
        if (!canSend(s)) {
            // The stream has sent its count, or the run its total: this stream stops here.
            return;
        }
        long seq = generated++;
        if (++streamSent[s] == streamLimit[s]) {
            countedSending--;
        }
        ModelParameters.Stream st = p.streams.get(s);
        if (!st.arrivals().closed() && canSend(s)) {
            scheduleNext(s, now);
        }
        int r = allocate();
        if (listener != null) {
            // A oneway request marshals no reply: nothing may be left from the slot's last request.
            demand[4][r] = 0;
        }
        streamOf[r] = s;
        inputAt[r] = now;
        measured[r] = seq >= warmup;
        seqOf[r] = seq;
        double[] cum = streamCumulative[s];
        int target = 0;
        if (cum.length > 1) {
            double u = streamRng[s].nextDouble();
            while (u >= cum[target] && target < cum.length - 1) {
                target++;
            }
        }
        op[r] = st.operations()[target];
        int k = st.connection();
        if (k < 0) {
            k = streamNextConn[s];
            streamNextConn[s] = (k + 1) % p.connections;
        }
        top[r] = true;
        parent[r] = -1;
        collocated[r] = false;
        conn[r] = opServer[op[r]] * clientConnections + k;
        int client = streamClient[s];
        if (client < 0) {
            send(r);
        } else if (invokersFree[client] > 0) {
            invokersFree[client]--;
            send(r);
        } else {
            invokerQueue[client].add(r);
        }
    }

    /** Request {@code r} leaves its client on its connection ({@code conn[r]}): its time at the server starts. */
    private void send(int r) {
        arrival[r] = now;
        inSystem++;
        int client = streamClient[streamOf[r]];
        if (client >= 0 && opOneway[op[r]]) {
            // A oneway call holds its invoker only to send it, and there is no reply to work on.
            invokerFree(client);
        }
        receive(conn[r], r);
    }

    /** An invoker thread of client {@code client} is free: it makes the call that waited longest, if any. */
    private void invokerFree(int client) {
        if (invokerQueue[client].isEmpty()) {
            invokersFree[client]++;
        } else {
            send(invokerQueue[client].poll());
        }
    }

    /** A request reaches its server's receiver on connection {@code k}. */
    private void receive(int k, int r) {
        conn[r] = k;
        if (!recvBusy[k] && recvQueue[k].isEmpty() && canRead(connServer[k])) {
            startReceive(k, r);
        } else {
            recvQueue[k].add(r);
        }
    }

    private boolean canRead(int server) {
        return model != ThreadingModel.LEADER_FOLLOWER || leaderFree[server] > 0;
    }

    private void startReceive(int k, int r) {
        recvBusy[k] = true;
        if (model == ThreadingModel.LEADER_FOLLOWER) {
            leaderFree[connServer[k]]--;
        }
        if (measured[r] && top[r]) {
            result.receiverWait.record(now - arrival[r]);
        }
        stage[r] = REC1;
        compute(r, REC1, p.receiverCpu.sample(middlewareRng));
    }

    private void received(int r) {
        int k = conn[r];
        switch (model) {
            case THREAD_POOL:
            case THREAD_PER_REQUEST:
            case THREAD_PER_SERVANT:
                dispatchEnqueue(r);
                double w = p.receiverCpuPhase2.sample(middlewareRng);
                if (w > 0) {
                    compute(-(k + 1), PH2, w);
                } else {
                    receiverFree(k);
                }
                break;
            case LEADER_FOLLOWER:
                // The leader keeps the request; the connection can be read by the next leader now.
                recordQueue(r, 0);
                receiverFree(k);
                enterUpcall(r);
                break;
            default:
                // Thread-per-connection and threaded: the receiver thread dispatches the upcall itself.
                recordQueue(r, 0);
                enterUpcall(r);
                break;
        }
    }

    private void receiverFree(int k) {
        recvBusy[k] = false;
        if (model == ThreadingModel.LEADER_FOLLOWER) {
            promoteLeaders(connServer[k]);
        } else if (!recvQueue[k].isEmpty()) {
            startReceive(k, recvQueue[k].poll());
        }
    }

    /** Idle leader/follower threads of a server take its unread connection whose oldest request arrived first. */
    private void promoteLeaders(int server) {
        while (leaderFree[server] > 0) {
            int best = -1;
            for (int k = 0; k < recvQueue.length; k++) {
                if (connServer[k] == server && !recvBusy[k] && !recvQueue[k].isEmpty()
                        && (best < 0 || arrival[recvQueue[k].peek()] < arrival[recvQueue[best].peek()])) {
                    best = k;
                }
            }
            if (best < 0) {
                return;
            }
            startReceive(best, recvQueue[best].poll());
        }
    }

    // ---- dispatcher pool ----

    private int poolOf(int r) {
        switch (model) {
            case THREAD_POOL: return p.poolScope == PoolScope.PER_POA ? opPoa[op[r]] : opServer[op[r]];
            case THREAD_PER_SERVANT: return opServant[op[r]];
            default: return opServer[op[r]];
        }
    }

    private void dispatchEnqueue(int r) {
        int pool = poolOf(r);
        enqueued[r] = now;
        // Counted until dispatched (queue and hand-off), for the queue's Little's-law check.
        queued++;
        if (poolQueue[pool].isEmpty() && poolFree[pool] > 0) {
            startDispatch(pool, r);
        } else {
            poolQueue[pool].add(r);
        }
    }

    private void startDispatch(int pool, int r) {
        poolFree[pool]--;
        double h = p.dispatchHandoff.sample(middlewareRng);
        if (h > 0) {
            stage[r] = HANDOFF;
            timers.add(now + h, r);
        } else {
            dispatched(r);
        }
    }

    private void dispatched(int r) {
        queued--;
        recordQueue(r, now - enqueued[r]);
        if (model == ThreadingModel.THREAD_PER_REQUEST) {
            stage[r] = CREATE;
            compute(r, CREATE, p.threadCreateCpu.sample(middlewareRng));
        } else {
            enterUpcall(r);
        }
    }

    private void recordQueue(int r, double q) {
        queueSumAll += q;
        mark2[r] = q;
        if (measured[r]) {
            if (top[r]) {
                result.queue.record(q);
            }
            opQueue[op[r]].record(q);
            serverQueue[opServer[op[r]]].record(q);
        }
    }

    // ---- upcall: POA, servant, calls, marshal ----

    private void enterUpcall(int r) {
        mark[r] = now;
        if (model == ThreadingModel.THREADED) {
            int s = opServer[op[r]];
            if (mutexBusy[s]) {
                mutexQueue[s].add(r);
                return;
            }
            mutexBusy[s] = true;
        }
        enterPoa(r);
    }

    private void enterPoa(int r) {
        int i = opPoa[op[r]];
        if (poaBusy[i] >= poaLimit[i]) {
            poaQueue[i].add(r);
            return;
        }
        poaBusy[i]++;
        if (measured[r] && top[r]) {
            result.poaWait.record(now - mark[r]);
        }
        stage[r] = POA;
        compute(r, POA, p.poaCpu.sample(middlewareRng));
    }

    private void requestServant(int r) {
        int j = opServant[op[r]];
        mark[r] = now;
        if (servantBusy[j] >= servantLimit[j]) {
            servantQueue[j].add(r);
        } else {
            startServant(j, r);
        }
    }

    private void startServant(int j, int r) {
        servantBusy[j]++;
        if (measured[r] && top[r]) {
            result.servantWait.record(now - mark[r]);
        }
        stage[r] = SER;
        ModelParameters.Operation o = p.operations.get(op[r]);
        compute(r, SER, o.cpu().sample(opRng[op[r]]));
    }

    private void servantCpuDone(int r) {
        int l = opLock[op[r]];
        if (l < 0) {
            startCalls(r);
            return;
        }
        mark[r] = now;
        if (lockBusy[l]) {
            stage[r] = LOCK_WAIT;
            lockQueue[l].add(r);
        } else {
            acquire(l, r);
        }
    }

    /** Request {@code r} takes lock {@code l} and computes inside it. */
    private void acquire(int l, int r) {
        lockBusy[l] = true;
        lockSince[l] = now;
        lockAcquired[l]++;
        if (measured[r]) {
            lockWait[l].record(now - mark[r]);
        }
        stage[r] = LOCK;
        compute(r, LOCK, opLockHold[op[r]].sample(opRng[op[r]]));
    }

    /** Request {@code r}'s CPU inside its lock is done: the lock passes to the first waiter, r goes on. */
    private void lockReleased(int r) {
        int l = opLock[op[r]];
        lockHeld[l] += now - lockSince[l];
        if (lockQueue[l].isEmpty()) {
            lockBusy[l] = false;
        } else {
            int next = lockQueue[l].poll();
            double h = p.locks.get(l).handoff().sample(opRng[op[next]]);
            if (h > 0) {
                stage[next] = LOCK_HANDOFF;
                timers.add(now + h, next);
            } else {
                acquire(l, next);
            }
        }
        startCalls(r);
    }

    private void startCalls(int r) {
        ModelParameters.Call[] calls = opCalls[op[r]];
        if (calls.length == 0) {
            afterCalls(r);
            return;
        }
        callIndex[r] = 0;
        callsLeft[r] = calls[0].count();
        nextCall(r);
    }

    /**
     * Makes the servant's next call: a collocated or sync one leaves the request waiting in {@code CALL} until it
     * returns (then this runs again); oneway remote calls are sent one after the other without waiting.
     */
    private void nextCall(int r) {
        ModelParameters.Call[] calls = opCalls[op[r]];
        while (callIndex[r] < calls.length) {
            if (callsLeft[r] == 0) {
                if (++callIndex[r] < calls.length) {
                    callsLeft[r] = calls[callIndex[r]].count();
                }
                continue;
            }
            callsLeft[r]--;
            ModelParameters.Call c = calls[callIndex[r]];
            if (c.probability() < 1 && callRng.nextDouble() >= c.probability()) {
                continue;
            }
            int child = subRequest(r, c.operation());
            if (opServer[c.operation()] == opServer[op[r]]) {
                stage[r] = CALL;
                collocated[child] = true;
                parent[child] = r;
                requestServant(child);
                return;
            }
            collocated[child] = false;
            parent[child] = c.sync() ? r : -1;
            receive(p.servers.size() * clientConnections + opServer[op[r]] * p.servers.size() + opServer[c.operation()],
                    child);
            if (c.sync()) {
                stage[r] = CALL;
                return;
            }
        }
        afterCalls(r);
    }

    private int subRequest(int caller, int operation) {
        int child = allocate();
        arrival[child] = now;
        op[child] = operation;
        measured[child] = measured[caller];
        seqOf[child] = seqOf[caller];
        top[child] = false;
        subRequests++;
        return child;
    }

    private void afterCalls(int r) {
        ModelParameters.Operation o = p.operations.get(op[r]);
        double w = o.nonCpu().sample(opRng[op[r]]);
        if (listener != null && top[r]) {
            demand[3][r] = w;
        }
        if (w > 0) {
            stage[r] = SEM;
            timers.add(now + w, r);
        } else {
            servantDone(r);
        }
    }

    private void servantDone(int r) {
        int j = opServant[op[r]];
        servantBusy[j]--;
        if (!servantQueue[j].isEmpty()) {
            startServant(j, servantQueue[j].poll());
        }
        if (collocated[r]) {
            // A collocated call returns on its caller's thread: no reply to marshal, no thread to release.
            int caller = parent[r];
            subRequests--;
            release(r);
            nextCall(caller);
            return;
        }
        if (opOneway[op[r]]) {
            // No reply to marshal: the upcall ends with the servant's work.
            upcallEnded(r);
            return;
        }
        stage[r] = MAR;
        ModelParameters.Operation o = p.operations.get(op[r]);
        compute(r, MAR, o.marshal().sample(opRng[op[r]]));
    }

    /** The reply is sent, or a oneway request's servant is done: the request is complete on its server. */
    private void upcallEnded(int r) {
        double c = now - arrival[r];
        if (top[r]) {
            int s = streamOf[r];
            double d = clientDelay && !opOneway[op[r]] ? p.clientDelay.sample(clientRng) : 0;
            int client = streamClient[s];
            if ((clientDelay || client >= 0) && measured[r] && !opOneway[op[r]]) {
                // From the input's arrival: the wait for an invoker is the client's, as its lateness is in a run.
                result.clientResponse.record(now - inputAt[r] + d);
            }
            ModelParameters.Caller caller = p.streams.get(s).caller();
            double work = opOneway[op[r]] || !caller.processes() ? 0
                    : caller.cpu().sample(clientRng) + caller.waiting().sample(clientRng);
            if (client >= 0 && !opOneway[op[r]]) {
                timers.add(now + d + work, -(p.streams.size() + client + 1));
            }
            Arrivals a = p.streams.get(s).arrivals();
            if (a.closed() && canSend(s)) {
                // The client that sent r has its reply after the client and network delay, works on it, thinks,
                // then sends its next request.
                timers.add(now + d + work + a.think().sample(streamRng[s]), -(s + 1));
            }
            completedAll++;
            completionSumAll += c;
            inSystem--;
            if (measured[r]) {
                result.completion.record(c);
            }
            if (listener != null) {
                listener.request(seqOf[r], opLabels[op[r]], arrival[r], mark2[r], c, demand[0][r], demand[1][r],
                        demand[2][r], demand[3][r], demand[4][r]);
            }
        }
        if (measured[r]) {
            opCompletion[op[r]].record(c);
            serverCompletion[opServer[op[r]]].record(c);
        }
        int i = opPoa[op[r]];
        poaBusy[i]--;
        if (!poaQueue[i].isEmpty()) {
            enterPoa(poaQueue[i].poll());
        }
        if (model == ThreadingModel.THREADED) {
            int s = opServer[op[r]];
            mutexBusy[s] = false;
            if (!mutexQueue[s].isEmpty()) {
                mutexBusy[s] = true;
                enterPoa(mutexQueue[s].poll());
            }
        }
        if (parent[r] >= 0) {
            int caller = parent[r];
            parent[r] = -1;
            nextCall(caller);
        }
        double w = p.dispatcherCpuPhase2.sample(middlewareRng);
        if (model == ThreadingModel.THREAD_PER_CONNECTION || model == ThreadingModel.THREADED
                || model == ThreadingModel.LEADER_FOLLOWER) {
            // One thread did both the receiving and the dispatching: both cleanups run on it now.
            w += p.receiverCpuPhase2.sample(middlewareRng);
        }
        stage[r] = PH2;
        compute(r, PH2, w);
    }

    private void threadReleased(int r) {
        int k = conn[r];
        int pool = model == ThreadingModel.THREAD_POOL || model == ThreadingModel.THREAD_PER_SERVANT
                || model == ThreadingModel.THREAD_PER_REQUEST ? poolOf(r) : -1;
        int server = opServer[op[r]];
        if (!top[r]) {
            subRequests--;
        }
        release(r);
        switch (model) {
            case THREAD_PER_CONNECTION:
            case THREADED:
                receiverFree(k);
                break;
            case LEADER_FOLLOWER:
                leaderFree[server]++;
                promoteLeaders(server);
                break;
            default:
                poolFree[pool]++;
                if (!poolQueue[pool].isEmpty()) {
                    startDispatch(pool, poolQueue[pool].poll());
                }
                break;
        }
    }

    // ---- results ----

    /** A lock's name, with its server's when the model has several. */
    private String lockLabel(ModelParameters.Lock lock) {
        return p.servers.size() > 1 ? p.servers.get(lock.server()).name() + "/" + lock.name() : lock.name();
    }

    private void finish() {
        SimulationResult res = result;
        // A replayed stream may run out of send times before the requested count.
        res.requests = Math.max(0, generated - warmup);
        res.warmup = warmup;
        res.events = events;
        res.simulatedNanos = now;
        double allCores = 0;
        double busy = 0;
        for (ProcessorSharing c : cpu) {
            allCores += c.cores();
            busy += c.busyCoreTime();
        }
        double coreTime = allCores * now;
        res.cpuUtilization = now > 0 ? busy / coreTime : 0;
        res.offeredUtilization = p.offeredUtilization();
        for (int s = 0; s < STAGE_NAMES.length; s++) {
            if (s != SEM && (stageWork[s] > 0 || s == REC1 || s == POA || s == SER || s == MAR)) {
                res.utilizationByStage.put(STAGE_NAMES[s], now > 0 ? stageWork[s] / coreTime : 0);
            }
        }
        for (int l = 0; l < lockWait.length; l++) {
            ModelParameters.Lock lock = p.locks.get(l);
            res.locks.put(lockLabel(lock), new SimulationResult.LockResult(lockLabel(lock), lockWait[l],
                    lockAcquired[l], now > 0 ? lockHeld[l] / now : 0,
                    lockAcquired[l] > 0 ? lockHeld[l] / lockAcquired[l] / 1e6 : Double.NaN,
                    p.offeredLockUtilization(l)));
        }
        double[] poaWork = new double[p.poas.size()];
        for (int i = 0; i < opWork.length; i++) {
            poaWork[opPoa[i]] += opWork[i];
            String label = p.operationLabel(i);
            double serverCoreTime = p.servers.get(opServer[i]).cores() * now;
            res.operations.put(label, new SimulationResult.OperationResult(label, p.poas.get(opPoa[i]).name(),
                    opCompletion[i], opQueue[i], now > 0 ? opWork[i] / serverCoreTime : 0));
        }
        for (int i = 0; i < poaWork.length; i++) {
            res.utilizationByPoa.put(p.poas.get(i).name(), now > 0 ? poaWork[i] / coreTime : 0);
        }
        for (int s = 0; s < p.servers.size(); s++) {
            ModelParameters.Server server = p.servers.get(s);
            res.servers.put(server.name(), new SimulationResult.ServerResult(server.name(), serverCompletion[s],
                    serverQueue[s], now > 0 ? serverWork[s] / (server.cores() * now) : 0,
                    p.offeredUtilization(s)));
        }
        // Little's law over [0, end]: the system starts and ends empty, so the time-average number in system
        // must equal throughput x mean completion time. Both sides are computed independently (event-by-event
        // integral vs per-request sums); a mismatch means lost or double-counted requests.
        res.littleL = now > 0 ? inSystemArea / now : 0;
        res.littleLambdaW = now > 0 ? completedAll / now * (completionSumAll / Math.max(1, completedAll)) : 0;
        res.queueLittleL = now > 0 ? queueArea / now : 0;
        res.queueLittleLambdaW = now > 0 ? completedAll / now * (queueSumAll / Math.max(1, completedAll)) : 0;
        if (completedAll != generated || inSystem != 0 || queued != 0 || subRequests != 0) {
            throw new IllegalStateException("simulation did not drain: completed " + completedAll + " of " + generated
                    + ", in system " + inSystem + ", queued " + queued + ", sub-requests " + subRequests);
        }
    }
}
