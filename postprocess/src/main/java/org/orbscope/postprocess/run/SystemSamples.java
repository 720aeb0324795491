package org.orbscope.postprocess.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The server's periodic process samples (server/system.csv): process CPU time against wall time. */
public final class SystemSamples {
    private long[] epochNs = new long[0];
    private long[] cpuNs = new long[0];
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
            s.epochNs = new long[64];
            s.cpuNs = new long[64];
            while (it.hasNext()) {
                String[] row = it.next();
                if (row.length <= Math.max(ms, cpu) || row[ms].isEmpty() || row[cpu].isEmpty()) {
                    continue;
                }
                try {
                    s.add(Long.parseLong(row[ms].trim()) * 1_000_000L, Long.parseLong(row[cpu].trim()));
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

    void add(long tNs, long cpu) {
        if (n == epochNs.length) {
            epochNs = Arrays.copyOf(epochNs, Math.max(64, n * 2));
            cpuNs = Arrays.copyOf(cpuNs, Math.max(64, n * 2));
        }
        epochNs[n] = tNs;
        cpuNs[n] = cpu;
        n++;
    }

    public int size() {
        return n;
    }

    /**
     * Process CPU utilization (fraction of {@code cpus} processors) between two epoch-ns instants, using the
     * samples that enclose the window most tightly; NaN when fewer than two samples fall near the window.
     */
    public double utilization(long fromNs, long toNs, int cpus) {
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
        return (cpuNs[b] - cpuNs[a]) / wall / Math.max(1, cpus);
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
            double u = wall <= 0 ? 0 : (cpuNs[j] - cpuNs[i]) / wall / Math.max(1, cpus);
            out.add(new double[] {(epochNs[i] + epochNs[j]) / 2.0, u});
        }
        return out.toArray(new double[0][]);
    }
}
