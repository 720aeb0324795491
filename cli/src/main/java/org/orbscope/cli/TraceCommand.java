package org.orbscope.cli;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orbscope.trace.TraceFormatException;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.tools.TraceDump;
import org.orbscope.trace.tools.TraceExport;
import org.orbscope.trace.tools.TraceStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code orbscope trace stats|dump|export|report FILE}: read a trace written by the agent. */
@Command(name = "trace", mixinStandardHelpOptions = true, description = "Read a trace file: stats, dump, export, report.",
        subcommands = {TraceCommand.Stats.class, TraceCommand.Dump.class, TraceCommand.Export.class,
                TraceReportCommand.class})
final class TraceCommand implements Runnable {
    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }

    interface Action {
        void on(TraceReader r, PrintStream out) throws IOException;
    }

    /** Opens the trace and maps unreadable files to a one-line message and exit code 2. */
    static int withTrace(Path file, Path outFile, Action action) {
        try (TraceReader r = TraceReader.open(file)) {
            if (outFile == null) {
                action.on(r, System.out);
                System.out.flush();
            } else {
                PrintStream out;
                try {
                    out = new PrintStream(new BufferedOutputStream(new FileOutputStream(outFile.toFile()), 1 << 16),
                            false, "UTF-8");
                } catch (IOException e) {
                    System.err.println("orbscope trace: cannot write --out " + outFile + ": " + (Files.isDirectory(outFile)
                            ? "it is a directory" : Files.isDirectory(outFile.toAbsolutePath().getParent())
                            ? e.getMessage() : "no such directory: " + outFile.toAbsolutePath().getParent()));
                    return Orbscope.EXIT_BAD_INPUT;
                }
                try (out) {
                    action.on(r, out);
                }
            }
            if (r.isTruncated()) {
                System.err.println("orbscope trace: " + file + " is truncated (" + r.truncation() + "); read up to its last whole chunk");
            }
            for (String d : r.damage()) {
                System.err.println("orbscope trace: " + file + ": " + d + "; the rest was read");
            }
            return Orbscope.EXIT_OK;
        } catch (NoSuchFileException e) {
            System.err.println("orbscope trace: no such file: " + file);
        } catch (TraceFormatException e) {
            System.err.println("orbscope trace: " + e.getMessage());
        } catch (IOException e) {
            System.err.println("orbscope trace: cannot read " + file + ": " + e.getMessage());
        }
        return Orbscope.EXIT_BAD_INPUT;
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Events per type and per thread, duration, dropped events, agent errors.")
    static final class Stats implements Callable<Integer> {
        @Parameters(paramLabel = "TRACE") Path file;

        @Override
        public Integer call() {
            return withTrace(file, null, (r, out) -> TraceStats.of(r).print(r, out));
        }
    }

    @Command(name = "dump", mixinStandardHelpOptions = true, description = "Human-readable text trace: one line per event, call trees indented per thread.")
    static final class Dump implements Callable<Integer> {
        @Parameters(paramLabel = "TRACE") Path file;
        @Option(names = "--thread", description = "Only threads whose name contains this text.") String thread;
        @Option(names = "--out", description = "Write to this file instead of standard output.") Path out;

        @Override
        public Integer call() {
            return withTrace(file, out, (r, o) -> TraceDump.dump(r, o, thread));
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Export as JSON lines or as Perfetto/Chrome trace-event JSON.")
    static final class Export implements Callable<Integer> {
        @Parameters(paramLabel = "TRACE") Path file;
        @Option(names = "--format", defaultValue = "perfetto", description = "json | perfetto (default ${DEFAULT-VALUE}).") String format;
        @Option(names = "--out", description = "Write to this file instead of standard output.") Path out;

        @Override
        public Integer call() {
            if (!format.equals("json") && !format.equals("perfetto")) {
                System.err.println("orbscope trace export: --format must be json or perfetto, not '" + format + "'");
                return Orbscope.EXIT_BAD_INPUT;
            }
            return withTrace(file, out, (r, o) -> {
                if (format.equals("json")) {
                    TraceExport.jsonLines(r, o);
                } else {
                    TraceExport.perfetto(r, o);
                }
            });
        }
    }
}
