package org.orbscope.run.watch;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;


/**
 * The reader and writer of one file of {@code watch/}: one record type per file, one row per record, columns named
 * after the record's components in snake case ({@code epochNs} is {@code epoch_ns}), in the record's order.
 *
 * <pre>{@code
 * try (WatchCsv.Writer<MachineSample> w = WatchCsv.MACHINE.create(file)) { w.append(sample); w.flush(); }
 * WatchCsv.Rows<MachineSample> rows = WatchCsv.MACHINE.read(file);
 * }</pre>
 *
 * <p>Jackson reads the files into the records. The rows are written by hand, each record adding its cells
 * ({@link Row}): the watcher writes ten times a second for the length of a point, mostly before the JIT has compiled
 * anything of it, and Jackson's serializers then cost tens of times more per row (and their set-up more than a
 * whole point's samples), which alone would take the watcher past its budget (docs/results/machine-watch.md). A test
 * reads back what is written.
 *
 * @param <R> the file's record
 */
public final class WatchCsv<R extends Record & WatchCsv.Row> {
    public static final WatchCsv<MachineSample> MACHINE = new WatchCsv<>(MachineSample.class);
    public static final WatchCsv<CpuStateSample> CPUS = new WatchCsv<>(CpuStateSample.class);
    public static final WatchCsv<InterfaceSample> NETWORK = new WatchCsv<>(InterfaceSample.class);
    public static final WatchCsv<ProcessSample> PROCESSES = new WatchCsv<>(ProcessSample.class);
    public static final WatchCsv<JvmSample> JVMS = new WatchCsv<>(JvmSample.class);

    private final Class<R> type;
    private final List<String> columns = new ArrayList<>();

    private WatchCsv(Class<R> type) {
        this.type = type;
        for (RecordComponent c : type.getRecordComponents()) {
            columns.add(snakeCase(c.getName()));
        }
    }

    /** {@code epochNs} as {@code epoch_ns}. */
    private static String snakeCase(String name) {
        StringBuilder b = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                b.append('_').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** The file's header: its column names in order. */
    public List<String> columns() {
        return columns;
    }

    /**
     * A row of a file: it adds its cells in its components' order, the file's columns. A method of each record rather
     * than a lambda per file: each lambda costs the watcher's thread a class to spin, at every point.
     */
    public interface Row {
        void cells(Cells c);
    }

    /** The cells of one row, in column order. */
    public static final class Cells {
        private final StringBuilder row = new StringBuilder(256);

        public Cells add(long v) {
            sep();
            row.append(v);
            return this;
        }

        /**
         * Milliseconds to the nanosecond: at most six decimals, trailing zeros left out ({@code 12.5}, {@code 0}).
         * Written by hand rather than by {@code Double.toString}, whose shortest-digits conversion runs uncompiled in
         * the watcher and cost more than the rest of a JVM's row.
         */
        public Cells addMs(double ms) {
            sep();
            long ns = Math.round(ms * 1e6);
            if (ns < 0) {
                row.append('-');
                ns = -ns;
            }
            row.append(ns / 1_000_000);
            long fraction = ns % 1_000_000;
            if (fraction != 0) {
                row.append('.');
                for (long digit = 100_000; fraction != 0; digit /= 10) {
                    row.append((char) ('0' + fraction / digit));
                    fraction %= digit;
                }
            }
            return this;
        }

        /** Text, quoted when it holds a comma, a quote or a line end (CSV's rule). */
        public Cells add(String v) {
            sep();
            String s = v == null ? "" : v;
            if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
                row.append(s);
            } else {
                row.append('"').append(s.replace("\"", "\"\"")).append('"');
            }
            return this;
        }

        private void sep() {
            if (row.length() > 0) {
                row.append(',');
            }
        }
    }

    /** Appends rows from one thread; {@link #flush()} hands them to the file in one write. */
    public static final class Writer<R extends Record & Row> implements Closeable {
        private final OutputStream out;
        private final Cells row = new Cells();
        private final StringBuilder rows = new StringBuilder(1024);

        private Writer(OutputStream out) {
            this.out = out;
        }

        public void append(R r) {
            row.row.setLength(0);
            r.cells(row);
            rows.append(row.row).append('\n');
        }

        /** Hands the rows appended so far to the file: a crash after this loses none of them. */
        public void flush() throws IOException {
            if (rows.length() > 0) {
                out.write(rows.toString().getBytes(StandardCharsets.UTF_8));
                rows.setLength(0);
            }
        }

        /** Flushes and closes the file. */
        @Override
        public void close() throws IOException {
            try {
                flush();
            } finally {
                out.close();
            }
        }
    }

    /**
     * A new file (an old one is replaced), its header written. A {@link FileOutputStream}: a file channel's stream
     * costs several times its CPU to open and to write through before the JIT has compiled it.
     */
    public Writer<R> create(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        OutputStream out = new FileOutputStream(file.toFile());
        out.write(String.join(",", columns).concat("\n").getBytes(StandardCharsets.UTF_8));
        return new Writer<>(out);
    }

    /**
     * The rows of a file and what kept some out.
     *
     * @param rows every whole row, in file order
     * @param problem why rows are missing: the file is missing or unreadable from some line on; null when none are
     *     (a last row cut short by a crash is left out without a problem)
     */
    public record Rows<R>(List<R> rows, String problem) {
    }

    /** Reads a file; never throws for bad content, which ends the rows with a problem naming the line. */
    public Rows<R> read(Path file) {
        return Reading.read(this, file);
    }

    /**
     * Jackson, set up only by a reader. Apart from the writing code, so that loading {@link WatchCsv} in the watcher
     * does not load Jackson's CSV classes (the verifier loads the types a method's code passes around).
     */
    private static final class Reading {
        static final CsvMapper CSV = CsvMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

        static <R extends Record & Row> Rows<R> read(WatchCsv<R> csv, Path file) {
            if (!Files.isRegularFile(file)) {
                return new Rows<>(List.of(), file + ": missing");
            }
            List<R> rows = new ArrayList<>();
            try (Reader in = wholeRows(file);
                 MappingIterator<R> it = CSV.readerFor(csv.type).with(schema(csv)).readValues(in)) {
                while (it.hasNextValue()) {
                    rows.add(it.nextValue());
                }
            } catch (IOException | RuntimeException e) {
                return new Rows<>(rows, file + ":" + (rows.size() + 2) + ": unreadable: "
                        + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
            }
            return new Rows<>(rows, null);
        }

        private static CsvSchema schema(WatchCsv<?> csv) {
            CsvSchema.Builder b = CsvSchema.builder().setUseHeader(true);
            csv.columns.forEach(b::addColumn);
            return b.build();
        }
    }

    /**
     * The file up to its last line end: a writer stopped in the middle of a row (a crash, a kill) leaves that row
     * unfinished, and it is left out.
     */
    private static Reader wholeRows(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long length = f.length();
            if (length > 0) {
                f.seek(length - 1);
            }
            if (length == 0 || f.read() == '\n') {
                return Files.newBufferedReader(file, StandardCharsets.UTF_8);
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        return new InputStreamReader(new ByteArrayInputStream(bytes, 0, end), StandardCharsets.UTF_8);
    }
}
