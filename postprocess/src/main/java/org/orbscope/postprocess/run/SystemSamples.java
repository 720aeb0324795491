package org.orbscope.postprocess.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The server's periodic process samples (server/system.csv): process CPU time against wall time, and where the
 * server wrote them, the CPU of its application threads (the ORB's, which execute requests) and of orbscope's
 * own threads.
 */
public final class SystemSamples {
    /** Which CPU counter a utilization is computed from. */
    public enum Counter {
        PROCESS, APPLICATION_THREADS, TOOL_THREADS
    }

    private long[] epochNs = new long[0];
    private final long[][] cpuNs = {new long[0], new long[0], new long[0]};
    private boolean threadColumns;
    private int n;
    public String problem;

    public static SystemSamples read(Path csv) throws IOException {
        SystemSamples s = new SystemSamples();
        if (!Files.isRegularFile(csv)) {
            s.problem = "no server system samples (" + csv.getFileName() + " missing)";
            return s;
        }
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (Reader in = Files.newBufferedReader(csv);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                s.problem = csv.getFileName() + " is empty";
                return s;
            }
            String[] h = it.next();
            int ms = indexOf(h, "epoch_ms");
            int cpu = indexOf(h, "process_cpu_ns");
            if (ms < 0 || cpu < 0) {
                s.problem = csv + ":1: header lacks epoch_ms or process_cpu_ns";
                return s;
            }
            int app = indexOf(h, "app_threads_cpu_ns");
            int tool = indexOf(h, "tool_threads_cpu_ns");
            s.threadColumns = app >= 0 && tool >= 0;
            int last = Math.max(ms, s.threadColumns ? Math.max(cpu, Math.max(app, tool)) : cpu);
            while (it.hasNext()) {
                String[] row = it.next();
                if (row.length <= last || row[ms].isEmpty() || row[cpu].isEmpty()) {
                    continue;
                }
                try {
                    s.add(Long.parseLong(row[ms].trim()) * 1_000_000L, Long.parseLong(row[cpu].trim()),
                            s.threadColumns ? Long.parseLong(row[app].trim()) : 0,
                            s.threadColumns ? Long.parseLong(row[tool].trim()) : 0);
                } catch (NumberFormatException e) {
                    // A sample cut short by a crash: the remaining samples still measure the run.
                }
            }
        } catch (RuntimeException e) {
            s.problem = csv + ": unreadable: " + e.getMessage();
        }
        return s;
    }

    private static int indexOf(String[] h, String name) {
        for (int i = 0; i < h.length; i++) {
            if (h[i].trim().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    void add(long tNs, long process, long applicationThreads, long toolThreads) {
        if (n == epochNs.length) {
            epochNs = Arrays.copyOf(epochNs, Math.max(64, n * 2));
            for (int c = 0; c < cpuNs.length; c++) {
                cpuNs[c] = Arrays.copyOf(cpuNs[c], Math.max(64, n * 2));
            }
        }
        epochNs[n] = tNs;
        cpuNs[0][n] = process;
        cpuNs[1][n] = applicationThreads;
        cpuNs[2][n] = toolThreads;
        n++;
    }

    /** True when the samples split the CPU by thread group (servers before that split wrote only the total). */
    public boolean hasThreadGroups() {
        return threadColumns;
    }

    public int size() {
        return n;
    }

    /**
     * Process CPU utilization (fraction of {@code cpus} processors) between two epoch-ns instants, using the
     * samples that enclose the window most tightly; NaN when fewer than two samples fall near the window.
     */
    public double utilization(long fromNs, long toNs, int cpus) {
        return utilization(Counter.PROCESS, fromNs, toNs, cpus);
    }

    /** As {@link #utilization(long, long, int)}, from the chosen counter; NaN if the samples lack it. */
    public double utilization(Counter counter, long fromNs, long toNs, int cpus) {
        if (counter != Counter.PROCESS && !threadColumns) {
            return Double.NaN;
        }
        long[] cpu = cpuNs[counter.ordinal()];
        if (n < 2 || toNs <= fromNs) {
            return Double.NaN;
        }
        int a = 0;
        for (int i = 0; i < n; i++) {
            if (epochNs[i] <= fromNs) {
                a = i;
            }
        }
        int b = n - 1;
        for (int i = n - 1; i >= 0; i--) {
            if (epochNs[i] >= toNs) {
                b = i;
            }
        }
        if (b <= a) {
            return Double.NaN;
        }
        double wall = epochNs[b] - epochNs[a];
        return (cpu[b] - cpu[a]) / wall / Math.max(1, cpus);
    }

    /**
     * Utilization over the run as (midpoint epoch ns, fraction) pairs for a plot, averaged over at most
     * {@code maxPoints} equal groups of sampling intervals so a long run does not bloat the page.
     */
    public double[][] series(int cpus, int maxPoints) {
        int intervals = Math.max(0, n - 1);
        int step = Math.max(1, (intervals + maxPoints - 1) / Math.max(1, maxPoints));
        java.util.List<double[]> out = new java.util.ArrayList<>();
        for (int i = 0; i + 1 < n; i += step) {
            int j = Math.min(n - 1, i + step);
            double wall = epochNs[j] - epochNs[i];
            double u = wall <= 0 ? 0 : (cpuNs[0][j] - cpuNs[0][i]) / wall / Math.max(1, cpus);
            out.add(new double[] {(epochNs[i] + epochNs[j]) / 2.0, u});
        }
        return out.toArray(new double[0][]);
    }
}
