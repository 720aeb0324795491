package org.orbscope.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.orbscope.postprocess.point.TraceStages;

/**
 * What the report shows while it reads server traces (a long recording takes minutes): a trace's size as its
 * reading starts, then how far it is (events read, the part of the recording) every second in place on a
 * terminal or every {@value Progress#PLAIN_SECONDS} s as a plain line, and what it read at the end. Quiet,
 * nothing.
 */
final class ReadingProgress implements TraceStages.ReadProgress {
    private final PrintStream out;
    private final int columns;
    private final boolean quiet;
    private long started;
    private long shown;

    /**
     * @param columns the width of the terminal {@code out} is, where the status is rewritten in place; 0 when it
     *     is not one
     */
    ReadingProgress(PrintStream out, int columns, boolean quiet) {
        this.out = out;
        this.columns = columns;
        this.quiet = quiet;
    }

    @Override
    public synchronized void read(Path trace, long events, double fraction) {
        if (quiet) {
            return;
        }
        long now = System.nanoTime();
        if (events == 0 && fraction == 0) {
            started = now;
            shown = now;
            out.println("reading " + trace + " (" + megabytes(trace) + ")");
        } else if (fraction >= 1) {
            line("read " + trace.getFileName() + ": " + millions(events) + " events in "
                    + Progress.clock((now - started) / 1e9), true);
        } else if (now - shown >= (columns > 0 ? 1 : Progress.PLAIN_SECONDS) * 1_000_000_000L) {
            shown = now;
            line("reading " + trace.getFileName() + ": " + millions(events) + " events, "
                    + Math.round(100 * fraction) + "% of the recording, " + Progress.clock((now - started) / 1e9),
                    false);
        }
    }

    /** A status in place on a terminal (the last one stays), else a plain line. */
    private void line(String text, boolean last) {
        if (columns > 0) {
            String shown = text.length() >= columns ? text.substring(0, columns - 1) : text;
            out.print("\r\033[2K" + shown + (last ? "\n" : ""));
            out.flush();
        } else {
            out.println(text);
        }
    }

    private static String millions(long events) {
        return events < 1_000_000 ? Long.toString(events) : Progress.figure(events / 1e6) + " M";
    }

    /** The size of a trace file or of a ring's segments, in MB. */
    private static String megabytes(Path trace) {
        try {
            long bytes;
            if (Files.isDirectory(trace)) {
                try (Stream<Path> s = Files.list(trace)) {
                    bytes = s.filter(Files::isRegularFile).mapToLong(f -> {
                        try {
                            return Files.size(f);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }).sum();
                }
            } else {
                bytes = Files.size(trace);
            }
            return Progress.figure(bytes / 1e6) + " MB";
        } catch (IOException | UncheckedIOException e) {
            return "size unknown";
        }
    }
}
