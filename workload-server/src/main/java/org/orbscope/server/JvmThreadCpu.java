package org.orbscope.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Cumulative CPU of the JVM's internal threads (JIT compilers, GC workers, the VM thread), which no Java API lists,
 * read from Linux's {@code /proc/self/task}: every task whose name is not that of a live Java thread. The JVM names
 * each Java thread's task after it (cut to 15 bytes, the kernel's limit); the launcher's {@code main} thread keeps the
 * task name {@code java}. The internal threads live as long as the JVM, so summing their readings loses nothing,
 * whereas a Java thread may live for one request, between two readings: its CPU is then known only as part of the
 * process's, which keeps the CPU of ended threads. Hand-written: no library reads {@code /proc} per task.
 */
final class JvmThreadCpu {
    private static final Path TASKS = Path.of("/proc/self/task");
    /** The kernel keeps 15 bytes of a task's name. */
    private static final int NAME_BYTES = 15;

    /** Task id -> its CPU at its last reading, for the internal tasks seen. */
    private final Map<String, Long> last = new HashMap<>();
    /**
     * The ids of tasks found to be Java threads, read no more: a server of hundreds of threads would otherwise cost
     * two file reads per thread per sample, a fifth of a core at 500 threads every 100 ms. Ended ones leave at the
     * next listing.
     */
    private Set<String> javaTasks = new HashSet<>();
    private long total;

    /** Whether this system has the per-task files that {@link #sample} reads. */
    static boolean available() {
        return Files.isReadable(TASKS.resolve(String.valueOf(ProcessHandle.current().pid())).resolve("schedstat"));
    }

    /** The task name the JVM gives a Java thread of this name. */
    static String taskName(String javaName) {
        byte[] b = javaName.getBytes(StandardCharsets.UTF_8);
        return b.length <= NAME_BYTES ? javaName : new String(Arrays.copyOf(b, NAME_BYTES), StandardCharsets.UTF_8);
    }

    /**
     * Reads the tasks and returns the CPU time in nanoseconds the internal ones have used since the JVM started.
     * {@code javaTaskNames}: the task names ({@link #taskName}) of every Java thread seen so far, so that a Java
     * thread that ended before it could be listed counts as one when another of its name was seen (an ORB names
     * the threads of a kind alike).
     */
    long sample(Set<String> javaTaskNames) throws IOException {
        Set<String> stillJava = new HashSet<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String id = task.getFileName().toString();
                if (javaTasks.contains(id)) {
                    stillJava.add(id);
                    continue;
                }
                String name;
                long cpu;
                try {
                    name = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8).trim();
                    if (name.equals("java") || javaTaskNames.contains(name)) {
                        stillJava.add(id);
                        continue;
                    }
                    // schedstat: nanoseconds on a CPU, nanoseconds waiting for one, time slices
                    String stat = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII);
                    cpu = Long.parseLong(stat.substring(0, stat.indexOf(' ')));
                } catch (IOException | RuntimeException ended) {
                    continue; // the task ended between listing and reading
                }
                Long seen = last.put(id, cpu);
                total += cpu - (seen == null ? 0 : seen);
            }
        }
        javaTasks = stillJava;
        return total;
    }
}
