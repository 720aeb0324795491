package org.orbscope.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.omg.CORBA.ORB;
import org.omg.CORBA.SystemException;
import org.omg.CORBA.UserException;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.CpuBurner;
import org.orbscope.run.EpochClock;
import org.orbscope.run.StartGate;
import org.orbscope.scenario.ClientSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.ProcessingSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.SessionSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/**
 * Fires a scenario's open workload at a server. The schedule is computed up front; a pool of invoker threads
 * takes requests in schedule order, leader/followers style ({@link LeaderFollowers}): the leader waits for its
 * request's intended time (parking, then spinning the last stretch: {@link ArrivalTimer}), hands the next request
 * to an idle thread, and calls synchronously. A request is therefore sent on
 * time whether or not earlier ones have finished, as long as one of the pool's threads is free; when all are
 * busy the delay shows up as send lateness. Response time counts from the intended time.
 */
public final class WorkloadClient {
    /**
     * How long before its request's time the leader hands over leadership: early enough that the woken
     * follower (on a one-core client it preempts the leader) has taken the next request and parked again before
     * this request is sent, so its wake-up never lands inside the spin or the call.
     */
    static final long PROMOTE_AHEAD_NANOS = 250_000;
    /** Consecutive connection failures after which the server is taken to be gone. */
    static final int GIVE_UP_AFTER = 20;
    /** The reason a run ends when it is asked to stop from outside (a signal to the client JVM). */
    public static final String INTERRUPTED = "interrupted by a signal";
    /** How long the client waits for a reply before the request counts as failed (TIMEOUT). */
    static final long REPLY_TIMEOUT_MILLIS = 60_000;
    /** How long calls in flight may still answer once the run is asked to stop. */
    static final long STOP_GRACE_NANOS = 2_000_000_000L;

    private WorkloadClient() {
    }

    /**
     * Runs the workload against {@code iors} (object key, {@link Scenario.Ref#key}: the id with one server, else
     * server/id -> IOR or corbaloc URL) and writes {@code outDir}.
     */
    public static ClientSummary run(Scenario scenario, Map<String, String> iors, Path outDir) throws IOException {
        return run(scenario, iors, outDir, new AtomicReference<>());
    }

    /**
     * As {@link #run(Scenario, Map, Path)}; setting {@code stop} (e.g. to {@link #INTERRUPTED}) from another
     * thread stops sending, gives the calls in flight {@value #STOP_GRACE_NANOS} ns to answer, and writes what
     * was measured.
     */
    public static ClientSummary run(Scenario scenario, Map<String, String> iors, Path outDir,
                                    AtomicReference<String> stop) throws IOException {
        return run(scenario, iors, outDir, stop, ClientLaunch.Start.ALONE);
    }

