package org.orbscope.run.watch;

/**
 * One row of {@code watch/processes.csv}: a process at one instant ({@code /proc/<pid>/stat}). The run's processes
 * are sampled every interval; other processes every 5 s, and only in 5 s in which they took
 * {@link ProcessTable#NOTICEABLE_SHARE} of one CPU or more (or when they are another orbscope run's).
 *
 * @param epochNs when the sample was taken, on the point's time axis
 * @param pid the process id
 * @param role {@link Role}'s name in lower case
 * @param part which of the run's processes: the directory it writes under the point ({@code server},
 *     {@code servers/front}, {@code client}, {@code clients/2}, {@code hosts/h1/1}), a host's name, or for the run's
 *     other processes their name; empty for {@code other} and {@code foreign}
 * @param name the main class or jar of a Java process, else the kernel's name of the process
 * @param userMs CPU time in user mode so far (10 ms resolution)
 * @param systemMs CPU time in the kernel so far (10 ms resolution)
 * @param cpuIntervalMs CPU time (user and system) since the watcher's previous reading of this process, or since
 *     the process started when this is the first
 * @param intervalMs the wall time that {@code cpuIntervalMs} was spent in
 * @param threads the process's threads now
 * @param rssBytes its resident memory now
 * @param command its command line in short: a Java process's class path and JVM options are left out
 */
public record ProcessSample(long epochNs, long pid, String role, String part, String name, long userMs, long systemMs,
                            long cpuIntervalMs, long intervalMs, long threads, long rssBytes, String command) implements WatchCsv.Row {
    /** What a process is to the point being watched. */
    public enum Role {
        /** The process the watcher runs in ({@code orbscope run}), and what it started that is no workload JVM. */
        RUN,
        /** A workload server JVM of the point. */
        SERVER,
        /** A workload client JVM of the point (on this machine, or a client host's on this machine). */
        CLIENT,
        /** An {@code orbscope host} JVM on this machine. */
        HOST,
        /** An orbscope workload JVM or {@code orbscope run} that is not of this point: another run at the same time. */
        FOREIGN,
        /** Any other process that took a noticeable share of a CPU. */
        OTHER;

        /** Made once: the watcher writes a role at every row. */
        private final String label = name().toLowerCase(java.util.Locale.ROOT);

        public String label() {
            return label;
        }

        /** Whether a process of this role is of the watched run: the run itself, its workload JVMs and hosts. */
        public boolean ofRun() {
            return this == RUN || this == SERVER || this == CLIENT || this == HOST;
        }

        /** The role of a {@link ProcessSample#role} label. */
        public static Role of(String label) {
            return valueOf(label.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** CPU time so far, user and system. */
    public long cpuMs() {
        return userMs + systemMs;
    }

    /** The share of one CPU this process took over its interval (0.5: half a CPU). */
    public double cpuShare() {
        return intervalMs <= 0 ? 0 : (double) cpuIntervalMs / intervalMs;
    }

    public Role roleValue() {
        return Role.of(role);
    }

    /** The row's cells, in the order of the components (the file's columns). */
    @Override
    public void cells(WatchCsv.Cells c) {
        c.add(epochNs).add(pid).add(role).add(part).add(name).add(userMs).add(systemMs).add(cpuIntervalMs)
                .add(intervalMs).add(threads).add(rssBytes).add(command);
    }
}
