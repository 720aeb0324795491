package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;

/** The client's per-request records (client/requests.csv): response times and outcomes. */
public final class ClientResults {
    /**
     * The client JVM of a point with one ({@code client/}): named as the first of several is, so that a group keeps
     * its name across a sweep of {@code client.instances}.
     */
    public static final String SOLE_CLIENT = "1";
    public final Distribution response = new Distribution();
    public final Distribution lateness = new Distribution();
    /** The response times of {@link #response} in the order the requests ended. */
    public final OrderedSample responseSeries = new OrderedSample();
    public final Map<String, Long> outcomes = new TreeMap<>();
    public final List<String> problems = new ArrayList<>();
    final Breakdown breakdown = new Breakdown();
    public long rows;
    public long firstIntendedNs = Long.MAX_VALUE;
    public long lastCompletedNs = Long.MIN_VALUE;
    /** The file ends inside a row: the client was stopped while writing. */
    public boolean cutShort;
    /** Requests that reached the wire, in send order, for lining up with the server's requests. */
    public final List<Sent> sent = new ArrayList<>();

    /**
     * A request the client sent: what it targeted, how long the client waited, and which process and client JVM
     * made it.
     */
    public record Sent(long seq, long sentNs, String object, String operation, long responseNs, String outcome,
                       String process, String client) {
        /** Its group in each dimension of a {@link Breakdown}. */
        String[] keys() {
            return Breakdown.keys(object, operation, process, client);
        }
    }

    /**
     * Reads the records of several client JVMs together; the first {@code warmupRequests} of each one's schedule
     * (by sequence number: rows are written in completion order) are left out of the response statistics. Never
     * throws: what is wrong with a file is in {@link #problems}.
     */
    public static ClientResults read(List<ClientDirectory> clients, long warmupRequests) {
        return read(clients, warmupRequests, PayloadOctets.NONE);
    }

    /** The same, counting the payload octets {@code octets} gives each target. */
    static ClientResults read(List<ClientDirectory> clients, long warmupRequests, PayloadOctets octets) {
        ClientResults r = new ClientResults();
        for (ClientDirectory c : clients) {
            String name = name(c);
            RequestsCsv.ReadResult result = RequestsCsv.read(c.requestsCsv(),
                    rec -> r.add(rec, name, warmupRequests, octets));
            r.rows += result.rows;
            r.cutShort |= result.cutShort;
            r.problems.addAll(result.problems);
        }
        r.sent.sort(Comparator.comparingLong(Sent::sentNs));
        return r;
    }

    /**
     * A client JVM's name: its number ({@code clients/N}; the sole {@code client/} is {@link #SOLE_CLIENT}), after its
     * host's name on a client host ({@code h1/2}).
     */
    static String name(ClientDirectory c) {
        String dir = c.dir().getFileName().toString();
        if (!dir.matches("\\d+")) {
            return SOLE_CLIENT;
        }
        String parent = c.dir().getParent() == null ? "clients" : c.dir().getParent().getFileName().toString();
        return "clients".equals(parent) ? dir : parent + "/" + dir;
    }

    private void add(RequestRecord rec, String client, long warmupRequests, PayloadOctets octets) {
        outcomes.merge(rec.outcome(), 1L, Long::sum);
        if (rec.intendedNs() != RequestRecord.UNKNOWN) {
            firstIntendedNs = Math.min(firstIntendedNs, rec.intendedNs());
        }
        if (rec.completedNs() != RequestRecord.UNKNOWN) {
            lastCompletedNs = Math.max(lastCompletedNs, rec.completedNs());
        }
        if (rec.sent()) {
            sent.add(new Sent(rec.seq(), rec.sentNs(), rec.object(), rec.operation(), rec.responseNs(), rec.outcome(),
                    rec.process(), client));
        }
        boolean measured = rec.seq() >= warmupRequests && rec.ok() && rec.responseNs() != RequestRecord.UNKNOWN;
        breakdown.client(Breakdown.keys(rec.object(), rec.operation(), rec.process(), client), rec,
                measured ? rec.responseNs() : null, octets.of(rec.process(), rec.target()));
        if (rec.seq() < warmupRequests || !rec.ok()) {
            return;
        }
        if (measured) {
            response.add(rec.responseNs());
            responseSeries.add(rec.completedNs(), rec.responseNs());
        }
        if (rec.latenessNs() != RequestRecord.UNKNOWN) {
            lateness.add(rec.latenessNs());
        }
    }

    public long count(String outcome) {
        return outcomes.getOrDefault(outcome, 0L);
    }

    /** Seconds from the first intended send to the last answer; NaN when unknown. */
    public double windowSec() {
        return lastCompletedNs > firstIntendedNs ? (lastCompletedNs - firstIntendedNs) / 1e9 : Double.NaN;
    }
}
