package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * A point's requests split by target object, operation, arrival process and client JVM: the client's counts and
 * response times per group, and, for the server requests paired with a client record, their completion time and
 * CPU (Beekhuis's dispatch cost per object, Balay et al.'s hot spot against the rest, the spread between clients).
 */
public final class Breakdown {
    /** The ways a point is split, in report order. */
    public static final List<String> DIMENSIONS = List.of("object", "target", "operation", "process", "client");
    /** The group of requests an unnamed process made. */
    static final String UNNAMED = "(unnamed)";
    /** The group of a trace's requests whose operation or object the trace does not name. */
    static final String UNKNOWN = "(unknown)";
    /** The dimensions a server trace names on its own (from the ORB's request headers). */
    private static final List<String> TRACED = List.of("object", "operation");

    private final Map<String, Map<String, Group>> groups = new LinkedHashMap<>();

    Breakdown() {
        DIMENSIONS.forEach(d -> groups.put(d, new TreeMap<>(Breakdown::naturalOrder)));
    }

    /** What one group holds while the point is read. */
    private static final class Group {
        /** Counted from client records; else from a server trace alone (no outcomes, no response times). */
        boolean client;
        long requests;
        long ok;
        long failed;
        long notSent;
        final Distribution response = new Distribution();
        final Distribution completion = new Distribution();
        long cpuNs;
        long cpuRequests;
        /** Payload octets of the ok requests whose target's payload is known, out and back, and how many those are. */
        long bytesOut;
        long bytesBack;
        long sized;
        /** The group's own span: its first intended send and its last answer (ns; MAX/MIN: none yet). */
        long firstNs = Long.MAX_VALUE;
        long lastNs = Long.MIN_VALUE;
        /** Response times of every ok request, warm-up included, and how many had one. */
        long okResponseNs;
        long okTimed;
    }

