package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointRunner;
import org.orbscope.trace.TraceReader;

/**
 * A JacORB server recorded into a ring by attaching ({@code -o maxsize=...}): {@code attach --dump} writes what the
 * ring holds as one trace while recording goes on, the segment directory reports as one recording, and
 * {@code attach --duration} records a window and stops by itself while the server runs on.
 */
class AttachRingTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void dumpWritesTheRingAndDurationStopsRecording() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path scenario = dir.resolve("tiny.yaml");
        Files.writeString(scenario, RunCommandEndToEndTest.TINY.replace("server:", "server:\n  warmupCalls: 0"));
        Path serverDir = dir.resolve("server");
        Process server = JvmLauncher.main(PointRunner.SERVER_MAIN).log(dir.resolve("server.log"))
                .args("--scenario", scenario.toString(), "--out", serverDir.toString()).start();
        try {
            String notReady = JvmLauncher.awaitFile(server, serverDir.resolve("ready"), Duration.ofSeconds(120));
            assertEquals(null, notReady, notReady);
            String pid = Long.toString(server.pid());
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
            while (dumped < 42 && runs < 5) {
                runs++;
                CliRunner client = CliRunner.run("client", scenario.toString(), "--ior", serverDir.resolve("ior").toString(),
                        "--out", dir.resolve("client-" + runs).toString());
                assertEquals(Orbscope.EXIT_OK, client.exit, client.toString());
                CliRunner d = CliRunner.run("attach", pid, "--dump", dump.toString());
                assertEquals(Orbscope.EXIT_OK, d.exit, d.toString());
                try (TraceReader r = TraceReader.open(dump)) {
                    assertFalse(r.isTruncated(), r.truncation());
                    assertTrue(r.damage().isEmpty(), r.damage().toString());
                }
                dumped = server(dump, "dump-report-" + runs).path("complete").asLong();
            }
            assertTrue(dumped >= 42, "the dumps after " + runs + " client runs held " + dumped + " complete requests");
            CliRunner stop = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());
            // Stopping hands every thread's events over: the ring holds every request of every run (two probes each).
            JsonNode all = server(ring, "ring-report");
            assertEquals(42L * runs, all.path("complete").asLong(), all.toString());
            assertEquals(0, all.path("incomplete").asLong(), all.toString());

            // A window: recording stops by itself, the command returns once the trace is written, the server runs on.
            Path window = dir.resolve("window.trace");
            CliRunner timed = CliRunner.run("attach", pid, "--profile", "jacorb", "--duration", "2s", "--out", window.toString());
            assertEquals(Orbscope.EXIT_OK, timed.exit, timed.toString());
            assertTrue(timed.out.contains("stopped recording"), timed.toString());
            try (TraceReader r = TraceReader.open(window)) {
                assertFalse(r.isTruncated(), "the footer is written: " + r.truncation());
            }
            assertTrue(server.isAlive());
            CliRunner again = CliRunner.run("attach", pid, "--stop");
            assertEquals(Orbscope.EXIT_RUN_FAILED, again.exit, "nothing records any more: " + again);
        } finally {
            JvmLauncher.stop(server, Duration.ofSeconds(10));
        }
    }

    /** The server figures of {@code orbscope report TRACE}. */
    private JsonNode server(Path trace, String name) throws Exception {
        Path out = dir.resolve(name);
        CliRunner report = CliRunner.run("report", trace.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0).path("server");
    }
}
