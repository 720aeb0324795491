package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.postprocess.point.LittlesLaw;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.SocketFigures;
import org.orbscope.testkit.SyntheticRun;

/**
 * The figures the sources give that follow exactly from the records: user-level bytes per second (Balay et al.),
 * the proxy ratio of the performance-patterns excerpt, and Little's law on closed loops.
 */
class ExperimentFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MS = 1_000_000;

    @TempDir
    Path tmp;

    /** A payload sweep, in octets and in-out doubles. */
    static final String PAYLOAD = String.join("\n",
            "name: bytes",
            "server:",
            "  objects: [{id: sink}]",
            "client:",
            "  processes:",
            "    - name: p",
            "      requests: 200",
            "      arrival: {rate: 100/s}",
            "      targets: [{object: sink, payload: {type: octet, size: 1024}}]",
            "sweep:",
            "  client.processes[0].targets[0].payload.size: [1024, 4096]",
            "");

    @Test
    void bytesPerSecondAreRequestsPerSecondTimesThePayload() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), PAYLOAD);
        for (String name : run.pointNames()) {
            run.point(name, new SyntheticRun.Workload(200, 100, (i, process, object, op) -> 2 * MS, 0.1, 0, 0));
        }
        // The socket baseline measured a round trip of 1024 octets out (and the one octet a socket needs back).
        SocketFigures socket = new SocketFigures(List.of(new SocketFigures.RoundTrip(1024, 1, 20, 200, 100, 90, 95,
                120, 150, 200, false)), List.of());
        Path socketJson = run.dir().resolve("baseline/client/socket.json");
        Files.createDirectories(socketJson.getParent());
        socket.write(socketJson);
        Path out = Reporter.report(run.dir()).dir();
        JsonNode points = JSON.readTree(out.resolve("summary.json").toFile()).get("points");
        assertEquals(2, points.size());
        for (JsonNode p : points) {
            long size = p.get("params").get("client.processes[0].targets[0].payload.size").asLong();
            double rate = p.get("client").get("achievedRatePerSec").asDouble();
            JsonNode b = p.get("throughputBytes");
            assertEquals(size, b.get("bytesPerRequest").asDouble(), 0.0);
            assertEquals(200 * size, b.get("bytesOut").asLong());
            assertEquals(0, b.get("bytesBack").asLong());
            assertEquals(rate * size, b.get("bytesPerSec").asDouble(), 0.0, "bytes/s = requests/s x bytes");
            assertEquals(rate * size * 8 / 1e6, b.get("megabitsPerSec").asDouble(), 0.0);
            JsonNode op = p.get("breakdown").get("operation").get(0);
            assertEquals(op.get("throughputPerSec").asDouble() * size, op.get("bytesPerSec").asDouble(), 0.0,
                    "per operation too");
            if (size == 1024) {
                assertEquals("round trip", b.get("socketCase").asText());
                assertEquals(1024 / 100e-6, b.get("socketBytesPerSec").asDouble(), 1e-6);
                assertEquals(rate * 1024 / (1024 / 100e-6), b.get("socketShare").asDouble(), 1e-12);
            } else {
                assertFalse(b.has("socketShare"), "no socket figure for 4096 octets: " + b);
            }
        }
        List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
        assertTrue(csv.get(0).contains(",bytes_per_s,mbit_per_s,socket_case,socket_bytes_per_s,socket_share_pct,"),
                csv.get(0));
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| User-level throughput (Mb/s) | Of the raw socket's (%) |"), md);
        assertTrue(Files.readString(out.resolve("index.html")).contains("User-level throughput (Mb/s)"));
    }

    @Test
    void theProxyRatioIsTheMeanOfTheClientsThatRanOverOnePairAlone() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), SourceLayoutReportTest.PROXY);
        List<String> names = run.pointNames();
        for (String name : names) {
            boolean proxy = run.params(name).get("client.processes[0].targets[0].server").equals("proxy");
            run.point(name, new SyntheticRun.Workload(200, 50,
                    (i, process, object, op) -> proxy ? 10 * MS : MS, 0.1, 0, 0));
        }
        // One pair alone: the second client sends one call, at the start.
        Path alone = run.dir().resolve("points").resolve(names.get(0)).resolve("client/requests.csv");
        List<RequestRecord> kept = new ArrayList<>();
        boolean[] second = {false};
        RequestsCsv.read(alone, r -> {
            if (r.process().equals("c1") || !second[0]) {
                second[0] |= r.process().equals("c2");
                kept.add(r);
            }
        });
        try (RequestsCsv.Writer w = RequestsCsv.create(alone)) {
            for (RequestRecord r : kept) {
                w.append(r);
            }
        }
        Path out = Reporter.report(run.dir()).dir();
        JsonNode points = JSON.readTree(out.resolve("summary.json").toFile()).get("points");
        double aloneRate = ownRate(points.get(0), "c1");
        double proxyMean = (ownRate(points.get(2), "c1") + ownRate(points.get(2), "c2")) / 2;
        String md = Files.readString(out.resolve("report.md"));
        String table = md.substring(md.indexOf("### By process across the sweep"));
        String first = table.lines().filter(l -> l.startsWith("| s1 / 1 |")).findFirst().orElseThrow();
        String proxyRow = table.lines().filter(l -> l.startsWith("| proxy / 100 |")).findFirst().orElseThrow();
        assertTrue(first.startsWith("| s1 / 1 | " + SweepTable.format(aloneRate) + " (1.00x) |"), first);
        String ratio = String.format(java.util.Locale.ROOT, "(%.2fx)", proxyMean / aloneRate);
        assertTrue(proxyRow.startsWith("| proxy / 100 | " + SweepTable.format(proxyMean) + " " + ratio + " |"),
                proxyRow + " expected " + ratio);
        // c2's one call is no yardstick: its column carries no ratio at any point.
        String[] cells = proxyRow.split(" \\| ");
        assertFalse(cells[4].contains("x)"), "c2 against its one call: " + proxyRow);
        assertTrue(cells[2].contains("x)"), "c1 against itself alone: " + proxyRow);
    }

    private static double ownRate(JsonNode point, String process) {
        for (JsonNode g : point.get("breakdown").get("process")) {
            if (g.get("key").asText().equals(process)) {
                return g.get("ownRatePerSec").asDouble();
            }
        }
        throw new AssertionError("no process " + process);
    }

    /** Closed loops of four threads, back to back or with a think time. */
    static final String CLOSED = String.join("\n",
            "name: closed",
            "server:",
            "  objects: [{id: o}]",
            "client:",
            "  processes:",
            "    - name: p",
            "      requests: 400",
            "      arrival: {law: closed, threads: 4, thinkTime: 0ms}",
            "      targets: [{object: o, operation: call}]",
            "sweep:",
            "  client.processes[0].arrival.thinkTime: [0ms, 3ms]",
            "");

    @Test
    void littlesLawHoldsExactlyOnClosedRecordsAndWarnsWhenTheyMissIt() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), CLOSED);
        List<String> names = run.pointNames();
        // Four threads, each 100 calls of 2 ms back to back: X = 4 / 2 ms, R = 2 ms, so X x R = 4 exactly. The
        // second point's scenario thinks 3 ms between calls, but its records hold none: a measurement problem.
        for (String name : names) {
            List<RequestRecord> records = new ArrayList<>();
            long seq = 0;
            for (int k = 0; k < 100; k++) {
                for (int thread = 0; thread < 4; thread++) {
                    long intended = SyntheticRun.EPOCH0 + k * 2 * MS;
                    records.add(new RequestRecord(seq++, "p", 0, "o", "call", intended, intended, intended + 2 * MS,
                            2 * MS, 0, RequestRecord.OK));
                }
            }
            run.point(name, records);
        }
        Path out = Reporter.report(run.dir()).dir();
        JsonNode points = JSON.readTree(out.resolve("summary.json").toFile()).get("points");
        JsonNode back = points.get(0).get("littlesLaw");
        assertEquals(4, back.get("clients").asInt());
        assertEquals(2000, back.get("throughputPerSec").asDouble(), 1e-9);
        assertEquals(2.0, back.get("responseMs").asDouble(), 1e-12);
        assertEquals(4.0, back.get("product").asDouble(), 1e-9);
        assertEquals(0.0, back.get("relativeError").asDouble(), 1e-12);
        assertTrue(back.get("holds").asBoolean());
        JsonNode thinking = points.get(1).get("littlesLaw");
        assertEquals(3.0, thinking.get("thinkMs").asDouble(), 0.0);
        assertEquals(10.0, thinking.get("product").asDouble(), 1e-9, "2000/s x (2 + 3) ms");
        assertFalse(thinking.get("holds").asBoolean());
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("## Little's law on the closed loops"), md);
        assertTrue(md.contains("Warning: " + names.get(1) + " misses it."), md);
        assertTrue(md.contains(String.format(java.util.Locale.ROOT, "within %.0f%%", 100 * LittlesLaw.TOLERANCE)));
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| " + names.get(0) + " | 4 |") && l.endsWith("| ok |")), md);
        assertTrue(Files.readString(out.resolve("index.html")).contains("id=\"littles-law\""));
    }

    @Test
    void anOpenLoopHasNoLittlesLawRow() throws Exception {
        SyntheticRun run = SyntheticRun.of(tmp.resolve("run"), PAYLOAD);
        for (String name : run.pointNames()) {
            run.point(name, new SyntheticRun.Workload(50, 100, (i, process, object, op) -> MS, 0.1, 0, 0));
        }
        Path out = Reporter.report(run.dir()).dir();
        assertNull(JSON.readTree(out.resolve("summary.json").toFile()).get("points").get(0).get("littlesLaw"));
        assertFalse(Files.readString(out.resolve("report.md")).contains("Little's law"));
    }
}
