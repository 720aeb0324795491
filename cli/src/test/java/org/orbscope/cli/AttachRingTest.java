package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.report.OverTimeReport;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;
import org.orbscope.trace.TraceReader;

/**
 * A JacORB server recorded into a ring by attaching ({@code -o maxsize=...}): {@code attach --dump} writes what the
 * ring holds as one trace while recording goes on, with the agent's own stream and on the ring's time axis, the
 * segment directory reports as one recording, and {@code attach --duration} records a window (of seconds, or of
 * microseconds) and stops by itself, a dump meanwhile notwithstanding, while the server runs on. A segment deleted
 * from the middle of such a ring is a gap the tools name, not a whole recording.
 */
class AttachRingTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void dumpWritesTheRingAndDurationStopsRecording() throws Exception {
        try (TinyServer server = TinyServer.start(dir)) {
            String pid = server.pid();
            Path trace = dir.resolve("server.trace");
            CliRunner attach = CliRunner.run("attach", pid, "--profile", "jacorb", "-o", "maxsize=64m", "--out", trace.toString());
            assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
            Path ring = dir.resolve("server.trace.d");
            assertTrue(attach.out.contains(ring.toString()), attach.toString());
            // The dump holds what the server's threads have handed over: a thread's latest second reaches the ring
            // with its next event after it (or its end), so the requests of each client run are in a dump after the next.
            Path dump = dir.resolve("dump.trace");
            int runs = 0;
            long dumped = 0;
            JsonNode dumpPoint = null;
            while (dumped < 42 && runs < 5) {
                runs++;
                CliRunner client = server.drive(dir.resolve("client-" + runs));
                assertEquals(Orbscope.EXIT_OK, client.exit, client.toString());
                CliRunner d = CliRunner.run("attach", pid, "--dump", dump.toString());
                assertEquals(Orbscope.EXIT_OK, d.exit, d.toString());
                try (TraceReader r = TraceReader.open(dump)) {
                    assertFalse(r.isTruncated(), r.truncation());
                    assertTrue(r.damage().isEmpty(), r.damage().toString());
                }
                dumpPoint = point(dump, "dump-report-" + runs);
                dumped = dumpPoint.path("server").path("complete").asLong();
            }
            assertTrue(dumped >= 42, "the dumps after " + runs + " client runs held " + dumped + " complete requests");
            // The agent's own stream reaches the ring while recording goes on: the dump has the process's CPU.
            assertTrue(dumpPoint.path("utilization").path("process").isNumber(), dumpPoint.path("utilization").toString());
            CliRunner stop = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
            // Stopping hands every thread's events over: the ring holds every request of every run (two probes each).
            JsonNode all = server(ring, "ring-report");
            assertEquals(42L * runs, all.path("complete").asLong(), all.toString());
            assertEquals(0, all.path("incomplete").asLong(), all.toString());
            sameTimeAxis(dir.resolve("dump-report-" + runs), dump, dir.resolve("ring-report"), ring);
            // A ring and a trace file compare side by side as runs of one point each.
            Path cmp = dir.resolve("ring-vs-dump");
            CliRunner compare = CliRunner.run("compare", ring.toString(), dump.toString(), "--out", cmp.toString());
            assertEquals(Orbscope.EXIT_OK, compare.exit, compare.toString());
            assertTrue(compare.out.startsWith("server vs dump: "), compare.toString());
            assertTrue(Files.readString(cmp.resolve("compare.csv")).contains("single,"), compare.toString());

            // A window: recording stops by itself once its time is out, whatever runs meanwhile (a dump of its ring);
            // the command returns once the trace is written, the server runs on.
            Path window = dir.resolve("window.trace");
            Path windowRing = dir.resolve("window.trace.d");
            CompletableFuture<CliRunner> timed = CompletableFuture.supplyAsync(() -> CliRunner.run("attach", pid,
                    "--profile", "jacorb", "-o", "maxsize=64m", "--duration", "10s", "--out", window.toString()));
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (!Files.isDirectory(windowRing) && !timed.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // CliRunner holds the console for the timed attach: this dump prints into what that run keeps.
            int dumpExit = Orbscope.commandLine().execute("attach", pid, "--dump", dir.resolve("window-dump.trace").toString());
            CliRunner timedRun = timed.get(180, TimeUnit.SECONDS);
            assertEquals(Orbscope.EXIT_OK, dumpExit, timedRun.toString());
            assertEquals(Orbscope.EXIT_OK, timedRun.exit, timedRun.toString());
            assertTrue(timedRun.out.contains("stopped recording"), timedRun.toString());
            try (TraceReader r = TraceReader.open(windowRing)) {
                assertFalse(r.isTruncated(), "the footer is written: " + r.truncation());
            }
            // The duration grammar is the project's one: microseconds too, a window that ends as soon as it begins.
            window(pid, "500us", dir.resolve("blink.trace"));
            assertTrue(server.process.isAlive());
            CliRunner again = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_RUN_FAILED, again.exit, "nothing records any more: " + again);
        }
    }

    /**
     * A dump's time axis is its ring's: both count from the agent's start, so the dump's over-time rows are rows of
     * the ring, with the same times since the start; a row's {@code --from/--to} reports exactly that row's
     * requests, in the dump and in the ring, which holds every request the dump holds whole.
     */
    private void sameTimeAxis(Path dumpReport, Path dump, Path ringReport, Path ring) throws Exception {
        Map<String, String> dumpRows = overTime(dumpReport);
        Map<String, String> ringRows = overTime(ringReport);
        dumpRows.forEach((start, row) -> {
            assertTrue(ringRows.containsKey(start), "the dump's row " + row + " is a row of the ring " + ringRows.keySet());
            assertEquals(ringRows.get(start).split(",")[1], row.split(",")[1], "the time since the start of " + start);
        });
        // A row the dump holds complete requests in (over-time.csv's fifth column): it holds a thread's latest
        // requests without their first parts (they reach the ring with the thread's next event).
        String[] busy = dumpRows.values().stream().filter(l -> Long.parseLong(l.split(",")[4]) > 0).findFirst()
                .orElseThrow(() -> new AssertionError("no complete request in the dump's rows " + dumpRows.values()))
                .split(",");
        Instant rowStart = Instant.parse(busy[0]);
        long fromNs = rowStart.getEpochSecond() * 1_000_000_000L + rowStart.getNano();
        long widthNs = Math.round(Double.parseDouble(busy[2]) * 1e9);
        String from = busy[1] + "s";
        String to = (Long.parseLong(busy[1]) + widthNs / 1_000_000_000L) + "s";
        Set<Long> inRow = new TreeSet<>(arrivals(dumpReport));
        inRow.removeIf(at -> at < fromNs || at >= fromNs + widthNs);
        assertEquals(Long.parseLong(busy[4]), inRow.size(), "the dump's row " + String.join(",", busy));
        Set<Long> picked = arrivals(report(dump, "dump-window", "--from", from, "--to", to));
        assertEquals(inRow, picked, "--from " + from + " --to " + to + " in the dump: its row " + busy[0]);
        Set<Long> ringPicked = arrivals(report(ring, "ring-window", "--from", from, "--to", to));
        assertEquals(Long.parseLong(ringRows.get(busy[0]).split(",")[4]), ringPicked.size(),
                "--from " + from + " --to " + to + " in the ring: its row " + ringRows.get(busy[0]));
        assertTrue(ringPicked.containsAll(picked), "the ring's window " + from + ".." + to + " " + ringPicked
                + " holds the dump's " + picked);
    }

    /** over-time.csv of a report: each row by its start instant. */
    private static Map<String, String> overTime(Path report) throws Exception {
        Map<String, String> rows = new LinkedHashMap<>();
        Files.readAllLines(report.resolve(OverTimeReport.CSV)).stream().skip(1).forEach(l -> rows.put(l.split(",")[0], l));
        return rows;
    }

    /**
     * The arrival instants of the complete requests in a report's stages.csv (a dump may hold a request without
     * its first parts, whose row then starts elsewhere).
     */
    private static Set<Long> arrivals(Path report) throws Exception {
        Set<Long> out = new TreeSet<>();
        StagesCsv.read(report.resolve("stages.csv")).stream().filter(RequestStages::complete)
                .forEach(r -> out.add(r.get(StageColumn.ARRIVAL)));
        return out;
    }

    private Path report(Path trace, String name, String... options) {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("report", trace.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        CliRunner report = CliRunner.run(args.toArray(new String[0]));
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        return out;
    }

    /**
     * A segment deleted from the middle of a ring the agent wrote is a gap: {@code trace stats} says the trace is not
     * whole and names it (its number and time span), and the report's notes name it too.
     */
    @Test
    @Timeout(300)
    void aSegmentMissingFromTheRingIsANamedGapInStatsAndReport() throws Exception {
        Path ring = dir.resolve("gap.trace.d");
        try (TinyServer server = TinyServer.start(dir)) {
            String pid = server.pid();
            // Segments of a second (an eighth of maxage, at least a second): the client runs span several.
            CliRunner attach = CliRunner.run("attach", pid, "--profile", "jacorb", "-o", "maxage=8s", "--out",
                    dir.resolve("gap.trace").toString());
            assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
            List<Path> segments = List.of();
            for (int run = 1; run <= 12 && segments.size() < 4; run++) {
                CliRunner client = server.drive(dir.resolve("gap-client-" + run));
                assertEquals(Orbscope.EXIT_OK, client.exit, client.toString());
                segments = segments(ring);
            }
            CliRunner stop = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
        }
        List<Path> segments = segments(ring);
        assertTrue(segments.size() >= 3, segments.toString());
        Path middle = segments.get(segments.size() / 2);
        String number = middle.getFileName().toString().replace(".trace", "");
        Files.delete(middle);
        String named = "ring segment " + number + " missing (no file): the recording from ";

        CliRunner stats = CliRunner.run("trace", "stats", ring.toString());
        assertEquals(Orbscope.EXIT_OK, stats.exit, stats.toString());
        assertTrue(stats.out.contains("trace      GAPS: 1 segment(s) of the ring missing"), stats.out);
        assertTrue(stats.out.contains(named), stats.out);

        Path out = dir.resolve("gap-report");
        CliRunner report = CliRunner.run("report", ring.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        JsonNode notes = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                .path("notes");
        boolean noted = false;
        for (JsonNode n : notes) {
            noted |= n.asText().startsWith("server trace: " + named);
        }
        assertTrue(noted, notes.toString());
    }

    /** The ring's segment files, oldest first. */
    private static List<Path> segments(Path ring) throws IOException {
        if (!Files.isDirectory(ring)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(ring)) {
            return files.filter(p -> p.getFileName().toString().matches("[0-9]{6,}\\.trace")).sorted().toList();
        }
    }

    /** Records {@code pid} for {@code duration} by attaching: the command returns once the trace is written whole. */
    private static void window(String pid, String duration, Path trace) throws Exception {
        CliRunner timed = CliRunner.run("attach", pid, "--profile", "jacorb", "--duration", duration, "--out", trace.toString());
        assertEquals(Orbscope.EXIT_OK, timed.exit, timed.toString());
        assertTrue(timed.out.contains("stopped recording"), timed.toString());
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated(), "the footer is written: " + r.truncation());
        }
    }

    /** The server figures of {@code orbscope report TRACE}. */
    private JsonNode server(Path trace, String name) throws Exception {
        return point(trace, name).path("server");
    }

    /** The point of {@code orbscope report TRACE} in its summary.json. */
    private JsonNode point(Path trace, String name) throws Exception {
        Path out = report(trace, name);
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0);
    }
}