    /**
     * As {@link #run(Scenario, Map, Path, AtomicReference)} as one of several client JVMs, which start their
     * schedules together at the time of the start gate.
     */
    public static ClientSummary run(Scenario scenario, Map<String, String> iors, Path outDir,
                                    AtomicReference<String> stop, ClientLaunch.Start how) throws IOException {
        ClientSpec client = scenario.client();
        int instance = how.instance();
        EpochClock clock = EpochClock.calibrate(how.clockOffsetNanos());
        Schedule schedule = Schedule.of(client, client.maxDurationNanos(), instance);
        List<String> processNames = new ArrayList<>();
        List<List<String[]>> targetNames = new ArrayList<>();
        for (ProcessSpec p : client.processes()) {
            processNames.add(p.name());
            List<String[]> t = new ArrayList<>();
            for (TargetSpec ts : p.targets()) {
                t.add(new String[] {key(scenario, ts), ts.operation(client.invocation())});
            }
            targetNames.add(t);
        }
        RequestLog log = new RequestLog(schedule, processNames, targetNames, client.warmup(),
                new ClientDirectory(outDir), clock, expectedKnown(client) ? expected(client, schedule) : null);
        String error = null;
        Caller caller = null;
        Connects connects = new Connects();
        // The shared connections first, then one of its own for each client of a process with fresh connections:
        // JacORB keeps one connection per ORB and server, so a connection of one's own is an ORB of one's own.
        int[] owner = owners(client);
        ORB[] orbs = new ORB[owner.length];
        long start = System.nanoTime();
        double duration = 0;
        try {
            String[][] references = new String[client.processes().size()][];
            String[][] servers = new String[references.length][];
            for (int p = 0; p < references.length; p++) {
                List<TargetSpec> ts = client.processes().get(p).targets();
                references[p] = new String[ts.size()];
                servers[p] = new String[ts.size()];
                for (int t = 0; t < ts.size(); t++) {
                    servers[p][t] = scenario.resolve(ts.get(t).server(), ts.get(t).object()).server().name();
                    references[p][t] = iors.get(key(scenario, ts.get(t)));
                    if (references[p][t] == null) {
                        throw new IllegalArgumentException("no reference for object '" + key(scenario, ts.get(t)) + "'");
                    }
                }
            }
            Invocation[][][] calls = new Invocation[orbs.length][][];
            Target[][][] stubs = new Target[orbs.length][][];
            for (int c = 0; c < orbs.length; c++) {
                orbs[c] = JacorbOrbs.client(REPLY_TIMEOUT_MILLIS); // a reply that never comes must not hang the client
                calls[c] = new Invocation[client.processes().size()][];
                stubs[c] = new Target[client.processes().size()][];
                for (int p = 0; p < client.processes().size(); p++) {
                    List<TargetSpec> ts = owner[c] < 0 || owner[c] == p ? client.processes().get(p).targets() : List.of();
                    calls[c][p] = new Invocation[ts.size()];
                    stubs[c][p] = new Target[ts.size()];
                    for (int t = 0; t < ts.size(); t++) {
                        stubs[c][p][t] = TargetHelper.unchecked_narrow(orbs[c].string_to_object(references[p][t]));
                        calls[c][p][t] = Invocation.of(ts.get(t), client.invocation(), orbs[c]);
                    }
                }
            }
            for (Target[][] connection : stubs) {
                probe(connection, servers, client, connects); // opens every connection before the first arrival
            }
            long gateAt = how.gate() == null ? Long.MIN_VALUE : gate(how.gate(), outDir, stop, clock);
            if (client.invocation() == ClientSpec.Invocation.AMI) {
                AmiSender ami;
                try {
                    ami = new AmiSender(orbs, calls, log, Math.min(client.invokerThreads(), schedule.size()));
                } catch (UserException e) {
                    throw new IllegalArgumentException("cannot set up AMI reply handlers in the client: " + e);
                }
                start = Math.max(System.nanoTime() + LEAD_NANOS, gateAt); // the sender waits before the first arrival
                log.begin(start);
                error = sendAmi(client, schedule, ami, stubs, log, start, stop);
            } else {
                int threads = client.invokerThreads();
                AtomicInteger next = new AtomicInteger();
                AtomicReference<String> abort = stop;
                caller = new Caller(calls, stubs, log, abort, client.processes().stream()
                        .map(ProcessSpec::processing).toArray(ProcessingSpec[]::new),
                        new Reconnect(orbs, references, servers, connects));
                Caller calling = caller;
                AtomicLong done = calling.done;
                AtomicLong failures = calling.failures;
                // Let every invoker be waiting before the first arrival.
                start = Math.max(System.nanoTime() + LEAD_NANOS, gateAt);
                log.begin(start);
                long guard = start + client.maxDurationNanos();
                long runStart = start;
                List<Thread> pool = new ArrayList<>();
                LeaderFollowers turns = new LeaderFollowers();
                ArrivalTimer timer = new ArrivalTimer();
                for (int k = 0; k < threads; k++) {
                    SplittableRandom random = new SplittableRandom(Schedule.seed(client, instance) * 31L + k);
                    Thread th = new Thread(() -> {
                        while (true) {
                            if (abort.get() != null || !turns.lead()) {
                                turns.close();
                                return;
                            }
                            int i = next.getAndIncrement();
                            if (i >= schedule.size()) {
                                turns.close();
                                return;
                            }
                            long due = runStart + schedule.intended[i];
                            if (due > guard) {
                                abort.compareAndSet(null, "client.maxDuration reached before every request was sent");
                                turns.close();
                                return;
                            }
                            ArrivalTimer.parkUntil(due - PROMOTE_AHEAD_NANOS, abort);
                            turns.promote(); // the next request gets its thread well before this one is sent
                            timer.awaitUntil(due, abort);
                            if (abort.get() != null) {
                                turns.close();
                                return;
                            }
                            calling.call(i, i % client.connections(), schedule.process[i], schedule.target[i]);
                            calling.process(schedule.process[i], i, random);
                        }
                    }, "orbscope-invoker-" + k);
                    th.setDaemon(true);
                    pool.add(th);
                }
                pool.addAll(closedLoops(client, instance, calling, log, owner, runStart, guard, abort));
                pool.forEach(Thread::start);
                Thread progress = progress(expected(client, schedule), done, failures, abort);
                awaitInvokers(pool, guard + 65_000_000_000L, abort);
                progress.interrupt();
                error = abort.get();
                for (Thread th : pool) {
                    if (th.isAlive()) {
                        error = error != null ? error : "some requests never returned";
                    }
                }
            }
            duration = (System.nanoTime() - start) / 1e9;
        } catch (UnreachableException e) {
            error = e.getMessage();
        } catch (IllegalArgumentException e) {
            error = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        } finally {
            for (ORB orb : orbs) {
                if (orb != null) {
                    try {
                        orb.shutdown(false);
                    } catch (RuntimeException ignored) {
                        // shutting down anyway
                    }
                }
            }
        }
        boolean interrupted = INTERRUPTED.equals(stop.get());
        return log.finish(duration, interrupted ? null : error, interrupted,
                caller == null ? null : caller.processing(), connects.figure(),
                caller == null ? null : caller.sessions(client));
    }

