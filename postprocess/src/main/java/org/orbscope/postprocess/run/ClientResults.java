package org.orbscope.postprocess.run;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.postprocess.stats.Distribution;

/** The client's per-request records (client/requests.csv): response times and outcomes. */
public final class ClientResults {
    public final Distribution response = new Distribution();
    public final Distribution lateness = new Distribution();
    public final Map<String, Long> outcomes = new TreeMap<>();
    public final List<String> problems = new ArrayList<>();
    public long rows;
    public long malformedRows;
    public long firstIntendedNs = Long.MAX_VALUE;
    public long lastCompletedNs = Long.MIN_VALUE;
    public long okCount;
    /** Requests that reached the wire, in send order, for lining up with the server's requests. */
    public final List<Sent> sent = new ArrayList<>();

    /** A request the client sent: what it targeted and how long the client waited. */
    public record Sent(long seq, long sentNs, String object, String operation, long responseNs, String outcome) {
    }

    public static ClientResults read(Path csv, long warmupRequests) throws IOException {
        ClientResults r = new ClientResults();
        if (!Files.isRegularFile(csv)) {
            r.problems.add("no client request records (" + csv.getFileName() + " missing)");
            return r;
        }
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (Reader in = Files.newBufferedReader(csv);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                r.problems.add(csv + ": empty file");
                return r;
            }
            Map<String, Integer> col = header(it.next());
            int intended = need(col, "intended_ns", csv);
            int completed = need(col, "completed_ns", csv);
            int response = need(col, "response_ns", csv);
            int lateness = col.getOrDefault("lateness_ns", -1);
            int outcome = need(col, "outcome", csv);
            int seqCol = col.getOrDefault("seq", -1);
            int sentCol = col.getOrDefault("sent_ns", -1);
            int objectCol = col.getOrDefault("object", -1);
            int operationCol = col.getOrDefault("operation", -1);
            long line = 1;
            while (it.hasNext()) {
                String[] row = it.next();
                line++;
                if (row.length == 1 && row[0].isEmpty()) {
                    continue;
                }
                r.rows++;
                try {
                    String out = row.length > outcome ? row[outcome] : "";
                    r.outcomes.merge(out.isEmpty() ? "unknown" : out, 1L, Long::sum);
                    long sched = num(row, intended);
                    if (sched != Long.MIN_VALUE) {
                        r.firstIntendedNs = Math.min(r.firstIntendedNs, sched);
                    }
                    long done = num(row, completed);
                    if (done != Long.MIN_VALUE) {
                        r.lastCompletedNs = Math.max(r.lastCompletedNs, done);
                    }
                    long sentNs = sentCol < 0 ? Long.MIN_VALUE : num(row, sentCol);
                    if (sentNs != Long.MIN_VALUE) {
                        r.sent.add(new Sent(seqCol < 0 ? r.rows - 1 : num(row, seqCol), sentNs, str(row, objectCol),
                                str(row, operationCol), num(row, response), out));
                    }
                    if (r.rows <= warmupRequests || !"ok".equals(out)) {
                        continue;
                    }
                    r.okCount++;
                    long resp = num(row, response);
                    if (resp != Long.MIN_VALUE) {
                        r.response.add(resp);
                    }
                    long late = lateness < 0 ? Long.MIN_VALUE : num(row, lateness);
                    if (late != Long.MIN_VALUE) {
                        r.lateness.add(late);
                    }
                } catch (NumberFormatException e) {
                    if (r.malformedRows++ == 0) {
                        r.problems.add(csv + ":" + line + ": not a number: " + e.getMessage());
                    }
                }
            }
        } catch (RuntimeException e) {
            r.problems.add(csv + ": unreadable after " + r.rows + " rows: " + e.getMessage());
        }
        r.sent.sort(java.util.Comparator.comparingLong(Sent::sentNs));
        if (r.malformedRows > 0) {
            r.problems.add(r.malformedRows + " malformed rows in " + csv.getFileName() + " were skipped");
        }
        return r;
    }

    private static Map<String, Integer> header(String[] h) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < h.length; i++) {
            m.put(h[i].trim(), i);
        }
        return m;
    }

    private static int need(Map<String, Integer> col, String name, Path csv) {
        Integer i = col.get(name);
        if (i == null) {
            throw new IllegalArgumentException(csv + ":1: header lacks column '" + name + "'");
        }
        return i;
    }

    private static long num(String[] row, int i) {
        if (i >= row.length || row[i].isEmpty()) {
            return Long.MIN_VALUE;
        }
        return Long.parseLong(row[i].trim());
    }

    private static String str(String[] row, int i) {
        return i < 0 || i >= row.length ? "" : row[i];
    }

    public long count(String outcome) {
        return outcomes.getOrDefault(outcome, 0L);
    }
}
