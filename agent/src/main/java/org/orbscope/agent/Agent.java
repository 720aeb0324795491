package org.orbscope.agent;

import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ShippedOrbs;

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
     * System property of the target JVM that says what the last start cost, space-separated: the classes its
     * instrumentation changed, that install's wall and CPU nanoseconds; then the whole start's (from the agent's
     * entry point, the agent's own loading included) wall and CPU nanoseconds on its thread and the JIT compilation
     * nanoseconds of the JVM meanwhile; -1 for a figure the JVM cannot tell ({@code orbscope attach} states them).
     */
    public static final String INSTALL = "orbscope.agent.install";
    /**
     * System property of the target JVM with what the last start said about its profiles, one line each (the
     * profile {@code profile=auto} picked, a profile none of whose methods were found); {@code orbscope attach}
     * repeats them, since the agent's stderr is the target's.
     */
    public static final String PROFILES = "orbscope.agent.profiles";

    /** {@code profile=auto} waiting for the JVM's first ORB class (kept in the bridge, as a recording is), or null. */
    private static OrbWatch waiting() {
        Sink sink = Dispatch.sink;
        return sink instanceof WaitingForOrb ? ((WaitingForOrb) sink).watch : null;
    }

    private Agent() {
    }

    private static void status(String s) {
        property(STATUS, s);
    }

    /** Says {@code line} about the recording's profiles on stderr and to {@code orbscope attach} ({@link #PROFILES}). */
    static void profileNote(String line) {
        System.err.println("orbscope agent: " + line);
        String before = System.getProperty(PROFILES, "");
        property(PROFILES, before.isEmpty() ? line : before + "\n" + line);
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

    static synchronized void start(String args, Instrumentation inst, boolean attached, StartMark launched) {
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
        if (running == null && waiting() != null) {
            System.err.println("orbscope agent: already waiting for an ORB to record; attach with --stop first");
            status("already-recording " + config.out);
            return;
        }
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
        property(PROFILES, null);
        if (config.autoProfile && !pickProfile(args, config, inst, attached)) {
            return;
        }
        begin(args, config, inst, attached, attached, launched);
    }

    /**
     * Starts recording as {@code config} says, and says so on stderr; then, for each profile none of whose methods
     * the JVM had, what the JVM loads instead: at once when {@code checkNow} (an attach to a JVM whose ORB runs: the
     * retransformation has seen every loaded class), else when the first class of another ORB loads, and at stop.
     * What the start cost is counted from {@code launched} ({@link #INSTALL}).
     */
    private static void begin(String args, AgentConfig config, Instrumentation inst, boolean attached, boolean checkNow,
            StartMark launched) {
        Recording recording;
        try {
            recording = Recording.start(args, config, inst, attached);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(null), "orbscope-shutdown"));
            if (config.durationNanos > 0) {
                stopAfter(config.durationNanos, recording);
            }
            property(RECORDING, System.nanoTime() + " " + recording.out());
            property(INSTALL, recording.installCost().property() + " " + launched.since());
            status("recording " + recording.out());
            if (!config.quiet) {
                System.err.println("orbscope agent: recording to " + config.out + (attached ? " (attached)" : ""));
            }
        } catch (Throwable t) {
            System.err.println("orbscope agent: cannot start: " + t + "; the application runs unmonitored");
            status("failed: " + t);
            return;
        }
        recording.checkProfiles(checkNow);
    }

    /**
     * {@code profile=auto}: adds the shipped profile of the ORB the JVM has loaded classes of and says which; true
     * then. An attached JVM that has loaded none (an ORB no shipped profile describes) is recorded without a profile.
     * At start-up the JVM has loaded no ORB yet: the recording starts when the first class of one loads, with its
     * profile (the trace's header names the profile, so the recording cannot begin before it is known), and this
     * returns false.
     */
    private static boolean pickProfile(String args, AgentConfig config, Instrumentation inst, boolean attached) {
        ShippedOrbs.Sighting seen = ShippedOrbs.byClasses(loadedClasses(inst));
        if (seen != null) {
            use(config, seen.profile());
            return true;
        }
        String none = "profile=auto: this JVM has loaded no class of an ORB a shipped profile describes ("
                + String.join(", ", OrbProfile.shipped()) + ")";
        if (attached) {
            profileNote(none + "; recording without a profile");
            return true;
        }
        System.err.println("orbscope agent: " + none + " yet; recording starts when it loads one");
        // The callback runs once this synchronized start has returned, so the bridge holds the watch by then.
        OrbWatch watch = OrbWatch.start(inst, null, orb -> {
            synchronized (Agent.class) {
                if (waiting() == null) {
                    return; // stopped meanwhile
                }
                Dispatch.sink = new Sink();
                use(config, orb);
                begin(args, config, inst, attached, false, StartMark.now());
            }
        });
        Dispatch.sink = new WaitingForOrb(watch);
        status("waiting for an ORB to record to " + config.out);
        return false;
    }

    /** Records with the profile {@code profile=auto} picked, and says which and why. */
    private static void use(AgentConfig config, OrbProfile picked) {
        config.use(picked);
        profileNote("profile " + picked.name() + " (this JVM loads " + picked.orb() + ", its classes in "
                + ShippedOrbs.packageOf(picked) + ")");
    }

    /** The names of the classes the JVM has loaded. */
    static List<String> loadedClasses(Instrumentation inst) {
        Class<?>[] all = inst.getAllLoadedClasses();
        List<String> names = new ArrayList<>(all.length);
        for (Class<?> c : all) {
            if (!c.isArray()) {
                names.add(c.getName());
            }
        }
        return names;
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
        OrbWatch waiting = waiting();
        if (waiting != null) {
            waiting.cancel();
            Dispatch.sink = new Sink();
            if (why != null) {
                System.err.println("orbscope agent: stopped waiting for an ORB (" + why + "); nothing was recorded");
            }
        }
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
