package org.orbscope.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code client/requests.csv}, one {@link RequestRecord} per row:
 * {@code seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome}.
 * Rows are appended as requests end (so in completion order, not schedule order) and flushed in chunks: a client
 * that dies keeps every request that ended before its last flush.
 */
public final class RequestsCsv {
    public static final String[] COLUMNS = {"seq", "process", "target", "object", "operation", "intended_ns", "sent_ns",
            "completed_ns", "response_ns", "lateness_ns", "outcome"};
    private static final CsvMapper CSV = new CsvMapper().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);

    private RequestsCsv() {
    }

    /**
     * Appends rows. Not thread-safe: one thread writes (the client's recording thread), so the threads that
     * make requests never wait on the file.
     */
    public static final class Writer implements Closeable {
        private final BufferedWriter out;
        private final SequenceWriter rows;
        private final Object[] row = new Object[COLUMNS.length];
        private IOException failure;

        private Writer(Path file) throws IOException {
            Files.createDirectories(file.toAbsolutePath().getParent());
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true);
            for (String c : COLUMNS) {
                schema.addColumn(c);
            }
            rows = CSV.writer(schema.build()).writeValues(out);
            rows.flush();
        }

        /** Appends a row; after a write error (a full disk) rows are dropped and {@link #failure()} says why. */
        public void append(RequestRecord r) {
            if (failure != null) {
                return;
            }
            row[0] = r.seq();
            row[1] = r.process() == null ? "" : r.process(); // an unnamed arrival process (see cell())
            row[2] = r.target();
            row[3] = r.object();
            row[4] = r.operation();
            row[5] = cell(r.intendedNs());
            row[6] = cell(r.sentNs());
            row[7] = cell(r.completedNs());
            row[8] = cell(r.responseNs());
            row[9] = cell(r.latenessNs());
            row[10] = r.outcome();
            try {
                rows.write(row);
            } catch (IOException e) {
                failure = e;
            }
        }

        /** An unknown time is an empty cell (Jackson's CSV generator misplaces null array elements). */
        private static Object cell(long v) {
            return v == RequestRecord.UNKNOWN ? "" : v;
        }

        /** Hands what was appended to the file. */
        public void flush() {
            if (failure == null) {
                try {
                    rows.flush();
                } catch (IOException e) {
                    failure = e;
                }
            }
        }

        /** The first write error, or null: a full disk stops the records, the client goes on. */
        public IOException failure() {
            return failure;
        }

        @Override
        public void close() throws IOException {
            try {
                rows.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** A new requests.csv (an old one is replaced), header written. */
    public static Writer create(Path file) throws IOException {
        return new Writer(file);
    }

    /** What reading the file found besides the rows: counts and what was wrong, one line each. */
    public static final class ReadResult {
        public long rows;
        public long malformedRows;
        /** The file ends inside a row (its writer was stopped while writing): that row is left out. */
        public boolean cutShort;
        public final List<String> problems = new ArrayList<>();
    }

    /**
     * Streams the rows to {@code sink}. Never throws for bad content: a malformed row is skipped and counted (the
     * first named with its line), a row cut short at the end is left out, and an unreadable file stops the read
     * with a problem; a missing file is a problem too.
     */
    public static ReadResult read(Path file, Consumer<RequestRecord> sink) {
        ReadResult r = new ReadResult();
        try {
            if (Files.size(file) == 0) {
                r.problems.add(file + ": empty file");
                return r;
            }
        } catch (IOException e) {
            r.problems.add(file + ": missing");
            return r;
        }
        boolean endsWithNewline = endsWithNewline(file);
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        long line = 1;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                r.problems.add(file + ": empty file");
                return r;
            }
            Map<String, Integer> col = new HashMap<>();
            String[] header = it.next();
            for (int i = 0; i < header.length; i++) {
                col.put(header[i].trim(), i);
            }
            for (String c : new String[] {"intended_ns", "completed_ns", "response_ns", "outcome"}) {
                if (!col.containsKey(c)) {
                    r.problems.add(file + ":1: not a requests.csv header (no " + c + " column)");
                    return r;
                }
            }
            while (it.hasNext()) {
                String[] row = it.next();
                line++;
                if (row.length == 1 && row[0].isEmpty()) {
                    continue;
                }
                if (!endsWithNewline && !it.hasNext()) {
                    r.cutShort = true;
                    r.problems.add(file + ": ends inside a row (line " + line + "): the client stopped while "
                            + "writing it; that row is left out");
                    break;
                }
                RequestRecord rec;
                try {
                    if (row.length < header.length) {
                        throw new IllegalArgumentException(row.length + " cells, the header has " + header.length);
                    }
                    rec = parse(row, col, r.rows);
                } catch (RuntimeException e) {
                    if (r.malformedRows++ == 0) {
                        r.problems.add(file + ":" + line + ": malformed row (" + e.getMessage() + ")");
                    }
                    continue;
                }
                r.rows++;
                sink.accept(rec);
            }
        } catch (IOException | RuntimeException e) {
            r.problems.add(file + ": unreadable after " + r.rows + " rows (line " + line + "): "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
        }
        if (r.malformedRows > 1) {
            r.problems.add(r.malformedRows + " malformed rows in " + file.getFileName() + " were left out");
        }
        return r;
    }

    private static RequestRecord parse(String[] row, Map<String, Integer> col, long index) {
        String outcome = text(row, col, "outcome");
        if (outcome.isEmpty()) {
            throw new IllegalArgumentException("no outcome");
        }
        long seq = number(row, col, "seq");
        String target = text(row, col, "target");
        return new RequestRecord(seq == RequestRecord.UNKNOWN ? index : seq, text(row, col, "process"),
                target.isEmpty() ? 0 : Integer.parseInt(target), text(row, col, "object"), text(row, col, "operation"),
                number(row, col, "intended_ns"), number(row, col, "sent_ns"), number(row, col, "completed_ns"),
                number(row, col, "response_ns"), number(row, col, "lateness_ns"), outcome);
    }

    private static String text(String[] row, Map<String, Integer> col, String name) {
        Integer i = col.get(name);
        return i == null || i >= row.length ? "" : row[i].trim();
    }

    private static long number(String[] row, Map<String, Integer> col, String name) {
        String v = text(row, col, name);
        if (v.isEmpty()) {
            return RequestRecord.UNKNOWN;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: '" + v + "'");
        }
    }

    private static boolean endsWithNewline(Path file) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() == 0) {
                return true;
            }
            f.seek(f.length() - 1);
            return f.read() == '\n';
        } catch (IOException e) {
            return true;
        }
    }
}
