package org.orbscope.agent;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.lang.instrument.Instrumentation;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.ThreadBuffer;
import org.orbscope.trace.TraceRing;
import org.orbscope.trace.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;

/**
 * Starts and stops recording: parses the options, opens the trace, installs the transformer (which also
 * retransforms classes already loaded, so attaching works), and runs the flusher thread that hands over
 * buffers of finished threads, GC events and process samples. {@code stop} restores the original bytecode.
 */
public final class Agent {
    private static TraceWriter writer;
    private static ResettableClassFileTransformer transformer;
    private static Instrumentation instrumentation;
    private static Thread flusher;
    private static Recorder recorder;
    private static ThreadBuffer system;
    /** The trace id of the agent's system stream, defined once per recording. */
    private static int systemThread;
    private static JfrSource jfr;
    /** What the running recording instruments; asked at stop which include globs recorded nothing. */
    private static MethodSelection selection;
    private static final List<Runnable> UNDO = new ArrayList<>();

    /**
     * System property of the target JVM that says what the last start or stop did; {@code orbscope attach} reads
     * it back through the attach API, since the agent's messages go to the target's stderr, not the user's.
     */
    public static final String STATUS = "orbscope.agent.status";
    private static String out;

    private Agent() {
    }

    private static void status(String s) {
        try {
            System.setProperty(STATUS, s);
        } catch (Throwable ignored) {
            // a security manager may refuse; the status is a convenience only
        }
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
            if (writer == null) {
                status("not-recording");
            }
            stop("stop requested");
            return;
        }
        if (config.dump != null) {
            dump(config.dump);
            return;
        }
        if (writer != null) {
            System.err.println("orbscope agent: already recording; attach with --stop first");
            status("already-recording " + out);
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
            Map<String, String> info = new LinkedHashMap<>();
            info.put("agent.options", args == null ? "" : args);
            info.put("agent.attached", Boolean.toString(attached));
            info.put("host", InetAddress.getLocalHost().getHostName());
            info.put("pid", ManagementFactory.getRuntimeMXBean().getName());
            info.put("jvm.start.epochMillis", Long.toString(ManagementFactory.getRuntimeMXBean().getStartTime()));
            info.put("java.command", String.valueOf(System.getProperty("sun.java.command")));
            info.putAll(config.profileInfo());
            Settings settings = Settings.of(config);
            info.put("agent.cpu.sample", Integer.toString(settings.cpuSampleEvery));
            if (settings.requestEvery != config.requestSample) {
                System.err.println("orbscope agent: request.sample=" + config.requestSample + " needs a profile that"
                        + " marks where requests begin (fragment=begin): every request is recorded");
            }
            info.put(OrbProfile.INFO_REQUEST_SAMPLE, Integer.toString(settings.requestEvery));
            info.put("agent.cpu.net", Boolean.toString(settings.cpuNet));
            info.put("agent.monitors.events", settings.contendedOnly ? "contended" : "all");
            // Checked here, not at the first monitor event: the check waits a millisecond.
            info.put("agent.monitors.headerTest", Boolean.toString(MonitorHeader.AVAILABLE));
            BufferPool pool = BufferPool.of(config, Runtime.getRuntime().maxMemory());
            if (pool.note != null) {
                System.err.println("orbscope agent: " + pool.note);
            }
            if (config.ring()) {
                // The recording's name with .d: a ring is a directory of segments, never mistaken for one trace file.
                outFile = TraceRing.directoryFor(outFile.toPath()).toFile();
                writer = TraceWriter.openRing(outFile.toPath(), TraceRing.of(config.maxBytes, config.maxAgeNanos), info,
                        pool.count, pool.bytes);
            } else {
                writer = TraceWriter.open(outFile.toPath(), info, pool.count, pool.bytes);
            }
            systemThread = writer.defineThread("orbscope-system", 0);
            system = writer.acquire(systemThread, System.nanoTime());
            instrumentation = inst;
            recorder = Recorder.start(writer, settings, inst);
            Dispatch.sink = recorder;
            transformer = install(inst, config, settings);
            startFlusher(settings);
            if (settings.gc) {
                listenToGc();
            }
            if (settings.jfr) {
                jfr = JfrSource.start(writer, settings.jfrThresholdNanos, recorder);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(null), "orbscope-shutdown"));
            out = outFile.getPath();
            if (config.durationNanos > 0) {
                stopAfter(config.durationNanos, writer);
            }
            status("recording " + out);
            if (!config.quiet) {
                System.err.println("orbscope agent: recording to " + config.out + (attached ? " (attached)" : ""));
            }
        } catch (Throwable t) {
            System.err.println("orbscope agent: cannot start: " + t + "; the application runs unmonitored");
            status("failed: " + t);
            if (recorder != null) {
                recorder.deactivate();
            }
            Dispatch.sink = new Sink();
            writer = null;
        }
    }

    /** Writes what the running ring holds to {@code file} (attach's {@code --dump}); the recording goes on. */
    private static void dump(String file) {
        if (writer == null) {
            status("not-recording");
            return;
        }
        File target = new File(file).getAbsoluteFile();
        try {
            writer.dump(target.toPath(), 60_000);
            status("dumped " + target.getPath());
        } catch (IOException | RuntimeException e) {
            System.err.println("orbscope agent: " + e.getMessage());
            status("failed: " + e.getMessage());
        }
    }

    /**
     * Stops the recording {@code w} once {@code nanos} have passed (the {@code duration} option), on a daemon
     * thread of its own; a recording stopped and started again meanwhile is another writer and is left alone.
     */
    private static void stopAfter(long nanos, TraceWriter w) {
        Thread t = new Thread(() -> {
            long end = System.nanoTime() + nanos;
            long left;
            while ((left = end - System.nanoTime()) > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
            }
            synchronized (Agent.class) {
                if (writer == w) {
                    stop("its duration of " + (nanos / 1_000_000L) + " ms has passed");
                }
            }
        }, "orbscope-duration");
        t.setDaemon(true);
        t.start();
    }

    private static ResettableClassFileTransformer install(Instrumentation inst, AgentConfig config, Settings settings) {
        MethodSelection selection = new MethodSelection(config);
        Agent.selection = selection;
        for (String refused : selection.refusedGlobs()) {
            System.err.println("orbscope agent: " + refused);
        }
        AdviceBindings bindings = new AdviceBindings(selection, writer, recorder.paths());
        return Instrumenter.install(inst, Instrumenter.units(settings, selection, bindings, recorder.monitorTable()), recorder);
    }

    private static void startFlusher(Settings settings) {
        long interval = settings.flushIntervalMillis;
        boolean samples = settings.process;
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        flusher = new Thread(() -> {
            long reportedDropped = 0;
            long reportedErrors = 0;
            while (recorder.isActive()) {
                try {
                    Thread.sleep(interval);
                } catch (InterruptedException e) {
                    return;
                }
                try {
                    long now = System.nanoTime();
                    long dropped = recorder.flushEndedThreads(now);
                    synchronized (Agent.class) {
                        if (samples) {
                            systemEvent(b -> b.processSample(now, os.getProcessCpuTime(), System.currentTimeMillis()));
                        }
                        long errors = recorder.errors();
                        if (dropped > reportedDropped) {
                            long d = dropped - reportedDropped;
                            systemEvent(b -> b.dropped(now, d));
                            reportedDropped = dropped;
                        }
                        if (errors > reportedErrors) {
                            long e = errors - reportedErrors;
                            systemEvent(b -> b.agentErrors(now, e));
                            reportedErrors = errors;
                        }
                    }
                } catch (Throwable t) {
                    recorder.countError();
                }
            }
        }, "orbscope-flusher");
        flusher.setDaemon(true);
        flusher.start();
    }

    interface SystemWrite {
        boolean write(ThreadBuffer b);
    }

    /** Writes one event on the agent's own system stream; callers hold the Agent lock. */
    private static void systemEvent(SystemWrite w) {
        if (system == null) {
            system = writer.acquire(systemThread, System.nanoTime());
            if (system == null) {
                writer.addDropped(1);
                return;
            }
        }
        if (!w.write(system)) {
            writer.submit(system);
            system = writer.acquire(system.threadId(), System.nanoTime());
            if (system == null || !w.write(system)) {
                writer.addDropped(1);
            }
        }
    }

    private static void listenToGc() {
        long jvmStartEpoch = ManagementFactory.getRuntimeMXBean().getStartTime();
        long nanos0 = System.nanoTime();
        long epoch0 = System.currentTimeMillis();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!(gc instanceof NotificationEmitter)) {
                continue;
            }
            NotificationListener l = (Notification n, Object handback) -> {
                if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType()) || writer == null) {
                    return;
                }
                try {
                    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                    // GcInfo times are milliseconds since JVM start: map them onto nanoTime via the epoch.
                    long startEpochMs = jvmStartEpoch + info.getGcInfo().getStartTime();
                    long startNanos = nanos0 + (startEpochMs - epoch0) * 1_000_000L;
                    long duration = info.getGcInfo().getDuration() * 1_000_000L;
                    synchronized (Agent.class) {
                        if (system != null || writer != null) {
                            int name = writer.defineString(info.getGcName());
                            int cause = writer.defineString(info.getGcCause());
                            systemEvent(b -> b.gc(startNanos, name, cause, duration));
                        }
                    }
                } catch (Throwable t) {
                    recorder.countError();
                }
            };
            ((NotificationEmitter) gc).addNotificationListener(l, null, null);
            UNDO.add(() -> {
                try {
                    ((NotificationEmitter) gc).removeNotificationListener(l);
                } catch (Exception ignored) {
                    // already gone
                }
            });
        }
    }

    /** Stops recording, restores the original bytecode, writes everything and closes the trace. */
    public static synchronized void stop(String why) {
        if (writer == null) {
            return;
        }
        recorder.deactivate();
        Dispatch.sink = new Sink();
        boolean atExit = why == null;
        // At JVM exit the bytecode dies with the JVM: retransforming every class then would only delay the exit
        // and do work (class redefinition at a safepoint) while other shutdown hooks run.
        if (!atExit) {
            try {
                if (transformer != null && instrumentation != null) {
                    transformer.reset(instrumentation, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
                }
            } catch (Throwable t) {
                System.err.println("orbscope agent: could not restore all classes: " + t);
            }
            for (Runnable r : UNDO) {
                r.run();
            }
        }
        UNDO.clear();
        if (selection != null) {
            for (String unmatched : selection.unmatched()) {
                System.err.println("orbscope agent: include " + unmatched);
            }
            selection = null;
        }
        if (jfr != null) {
            jfr.stop();
            jfr = null;
        }
        try {
            if (flusher != null) {
                flusher.interrupt();
                flusher.join(1000);
            }
            // Threads stop writing once the recorder is inactive; give those mid-event a moment.
            Thread.sleep(20);
            writer.addDropped(ThreadRecorders.finishAll(writer));
            if (system != null) {
                writer.submit(system);
                system = null;
            }
            writer.addErrors(recorder.errors());
            writer.close();
            long errors = writer.errors(); // with the writer's own (a skipped buffer), as the footer counts them
            status("stopped " + out + (errors > 0 ? " (" + errors + " agent errors)" : ""));
            if (errors > 0) {
                System.err.println("orbscope agent: " + errors + " error(s) inside the agent were caught and counted"
                        + " (the application did not see them); an event that failed is missing from the trace, and one whose"
                        + " correlation key path failed has key 0");
            }
            if (why != null) {
                System.err.println("orbscope agent: stopped (" + why + "), trace written");
            }
        } catch (Throwable t) {
            System.err.println("orbscope agent: error while closing the trace: " + t);
        } finally {
            writer = null;
            transformer = null;
        }
    }
}
