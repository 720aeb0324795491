package org.orbscope.cli;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.orbscope.trace.AgentOptions;
import org.orbscope.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code orbscope attach PID}: load the agent into a running JVM (it instruments the classes already loaded),
 * or stop it there ({@code --stop}: flush the trace, restore the original bytecode). The agent reports what it
 * did in a system property of the target ({@code orbscope.agent.status}), read back here, because its own
 * messages go to the target's stderr. An agent already loaded takes further requests the same way: loading the
 * jar again runs its {@code agentmain} with the request as its options ({@code stop=true}, {@code dump=FILE}).
 */
@Command(name = "attach", mixinStandardHelpOptions = true, description = "Attach the agent to a running JVM (instruments loaded classes too), or stop it.")
final class AttachCommand implements Callable<Integer> {
    static final String STATUS = "orbscope.agent.status";
    /** The agent's running recording in the target, absent when none runs (the agent's {@code Agent.RECORDING}). */
    static final String RECORDING = "orbscope.agent.recording";
    /** What the agent's start cost in the target: classes changed, wall and CPU nanoseconds (the agent's {@code Agent.INSTALL}). */
    static final String INSTALL = "orbscope.agent.install";
    /** What the agent's start said about its profiles, a line each (the agent's {@code Agent.PROFILES}). */
    static final String PROFILES = "orbscope.agent.profiles";

    /** {@code --profile none}: record without a profile (a broad trace of {@code -o include=...} globs). */
    static final String NO_PROFILE = "none";

    @Parameters(paramLabel = "PID", description = "Process id of the target JVM.")
    String pid;

    @Option(names = "--config", description = "Agent config file (YAML subset or key = value lines; see README).")
    Path config;

    @Option(names = "--out", description = "Trace file to write (default orbscope.trace in the target's working directory).")
    Path out;

    @Option(names = "--profile", description = "ORB profile: a shipped name (jacorb, glassfish, yoko, openjdk-orb), a file,"
            + " auto (the default: the one of the ORB the JVM loads) or none.")
    String profile;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE", description = "Any other agent option (repeatable), e.g. -o cpu=true.")
    List<String> extra = new ArrayList<>();

    @Option(names = "--stop", description = "Flush the trace, restore the original bytecode, and stop recording.")
    boolean stop;

    @Option(names = "--duration", paramLabel = "TIME", description = "Record this long (90s, 10m, 1h30m), then stop; waits until the trace is written.")
    String duration;

    @Option(names = "--dump", arity = "0..1", paramLabel = "FILE", fallbackValue = "orbscope-dump.trace",
            description = "Write what the running recording's ring holds to FILE (default ${FALLBACK-VALUE}) as one trace; recording goes on.")
    Path dump;

    @Option(names = "--agent", description = "Agent jar (default: the one built next to this command).")
    Path agentJar;

