package org.orbscope.run.watch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import org.orbscope.run.EpochClock;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;

/**
 * Watches the machine while a point runs: every {@value #INTERVAL_MS} ms a row of the machine's counters, of each
 * CPU, each network interface, each process of the run and each of its JVMs, and every 5 s the other processes
 * that took CPU ({@link WatchDirectory}); memory, swap and TCP counters change slowly and are read once a second (the
 * rows between repeat them): their three files took about a fifth of a sample's CPU. It finds the run's processes itself, so the runner only starts it before
 * the point's first JVM and closes it after the last one ended:
 *
 * <pre>{@code
 * try (Watcher w = Watcher.start(point, point.watch(), EpochClock.calibrate())) {
 *     ... run the point ...
 * }
 * }</pre>
 *
 * <p>Every sample's rows are flushed together, so a run that is killed keeps every sample but the one being written.
 * It never fails the point: what it cannot do goes to {@code watch.log}. Linux only; elsewhere it writes only why.
 *
 * <p>The code of this package that the watcher runs joins strings with {@link String#concat} and uses no lambdas or
 * method references: the JVM links each {@code +} on strings and each lambda where it is written, at its first run,
 * spinning classes on the thread that runs it, and the watcher's thread would pay for every one of them at each
 * point of a run of one point (docs/results/machine-watch.md).
 */
public final class Watcher implements AutoCloseable {
    public static final long INTERVAL_MS = 100;
    /**
     * {@code -Dorbscope.watch=off} runs points without the watcher (its cost benchmark runs a point without it
     * beside one with it); {@code watch.log} then says so and nothing else is written.
     */
    public static final String SWITCH = "orbscope.watch";
    /**
     * New processes are looked for, another run's read, and memory, swap and TCP read every this many samples: once a
     * second.
     */
    static final int SCAN_EVERY = 10;
    /**
     * The other processes are read every this many samples: every 5 s, and at the last sample. Reading the hundred or
     * so of a machine is the largest part of the watcher's CPU after its per-sample reads, and grows with the
     * machine's processes (docs/results/machine-watch.md); the checks need only the CPU they took over a point's
     * window. A process that starts is still found within a second, and read from its start.
     */
    static final int OTHERS_EVERY = 50;
    /** How long a JVM of the run may take to map its counters before the watcher gives up on them. */
    private static final long ATTACH_NANOS = 10_000_000_000L;

    private final WatchDirectory out;
    private final EpochClock clock;
    private final ProcFs proc = new ProcFs();
    private final ProcessTable table;
    private final Thread thread;
    private final LongConsumer launched;
    private final Map<Long, JvmCounters> counters = new HashMap<>();
    private final Set<Long> withoutCounters = new HashSet<>();
    private final Set<String> logged = new HashSet<>();
    private volatile boolean running = true;
    private long samples;
    private long startNanos;
    private long cpuNanos;

    private Watcher(PointDirectory point, WatchDirectory out, EpochClock clock) {
        this.out = out;
        this.clock = clock;
        this.table = new ProcessTable(proc, ProcessHandle.current().pid(), marker(point.dir()),
                JvmLauncher.runOption(point.runId()));
        this.launched = table;
        this.thread = new Thread(new Loop(), "orbscope-watch");
        this.thread.setDaemon(true);
    }

    /**
     * Starts watching beside {@code point}, writing into {@code out}, on {@code clock} (the point's time axis).
     * Never throws: when the machine cannot be watched, {@code watch.log} says why and nothing else is written.
     */
    public static Watcher start(PointDirectory point, WatchDirectory out, EpochClock clock) {
        Watcher w = new Watcher(point, out, clock);
        String why = "off".equals(System.getProperty(SWITCH)) ? "switched off (-D" + SWITCH + "=off): nothing is "
                + "sampled" : ProcFs.unavailable();
        if (why != null) {
            w.log(why);
            w.running = false;
            return w;
        }
        w.startNanos = System.nanoTime();
        JvmLauncher.onStart(w.launched);
        w.thread.start();
        return w;
    }

    /** Takes a last sample, closes the files and writes the watcher's own CPU to {@code watch.log}. */
    @Override
    public void close() {
        if (!thread.isAlive()) {
            return;
        }
        JvmLauncher.offStart(launched);
        running = false;
        thread.interrupt();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double wallSec = (System.nanoTime() - startNanos) / 1e9;
        log(String.format(Locale.ROOT, "%d samples in %.1f s; the watcher's thread took %.1f ms of CPU: %.2f%% of "
                + "one core", samples, wallSec, cpuNanos / 1e6, wallSec <= 0 ? 0 : cpuNanos / 1e7 / wallSec));
    }

    /** CPU time the watcher's thread took, once it has ended ({@link #close}). */
    public long cpuNanos() {
        return cpuNanos;
    }

    /** Samples taken. */
    public long samples() {
        return samples;
    }

    /** The watcher's thread. */
    private final class Loop implements Runnable {
        @Override
        public void run() {
            loop();
        }
    }

