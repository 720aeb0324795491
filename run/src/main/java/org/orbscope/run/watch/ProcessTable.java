package org.orbscope.run.watch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongConsumer;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.ServerLaunch;
import org.orbscope.run.watch.ProcessSample.Role;

/**
 * Every process of the machine, as the watcher knows it: which are the point's (the process the watcher runs in,
 * what it started, and the workload JVMs that carry the run's identity ({@link JvmLauncher#runOption}), also a client
 * host's on this machine), which are another orbscope run's, and how much CPU each of the others took since the last
 * scan.
 *
 * <p>A JVM the run starts is added as it starts ({@link #accept}, from {@link org.orbscope.run.JvmLauncher}); other
 * new processes are found once a second ({@link #scan}: a listing of {@code /proc} and the {@code stat} of each new
 * one), among them the descendants of the run that no launcher started and a client host's JVMs. A process's first
 * row holds its CPU since it started. A process is named from its command line. Listing {@code /proc} is a quarter
 * of a sample's cost, so it is not done at every sample (docs/results/machine-watch.md). The others are read every
 * 5 s (a scan with {@code others}), and written only for 5 s in which they took {@link #NOTICEABLE_SHARE} of one CPU
 * or more.
 */
final class ProcessTable implements LongConsumer {
    /**
     * A process not of the run is written for a scan in which it took this share of one CPU or more, and two of
     * Linux's 10 ms ticks at least (one tick is a process that merely woke up): 2%, 100 ms of CPU in 5 s.
     */
    static final double NOTICEABLE_SHARE = 0.02;
    /** How long a child of the run may take to become what it runs ({@code taskset}, Java's spawn helper). */
    private static final long PENDING_NANOS = 5_000_000_000L;
    private static final String CLI_MAIN = "org.orbscope.cli.Orbscope";
    private static final String CLI_JAR = "orbscope.jar";

    /** One process: its identity, what it is to the run, and the last reading of its CPU. */
    static final class Entry {
        final long pid;
        final long startTicks;
        final long foundNanos;
        /** Null: not of the run and not yet named (an other process below the share). */
        Role role;
        String part = "";
        String name;
        String command;
        boolean java;
        boolean pending;
        long lastCpuTicks;
        long lastNanos;

        Entry(long pid, long startTicks, long foundNanos) {
            this.pid = pid;
            this.startTicks = startTicks;
            this.foundNanos = foundNanos;
        }

        boolean ofRun() {
            return role != null && role.ofRun();
        }
    }

    private final ProcFs proc;
    private final long root;
    private final String pointMarker;
    private final String runOption;
    private final Map<Long, Entry> entries = new HashMap<>();
    /**
     * The entries of the run and those pending, which every sample reads: a hundred processes or more are known, and
     * walking all of them at every sample cost more than reading the few of the run.
     */
    private final List<Entry> followed = new ArrayList<>();
    /** Whether {@link #followed} misses a change: an entry added, classified or ended since it was listed. */
    private boolean followedStale = true;
    private final Queue<Long> started = new ConcurrentLinkedQueue<>();
    private boolean first = true;
    private long uptimeMs;
    private long uptimeNanos = -1;

    /**
     * @param root the process the watcher runs in: it and its descendants are the run's
     * @param pointMarker what a workload JVM's {@code --out} directory holds when it writes into the watched point
     *     ({@code /<run>/points/<point>/}): the part of the point it is
     * @param runOption the JVM option every JVM of the run carries ({@link JvmLauncher#runOption}): a workload JVM
     *     outside the process tree is the run's (a client host's on this machine) when it carries it, else another
     *     run's, however alike the two runs' directories are named
     */
    ProcessTable(ProcFs proc, long root, String pointMarker, String runOption) {
        this.proc = proc;
        this.root = root;
        this.pointMarker = pointMarker;
        this.runOption = runOption;
    }

