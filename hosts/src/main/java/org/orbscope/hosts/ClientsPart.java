package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.Task;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.EpochClock;
import org.orbscope.run.ExitCode;
import org.orbscope.run.LocalJvms;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.StartGate;
import org.orbscope.scenario.Scenario;

/**
 * A client host's part of a point (Beekhuis's client capsule, whose main process synchronises on behalf of its
 * threads): measure the clock offset, start the part's client JVMs, wait until all have checked their targets,
 * meet the other hosts at the coordinator's barrier, open the JVMs' start gate at the one start instant, wait for
 * them to end, and ship what they wrote.
 */
final class ClientsPart extends PartRun {
    ClientsPart(Session session, Task task, HostAgent.Options options, PrintStream console, PointDirectory dir) {
        super(session, task, options, console, dir, dir.hostDir(session.name), dir.hostPointYaml(session.name),
                dir.hostLog(session.name), dir.hostWatch(session.name));
    }

    @Override
    Outcome run(Scenario s) throws IOException, InterruptedException, Refused {
        String me = session.name;
        Map<String, Path> iorDirs = writeReferences(server -> dir.hostIorDir(me).resolve(server));
        ClockExchange.Sample clock = exchangeClock("starting " + task.instances + " client JVM(s)");
        List<ClientDirectory> dirs = dir.hostClients(me, task.instances);
        List<Process> jvms = new ArrayList<>();
        for (int i = 0; i < dirs.size(); i++) {
            jvms.add(LocalJvms.client(s, new ClientLaunch(dir.hostPointYaml(me), iorDirs, null, dirs.get(i).dir(), new ClientLaunch.Start(task.firstInstance + i,
                    dir.hostStartGate(me), clock.offsetNs())), dir.runId()));
        }
        AtomicBoolean signalled = new AtomicBoolean();
        Runnable stopJvms = () -> {
            signalled.set(true);
            jvms.forEach(Process::destroy); // SIGTERM: a client stops sending and writes what it measured
        };
        try (Heartbeat beat = heartbeat(stopJvms)) {
            String error = StartGate.awaitChecked(dirs, jvms, Duration.ofMillis(task.readyTimeoutMs), beat::stopped);
            long gateOpened = 0;
            if (error == null) {
                try {
                    long start = session.coordinator.await_start(session.id, task.point);
                    StartGate.open(dir.hostStartGate(me), start);
                    gateOpened = EpochClock.calibrate(clock.offsetNs()).epochNanos(System.nanoTime());
                    log.line("point " + task.point + ": start instant heard " + (start - gateOpened) / 1_000_000
                            + " ms before it came");
                } catch (Refused r) {
                    error = r.reason;
                }
            }
            if (error != null) {
                log.line("point " + task.point + ": " + error + "; stopping the client JVMs");
                stopJvms.run();
            }
            int exit = ExitCode.OK;
            long limit = LocalJvms.clientLimitMillis(s);
            for (int i = 0; i < jvms.size(); i++) {
                Integer e = LocalJvms.awaitClient(jvms.get(i), limit, signalled::get);
                if (e == null || e != ExitCode.OK) {
                    exit = exit != ExitCode.OK ? exit : e == null ? ExitCode.RUN_FAILED : e;
                    if (error == null) {
                        error = "client JVM " + (i + 1) + (e == null ? " did not end in time; killed"
                                : " exited with code " + e) + "; see " + dir.dir().relativize(dirs.get(i).log());
                    }
                }
            }
            if (beat.stopped() && error == null) {
                error = "stopped by the coordinator";
            }
            return new Outcome(error != null && exit == ExitCode.OK ? ExitCode.RUN_FAILED : exit, error, gateOpened);
        }
    }
}
