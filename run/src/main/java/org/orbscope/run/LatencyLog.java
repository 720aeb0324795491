package org.orbscope.run;

import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code client/latency.hlog}: HdrHistogram's interval log of the client's response times in nanoseconds (from
 * the intended send time; warm-up requests left out). Intervals are appended as the run goes, each flushed, so
 * HdrHistogram's own tools (HistogramLogProcessor, the online plotter) read the file, and a client that dies
 * keeps every finished interval.
 */
public final class LatencyLog {
    private LatencyLog() {
    }

    /** Appends interval histograms from one thread. */
    public static final class Writer implements Closeable {
        private final PrintStream out;
        private final HistogramLogWriter log;

        private Writer(Path file, long startEpochMs) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            out = new PrintStream(Files.newOutputStream(file), false, "UTF-8");
            log = new HistogramLogWriter(out);
            log.outputComment("orbscope client response times in nanoseconds, from the intended send time");
            log.outputLogFormatVersion();
            log.setBaseTime(startEpochMs);
            log.outputBaseTime(startEpochMs);
            log.outputStartTime(startEpochMs);
            log.outputLegend();
            out.flush();
        }

        /** One interval; its start and end time stamps (epoch ms) must be set. */
        public void append(Histogram interval) {
            log.outputIntervalHistogram(interval);
            out.flush();
        }

        @Override
        public void close() {
            out.close();
        }
    }

    public static Writer create(Path file, long startEpochMs) throws IOException {
        return new Writer(file, startEpochMs);
    }

    /** The intervals of a log, in file order, with absolute (epoch ms) start and end time stamps. */
    public static List<Histogram> read(Path file) throws IOException {
        List<Histogram> out = new ArrayList<>();
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(file.toFile());
        } catch (FileNotFoundException e) {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h instanceof Histogram histogram) {
                    out.add(histogram);
                }
            }
        } finally {
            reader.close();
        }
        return out;
    }
}
