package org.orbscope.postprocess.baseline;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.AtomicFiles;
import org.orbscope.run.BaselineDirectory;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.SocketFigures;
import org.orbscope.scenario.PayloadSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.TargetSpec;

/**
 * The report of {@code orbscope baseline}: raw-socket figures for the scenario's payload sizes and, given a run of
 * the same scenario, each target's ORB response time beside the socket's for the same octets, so that the
 * middleware's overhead is a ratio. A two-way call is set beside a socket round trip of its octets out and back;
 * a oneway call beside the time per write of a one-way socket stream of its octets.
 */
public final class BaselineReport {
    /** One target of one point of the ORB run, and the socket figure of the same octets. */
    @JsonPropertyOrder({"point", "process", "target", "object", "operation", "invocation", "type", "shape",
            "direction", "requestOctets", "replyOctets", "orbRequests", "orbMeanMs", "orbP50Ms", "socket",
            "socketMeanMs", "socketP50Ms", "ratioMean", "ratioP50"})
    public record Comparison(String point, String process, int target, String object, String operation,
                             String invocation, String type, String shape, String direction, int requestOctets,
                             int replyOctets, long orbRequests, Double orbMeanMs, Double orbP50Ms, String socket,
                             Double socketMeanMs, Double socketP50Ms, Double ratioMean, Double ratioP50) {
    }

    /** A socket case as one CSV row. */
    @JsonPropertyOrder({"kind", "requestOctets", "replyOctets", "count", "meanUs", "p5Us", "p50Us", "p95Us", "p99Us",
            "maxUs", "mbPerSec", "cutShort"})
    public record SocketRow(String kind, int requestOctets, int replyOctets, long count, Double meanUs, Double p5Us,
                            Double p50Us, Double p95Us, Double p99Us, Double maxUs, Double mbPerSec,
                            boolean cutShort) {
    }

    /** Everything the report says: {@code baseline.json}. */
    public record Report(String scenario, String run, Map<String, String> machine, SocketFigures socket,
                         List<Comparison> comparisons, List<String> problems) {
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final CsvMapper CSV = new CsvMapper();

    private BaselineReport() {
    }

    /**
     * The report of {@code socket}; with {@code run} (null: none), a comparison per point and target of that run,
     * read from each point's point.yaml and client/requests.csv (warm-up requests left out).
     */
    public static Report build(String scenario, SocketFigures socket, RunDirectory run) throws IOException {
        List<Comparison> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (run != null) {
            for (PointDirectory p : run.points()) {
                compare(p, socket, rows, problems);
            }
        }
        return new Report(scenario, run == null ? null : run.dir().toString(), machine(), socket, rows, problems);
    }

    /** The machine the figures come from: what a reader needs to judge them. */
    static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        m.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
        m.put("date", java.time.OffsetDateTime.now().withNano(0).toString());
        return m;
    }

    private static void compare(PointDirectory point, SocketFigures socket, List<Comparison> rows,
                                List<String> problems) {
        Scenario s;
        try {
            s = ScenarioLoader.load(point.pointYaml());
        } catch (ScenarioException e) {
            problems.add(point.name() + ": " + e.getMessage());
            return;
        }
        Map<String, Distribution> byTarget = new LinkedHashMap<>();
        long warmup = s.client().warmup();
        RequestsCsv.ReadResult read = RequestsCsv.read(point.client().requestsCsv(), r -> {
            if (r.ok() && r.seq() >= warmup && r.responseNs() != RequestRecord.UNKNOWN) {
                byTarget.computeIfAbsent(r.process() + "#" + r.target(), k -> new Distribution()).add(r.responseNs());
            }
        });
        read.problems.forEach(p -> problems.add(point.name() + ": " + p));
        for (int pi = 0; pi < s.client().processes().size(); pi++) {
            ProcessSpec p = s.client().processes().get(pi);
            String recorded = p.name() == null ? "" : p.name(); // as requests.csv names it
            for (int ti = 0; ti < p.targets().size(); ti++) {
                TargetSpec t = p.targets().get(ti);
                Distribution d = byTarget.getOrDefault(recorded + "#" + ti, new Distribution());
                rows.add(row(point.name(), p.name() == null ? "processes[" + pi + "]" : p.name(), ti, s, t, d, socket));
            }
        }
    }

    private static Comparison row(String point, String process, int ti, Scenario s, TargetSpec t, Distribution d,
                                  SocketFigures socket) {
        BaselineRunner.Exchange e = BaselineRunner.exchange(s, t);
        BaselineRunner.Exchange wire = e.onSocket();
        Double orbMean = d.isEmpty() ? null : d.mean() / 1e6;
        Double orbP50 = d.isEmpty() ? null : d.percentile(50) / 1e6;
        String kind = null;
        Double socketMean = null;
        Double socketP50 = null;
        if (BaselineRunner.oneway(s, t)) {
            for (SocketFigures.Stream st : socket.streams()) {
                if (st.writeOctets() == wire.request()) {
                    kind = "stream write";
                    socketMean = st.usPerWrite() / 1e3;
                }
            }
        } else {
            for (SocketFigures.RoundTrip rt : socket.roundTrips()) {
                if (rt.requestOctets() == wire.request() && rt.replyOctets() == wire.reply()) {
                    kind = "round trip";
                    socketMean = rt.meanUs() / 1e3;
                    socketP50 = rt.p50Us() / 1e3;
                }
            }
        }
        PayloadSpec p = t.payload();
        String style = s.client().invocation().name().toLowerCase(Locale.ROOT);
        return new Comparison(point, process, ti, t.object(), t.operation(s.client().invocation()), style,
                word(p.type()), word(p.shape()), word(p.direction()), e.request(), e.reply(), d.count(), orbMean,
                orbP50, kind, socketMean, socketP50, ratio(orbMean, socketMean), ratio(orbP50, socketP50));
    }