    /** The key of a target's object among the references. */
    private static String key(Scenario scenario, TargetSpec t) {
        return scenario.resolve(t.server(), t.object()).key(scenario);
    }

    /**
     * Waits for the invoker threads to end: until {@code deadline}, or for at most the stop grace once
     * {@code abort} is set, so that calls still in flight when the run is stopped do not hold the client.
     */
    private static void awaitInvokers(List<Thread> pool, long deadline, AtomicReference<String> abort)
            throws InterruptedException {
        long abortSeen = 0;
        for (Thread th : pool) {
            while (th.isAlive()) {
                long now = System.nanoTime();
                if (abort.get() != null && abortSeen == 0) {
                    abortSeen = now;
                }
                if (now > deadline || (abortSeen != 0 && now - abortSeen > STOP_GRACE_NANOS)) {
                    return;
                }
                th.join(50);
            }
        }
    }

    /**
     * AMI: one thread sends every request at its intended time with {@code sendc_}, never waiting for a reply;
     * replies stamp their requests as they come. Then waits for the last reply (or the reply timeout).
     */
    private static String sendAmi(ClientSpec client, Schedule schedule, AmiSender ami, Target[][][] stubs,
                                  RequestLog log, long runStart, AtomicReference<String> abort)
            throws InterruptedException {
        AtomicLong done = ami.done;
        AtomicLong failures = ami.failures;
        int connections = stubs.length;
        long guard = runStart + client.maxDurationNanos();
        ArrivalTimer timer = new ArrivalTimer();
        Thread progress = progress(schedule.size(), done, failures, abort);
        long sentCount = 0;
        int connectionFailures = 0;
        String error = null;
        try {
            for (int i = 0; i < schedule.size(); i++) {
                long due = runStart + schedule.intended[i];
                if (due > guard) {
                    error = "client.maxDuration reached before every request was sent";
                    break;
                }
                timer.awaitUntil(due, abort);
                if (abort.get() != null) {
                    error = abort.get();
                    break;
                }
                int c = i % connections;
                int p = schedule.process[i];
                int t = schedule.target[i];
                org.orbscope.workload.AMI_TargetHandler handler;
                try {
                    handler = ami.handlerFor(c, i);
                } catch (UserException e) {
                    error = "cannot make an AMI reply handler: " + e;
                    break;
                }
                log.sent(i, System.nanoTime());
                sentCount++;
                try {
                    ami.send(c, p, t, stubs[c][p][t], handler);
                    connectionFailures = 0;
                } catch (SystemException e) {
                    // Not sent: no reply will come, so the request is answered here.
                    String name = e.getClass().getSimpleName();
                    log.answered(i, System.nanoTime(), log.code(name));
                    failures.incrementAndGet();
                    sentCount--;
                    if (isConnectionFailure(name) && ++connectionFailures >= GIVE_UP_AFTER) {
                        error = "the server stopped answering (" + GIVE_UP_AFTER + " consecutive " + name
                                + "); stopped sending";
                        break;
                    }
                }
            }
            // The reply timeout (60 s) bounds the wait for the last replies.
            long deadline = System.nanoTime() + 65_000_000_000L;
            while (ami.answered() < sentCount && System.nanoTime() < deadline) {
                if (abort.get() != null) {
                    deadline = Math.min(deadline, System.nanoTime() + STOP_GRACE_NANOS);
                }
                Thread.sleep(1);
            }
            if (error == null && ami.answered() < sentCount) {
                error = "some requests never returned";
            }
        } finally {
            progress.interrupt();
        }
        return error;
    }

