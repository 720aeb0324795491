package org.orbscope.hosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.orbscope.coordination.CoordinatorPOA;
import org.orbscope.coordination.HostInfo;
import org.orbscope.coordination.TaskKind;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.PartReport;
import org.orbscope.coordination.Task;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.EpochClock;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;

/**
 * The coordinator object the hosts call (IDL {@code orbscope::coordination::Coordinator}): registration, tasks,
 * the clock of the ping exchange, the barrier, and the result files. JacORB serves each call on a thread of its
 * pool, so every method may run at once with the others; the barrier and the task queues block only their caller.
 */
final class CoordinatorServant extends CoordinatorPOA {
    /** The longest a host's call for its next task is held when there is nothing to do. */
    static final int MAX_WAIT_MS = 1000;
    static final Task WAIT = task(TaskKind.WAIT, "", "");

    private final EpochClock clock = EpochClock.calibrate();
    private final Map<Integer, HostState> hosts = new LinkedHashMap<>();
    private final Map<String, PointState> points = new HashMap<>();
    private int nextId = 1;

    /** The coordinator's clock now (epoch ns): the time axis of every host's records. */
    long now() {
        return clock.epochNanos(System.nanoTime());
    }

    @Override
    public synchronized int register_host(HostInfo info) throws Refused {
        if (info.name == null || !info.name.matches("[A-Za-z0-9._-]+")) {
            throw new Refused("a host name holds letters, digits, '.', '_' and '-' only, not '" + info.name + "'");
        }
        for (HostState h : hosts.values()) {
            if (h.name().equals(info.name) && !h.gone()) {
                if (!h.info.address.equals(info.address)) {
                    throw new Refused("a host named '" + info.name + "' is already registered, from "
                            + h.info.address + "; give this one another --name");
                }
                h.replaced = true; // the same host again (restarted): the new registration counts
            }
        }
        HostState h = new HostState(nextId++, info, now());
        hosts.put(h.id, h);
        notifyAll();
        return h.id;
    }

    @Override
    public Task next_task(int host, int waitMs) throws Refused {
        HostState h = host(host);
        try {
            Task t = h.tasks.poll(Math.max(0, Math.min(waitMs, MAX_WAIT_MS)), TimeUnit.MILLISECONDS);
            h.heard(now());
            return t == null ? WAIT : t;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return WAIT;
        }
    }

    @Override
    public long clock() {
        return now();
    }

    @Override
    public void clock_offset(int host, String point, String server, long offsetNs, long roundTripNs, int samples)
            throws Refused {
        Part p = part(host, point, server);
        p.clockOffsetNs = offsetNs;
        p.roundTripNs = roundTripNs;
        p.clockSamples = samples;
    }

