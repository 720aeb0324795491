package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code server/received.csv}: what the server's objects were sent, one {@link Row} per object and operation
 * called, written when the server stops: {@code object,operation,requests,elements,octets}. It checks the
 * client against the scenario (every request of a target carries the elements its payload says) from the
 * side that received them.
 *
 * <p>Requests a servant's calls send count at the object called, so with several servers a front object's
 * requests times its calls' fan-out is what the objects it calls received. The server's warm-up calls
 * ({@code _non_existent}) reach no operation and are not counted.
 */
public final class ReceivedCsv {
    private static final CsvMapper CSV = new CsvMapper();
    private static final CsvSchema SCHEMA = CSV.schemaFor(Row.class).withHeader();

    /**
     * One operation of one object.
     *
     * @param requests requests received
     * @param elements elements received over all requests: sequence or array lengths, string characters, the
     *                 structs in an any (0 for {@code ping})
     * @param octets the elements' octets (elements x the element's size on the wire; no CDR headers or padding)
     */
    @JsonPropertyOrder({"object", "operation", "requests", "elements", "octets"})
    public record Row(String object, String operation, long requests, long elements, long octets) {
    }

    private ReceivedCsv() {
    }

    public static void write(Path file, List<Row> rows) throws IOException {
        AtomicFiles.write(file, w -> CSV.writer(SCHEMA).writeValues(w).writeAll(rows).flush());
    }

    /** "object.operation" -> requests, of {@code rows}. */
    public static Map<String, Long> requests(List<Row> rows) {
        Map<String, Long> m = new LinkedHashMap<>();
        rows.forEach(r -> m.merge(r.object() + "." + r.operation(), r.requests(), Long::sum));
        return m;
    }

    public static List<Row> read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
             MappingIterator<Row> it = CSV.readerFor(Row.class).with(SCHEMA).readValues(in)) {
            return it.readAll();
        }
    }
}