    /**
     * Makes one call and records what came of it: the reply, or the exception's name. After
     * {@value #GIVE_UP_AFTER} consecutive connection failures the server is taken to be gone and the run stops.
     */
    static final class Caller {
        private final Invocation[][][] calls;
        private final Target[][][] stubs;
        private final RequestLog log;
        private final AtomicReference<String> abort;
        private final ProcessingSpec[] processing;
        private final Reconnect reconnect;
        private final AtomicInteger connectionFailures = new AtomicInteger();
        private final AtomicLong processed = new AtomicLong();
        private final AtomicLong processingNanos = new AtomicLong();
        final AtomicLong sessionsCompleted = new AtomicLong();
        final AtomicLong sessionsCut = new AtomicLong();
        final AtomicLong done = new AtomicLong();
        final AtomicLong failures = new AtomicLong();

        Caller(Invocation[][][] calls, Target[][][] stubs, RequestLog log, AtomicReference<String> abort,
               ProcessingSpec[] processing, Reconnect reconnect) {
            this.calls = calls;
            this.stubs = stubs;
            this.log = log;
            this.abort = abort;
            this.processing = processing;
            this.reconnect = reconnect;
        }

        /**
         * Closes connection {@code c}, the own connection of a client of process {@code p}, and opens it anew: its
         * stubs are released (JacORB closes a connection when no stub holds it) and made again, and the
         * {@code _non_existent} of the first target on each server opens the new connection to that server, timed.
         * A failure to connect is left to the call that follows, which records it.
         */
        void reconnect(int c, int p) {
            Target[] own = stubs[c][p];
            for (Target t : own) {
                t._release();
            }
            for (int t = 0; t < own.length; t++) {
                own[t] = reconnect.stub(c, p, t);
            }
            Set<String> opened = new HashSet<>();
            for (int t = 0; t < own.length; t++) {
                if (!opened.add(reconnect.servers()[p][t])) {
                    continue;
                }
                long from = System.nanoTime();
                try {
                    own[t]._non_existent();
                    reconnect.connects().record(System.nanoTime() - from);
                } catch (SystemException e) {
                    // not connected: the next call fails and says so
                }
            }
        }

        /**
         * Process {@code p}'s processing of request {@code i}'s reply, on this thread (it holds the thread, as a
         * user's own work between synchronous calls does); returns when the thread is free again, the reply's
         * time when there is nothing to do. No processing follows a request that was never answered.
         */
        long process(int p, int i, SplittableRandom random) {
            long answered = log.answeredAt(i);
            long from = answered != 0 ? answered : System.nanoTime();
            ProcessingSpec spec = processing[p];
            if (!spec.any() || answered == 0) {
                return from;
            }
            CpuBurner.burn(spec.cpu().sampleNanos(random));
            ArrivalTimer.parkUntil(System.nanoTime() + spec.waiting().sampleNanos(random), abort);
            long free = System.nanoTime();
            processed.incrementAndGet();
            processingNanos.addAndGet(free - from);
            return free;
        }

        /** What the processing came to, or null when no process has any. */
        ClientSummary.Processing processing() {
            if (Arrays.stream(processing).noneMatch(ProcessingSpec::any)) {
                return null;
            }
            long n = processed.get();
            return new ClientSummary.Processing(n, n > 0 ? processingNanos.get() / 1e6 / n : null,
                    processingNanos.get() / 1e9);
        }

        /** The sessions the closed clients walked, or null when no process has a session. */
        ClientSummary.Sessions sessions(ClientSpec client) {
            if (client.processes().stream().allMatch(p -> p.session() == null)) {
                return null;
            }
            return new ClientSummary.Sessions(sessionsCompleted.get(), sessionsCut.get());
        }