    /**
     * Reads each of the run's processes: a row each ({@code ended} receives those that ended). The first sample also
     * finds every process there is; a JVM the run starts is added at the next sample ({@link #accept}), any other
     * new process by {@link #scan}.
     */
    List<ProcessSample> sample(long epochNs, long nanos, List<Entry> ended) {
        if (first) {
            discover(nanos);
        }
        for (Long pid; (pid = started.poll()) != null; ) {
            followedStale = true;
            Entry known = entries.get(pid);
            if (known == null) {
                add(pid, nanos, null);
            } else {
                // The scan can find a child between fork and exec, still showing the run's own command line;
                // the launcher reports it after the exec, so its command is read again now.
                ProcFs.ProcStat s = proc.process(pid, false);
                if (s != null && s.startTicks() == known.startTicks) {
                    classify(known, s, true, nanos);
                }
            }
        }
        List<ProcessSample> rows = new ArrayList<>();
        List<Entry> run = followed();
        for (int i = 0; i < run.size(); i++) {
            Entry e = run.get(i);
            ProcFs.ProcStat s = proc.process(e.pid, true);
            if (s == null || s.startTicks() != e.startTicks) {
                proc.forget(e.pid);
                entries.remove(e.pid);
                followedStale = true;
                if (e.ofRun()) {
                    ended.add(e);
                }
                continue;
            }
            if (e.pending) {
                followedStale = true;
                classify(e, s, true, nanos);
                if (e.pending) {
                    continue;
                }
            }
            rows.add(row(e, s, epochNs, nanos));
        }
        first = false;
        return rows;
    }

