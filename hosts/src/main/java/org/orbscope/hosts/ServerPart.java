package org.orbscope.hosts;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.orbscope.coordination.Refused;
import org.orbscope.coordination.Task;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.ExitCode;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.LocalJvms;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointJvms;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/**
 * A server host's part of a point: the clock offset to the coordinator, the server JVM (with this host's agent
 * when the point monitors), its references and ready file shipped as soon as they exist, its samples while it
 * serves, until the coordinator asks it to stop; then its trace. The server records on this host's clock (its
 * trace stays a record of this machine); the report moves its times by the offset onto the coordinator's axis.
 */
final class ServerPart extends PartRun {
    /** The name a monitored server's agent config gets beside the server's point.yaml. */
    static final String AGENT_CONFIG = "agent-config.yaml";
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    /** @param watches whether this part watches the machine (the host's first part of the point does) */
    ServerPart(Session session, Task task, HostAgent.Options options, PrintStream console, PointDirectory dir,
               boolean watches) {
        super(session, task, options, console, dir, dir.server(task.server).dir(), dir.pointYaml(),
                dir.server(task.server).hostLog(), watches ? dir.serverHostWatch(dir.server(task.server)) : null);
    }

    /**
     * The agent config of a monitored server, which its scenario names beside itself, and the references of the
     * servers its servants call, in their directories of this host's copy of the point (not shipped: they are the
     * coordinator's already).
     */
    @Override
    void prepare() throws IOException {
        if (!task.agentConfig.isEmpty()) {
            AtomicFiles.write(dir.dir().resolve(AGENT_CONFIG), task.agentConfig);
        }
        writeReferences(peer -> dir.server(peer).iorDir());
    }

    @Override
    Outcome run(Scenario s) throws IOException, InterruptedException, Refused {
        exchangeClock("starting the server");
        Process server;
        try {
            ServerSpec spec = task.server.isEmpty() ? s.servers().get(0) : s.server(task.server);
            if (spec == null) {
                return new Outcome(ExitCode.BAD_INPUT, "the point has no server '" + task.server + "' (on host "
                        + session.name + ")", 0);
            }
            server = new LocalJvms(dir.dir(), options.agentJar()).startServer(s, spec, dir);
        } catch (PointJvms.CannotStart e) {
            return new Outcome(ExitCode.RUN_FAILED, e.getMessage() + " (on host " + session.name + ")", 0);
        }
        log.line("point " + task.point + ": server " + (task.server.isEmpty() ? "" : task.server + " ") + "started" + (s.monitoring().enabled() ? " with the agent" : ""));
        try (Heartbeat beat = heartbeat(() -> { })) {
            while (server.isAlive() && !beat.stopped()) {
                server.waitFor(200, TimeUnit.MILLISECONDS);
            }
            boolean stoppedByCoordinator = beat.stopped();
            int exit = server.isAlive() ? JvmLauncher.stop(server, STOP_GRACE) : server.exitValue();
            String error = exit == ExitCode.OK ? null : "the server exited with code " + exit
                    + (stoppedByCoordinator ? " when stopped" : " during the run") + "; see " + dir.dir().relativize(dir.server(task.server).log());
            return new Outcome(exit, error, 0);
        }
    }
}