        /** Request {@code i} to target {@code t} of process {@code p} over connection {@code c}, now. */
        void call(int i, int c, int p, int t) {
            log.sent(i, System.nanoTime());
            try {
                calls[c][p][t].invoke(stubs[c][p][t]);
                log.answered(i, System.nanoTime(), RequestLog.OK);
                connectionFailures.set(0);
                done.incrementAndGet();
            } catch (SystemException e) {
                long now = System.nanoTime();
                String name = e.getClass().getSimpleName();
                log.answered(i, now, log.code(name));
                failures.incrementAndGet();
                if (isConnectionFailure(name) && connectionFailures.incrementAndGet() >= GIVE_UP_AFTER) {
                    abort.compareAndSet(null, "the server stopped answering (" + GIVE_UP_AFTER
                            + " consecutive " + name + "); stopped sending");
                }
            } catch (RuntimeException e) {
                log.answered(i, System.nanoTime(), log.code(e.getClass().getSimpleName()));
                failures.incrementAndGet();
            }
        }
    }

    /**
     * The threads of the closed processes: each of a process's {@code threads} clients sends a request, waits for
     * its reply, thinks for a draw of {@code thinkTime}, and sends again, until the process's request count is used
     * up or its duration (or client.maxDuration) has passed. A think time starts when the reply arrives, and a
     * request's response time counts from the end of the think time that preceded it. A process with a session
     * walks it instead of drawing each target: each client starts a session at the first target, and pauses for a
     * draw of the session's pause instead of the think time when a session ends.
     */
    static List<Thread> closedLoops(ClientSpec client, int instance, Caller caller, RequestLog log, int[] owner,
                                    long runStart, long guard, AtomicReference<String> abort) {
        List<Thread> threads = new ArrayList<>();
        int connections = client.connections();
        for (int p = 0; p < client.processes().size(); p++) {
            ProcessSpec spec = client.processes().get(p);
            if (!spec.arrival().closed()) {
                continue;
            }
            AtomicLong remaining = new AtomicLong(spec.requests() != null ? spec.requests() : Long.MAX_VALUE);
            long end = spec.durationNanos() > 0 ? Math.min(guard, runStart + spec.durationNanos()) : guard;
            double[] cumulative = Schedule.cumulative(spec);
            SessionSpec session = spec.session();
            ProcessSpec.Fresh fresh = spec.freshConnection();
            int targets = spec.targets().size();
            int process = p;
            for (int k = 0; k < spec.arrival().threads(); k++) {
                SplittableRandom random = new SplittableRandom(Schedule.seed(client, instance) * 7919L + p * 1_000_003L + k);
                int connection = fresh != null ? ownConnection(owner, p, k) : k % connections;
                Thread th = new Thread(() -> {
                    ArrivalTimer timer = new ArrivalTimer();
                    long due = runStart;
                    int step = 0;
                    boolean starts = true;
                    while (abort.get() == null && due <= end && remaining.getAndDecrement() > 0) {
                        timer.awaitUntil(due, abort);
                        if (abort.get() != null) {
                            break;
                        }
                        if (fresh == ProcessSpec.Fresh.REQUEST || (fresh == ProcessSpec.Fresh.SESSION && starts)) {
                            // The request's response starts once its connection is open: connecting is its own figure.
                            caller.reconnect(connection, process);
                            due = System.nanoTime();
                        }
                        int t = session == null ? Schedule.pick(cumulative, random) : step;
                        int i = log.reserve(process, t, due);
                        caller.call(i, connection, process, t);
                        // Thinking starts when the reply arrived (or the processing after it ended), not when this
                        // thread next runs: so a cycle is one response time, the processing and one think time,
                        // however late a busy machine runs the thread.
                        long free = caller.process(process, i, random);
                        step = session == null ? 0 : session.next(t, targets, random);
                        starts = step == SessionSpec.END;
                        if (step == SessionSpec.END) {
                            caller.sessionsCompleted.incrementAndGet();
                            step = 0;
                            due = free + session.pause().sampleNanos(random);
                        } else {
                            due = free + spec.arrival().thinkTime().sampleNanos(random);
                        }
                    }
                    if (session != null && !starts) {
                        caller.sessionsCut.incrementAndGet(); // stopped between two steps of a session
                    }
                }, "orbscope-closed-" + p + "-" + k);
                th.setDaemon(true);
                threads.add(th);
            }
        }
        return threads;
    }

