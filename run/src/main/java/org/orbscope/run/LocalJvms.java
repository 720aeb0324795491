package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.trace.AgentOptions;

/**
 * The JVMs of a point on this machine: each server (on its ORB's class path, {@link OrbClassPath}; with the agent
 * when it is monitored; with {@code servers:}, its
 * name and the directories of the servers it calls) and {@code client.instances} client JVMs, several started
 * together by a {@link StartGate}.
 */
public final class LocalJvms implements PointJvms {
    /** How long an interrupted client may take to write what it measured. */
    static final Duration CLIENT_WRITE_GRACE = Duration.ofSeconds(30);

    private final Path scenarioDir;
    private final Path agentJar;
    private volatile boolean interrupted;
    private volatile List<Process> clients = List.of();

    /**
     * @param scenarioDir where the scenario file lives (the agent config it names is relative to it)
     * @param agentJar the agent jar, for monitored scenarios
     */
    public LocalJvms(Path scenarioDir, Path agentJar) {
        this.scenarioDir = scenarioDir;
        this.agentJar = agentJar;
    }

    @Override
    public Process startServer(Scenario s, ServerSpec server, PointDirectory dir) throws IOException, CannotStart {
        Map<String, ServerDirectory> dirs = dir.servers(s);
        ServerDirectory serverDir = dirs.get(server.name());
        MonitoringSpec monitoring = s.monitoring(server);
        String agent = null;
        if (monitoring.enabled()) {
            if (agentJar == null || !Files.isRegularFile(agentJar)) {
                throw new CannotStart("monitoring is enabled but the agent jar is missing: " + agentJar);
            }
            agent = agentArgument(agentJar, monitoring, CpuSample.of(s), serverDir.trace(), scenarioDir);
        }
        Map<String, Path> peers = new LinkedHashMap<>();
        for (String peer : s.dependencies(server)) {
            peers.put(peer, dirs.get(peer).dir());
        }
        ServerLaunch launch = new ServerLaunch(dir.pointYaml(), serverDir.dir(),
                s.singleServer() ? null : server.name(), peers);
        JvmLauncher jvm = launch.jvm();
        String classpath;
        try {
            classpath = OrbClassPath.of(server.orb().product());
        } catch (IOException e) {
            throw new CannotStart(e.getMessage());
        }
        if (classpath != null) {
            jvm.classpath(classpath);
        }
        return jvm.run(dir.runId()).cpus(server.cpus()).jvmArgs(server.jvmArgs()).agent(agent).log(serverDir.log()).start();
    }

    @Override
    public ClientsEnd runClients(Scenario s, PointDirectory dir, Duration readyTimeout) throws IOException,
            InterruptedException {
        List<ClientDirectory> clientDirs = dir.clients(s.client().instances());
        List<Process> launched = new ArrayList<>();
        boolean gated = clientDirs.size() > 1;
        Map<String, Path> iorDirs = new LinkedHashMap<>();
        dir.servers(s).forEach((name, d) -> iorDirs.put(name, d.iorDir()));
        for (int i = 0; i < clientDirs.size(); i++) {
            ClientDirectory clientDir = clientDirs.get(i);
            ClientLaunch.Start start = gated ? new ClientLaunch.Start(i, dir.startGate(), 0) : ClientLaunch.Start.ALONE;
            launched.add(client(s, new ClientLaunch(dir.pointYaml(), iorDirs, null, clientDir.dir(), start),
                    dir.runId()));
        }
        clients = launched;
        if (interrupted) {
            launched.forEach(Process::destroy);
        }
        if (gated) {
            // A client that never checks fails on its own and says why in its log; the others go on.
            StartGate.open(dir.startGate(), clientDirs, launched, readyTimeout);
        }
        long limit = clientLimitMillis(s);
        Integer clientExit = ExitCode.OK;
        for (Process c : launched) {
            Integer exit = awaitClient(c, limit, () -> interrupted);
            clientExit = exit == null ? null : clientExit == null || clientExit != ExitCode.OK ? clientExit : exit;
        }
        clients = List.of();
        if (clientExit == null) {
            return new ClientsEnd(null, "the client did not finish within " + limit / 1000 + " s; killed");
        }
        if (clientExit != ExitCode.OK) {
            return new ClientsEnd(clientExit, "a client exited with code " + clientExit + "; see "
                    + clientDirs.get(0).log() + (clientDirs.size() > 1 ? " (and the other clients' logs)" : ""));
        }
        return new ClientsEnd(ExitCode.OK, null);
    }

