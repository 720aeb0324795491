package org.orbscope.agent;

import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import org.orbscope.agent.boot.Dispatch;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.internal.TraceRing;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ShippedOrbs;

/**
 * One recording from start to stop: the trace it writes, the recorder the bootstrap bridge forwards to while it
 * runs, the instrumentation it installed (which also retransforms classes already loaded, so attaching works),
 * and the agent's own threads for it (the flusher, the JFR stream). The running recording is the one whose recorder
 * is {@link Dispatch#sink}; {@link Agent} starts and stops it.
 */
final class Recording {
    private final Settings settings;
    private final TraceWriter writer;
    /** Where it is written: the trace file, or a ring's directory. */
    private final String out;
    private final Instrumentation instrumentation;
    private final Recorder recorder;
    private final SystemStream system;
    /** What it instruments; asked at stop which include globs recorded nothing. */
    private final MethodSelection selection;
    /** The profiles it records with, and those it has said found none of their methods. */
    private final List<OrbProfile> profiles;
    private final Set<OrbProfile> warned = ConcurrentHashMap.newKeySet();
    private final List<OrbWatch> watches = new ArrayList<>();
    private AdviceBindings bindings;
    private ResettableClassFileTransformer transformer;
    private InstallCost installCost;
    private Flusher flusher;
    private JfrSource jfr;

    private Recording(AgentConfig config, Settings settings, TraceWriter writer, String out, Instrumentation inst) {
        this.settings = settings;
        this.writer = writer;
        this.out = out;
        this.instrumentation = inst;
        this.system = new SystemStream(writer);
        this.recorder = Recorder.start(writer, settings, inst, this);
        this.selection = new MethodSelection(config);
        this.profiles = new ArrayList<>(config.profiles);
    }

    /**
     * Opens the trace for {@code config}, puts the recorder in the bridge and installs the instrumentation. On
     * failure nothing stays installed and the exception says why.
     */
    static Recording start(String args, AgentConfig config, Instrumentation inst, boolean attached) throws Exception {
        Settings settings = Settings.of(config);
        if (settings.requestEvery != config.requestSample || settings.budgetPpm != config.budgetPpm) {
            System.err.println("orbscope agent: " + (config.budgetPpm > 0 ? "budget" : "request.sample=" + config.requestSample)
                    + " needs a profile that marks where requests begin (fragment=begin): every request is recorded");
        }
        Map<String, String> info = header(args, attached, config, settings);
        BufferPool pool = BufferPool.of(config, Runtime.getRuntime().maxMemory());
        if (pool.note != null) {
            System.err.println("orbscope agent: " + pool.note);
        }
        File outFile = new File(config.out).getAbsoluteFile();
        TraceWriter writer;
        if (config.ring()) {
            // The recording's name with .d: a ring is a directory of segments, never mistaken for one trace file.
            outFile = TraceRing.directoryFor(outFile.toPath()).toFile();
            writer = TraceWriter.openRing(outFile.toPath(), TraceRing.of(config.maxBytes, config.maxAgeNanos), info,
                    pool.count, pool.bytes);
        } else {
            writer = TraceWriter.open(outFile.toPath(), info, pool.count, pool.bytes);
        }
        Recording r = new Recording(config, settings, writer, outFile.getPath(), inst);
        try {
            Dispatch.sink = r.recorder;
            r.install();
            r.flusher = Flusher.start(r.recorder, writer, r.system, settings);
            if (settings.gc) {
                r.system.listenToGc(r.recorder.errors());
            }
            if (settings.jfr) {
                r.jfr = JfrSource.start(writer, settings.jfrThresholdNanos, r.recorder);
            }
            return r;
        } catch (Throwable t) {
            r.recorder.deactivate();
            Dispatch.sink = new Sink();
            throw t;
        }
    }

    /** What the trace header says about the recording: the process, the options and what they came to. */
    private static Map<String, String> header(String args, boolean attached, AgentConfig config, Settings settings)
            throws IOException {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(TraceHeader.AGENT_OPTIONS, args == null ? "" : args);
        info.put(TraceHeader.AGENT_ATTACHED, Boolean.toString(attached));
        info.put(TraceHeader.HOST, InetAddress.getLocalHost().getHostName());
        info.put(TraceHeader.PID, ManagementFactory.getRuntimeMXBean().getName());
        info.put(TraceHeader.JVM_START_EPOCH_MILLIS, Long.toString(ManagementFactory.getRuntimeMXBean().getStartTime()));
        info.put(TraceHeader.JAVA_COMMAND, String.valueOf(System.getProperty("sun.java.command")));
        info.putAll(config.profileInfo());
        info.put(TraceHeader.CPU_SAMPLE, Integer.toString(settings.cpuSampleEvery));
        info.put(TraceHeader.REQUEST_SAMPLE, Integer.toString(settings.requestEvery));
        if (settings.budgetPpm > 0) {
            info.put(TraceHeader.REQUEST_BUDGET, Double.toString(settings.budgetPpm / 1e4) + "%");
        }
        info.put(TraceHeader.CPU_NET, Boolean.toString(settings.cpuNet));
        info.put(TraceHeader.MONITOR_EVENTS, settings.contendedOnly ? "contended" : "all");
        // Checked here, not at the first monitor event: the check waits a millisecond.
        info.put(TraceHeader.MONITOR_HEADER_TEST, Boolean.toString(MonitorHeader.AVAILABLE));
        return info;
    }

