package org.orbscope.agent;

import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;

/**
 * The agent's commands, from {@code -javaagent} and from each attach: start a recording, stop it, dump its ring.
 * At most one recording runs at a time ({@link Recording}); it is the one whose recorder the bootstrap bridge
 * forwards to, so the bridge is the one place that says whether the agent records. Commands run one at a time,
 * under this class's lock. What the last one did is left in a system property for {@code orbscope attach}.
 */
public final class Agent {
    /**
     * System property of the target JVM that says what the last start or stop did; {@code orbscope attach} reads
     * it back through the attach API, since the agent's messages go to the target's stderr, not the user's.
     */
    public static final String STATUS = "orbscope.agent.status";
    /**
     * System property of the target JVM naming the running recording (the instant it started, which tells two
     * recordings to the same file apart, and where it is written), absent when none runs: {@code attach --duration} waits for its
     * recording to end whatever the other commands meanwhile (a dump) leave in {@link #STATUS}.
     */
    public static final String RECORDING = "orbscope.agent.recording";
    /**
     * System property of the target JVM that says what the last start's instrumentation cost: the classes it
     * changed, its wall and CPU nanoseconds, space-separated ({@code orbscope attach} states it).
     */
    public static final String INSTALL = "orbscope.agent.install";

    private Agent() {
    }

    private static void status(String s) {
        property(STATUS, s);
    }

    /** Sets a property for {@code orbscope attach} to read back; null clears it. */
    private static void property(String key, String value) {
        try {
            if (value == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, value);
            }
        } catch (Throwable ignored) {
            // a security manager may refuse; the properties are a convenience only
        }
    }

    /** The running recording, or null. */
    private static Recording running() {
        Sink sink = Dispatch.sink;
        return sink instanceof Recorder ? ((Recorder) sink).recording() : null;
    }

    public static synchronized void start(String args, Instrumentation inst, boolean attached) {
        AgentConfig config;
        try {
            config = AgentConfig.parse(args);
        } catch (AgentConfig.BadConfig e) {
            System.err.println("orbscope agent: " + e.getMessage() + "; the application runs unmonitored");
            status("bad-config: " + e.getMessage());
            return;
        }
        if (config.stop) {
            if (running() == null) {
                status("not-recording");
            }
            stop("stop requested");
            return;
        }
        if (config.dump != null) {
            dump(config.dump);
            return;
        }
        Recording running = running();
        if (running != null) {
            System.err.println("orbscope agent: already recording; attach with --stop first");
            status("already-recording " + running.out());
            return;
        }
        File outFile = new File(config.out).getAbsoluteFile();
        try {
            Files.createDirectories(outFile.getParentFile().toPath());
        } catch (IOException | RuntimeException e) {
            String why = "cannot create the directory of out=" + config.out + " (" + e + ")";
            System.err.println("orbscope agent: " + why + "; the application runs unmonitored");
            status("failed: " + why);
            return;
        }
        try {
            Recording recording = Recording.start(args, config, inst, attached);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(null), "orbscope-shutdown"));
            if (config.durationNanos > 0) {
                stopAfter(config.durationNanos, recording);
            }
            property(RECORDING, System.nanoTime() + " " + recording.out());
            property(INSTALL, recording.installCost().property());
            status("recording " + recording.out());
            if (!config.quiet) {
                System.err.println("orbscope agent: recording to " + config.out + (attached ? " (attached)" : ""));
            }
        } catch (Throwable t) {
            System.err.println("orbscope agent: cannot start: " + t + "; the application runs unmonitored");
            status("failed: " + t);
        }
    }

    /** Writes what the running ring holds to {@code file} (attach's {@code --dump}); the recording goes on. */
    private static void dump(String file) {
        Recording running = running();
        if (running == null) {
            status("not-recording");
            return;
        }
        File target = new File(file).getAbsoluteFile();
        try {
            running.dump(target);
            status("dumped " + target.getPath());
        } catch (IOException | RuntimeException e) {
            System.err.println("orbscope agent: " + e.getMessage());
            status("failed: " + e.getMessage());
        }
    }

    /**
     * Stops {@code recording} once {@code nanos} have passed (the {@code duration} option), on a daemon thread of
     * its own; a recording stopped and started again meanwhile is another recording and is left alone.
     */
    private static void stopAfter(long nanos, Recording recording) {
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + nanos;
            long left;
            while ((left = end - System.nanoTime()) > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
            }
            synchronized (Agent.class) {
                if (recording.running()) {
                    stop("its duration of " + (nanos / 1_000_000L) + " ms has passed");
                }
            }
        }, "orbscope-duration");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Stops the running recording, if any ({@code why} null: at JVM exit, where the bytecode is left as it is),
     * restores the original bytecode, writes everything and closes the trace.
     */
    public static synchronized void stop(String why) {
        Recording running = running();
        if (running == null) {
            return;
        }
        String s = running.stop(why);
        if (s != null) {
            status(s);
        }
        property(RECORDING, null);
    }
}
