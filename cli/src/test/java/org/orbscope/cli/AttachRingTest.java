package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceReader;

/**
 * A JacORB server recorded into a ring by attaching ({@code -o maxsize=...}): {@code attach --dump} writes what the
 * ring holds as one trace while recording goes on, with the agent's own stream, the segment directory reports as
 * one recording, and {@code attach --duration} records a window and stops by itself, a dump meanwhile
 * notwithstanding, while the server runs on.
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
            assertTrue(server.process.isAlive());
            CliRunner again = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_RUN_FAILED, again.exit, "nothing records any more: " + again);
        }
    }

    private Path report(Path trace, String name, String... options) {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("report", trace.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        CliRunner report = CliRunner.run(args.toArray(new String[0]));
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        return out;
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