    /**
     * The figures of one group.
     *
     * @param ok requests answered ok; with {@code failed} and {@code notSent} null for a server trace alone
     * @param throughputPerSec requests answered ok per second of the point's window (first intended send to last
     *     answer), so the groups of a dimension add up to the point's throughput
     * @param response the client's response times of the group's ok requests after the warm-up (null without
     *     client records)
     * @param completion the server's completion times of the group's measured requests (with a server trace)
     * @param cpuShare the group's part of the CPU of all measured requests (with thread CPU times in the trace)
     * @param ownRatePerSec requests answered ok per second of the group's own span (its first intended send to its
     *     last answer): the calls per second of a client that ran for part of the point only, as the
     *     performance-patterns excerpt counts each client's
     * @param bytesOut payload octets the group's ok requests carried out (null when the scenario does not say)
     * @param bytesBack payload octets their replies carried back
     * @param bytesPerSec user-level throughput (Balay et al.): {@code throughputPerSec} times the payload octets out
     *     and back per ok request
     * @param okMeanMs the mean response time of every ok request, warm-up included: with {@code ownRatePerSec},
     *     the figures of the same requests over the same span that Little's law relates
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GroupFigures(String key, long requests, Long ok, Long failed, Long notSent, Double throughputPerSec,
                               Summary response, Summary completion, Double cpuPerRequestMs, Double cpuShare,
                               Double ownRatePerSec, Long bytesOut, Long bytesBack, Double bytesPerSec,
                               Double okMeanMs) {
        /** Payload octets out and back per ok request; null when unknown. */
        public Double bytesPerRequest() {
            return bytesOut == null || ok == null || ok == 0 ? null : (double) (bytesOut + bytesBack) / ok;
        }
    }

    /** Names in natural order: digit runs compare as numbers (module-2 before module-10, client 2 before 10). */
    static int naturalOrder(String a, String b) {
        String[] x = a.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        String[] y = b.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = x[i].matches("\\d{1,18}") && y[i].matches("\\d{1,18}")
                    ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i])) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return x.length != y.length ? Integer.compare(x.length, y.length) : a.compareTo(b);
    }

    /**
     * The keys of a request in every dimension, in {@link #DIMENSIONS} order; its target is the object as the
     * scenario names it, the copies {@code <id>-1..N} of an object with copies as {@code <id>} (Balay et al.'s hot
     * module against the nine others, Beekhuis's m objects as one).
     */
    static String[] keys(String object, String operation, String process, String client) {
        return new String[] {object, target(object), operation, process == null || process.isEmpty() ? UNNAMED
                : process, client};
    }

    /**
     * Whether a dimension of a point's figures says nothing beyond another: the targets when no object has copies
     * (the same groups as the objects).
     */
    public static boolean redundant(Map<String, List<GroupFigures>> figures, String dimension) {
        return "target".equals(dimension) && figures.getOrDefault("target", List.of()).size()
                == figures.getOrDefault("object", List.of()).size();
    }

    /** The object's name without a copy's {@code -N}. */
    static String target(String object) {
        return object == null ? null : object.replaceFirst("-\\d+$", "");
    }

    /**
     * A client record; {@code response} is its response time when it counts in the statistics, else null;
     * {@code octets} the payload its target carries out and back, null when unknown.
     */
    void client(String[] keys, RequestRecord rec, Long responseNs, BaselineRunner.Exchange octets) {
        String outcome = rec.outcome();
        for (int d = 0; d < keys.length; d++) {
            Group g = groups.get(DIMENSIONS.get(d)).computeIfAbsent(keys[d], k -> new Group());
            g.client = true;
            g.requests++;
            if (rec.intendedNs() != RequestRecord.UNKNOWN) {
                g.firstNs = Math.min(g.firstNs, rec.intendedNs());
            }
            if (rec.completedNs() != RequestRecord.UNKNOWN) {
                g.lastNs = Math.max(g.lastNs, rec.completedNs());
            }
            if (RequestRecord.OK.equals(outcome)) {
                g.ok++;
                if (rec.responseNs() != RequestRecord.UNKNOWN) {
                    g.okResponseNs += rec.responseNs();
                    g.okTimed++;
                }
                if (octets != null) {
                    g.bytesOut += octets.request();
                    g.bytesBack += octets.reply();
                    g.sized++;
                }
            } else if (RequestRecord.NOT_SENT.equals(outcome)) {
                g.notSent++;
            } else {
                g.failed++;
            }
            if (responseNs != null) {
                g.response.add(responseNs);
            }
        }
    }

    /** A measured server request paired with the client record of these keys. */
    void server(String[] keys, RequestStages r) {
        for (int d = 0; d < keys.length; d++) {
            measured(groups.get(DIMENSIONS.get(d)).computeIfAbsent(keys[d], k -> new Group()), r);
        }
    }

    /**
     * A request of a server trace read without client records, by the object and operation the trace names
     * ({@link #UNKNOWN} where it names none); {@code measured} adds its completion time and CPU.
     */
    void traced(RequestStages r, boolean measured) {
        for (String dim : TRACED) {
            String key = dim.equals("object") ? r.object : r.operation;
            Group g = groups.get(dim).computeIfAbsent(key == null || key.isEmpty() ? UNKNOWN : key, k -> new Group());
            g.requests++;
            if (measured) {
                measured(g, r);
            }
        }
    }

    private static void measured(Group g, RequestStages r) {
        if (r.has(StageColumn.COMPLETION)) {
            g.completion.add(r.get(StageColumn.COMPLETION));
        }
        if (r.has(StageColumn.CPU_TOTAL)) {
            g.cpuNs += r.get(StageColumn.CPU_TOTAL);
            g.cpuRequests++;
        }
    }

    /** Per dimension, its groups' figures; {@code windowSec} is the point's client window (NaN: unknown). */
    Map<String, List<GroupFigures>> figures(double windowSec) {
        Map<String, List<GroupFigures>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Group>> dim : groups.entrySet()) {
            long totalCpu = dim.getValue().values().stream().mapToLong(g -> g.cpuNs).sum();
            List<GroupFigures> rows = new ArrayList<>();
            for (Map.Entry<String, Group> e : dim.getValue().entrySet()) {
                Group g = e.getValue();
                Double throughput = g.client && windowSec > 0 ? g.ok / windowSec : null;
                boolean sized = g.client && g.sized == g.ok;
                double perRequest = g.ok == 0 ? 0 : (double) (g.bytesOut + g.bytesBack) / g.ok;
                rows.add(new GroupFigures(e.getKey(), g.requests, g.client ? g.ok : null, g.client ? g.failed : null,
                        g.client ? g.notSent : null, throughput,
                        g.client ? Summary.of(g.response) : null,
                        g.completion.isEmpty() ? null : Summary.of(g.completion),
                        g.cpuRequests == 0 ? null : g.cpuNs / 1e6 / g.cpuRequests,
                        totalCpu <= 0 || g.cpuRequests == 0 ? null : (double) g.cpuNs / totalCpu,
                        g.client && g.lastNs > g.firstNs ? g.ok / ((g.lastNs - g.firstNs) / 1e9) : null,
                        sized ? g.bytesOut : null, sized ? g.bytesBack : null,
                        throughput == null || !sized ? null : throughput * perRequest,
                        g.okTimed == 0 ? null : g.okResponseNs / 1e6 / g.okTimed));
            }
            if (!rows.isEmpty()) {
                out.put(dim.getKey(), rows);
            }
        }
        return out;
    }
}