    private void install() {
        for (String refused : selection.refusedGlobs()) {
            System.err.println("orbscope agent: " + refused);
        }
        long wallStart = System.nanoTime();
        long cpuStart = CpuClock.now();
        bindings = new AdviceBindings(selection, writer, recorder.paths());
        LongAdder transformed = new LongAdder();
        transformer = Instrumenter.install(instrumentation,
                Instrumenter.units(settings, selection, bindings, recorder.monitorTable()), recorder.errors(), transformed);
        long cpu = CpuClock.now();
        installCost = new InstallCost(transformed.sum(), System.nanoTime() - wallStart, cpuStart < 0 || cpu < 0 ? -1 : cpu - cpuStart);
    }

    /** What installing the instrumentation took (retransforming the classes already loaded: an attach's cost). */
    InstallCost installCost() {
        return installCost;
    }

    /**
     * The classes changed while the instrumentation was installed, its wall time and the installing thread's CPU
     * time (-1: unknown), in which the classes' transformations run; the JVM's own redefinition of them runs at a
     * safepoint on its VM thread, outside that figure.
     */
    static final class InstallCost {
        final long classes;
        final long wallNanos;
        final long cpuNanos;

        InstallCost(long classes, long wallNanos, long cpuNanos) {
            this.classes = classes;
            this.wallNanos = wallNanos;
            this.cpuNanos = cpuNanos;
        }

        /** The form {@code orbscope attach} reads back ({@link Agent#INSTALL}): classes, wall and CPU nanoseconds. */
        String property() {
            return classes + " " + wallNanos + " " + cpuNanos;
        }
    }

    /** How many of a profile's methods it has instrumented so far. */
    int found(OrbProfile p) {
        return bindings == null ? 0 : bindings.found(p);
    }

    /**
     * Says on stderr which of its profiles found none of their methods, and which ORB the JVM loads instead: now
     * ({@code now}: an attach to a JVM whose ORB runs, where the retransformation has seen every loaded class), else
     * when the JVM loads the first class of an ORB other than the profile's; and at stop.
     */
    void checkProfiles(boolean now) {
        for (OrbProfile p : profiles) {
            if (now) {
                warnIfNoneFound(p);
            } else if (!p.methods().isEmpty()) {
                watches.add(OrbWatch.start(instrumentation, ShippedOrbs.packageOf(p), seen -> warnIfNoneFound(p)));
            }
        }
    }

    /**
     * Says once on stderr that none of the profile's methods have been found, and which ORB the JVM loads instead;
     * nothing when some were, or the recording has stopped.
     */
    void warnIfNoneFound(OrbProfile p) {
        if (running() && !p.methods().isEmpty() && found(p) == 0 && warned.add(p)) {
            Agent.profileNote(ShippedOrbs.noneFound(p, ShippedOrbs.byClasses(Agent.loadedClasses(instrumentation)),
                    "this JVM", "profile="));
        }
    }

    /** The trace file, or the ring's directory. */
    String out() {
        return out;
    }

    /** Whether this is the recording the bridge forwards to. */
    boolean running() {
        return Dispatch.sink == recorder;
    }

    /**
     * Writes what the running ring holds to {@code target} (attach's {@code --dump}), the agent's own stream up to
     * now with it; the recording goes on.
     */
    void dump(File target) throws IOException {
        system.handOver();
        writer.dump(target.toPath(), 60_000);
    }

    /**
     * Stops recording ({@code why} null: at JVM exit), restores the original bytecode, writes everything and closes
     * the trace. Returns what the agent's status then says, or null when closing failed (the status stays).
     */
    String stop(String why) {
        for (OrbWatch w : watches) {
            w.cancel();
        }
        for (OrbProfile p : profiles) {
            warnIfNoneFound(p);
        }
        recorder.deactivate();
        Dispatch.sink = new Sink();
        // At JVM exit the bytecode dies with the JVM: retransforming every class then would only delay the exit
        // and do work (class redefinition at a safepoint) while other shutdown hooks run.
        if (why != null) {
            try {
                if (transformer != null) {
                    transformer.reset(instrumentation, AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
                }
            } catch (Throwable t) {
                System.err.println("orbscope agent: could not restore all classes: " + t);
            }
            system.stopListening();
        }
        for (String unmatched : selection.unmatched()) {
            System.err.println("orbscope agent: include " + unmatched);
        }
        if (jfr != null) {
            jfr.stop();
        }
        try {
            if (flusher != null) {
                flusher.stop(1000);
            }
            // Threads stop writing once the recorder is inactive; give those mid-event a moment.
            Thread.sleep(20);
            writer.addDropped(ThreadRecorders.finishAll(writer));
            if (flusher != null && flusher.budget() != null) {
                flusher.budget().last(System.nanoTime());
            }
            system.close();
            writer.addErrors(recorder.errors().total());
            writer.close();
            long errors = writer.errors(); // with the writer's own (a skipped buffer), as the footer counts them
            if (errors > 0) {
                System.err.println("orbscope agent: " + errors + " error(s) inside the agent were caught and counted"
                        + " (the application did not see them); an event that failed is missing from the trace, and one whose"
                        + " correlation key path failed has key 0");
            }
            if (why != null) {
                System.err.println("orbscope agent: stopped (" + why + "), trace written");
            }
            return "stopped " + out + (errors > 0 ? " (" + errors + " agent errors)" : "");
        } catch (Throwable t) {
            System.err.println("orbscope agent: error while closing the trace: " + t);
            return null;
        }
    }
}