    private void loop() {
        try (WatchCsv.Writer<MachineSample> machine = WatchCsv.MACHINE.create(out.machine());
             WatchCsv.Writer<CpuStateSample> cpus = WatchCsv.CPUS.create(out.cpus());
             WatchCsv.Writer<InterfaceSample> network = WatchCsv.NETWORK.create(out.network());
             WatchCsv.Writer<ProcessSample> processes = WatchCsv.PROCESSES.create(out.processes());
             WatchCsv.Writer<JvmSample> jvms = WatchCsv.JVMS.create(out.jvms())) {
            long next = System.nanoTime();
            long lastScan = next;
            long lastOthers = next;
            while (true) {
                long nanos = System.nanoTime();
                boolean last = !running;
                long gap = 2 * INTERVAL_MS * 1_000_000L;
                boolean scan = ++samples % SCAN_EVERY == 0 || last && nanos - lastScan > gap;
                boolean others = samples % OTHERS_EVERY == 0 || last && nanos - lastOthers > gap;
                try {
                    sample(nanos, scan || others, others, machine, cpus, network, processes, jvms);
                } catch (RuntimeException e) {
                    log("a sample failed (the next is taken as usual): " + e);
                }
                if (scan || others) {
                    lastScan = nanos;
                }
                if (others) {
                    lastOthers = nanos;
                }
                if (last) {
                    break;
                }
                next += INTERVAL_MS * 1_000_000L;
                long sleep = next - System.nanoTime();
                if (sleep > 0) {
                    try {
                        Thread.sleep(sleep / 1_000_000L, (int) (sleep % 1_000_000L));
                    } catch (InterruptedException e) {
                        // close() wants one last sample
                    }
                } else {
                    next = System.nanoTime(); // a late sample does not make the next ones come in a burst
                }
            }
        } catch (IOException e) {
            log("cannot write " + out.dir() + ": " + e.getMessage() + "; the watch stops here");
        } finally {
            proc.close();
            counters.clear();
            cpuNanos = proc.threadCpuNanos();
        }
    }

    private void sample(long nanos, boolean scan, boolean others, WatchCsv.Writer<MachineSample> machine,
                        WatchCsv.Writer<CpuStateSample> cpus, WatchCsv.Writer<InterfaceSample> network,
                        WatchCsv.Writer<ProcessSample> processes, WatchCsv.Writer<JvmSample> jvms) throws IOException {
        long epochNs = clock.epochNanos(nanos);
        ProcFs.Stat stat = proc.stat(epochNs);
        if (stat != null) {
            machine.append(proc.machine(epochNs, stat, scan));
            for (CpuStateSample c : stat.cpus()) {
                cpus.append(c);
            }
        }
        for (InterfaceSample i : proc.network(epochNs)) {
            network.append(i);
        }
        List<ProcessTable.Entry> ended = new ArrayList<>();
        for (ProcessSample p : table.sample(epochNs, nanos, ended)) {
            processes.append(p);
        }
        if (scan) {
            for (ProcessSample p : table.scan(epochNs, nanos, others)) {
                processes.append(p);
            }
        }
        for (ProcessTable.Entry e : ended) {
            counters.remove(e.pid); // its file is unmapped with the buffer
        }
        for (ProcessTable.Entry e : table.runJvms()) {
            JvmCounters c = counters(e, nanos);
            if (c != null) {
                jvms.append(c.sample(epochNs, e.pid, e.role.label(), e.part));
            }
        }
        jvms.flush();
        machine.flush();
        cpus.flush();
        network.flush();
        processes.flush();
    }

    /** The counters of a JVM of the run, attached at its first sample (retried while it starts), or null. */
    private JvmCounters counters(ProcessTable.Entry e, long nanos) {
        JvmCounters c = counters.get(e.pid);
        if (c != null || withoutCounters.contains(e.pid)) {
            return c;
        }
        try {
            c = JvmCounters.attach(e.pid);
            counters.put(e.pid, c);
            return c;
        } catch (IOException | RuntimeException x) {
            if (nanos - e.foundNanos > ATTACH_NANOS) {
                withoutCounters.add(e.pid);
                log("no counters for JVM " + e.pid + " (" + e.role.label() + " " + e.part + "): " + x.getMessage()
                        + " (a JVM run with -XX:-UsePerfData has none)");
            }
            return null;
        }
    }

    /** Appends a line to {@code watch.log}; the same line is written once. */
    private synchronized void log(String line) {
        if (!logged.add(line)) {
            return;
        }
        try {
            Files.createDirectories(out.dir());
            Files.writeString(out.log(), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("orbscope watch: " + line);
        }
    }

    /**
     * What a workload JVM's {@code --out} holds when it writes under {@code pointDir}: {@code /<run>/points/<point>/}
     * (a client host's copy of the run has the same names), or the point directory's own path.
     */
    static String marker(Path pointDir) {
        Path abs = pointDir.toAbsolutePath().normalize();
        Path points = abs.getParent();
        if (points != null && points.getFileName() != null && points.getFileName().toString().equals("points")
                && points.getParent() != null && points.getParent().getFileName() != null) {
            return "/" + points.getParent().getFileName() + "/points/" + abs.getFileName() + "/";
        }
        return abs + "/";
    }
}