    private static Double ratio(Double orb, Double socket) {
        return orb == null || socket == null || socket <= 0 ? null : orb / socket;
    }

    private static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** Writes report.md, socket.csv, comparison.csv (with a run) and baseline.json into {@code dir}. */
    public static void write(BaselineDirectory dir, Report r) throws IOException {
        AtomicFiles.write(dir.json(), JSON.writeValueAsString(r) + "\n");
        AtomicFiles.write(dir.socketCsv(), csv(SocketRow.class, socketRows(r.socket())));
        if (r.run() != null) {
            AtomicFiles.write(dir.comparisonCsv(), csv(Comparison.class, r.comparisons()));
        }
        AtomicFiles.write(dir.reportMd(), markdown(r));
    }

    static List<SocketRow> socketRows(SocketFigures f) {
        List<SocketRow> rows = new ArrayList<>();
        for (SocketFigures.RoundTrip t : f.roundTrips()) {
            rows.add(new SocketRow("round_trip", t.requestOctets(), t.replyOctets(), t.requests(), t.meanUs(),
                    t.p5Us(), t.p50Us(), t.p95Us(), t.p99Us(), t.maxUs(), null, t.cutShort()));
        }
        for (SocketFigures.Stream s : f.streams()) {
            rows.add(new SocketRow("stream", s.writeOctets(), 0, s.writes(), s.usPerWrite(), null, null, null, null,
                    null, s.mbPerSec(), false));
        }
        return rows;
    }

    private static String csv(Class<?> type, List<?> rows) throws IOException {
        CsvSchema schema = CSV.schemaFor(type).withHeader();
        return CSV.writer(schema).writeValueAsString(rows);
    }

    static String markdown(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("# Socket baseline: ").append(r.scenario()).append("\n\n");
        b.append("Raw loopback TCP with the scenario's payload sizes, the yardstick of the ORB's overhead (Balay et "
                + "al. measure middleware against TTCP). Round trips: one request at a time over one connection, "
                + "written and its whole reply read (at least one octet each way). Streams: one-way writes of one "
                + "size as fast as the socket takes them (MB = 10^6 bytes).\n\n");
        r.machine().forEach((k, v) -> b.append("- ").append(k).append(": ").append(v).append('\n'));
        b.append("\n## Round trips\n\n| request octets | reply octets | requests | mean us | p5 us | p50 us | "
                + "p95 us | p99 us |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (SocketFigures.RoundTrip t : r.socket().roundTrips()) {
            b.append(String.format(Locale.ROOT, "| %d | %d | %d%s | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    t.requestOctets(), t.replyOctets(), t.requests(), t.cutShort() ? " (time bound)" : "", t.meanUs(),
                    t.p5Us(), t.p50Us(), t.p95Us(), t.p99Us()));
        }
        b.append("\n## Streams\n\n| write octets | writes | MB | seconds | MB/s | us per write |\n"
                + "|---:|---:|---:|---:|---:|---:|\n");
        for (SocketFigures.Stream s : r.socket().streams()) {
            b.append(String.format(Locale.ROOT, "| %d | %d | %.1f | %.2f | %.1f | %.2f |%n", s.writeOctets(),
                    s.writes(), s.bytes() / 1e6, s.seconds(), s.mbPerSec(), s.usPerWrite()));
        }
        if (r.run() != null) {
            b.append("\n## The ORB beside the sockets\n\nRun ").append(r.run()).append(". Per point and target: the "
                    + "ORB's mean and median response time (client, warm-up left out) and the socket's for the same "
                    + "payload octets out and back (a oneway call: the time per write of a stream of its octets); "
                    + "the ratio is the ORB's time over the socket's.\n\n| point | target | operation | invocation | "
                    + "octets out | octets back | requests | ORB mean ms | socket mean ms | ratio | ORB p50 ms | "
                    + "socket p50 ms | ratio p50 |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Comparison c : r.comparisons()) {
                b.append(String.format(Locale.ROOT, "| %s | %s #%d | %s | %s | %d | %d | %d | %s | %s | %s | %s | %s "
                                + "| %s |%n", c.point(), c.process(), c.target(), c.operation(), c.invocation(),
                        c.requestOctets(), c.replyOctets(), c.orbRequests(), num(c.orbMeanMs(), 3),
                        num(c.socketMeanMs(), 4), num(c.ratioMean(), 1), num(c.orbP50Ms(), 3),
                        num(c.socketP50Ms(), 4), num(c.ratioP50(), 1)));
            }
        }
        if (!r.problems().isEmpty()) {
            b.append("\n## Problems\n\n");
            r.problems().forEach(p -> b.append("- ").append(p).append('\n'));
        }
        return b.toString();
    }

    private static String num(Double v, int decimals) {
        return v == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
