package org.orbscope.scenario;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the machine of {@code orbscope validate} and {@code run} can carry out, for {@link ScenarioDocument#checkMachine}:
 * a value beyond these limits is refused before anything starts, with the limit named, instead of a run that
 * fails minutes later or never ends.
 *
 * @param memoryBytes the memory a JVM's default heap is taken from (the machine's, or its container's limit)
 * @param threadLimit the most threads one user may run here: the lower of {@code /proc/sys/kernel/threads-max} and
 *     {@code ulimit -u}; {@link Long#MAX_VALUE} when neither is known
 */
public record MachineLimits(long memoryBytes, long threadLimit) {
    /**
     * The most requests per second one client JVM is asked to send, its open processes' mean rates summed. The
     * fastest rate measured from one client JVM is 16,000/s (docs/results/null-request-overhead.md); a JacORB
     * request costs its client several microseconds of CPU, so 100,000/s is beyond any client JVM, and above it
     * a run only measures how far the client fell behind.
     */
    public static final double MAX_CLIENT_RATE_PER_SECOND = 100_000;
    /** A JVM's default heap, without -Xmx: this share of {@link #memoryBytes} (HotSpot's MaxRAMPercentage). */
    static final double DEFAULT_HEAP_SHARE = 0.25;

    /** The limits of the machine this JVM runs on. */
    public static MachineLimits here() {
        long memory = Runtime.getRuntime().maxMemory() * 4;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        long threads = Math.min(number(Path.of("/proc/sys/kernel/threads-max"), null),
                number(Path.of("/proc/self/limits"), "Max processes"));
        return new MachineLimits(memory, threads);
    }

    /** A JVM's heap: its own -Xmx among {@code jvmArgs} (the last one counts), else the JVM's default. */
    public Heap heap(List<String> jvmArgs) {
        Heap heap = new Heap((long) (memoryBytes * DEFAULT_HEAP_SHARE), "the JVM's default, a quarter of this "
                + "machine's " + bytes(memoryBytes) + " of memory");
        for (String a : jvmArgs) {
            String lower = a.toLowerCase(Locale.ROOT);
            String size = lower.startsWith("-xmx") ? a.substring(4)
                    : lower.startsWith("-xx:maxheapsize=") ? a.substring(a.indexOf('=') + 1) : null;
            long n = size == null ? -1 : size(size);
            if (n > 0) {
                heap = new Heap(n, a);
            }
        }
        return heap;
    }

    /** A heap's size in bytes and where it comes from ({@code -Xmx1g}, or the default). */
    public record Heap(long bytes, String source) {
    }

    /** {@code 1.5 GiB}, {@code 300 MiB}. */
    static String bytes(double b) {
        return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", b / (1L << 30))
                : String.format(Locale.ROOT, "%.0f MiB", b / (1L << 20));
    }

    /** A JVM size option's value ({@code 512m}, {@code 2G}, {@code 1048576}); -1 when it is not one. */
    private static long size(String v) {
        if (v.isEmpty()) {
            return -1;
        }
        char unit = Character.toLowerCase(v.charAt(v.length() - 1));
        int shift = unit == 'k' ? 10 : unit == 'm' ? 20 : unit == 'g' ? 30 : unit == 't' ? 40 : 0;
        try {
            return Long.parseLong(shift == 0 ? v : v.substring(0, v.length() - 1)) << shift;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The first number of {@code file}, or of its line that starts with {@code label} (the soft limit of
     * {@code /proc/self/limits}); {@link Long#MAX_VALUE} when there is none ("unlimited", not Linux).
     */
    private static long number(Path file, String label) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (label == null || line.startsWith(label)) {
                    String[] words = line.substring(label == null ? 0 : label.length()).trim().split("\\s+");
                    return Long.parseLong(words[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not known here
        }
        return Long.MAX_VALUE;
    }
}
