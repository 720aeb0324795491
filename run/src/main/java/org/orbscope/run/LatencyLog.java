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

    /** Reads a log's intervals one at a time, so a long run's log never sits in memory whole. */
    public static final class Reader implements Closeable {
        private final HistogramLogReader reader;
        private boolean damaged;

        private Reader(Path file) throws IOException {
            try {
                reader = new HistogramLogReader(file.toFile());
            } catch (FileNotFoundException e) {
                throw new java.nio.file.NoSuchFileException(file.toString());
            }
        }

        /**
         * The next interval with absolute (epoch ms) start and end time stamps, or null at the end of the log (a
         * last interval cut short by a crash ends it).
         */
        public Histogram next() {
            if (damaged) {
                return null;
            }
            try {
                EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    if (h instanceof Histogram histogram) {
                        return histogram;
                    }
                }
            } catch (RuntimeException e) {
                // HdrHistogram's reader fails on a line it cannot decode: a writer that died mid-line.
                damaged = true;
            }
            return null;
        }

        /** The log ended in a line that could not be read (its writer died while writing it). */
        public boolean damaged() {
            return damaged;
        }

        @Override
        public void close() {
            reader.close();
        }
    }

    public static Reader open(Path file) throws IOException {
        return new Reader(file);
    }

    /** The intervals of a log, in file order, with absolute (epoch ms) start and end time stamps. */
    public static List<Histogram> read(Path file) throws IOException {
        List<Histogram> out = new ArrayList<>();
        try (Reader r = open(file)) {
            Histogram h;
            while ((h = r.next()) != null) {
                out.add(h);
            }
        }
        return out;
    }
}
