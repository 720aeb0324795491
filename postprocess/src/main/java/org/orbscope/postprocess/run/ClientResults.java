package org.orbscope.postprocess.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;

/** The client's per-request records (client/requests.csv): response times and outcomes. */
public final class ClientResults {
    public final Distribution response = new Distribution();
    public final Distribution lateness = new Distribution();
    public final Map<String, Long> outcomes = new TreeMap<>();
    public final List<String> problems = new ArrayList<>();
    public long rows;
    public long firstIntendedNs = Long.MAX_VALUE;
    public long lastCompletedNs = Long.MIN_VALUE;
    /** The file ends inside a row: the client was stopped while writing. */
    public boolean cutShort;
    /** Requests that reached the wire, in send order, for lining up with the server's requests. */
    public final List<Sent> sent = new ArrayList<>();

    /** A request the client sent: what it targeted and how long the client waited. */
    public record Sent(long seq, long sentNs, String object, String operation, long responseNs, String outcome) {
    }

    /**
     * Reads the records; the first {@code warmupRequests} of the schedule (by sequence number: rows are written
     * in completion order) are left out of the response statistics. Never throws: what is wrong with the file is
     * in {@link #problems}.
     */
    public static ClientResults read(Path csv, long warmupRequests) {
        return read(List.of(csv), warmupRequests);
    }

    /** The records of several client JVMs together (each one's warm-up left out). */
    public static ClientResults read(List<Path> csvs, long warmupRequests) {
        ClientResults r = new ClientResults();
        for (Path csv : csvs) {
            RequestsCsv.ReadResult result = RequestsCsv.read(csv, rec -> r.add(rec, warmupRequests));
            r.rows += result.rows;
            r.cutShort |= result.cutShort;
            r.problems.addAll(result.problems);
        }
        r.sent.sort(Comparator.comparingLong(Sent::sentNs));
        return r;
    }

    private void add(RequestRecord rec, long warmupRequests) {
        outcomes.merge(rec.outcome(), 1L, Long::sum);
        if (rec.intendedNs() != RequestRecord.UNKNOWN) {
            firstIntendedNs = Math.min(firstIntendedNs, rec.intendedNs());
        }
        if (rec.completedNs() != RequestRecord.UNKNOWN) {
            lastCompletedNs = Math.max(lastCompletedNs, rec.completedNs());
        }
        if (rec.sent()) {
            sent.add(new Sent(rec.seq(), rec.sentNs(), rec.object(), rec.operation(), rec.responseNs(), rec.outcome()));
        }
        if (rec.seq() < warmupRequests || !rec.ok()) {
            return;
        }
        if (rec.responseNs() != RequestRecord.UNKNOWN) {
            response.add(rec.responseNs());
        }
        if (rec.latenessNs() != RequestRecord.UNKNOWN) {
            lateness.add(rec.latenessNs());
        }
    }

    public long count(String outcome) {
        return outcomes.getOrDefault(outcome, 0L);
    }
}
