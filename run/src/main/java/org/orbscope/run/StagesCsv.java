package org.orbscope.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report/stages.csv}: the per-request stage table, one {@link RequestStages} per row, in the columns of
 * {@link StageTableColumns}. Empty cells are unknown.
 */
public final class StagesCsv {
    private static final StageTableColumns.Column[] COLUMNS =
            StageTableColumns.all().toArray(new StageTableColumns.Column[0]);

    private StagesCsv() {
    }

    public static String header() {
        StringBuilder b = new StringBuilder();
        for (StageTableColumns.Column c : COLUMNS) {
            b.append(b.length() == 0 ? "" : ",").append(c.name());
        }
        return b.toString();
    }

    public static void write(Path file, List<RequestStages> rows) throws IOException {
        AtomicFiles.write(file, w -> write(w, rows));
    }

    /**
     * Hand-formatted rather than through Jackson's generator: every cell is a number or a short name, and this
     * is the largest file the report writes (a row per request).
     */
    static void write(Writer w, List<RequestStages> rows) throws IOException {
        w.write(header());
        w.write('\n');
        StringBuilder b = new StringBuilder(512);
        for (RequestStages r : rows) {
            append(w, b, r);
        }
    }

    /**
     * Opens a stage table to write row by row, as the rows are produced: into a temporary file next to
     * {@code file}, which {@link Streaming#close()} moves into place, so a reader never sees half a table.
     */
    public static Streaming create(Path file) throws IOException {
        return new Streaming(file);
    }

    /** A stage table being written row by row. */
    public static final class Streaming implements Closeable {
        private final Path file;
        private final Path tmp;
        private final Writer out;
        private final StringBuilder b = new StringBuilder(512);
        private IOException failure;

        private Streaming(Path file) throws IOException {
            this.file = file;
            tmp = AtomicFiles.growing(file);
            out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
            out.write(header());
            out.write('\n');
        }

        /** Appends a row; after a write error (a full disk) rows are dropped and {@link #close()} throws it. */
        public void append(RequestStages r) {
            if (failure != null) {
                return;
            }
            try {
                StagesCsv.append(out, b, r);
            } catch (IOException e) {
                failure = e;
            }
        }

        @Override
        public void close() throws IOException {
            AtomicFiles.finish(out, tmp, file, failure);
        }
    }

    private static void append(Writer w, StringBuilder b, RequestStages r) throws IOException {
        b.setLength(0);
        for (int i = 0; i < COLUMNS.length; i++) {
            StageTableColumns.Column c = COLUMNS[i];
            if (i > 0) {
                b.append(',');
            }
            if (c.isText()) {
                b.append(clean(c.text().apply(r)));
            } else {
                long v = c.number().applyAsLong(r);
                if (v != StageColumn.UNKNOWN) {
                    b.append(v);
                }
            }
        }
        b.append('\n');
        w.append(b);
    }

    private static String clean(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 ? s
                : '"' + s.replace("\"", "\"\"").replace('\n', ' ') + '"';
    }

    /**
     * The rows of a stage table. Columns are found by their header names, so a table with fewer columns (an
     * older one) reads with those cells unknown.
     *
     * @throws IllegalArgumentException naming file and line for a file that is not a stage table, or a cell that
     *     is not a number
     */
    public static List<RequestStages> read(Path file) throws IOException {
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<RequestStages> rows = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                throw new IllegalArgumentException(file + ": empty file, expected a stages.csv header row");
            }
            Map<String, Integer> col = new HashMap<>();
            String[] header = it.next();
            for (int i = 0; i < header.length; i++) {
                col.put(header[i].trim(), i);
            }
            if (!col.containsKey("status") || !col.containsKey(StageColumn.COMPLETION.header())) {
                throw new IllegalArgumentException(file + ":1: not a stage table (no status or completion_ns column)");
            }
            int line = 1;
            while (it.hasNext()) {
                String[] cells = it.next();
                line++;
                if (cells.length == 1 && cells[0].isEmpty()) {
                    continue;
                }
                rows.add(row(file, line, cells, col));
            }
        }
        return rows;
    }

    private static RequestStages row(Path file, int line, String[] cells, Map<String, Integer> col) {
        RequestStages r = new RequestStages();
        r.index = (int) number(file, line, cells, col, "request", line - 2);
        r.key = text(cells, col, "key");
        r.receiverThread = text(cells, col, "receiver_thread");
        r.dispatcherThread = text(cells, col, "dispatcher_thread");
        r.poa = text(cells, col, "poa");
        r.object = text(cells, col, "object");
        r.operation = text(cells, col, "operation");
        r.status = text(cells, col, "status");
        r.missing = text(cells, col, "missing");
        for (int i = 0; i < StageColumn.count(); i++) {
            StageColumn c = StageColumn.at(i);
            r.set(c, number(file, line, cells, col, c.header(), StageColumn.UNKNOWN));
        }
        r.clientSeq = number(file, line, cells, col, "client_seq", StageColumn.UNKNOWN);
        r.clientResponseNs = number(file, line, cells, col, "client_response_ns", StageColumn.UNKNOWN);
        return r;
    }

    private static String text(String[] cells, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        return i == null || i >= cells.length ? "" : cells[i].trim();
    }

    private static long number(Path file, int line, String[] cells, Map<String, Integer> col, String name,
                               long absent) {
        String v = text(cells, col, name);
        if (v.isEmpty()) {
            return absent;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ":" + line + ": column " + name + ": not a number: '" + v + "'");
        }
    }
}