    @Override
    public Integer call() {
        if (!pid.matches("[0-9]+")) {
            System.err.println("orbscope attach: PID must be a process id, got '" + pid + "'");
            return Orbscope.EXIT_BAD_INPUT;
        }
        Path jar = agentJar != null ? agentJar : AgentJar.locate();
        if (jar == null || !Files.isRegularFile(jar)) {
            System.err.println("orbscope attach: agent jar not found" + (jar == null ? "" : " at " + jar)
                    + "; build it with mvn install or pass --agent");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (stop && dump != null) {
            System.err.println("orbscope attach: --stop and --dump are two requests; give one at a time");
            return Orbscope.EXIT_BAD_INPUT;
        }
        long durationNanos = 0;
        if (duration != null) {
            try {
                durationNanos = Units.durationNanos(duration);
            } catch (IllegalArgumentException e) {
                System.err.println("orbscope attach: --duration " + duration + ": " + e.getMessage());
                return Orbscope.EXIT_BAD_INPUT;
            }
            if (stop || dump != null || durationNanos <= 0) {
                System.err.println("orbscope attach: --duration takes a positive time and starts a recording (not with --stop or --dump)");
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        if (config != null && !stop && dump == null && !Files.isRegularFile(config)) {
            System.err.println("orbscope attach: no such config file: " + config);
            return Orbscope.EXIT_BAD_INPUT;
        }
        String options;
        try {
            options = options().toArgument();
        } catch (IllegalArgumentException e) {
            System.err.println("orbscope attach: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        }
        String status;
        boolean starting = !stop && dump == null;
        try {
            VirtualMachine vm = VirtualMachine.attach(pid);
            try {
                String before = starting ? vm.getSystemProperties().getProperty(RECORDING, "") : "";
                vm.loadAgent(jar.toAbsolutePath().toString(), options);
                Properties after = vm.getSystemProperties();
                status = after.getProperty(STATUS, "");
                String recording = after.getProperty(RECORDING, "");
                if (starting && !recording.isEmpty() && !recording.equals(before)) {
                    after.getProperty(PROFILES, "").lines().filter(l -> !l.isBlank())
                            .forEach(l -> System.out.println("orbscope: " + l));
                    String cost = installCost(after.getProperty(INSTALL, ""));
                    if (cost != null) {
                        System.out.println(cost);
                    }
                    // This start's recording runs, whatever a command since (a dump) has left in the status.
                    status = "recording " + recording.substring(recording.indexOf(' ') + 1);
                    if (durationNanos > 0) {
                        System.out.println("orbscope: recording in " + pid + " to "
                                + status.substring("recording ".length()) + " for " + duration);
                        status = awaitStop(vm, durationNanos, recording);
                    }
                }
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException | IOException e) {
            System.err.println("orbscope attach: cannot attach to " + pid + ": " + e.getMessage());
            return Orbscope.EXIT_RUN_FAILED;
        } catch (AgentLoadException e) {
            System.err.println("orbscope attach: the target refused the agent: " + e.getMessage());
            return Orbscope.EXIT_RUN_FAILED;
        } catch (Exception e) {
            System.err.println("orbscope attach: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
        return report(status);
    }

    /** What the agent is asked: to stop, to dump its ring, or to record as the options say. */
    private AgentOptions options() {
        if (stop) {
            return AgentOptions.NONE.with(AgentOptions.STOP, "true");
        }
        if (dump != null) {
            return AgentOptions.NONE.with(AgentOptions.DUMP, dump.toAbsolutePath().toString());
        }
        AgentOptions o = AgentOptions.NONE;
        if (config != null) {
            o = o.with(AgentOptions.CONFIG, config.toAbsolutePath().toString());
        }
        if (out != null) {
            o = o.with(AgentOptions.OUT, out.toAbsolutePath().toString());
        }
        if (profile != null && !profile.equals(NO_PROFILE)) {
            o = o.with(AgentOptions.PROFILE, profile);
        }
        for (String e : extra) {
            o = o.with(e);
        }
        // Without a profile named anywhere, the agent takes the one of the ORB the JVM loads.
        if (profile == null && config == null && o.values(AgentOptions.PROFILE).isEmpty() && o.values("method").isEmpty()) {
            o = o.with(AgentOptions.PROFILE, AgentOptions.PROFILE_AUTO);
        }
        return duration == null ? o : o.with(AgentOptions.DURATION, duration);
    }

    /**
     * What starting the agent cost the target, as the agent timed it: the classes it retransformed, in what wall
     * and CPU time (the thread's that transforms them); then the whole start from the agent's entry point, its CPU
     * on that thread and the JIT compilation the JVM did meanwhile, on its compiler threads (an agent that does not
     * give them is stated without). Null when the agent did not say.
     */
    static String installCost(String property) {
        String p = property.trim();
        if (!p.matches("[0-9]+ [0-9]+ -?[0-9]+( [0-9]+ -?[0-9]+ -?[0-9]+)?")) {
            return null;
        }
        String[] f = p.split(" ");
        String s = "orbscope: the agent retransformed " + f[0] + " loaded classes in " + millis(f[1]) + " ms"
                + (f[2].startsWith("-") ? "" : " (" + millis(f[2]) + " ms of CPU)");
        if (f.length == 6) {
            s += "; its whole start took " + millis(f[3]) + " ms" + (f[4].startsWith("-") ? "" : ", " + millis(f[4])
                    + " ms of CPU on the attaching thread") + (f[5].startsWith("-") ? "" : ", and the JVM compiled for "
                    + millis(f[5]) + " ms meanwhile");
        }
        return s;
    }

    private static long millis(String nanos) {
        return Long.parseLong(nanos) / 1_000_000;
    }

    /**
     * Waits for the agent's own stop after {@code --duration}: until {@code recording} (the agent's
     * {@link #RECORDING}) is no longer the target's running one, whatever other commands (a {@code --dump}) leave
     * in its status meanwhile; then its status says how it stopped, unless a later command has replaced it. Gives
     * up a minute after the duration (the target's stderr then says why).
     */
    private static String awaitStop(VirtualMachine vm, long durationNanos, String recording)
            throws IOException, InterruptedException {
        String out = recording.substring(recording.indexOf(' ') + 1);
        long deadline = System.nanoTime() + durationNanos + 60_000_000_000L;
        while (true) {
            Properties p = vm.getSystemProperties();
            if (!recording.equals(p.getProperty(RECORDING, ""))) {
                String status = p.getProperty(STATUS, "");
                return status.startsWith("stopped ") ? status : "stopped " + out;
            }
            if (System.nanoTime() > deadline) {
                return "recording " + out;
            }
            Thread.sleep(Math.min(500, Math.max(10, (deadline - System.nanoTime()) / 1_000_000L)));
        }
    }

    private int report(String status) {
        if (status.startsWith("recording ")) {
            System.out.println("orbscope: recording in " + pid + " to " + status.substring("recording ".length()));
            return Orbscope.EXIT_OK;
        }
        if (status.startsWith("dumped ")) {
            System.out.println("orbscope: wrote what the ring of " + pid + " holds to " + status.substring("dumped ".length()));
            return Orbscope.EXIT_OK;
        }
        if (status.startsWith("stopped ")) {
            System.out.println("orbscope: stopped recording in " + pid + "; trace " + status.substring("stopped ".length()));
            return Orbscope.EXIT_OK;
        }
        if (dump != null && status.startsWith("failed: ")) {
            System.err.println("orbscope attach: no dump written: " + status.substring("failed: ".length()));
            return Orbscope.EXIT_RUN_FAILED;
        }
        if (status.startsWith("bad-config: ")) {
            System.err.println("orbscope attach: " + status.substring("bad-config: ".length()) + " (nothing was recorded)");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (status.equals("not-recording")) {
            System.err.println("orbscope attach: " + pid + " is not recording; nothing to " + (dump != null ? "dump" : "stop"));
            return Orbscope.EXIT_RUN_FAILED;
        }
        if (status.startsWith("already-recording ")) {
            System.err.println("orbscope attach: " + pid + " is already recording to "
                    + status.substring("already-recording ".length()) + "; stop it first (--stop)");
            return Orbscope.EXIT_RUN_FAILED;
        }
        System.err.println("orbscope attach: the agent did not start in " + pid + (status.isEmpty() ? "" : ": " + status)
                + " (see the target's stderr)");
        return Orbscope.EXIT_RUN_FAILED;
    }
}