    @Override
    public void interruptClients() {
        interrupted = true;
        for (Process c : clients) {
            c.destroy(); // SIGTERM: the client stops sending and writes its files
        }
    }

    /** Starts a client JVM of the scenario for the run {@code runId}, with its console output in its directory's log. */
    public static Process client(Scenario s, ClientLaunch launch, String runId) throws IOException {
        return launch.jvm().run(runId).cpus(s.client().cpus()).jvmArgs(s.client().jvmArgs())
                .log(new ClientDirectory(launch.out()).log()).start();
    }

    /** How long a client JVM may run: its schedule's guard plus a minute. */
    public static long clientLimitMillis(Scenario s) {
        return TimeUnit.NANOSECONDS.toMillis(s.client().maxDurationNanos()) + 60_000;
    }

    /**
     * Waits for a client JVM to end: its exit code, or null when it ran past {@code limitMillis} and was killed.
     * Once {@code interrupted} says so (the client was sent SIGTERM) it gets the time to write what it measured.
     */
    public static Integer awaitClient(Process c, long limitMillis, java.util.function.BooleanSupplier interrupted)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        while (!c.waitFor(100, TimeUnit.MILLISECONDS)) {
            if (interrupted.getAsBoolean()) {
                if (!c.waitFor(CLIENT_WRITE_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    JvmLauncher.stop(c, PointRunner.STOP_GRACE);
                }
                return c.isAlive() ? null : c.exitValue();
            }
            if (System.nanoTime() > deadline) {
                JvmLauncher.stop(c, PointRunner.STOP_GRACE);
                return null;
            }
        }
        return c.exitValue();
    }

    /** {@code -javaagent:JAR=OPTIONS}, the options as {@link #agentOptions} writes them. */
    public static String agentArgument(Path agentJar, MonitoringSpec monitoring, int cpuSample, Path trace, Path scenarioDir) {
        return agentOptions(monitoring, cpuSample, trace, scenarioDir).javaAgentOption(agentJar.toAbsolutePath().toString());
    }

    /**
     * {@code profile=...,cpu=...,out=TRACE[,cpu.sample=off|N][,config=FILE]} (the agent's option syntax, written by
     * {@link AgentOptions}); the config file is relative to {@code scenarioDir}; {@code cpuSample} applies when there
     * is no config ({@link CpuSample}).
     */
    public static AgentOptions agentOptions(MonitoringSpec monitoring, int cpuSample, Path trace, Path scenarioDir) {
        AgentOptions o = AgentOptions.NONE.with(AgentOptions.PROFILE, monitoring.profile())
                .with(AgentOptions.CPU, Boolean.toString(monitoring.cpuTime()))
                .with(AgentOptions.OUT, trace.toAbsolutePath().toString());
        if (!monitoring.cpuTime()) {
            o = o.with(AgentOptions.CPU_SAMPLE, "off"); // the profile's CPU boundaries too
        } else if (monitoring.config() == null) {
            // A run calibrates the model from its own requests: every fragment's CPU up to 20,000 requests, not
            // the profile's sample, whose error at a few hundred requests is larger than the model's (a config
            // file may still sample).
            o = o.with(AgentOptions.CPU_SAMPLE, Integer.toString(cpuSample));
        }
        if (monitoring.config() != null) {
            o = o.with(AgentOptions.CONFIG, scenarioDir.resolve(monitoring.config()).toAbsolutePath().toString());
        }
        return o;
    }
}