    /**
     * Which process owns each of the client's connections: -1 for the {@code client.connections} shared ones, then
     * the process of each client that opens fresh connections of its own.
     */
    private static int[] owners(ClientSpec client) {
        List<Integer> owner = new ArrayList<>();
        for (int c = 0; c < client.connections(); c++) {
            owner.add(-1);
        }
        for (int p = 0; p < client.processes().size(); p++) {
            ProcessSpec spec = client.processes().get(p);
            if (spec.freshConnection() != null) {
                for (int k = 0; k < spec.arrival().threads(); k++) {
                    owner.add(p);
                }
            }
        }
        return owner.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The connection of its own of client {@code k} of process {@code p} ({@link #owners}). */
    private static int ownConnection(int[] owner, int p, int k) {
        for (int c = 0, seen = 0; c < owner.length; c++) {
            if (owner[c] == p && seen++ == k) {
                return c;
            }
        }
        throw new IllegalStateException("process " + p + " has no connection of its own for client " + k);
    }

    /**
     * What a client needs to open a connection of its own anew: its ORB, the targets' references and the servers
     * they are on (by process and target), the figures.
     */
    record Reconnect(ORB[] orbs, String[][] references, String[][] servers, Connects connects) {
        Target stub(int c, int p, int t) {
            return TargetHelper.unchecked_narrow(orbs[c].string_to_object(references[p][t]));
        }
    }

    /** Whether the requests to send are known before the run: no closed process runs for a duration. */
    private static boolean expectedKnown(ClientSpec client) {
        return client.processes().stream().noneMatch(p -> p.arrival().closed() && p.requests() == null);
    }

    /** Requests expected: the schedule's, plus the counts of closed processes that have one (for progress lines). */
    private static long expected(ClientSpec client, Schedule schedule) {
        long n = schedule.size();
        for (ProcessSpec p : client.processes()) {
            if (p.arrival().closed() && p.requests() != null) {
                n += p.requests();
            }
        }
        return n;
    }

    /** From the last reachability check to the first arrival (ClientJoin tells the checks apart by it). */
    static final long LEAD_NANOS = 20_000_000L;

    /**
     * Says this client is ready, waits for the start gate, and returns the start instant on this JVM's nanoTime
     * clock (the gate's time is on {@code clock}'s axis). The instant is kept as it is, not as a delay from now, so
     * that what the client does between the gate and its first arrival does not shift its start.
     */
    private static long gate(Path startGate, Path outDir, AtomicReference<String> stop, EpochClock clock)
            throws IOException {
        StartGate.checked(new ClientDirectory(outDir));
        try {
            return clock.nanoTime(StartGate.await(startGate, GATE_LIMIT, () -> stop.get() != null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the start gate");
        }
    }

    /** How long a client waits for the others to check their targets: their JVMs start on a loaded machine. */
    private static final java.time.Duration GATE_LIMIT = java.time.Duration.ofMinutes(5);

    static final class UnreachableException extends Exception {
        UnreachableException(String message) {
            super(message);
        }
    }

    /**
     * Fails fast, with the object and the reason, when a target cannot be reached at all. The first check of each
     * server opens the connection to it, and is timed into {@code connects}.
     */
    private static void probe(Target[][] stubs, String[][] servers, ClientSpec client, Connects connects)
            throws UnreachableException {
        Set<String> opened = new HashSet<>();
        for (int p = 0; p < stubs.length; p++) {
            for (int t = 0; t < stubs[p].length; t++) {
                String object = client.processes().get(p).targets().get(t).object();
                try {
                    long from = System.nanoTime();
                    boolean gone = stubs[p][t]._non_existent();
                    if (opened.add(servers[p][t])) { // this ORB's first call to the server opened its connection
                        connects.record(System.nanoTime() - from);
                    }
                    if (gone) {
                        throw new UnreachableException("object '" + object + "' does not exist on the server");
                    }
                } catch (SystemException e) {
                    throw new UnreachableException("cannot reach object '" + object + "': " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
                }
            }
        }
    }

    static boolean isConnectionFailure(String name) {
        return name.equals("COMM_FAILURE") || name.equals("TRANSIENT") || name.equals("OBJECT_NOT_EXIST") || name.equals("TIMEOUT");
    }

    private static Thread progress(long total, AtomicLong done, AtomicLong failures, AtomicReference<String> abort) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(1000);
                    System.err.printf("orbscope client: %d/%d done, %d failed%n", done.get(), total, failures.get());
                }
            } catch (InterruptedException e) {
                // run over
            }
        }, "orbscope-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