    /**
     * Finds the processes started since the last scan and reads another orbscope run's (a row each); with
     * {@code others}, also every other process not of the run: a row for each that took {@link #NOTICEABLE_SHARE} of
     * one CPU or more since it was last read.
     */
    List<ProcessSample> scan(long epochNs, long nanos, boolean others) {
        discover(nanos);
        List<ProcessSample> rows = new ArrayList<>();
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.ofRun() || e.pending || !others && e.role != Role.FOREIGN) {
                continue;
            }
            ProcFs.ProcStat s = proc.process(e.pid, true);
            if (s == null || s.startTicks() != e.startTicks) {
                proc.forget(e.pid);
                it.remove();
                continue;
            }
            long cpuMs = (s.cpuTicks() - e.lastCpuTicks) * ProcFs.TICK_MS;
            double wallMs = (nanos - e.lastNanos) / 1e6;
            if (e.role == Role.FOREIGN || wallMs > 0 && cpuMs >= Math.max(2 * ProcFs.TICK_MS, NOTICEABLE_SHARE * wallMs)) {
                if (e.role == null) {
                    name(e, proc.cmdline(e.pid), s);
                    e.role = Role.OTHER;
                }
                rows.add(row(e, s, epochNs, nanos));
            } else {
                e.lastCpuTicks = s.cpuTicks();
                e.lastNanos = nanos;
            }
        }
        return rows;
    }

    /** A JVM the run has just started (any thread): it is followed from the next sample on. */
    @Override
    public void accept(long pid) {
        started.add(pid);
    }

    /** The run's JVMs now. */
    List<Entry> runJvms() {
        List<Entry> jvms = new ArrayList<>();
        for (Entry e : followed()) {
            if (e.ofRun() && e.java) {
                jvms.add(e);
            }
        }
        return jvms;
    }

    private ProcessSample row(Entry e, ProcFs.ProcStat s, long epochNs, long nanos) {
        ProcessSample r = new ProcessSample(epochNs, e.pid, e.role.label(), e.part, e.name,
                s.userTicks() * ProcFs.TICK_MS, s.systemTicks() * ProcFs.TICK_MS,
                (s.cpuTicks() - e.lastCpuTicks) * ProcFs.TICK_MS, Math.round((nanos - e.lastNanos) / 1e6),
                s.threads(), s.rssPages() * proc.pageSize(), e.command);
        e.lastCpuTicks = s.cpuTicks();
        e.lastNanos = nanos;
        return r;
    }

    /** {@link #followed}, listed again when it is stale. */
    private List<Entry> followed() {
        if (followedStale) {
            followed.clear();
            for (Entry e : entries.values()) {
                if (e.ofRun() || e.pending) {
                    followed.add(e);
                }
            }
            followedStale = false;
        }
        return followed;
    }

    /** Adds the processes not known yet; those gone are dropped as they are next read. */
    private void discover(long nanos) {
        long[] pids = proc.pids();
        Set<Long> parents = new HashSet<>();
        for (Entry e : followed()) {
            parents.add(e.pid);
        }
        for (long pid : pids) {
            Entry e = add(pid, nanos, parents);
            if (e != null && (e.ofRun() || e.pending)) {
                parents.add(pid);
            }
        }
    }

    /**
     * Adds a process not known yet: of the run when {@code parents} is null (the run started it) or holds its
     * parent. Null when it is known already or has ended.
     */
    private Entry add(long pid, long nanos, Set<Long> parents) {
        if (entries.containsKey(pid)) {
            return null;
        }
        ProcFs.ProcStat s = proc.process(pid, true);
        if (s == null) {
            return null;
        }
        boolean ofRun = parents == null || pid == root || parents.contains(s.ppid());
        Entry e = new Entry(pid, s.startTicks(), nanos);
        if (first && !ofRun) {
            // There before the watch began: only its CPU from now on counts.
            e.lastCpuTicks = s.cpuTicks();
            e.lastNanos = nanos;
        } else {
            e.lastCpuTicks = 0;
            e.lastNanos = nanos - Math.max(0, uptimeMs(nanos) - s.startTicks() * ProcFs.TICK_MS) * 1_000_000L;
        }
        if (ofRun || s.name().equals("java")) {
            classify(e, s, ofRun, nanos);
        }
        entries.put(pid, e);
        followedStale = true;
        return e;
    }

    /** The machine's uptime at the sample taken at {@code nanos}, read once per sample. */
    private long uptimeMs(long nanos) {
        if (uptimeNanos != nanos) {
            uptimeMs = proc.uptimeMs();
            uptimeNanos = nanos;
        }
        return uptimeMs;
    }

    /** Gives a process its role from its command line (or leaves a child of the run that has not exec'd pending). */
    private void classify(Entry e, ProcFs.ProcStat s, boolean ofRun, long nanos) {
        String[] argv = proc.cmdline(e.pid);
        name(e, argv, s);
        JavaCommand java = JavaCommand.of(argv);
        e.java = java != null;
        e.pending = false;
        if (java == null) {
            boolean becoming = s.name().equals("jspawnhelper") || s.name().equals("taskset") || argv.length == 0;
            if (ofRun && becoming && nanos - e.foundNanos < PENDING_NANOS) {
                e.pending = true;
            } else if (ofRun) {
                e.role = Role.RUN;
                e.part = e.pid == root ? "" : s.name();
            }
            return;
        }
        String main = java.main();
        boolean server = main.equals(ServerLaunch.MAIN);
        if (server || main.equals(ClientLaunch.MAIN)) {
            // Another run's workload JVMs are told apart by the run's identity they carry.
            boolean here = ofRun || Arrays.asList(argv).contains(runOption);
            // Only its --out is read: the launch record's parser (picocli) takes milliseconds of this thread per JVM.
            String out = here ? java.option(server ? ServerLaunch.OUT : ClientLaunch.OUT) : null;
            String part = out == null ? null : partOf(out);
            if (here) {
                e.role = server ? Role.SERVER : Role.CLIENT;
                e.part = part != null ? part : String.valueOf(out);
            } else {
                e.role = Role.FOREIGN;
            }
        } else if (main.equals(CLI_MAIN) || main.equals(CLI_JAR)) {
            String sub = java.subcommand();
            if (sub.equals("host") && ofRun) {
                e.role = Role.HOST;
                e.part = String.valueOf(java.option("--name"));
            } else if (sub.equals("host")) {
                // A host JVM outside the run's process tree may serve this run or another: its command line does
                // not say which. Its workload JVMs do (the run's identity), so they are told apart one by one, and
                // the host itself counts as any other process.
                return;
            } else if (ofRun) {
                e.role = Role.RUN;
                e.part = e.pid == root ? "" : sub;
            } else if (sub.equals("run") || sub.equals("server") || sub.equals("client")) {
                e.role = Role.FOREIGN;
            }
        } else if (ofRun) {
            e.role = Role.RUN;
            e.part = e.pid == root ? "" : main.substring(main.lastIndexOf('.') + 1);
        }
    }

    /** The directory under the watched point that {@code out} names ({@code server}, {@code clients/2}), or null. */
    private String partOf(String out) {
        String path = out.endsWith("/") ? out : out.concat("/");
        int at = path.indexOf(pointMarker);
        if (at < 0) {
            return null;
        }
        String part = path.substring(at + pointMarker.length());
        return part.endsWith("/") ? part.substring(0, part.length() - 1) : part;
    }

    private static void name(Entry e, String[] argv, ProcFs.ProcStat s) {
        JavaCommand java = JavaCommand.of(argv);
        e.name = java != null && !java.main().isEmpty() ? java.main() : s.name();
        e.command = argv.length == 0 ? "[".concat(s.name()).concat("]") : JavaCommand.shortForm(argv);
    }
}
