package org.orbscope.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code server/system.csv}, one {@link SystemSample} per row:
 * {@code epoch_ms,process_cpu_ns,heap_used_bytes,threads,threads_started,gc_count,gc_time_ms,app_threads_cpu_ns,tool_threads_cpu_ns}.
 * Each row is flushed as it is written, so a server that dies keeps every sample but the one it was writing.
 */
public final class SystemCsv {
    public static final String HEADER = "epoch_ms,process_cpu_ns,heap_used_bytes,threads,threads_started,gc_count,gc_time_ms,"
            + "app_threads_cpu_ns,tool_threads_cpu_ns";

    private SystemCsv() {
    }

    /** Appends samples from one thread. */
    public static final class Writer implements Closeable {
        private final BufferedWriter out;

        private Writer(Path file) throws IOException {
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            out.write(HEADER);
            out.write('\n');
            out.flush();
        }

        public void append(SystemSample s) throws IOException {
            out.write(s.epochMs() + "," + s.processCpuNs() + "," + s.heapUsedBytes() + "," + s.threads() + "," + s.threadsStarted() + ","
                    + s.gcCount() + "," + s.gcTimeMs() + "," + s.appThreadsCpuNs() + "," + s.toolThreadsCpuNs() + "\n");
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    public static Writer create(Path file) throws IOException {
        return new Writer(file);
    }

    /**
     * The samples of a file. Never throws for bad content: a row cut short by a crash is skipped (the others
     * still measure the run); a missing, empty or unreadable file is described by {@link SystemSamples#problem()}.
     */
    public static SystemSamples read(Path file) {
        SystemSamples s = new SystemSamples();
        if (!Files.isRegularFile(file)) {
            s.problem = "no server system samples (" + file.getFileName() + " missing)";
            return s;
        }
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                s.problem = file.getFileName() + " is empty";
                return s;
            }
            String[] h = it.next();
            int ms = indexOf(h, "epoch_ms");
            int cpu = indexOf(h, "process_cpu_ns");
            if (ms < 0 || cpu < 0) {
                s.problem = file + ":1: header lacks epoch_ms or process_cpu_ns";
                return s;
            }
            int heap = indexOf(h, "heap_used_bytes");
            int threads = indexOf(h, "threads");
            int started = indexOf(h, "threads_started");
            int gcCount = indexOf(h, "gc_count");
            int gcTime = indexOf(h, "gc_time_ms");
            int app = indexOf(h, "app_threads_cpu_ns");
            int tool = indexOf(h, "tool_threads_cpu_ns");
            s.threadColumns = app >= 0 && tool >= 0;
            while (it.hasNext()) {
                String[] row = it.next();
                try {
                    s.add(new SystemSample(num(row, ms), num(row, cpu), opt(row, heap), (int) opt(row, threads), opt(row, started),
                            opt(row, gcCount), opt(row, gcTime), opt(row, app), opt(row, tool)));
                } catch (RuntimeException e) {
                    // A sample cut short by a crash: the remaining samples still measure the run.
                }
            }
        } catch (IOException | RuntimeException e) {
            s.problem = file + ": unreadable after " + s.size() + " samples: " + e.getMessage();
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

    private static long num(String[] row, int i) {
        return Long.parseLong(row[i].trim());
    }

    private static long opt(String[] row, int i) {
        return i < 0 ? 0 : num(row, i);
    }
}