    @Override
    public long await_start(int host, String point) throws Refused {
        Part p = part(host, point, "");
        p.barrierArrivalEpochNs = now();
        try {
            return points(point).barrier.await(host);
        } catch (IllegalStateException e) {
            p.giveUp(HostsFile.MISSED_START, e.getMessage());
            throw new Refused(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Refused("the coordinator is shutting down");
        }
    }

    @Override
    public void put(int host, String point, String server, String file, long offset, byte[] data) throws Refused {
        Part p = part(host, point, server);
        PointDirectory dir = points(point).dir;
        try {
            Path target = ResultFiles.resolve(dir.dir(), base(p, dir), file);
            synchronized (p) {
                p.bytesReceived += ResultFiles.write(target, offset, data);
            }
        } catch (IllegalArgumentException | IOException e) {
            throw new Refused(e.getMessage());
        }
    }

    @Override
    public void replace(int host, String point, String server, String file, byte[] data) throws Refused {
        Part p = part(host, point, server);
        PointDirectory dir = points(point).dir;
        try {
            AtomicFiles.write(ResultFiles.resolve(dir.dir(), base(p, dir), file), data);
        } catch (IllegalArgumentException | IOException e) {
            throw new Refused(e.getMessage());
        }
    }

    /** Where a host's part of a point writes: its server's directory, or the client host's part. */
    private static Path base(Part p, PointDirectory dir) {
        return p.serverDir != null ? p.serverDir : dir.hostDir(p.host.name());
    }

    @Override
    public void finished(int host, String point, String server, PartReport report) throws Refused {
        Part p = part(host, point, server);
        p.reportedEpochNs = now();
        p.report = report;
        PointState s = points(point);
        if (point.equals(p.host.busyWith) && s.reported(host)) {
            p.host.busyWith = null;
        }
        s.barrier.expectNoLonger(host);
        synchronized (this) {
            notifyAll();
        }
    }

    /** Starts recording a point: its files go to {@code dir}, its barrier waits {@code barrierNanos}. */
    synchronized PointState begin(PointDirectory dir, long barrierNanos) {
        PointState p = new PointState(dir, new Barrier(barrierNanos, this::now));
        points.put(p.name, p);
        return p;
    }

    /** Gives a host its part of a point. */
    void assign(PointState point, Part part, Task task) {
        point.add(part);
        part.host.busyWith = point.name;
        if (part.role.equals(HostsFile.Host.CLIENTS)) {
            point.barrier.expect(part.host.id);
        }
        part.host.tasks.add(task);
    }

    /** Asks the hosts of a point that have not reported to stop its JVMs. */
    void stop(PointState point) {
        point.parts().forEach(p -> stop(point, p));
    }

    /** Asks the host of one part of a point to stop the part's JVMs, unless it has reported. */
    void stop(PointState point, Part p) {
        if (!p.reported()) {
            p.host.tasks.add(new Task(TaskKind.STOP, "", "", point.name, "", p.server, 0, 0, new String[0],
                    new String[0], "", 0));
        }
    }

    /** Tells every registered host that the run is over. */
    synchronized void quitAll() {
        for (HostState h : hosts.values()) {
            h.tasks.clear();
            h.tasks.add(task(TaskKind.QUIT, "", ""));
        }
    }

    /** The registered hosts that are alive, in registration order. */
    synchronized List<HostState> alive() {
        List<HostState> out = new ArrayList<>();
        for (HostState h : hosts.values()) {
            if (!h.gone()) {
                out.add(h);
            }
        }
        return out;
    }

    /** The registered hosts that are alive and not busy with a part of a point, in registration order. */
    synchronized List<HostState> available() {
        return available(null);
    }

    /**
     * The registered hosts that are alive and not busy with a part of a point other than {@code point} (null: of
     * any point), in registration order: a host runs parts of one point at a time, as many as the point gives it.
     */
    synchronized List<HostState> available(String point) {
        List<HostState> out = alive();
        out.removeIf(h -> h.busyWith != null && !h.busyWith.equals(point));
        return out;
    }

    /** Waits until a host registers or reports, or {@code millis} pass. */
    synchronized void awaitChange(long millis) throws InterruptedException {
        wait(Math.max(1, millis));
    }

    private synchronized HostState host(int id) throws Refused {
        HostState h = hosts.get(id);
        if (h == null || h.replaced) {
            throw new Refused("host " + id + " is not registered with this coordinator (register again)");
        }
        return h;
    }

    private synchronized PointState points(String name) throws Refused {
        PointState p = points.get(name);
        if (p == null) {
            throw new Refused("no point '" + name + "' in this run");
        }
        return p;
    }

    /** The caller's part of a point that runs {@code server}; the call also says the host is alive. */
    private Part part(int host, String point, String server) throws Refused {
        HostState h = host(host);
        h.heard(now());
        Part p = points(point).part(host, server);
        if (p == null) {
            throw new Refused("host " + h.name() + " has no part in point '" + point + "'"
                    + (server.isEmpty() ? "" : " that runs server '" + server + "'"));
        }
        return p;
    }

    static Task task(TaskKind kind, String run, String point) {
        return new Task(kind, run, "", point, "", "", 0, 0, new String[0], new String[0], "", 0);
    }
}
