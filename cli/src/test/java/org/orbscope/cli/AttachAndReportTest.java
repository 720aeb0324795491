package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.StagesCsv;

/**
 * A JacORB server orbscope did not start: recorded by attaching to it, driven by {@code orbscope client}, and
 * reported from its trace alone.
 */
class AttachAndReportTest {
    @TempDir
    Path dir;

    /** {@code orbscope client} of a sweep against a server it did not start: every point in turn, each in its dir. */
    @Test
    @Timeout(240)
    void aSweepRunsEveryPointAgainstAServerItDidNotStart() throws Exception {
        try (TinyServer server = TinyServer.start(dir)) {
            Path out = dir.resolve("sweep");
            CliRunner client = CliRunner.run("client", server.scenario.toString(), "--ior", server.ior().toString(),
                    "--set", "sweep={\"client.processes[0].requests\": [5, 8]}", "--out", out.toString());
            assertEquals(Orbscope.EXIT_OK, client.exit, client.toString());
            assertTrue(client.out.contains("point 1/2 ") && client.out.contains("point 2/2 "), client.toString());
            List<Long> sent = new ArrayList<>();
            try (Stream<Path> points = Files.list(out)) {
                for (Path point : points.sorted().toList()) {
                    ClientSummary summary = ClientSummary.read(new ClientDirectory(point).summary());
                    assertEquals(summary.sent(), summary.completed(), point + ": " + summary);
                    assertTrue(client.out.contains(point.getFileName() + ": ok, " + summary.completed() + " of "
                            + summary.sent() + " requests completed"), client.toString());
                    sent.add(summary.sent());
                }
            }
            assertEquals(Set.of(5L, 8L), Set.copyOf(sent), "one directory per point: " + sent);
        }
    }

    @Test
    @Timeout(240)
    void aServerRecordedByAttachingReportsEveryRequestFromItsTraceAlone() throws Exception {
        try (TinyServer server = TinyServer.start(dir)) {
            Path scenario = server.scenario;
            Path trace = dir.resolve("attached.trace");
            // No --profile: the agent picks JacORB's from the classes the fresh server has loaded.
            CliRunner attach = CliRunner.run("attach", server.pid(), "-o", "cpu=true", "--out", trace.toString());
            assertEquals(Orbscope.EXIT_OK, attach.exit, attach.toString());
            assertTrue(attach.out.contains("orbscope: profile jacorb ("), attach.toString());
            assertTrue(attach.out.matches("(?s).*the agent retransformed [0-9]+ loaded classes in [0-9]+ ms \\([0-9]+ ms of CPU\\).*"),
                    "the attach states its cost: " + attach);
            CliRunner client = server.drive(dir.resolve("client"));
            assertEquals(Orbscope.EXIT_OK, client.exit, client.toString());
            CliRunner stop = CliRunner.run("attach", server.pid(), "--stop");
            assertEquals(Orbscope.EXIT_OK, stop.exit, stop.toString());

            Path out = dir.resolve("report");
            // The reachability check of each of the client's two targets comes first: --scenario leaves them out.
            CliRunner report = CliRunner.run("report", trace.toString(), "--scenario", scenario.toString(),
                    "--out", out.toString());
            assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
            JsonNode p = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0);
            JsonNode s = p.path("server");
            assertEquals("recorded in the trace", s.path("roles").asText(), s.toString());
            assertEquals(2, s.path("probes").asLong(), s.toString());
            assertEquals(40, s.path("measured").asLong(), "every request the client sent: " + s);
            assertEquals(0, s.path("incomplete").asLong(), s.toString());
            assertTrue(p.path("stages").path("completion").path("meanMs").asDouble() > 0, p.toString());
            List<RequestStages> rows = StagesCsv.read(out.resolve("stages.csv"));
            for (RequestStages r : rows) {
                for (StageColumn c : List.of(StageColumn.RECEIVER, StageColumn.QUEUE, StageColumn.DISPATCHER,
                        StageColumn.SERVANT, StageColumn.COMPLETION)) {
                    assertTrue(!r.has(c) || r.get(c) >= 0, "negative " + c + " in request " + r.index);
                }
            }
            assertTrue(Files.readString(out.resolve("index.html")).contains("<svg"));

            // The tool for writing a profile: the recorded roles join every request...
            CliRunner check = CliRunner.run("profile", "check", trace.toString());
            assertEquals(Orbscope.EXIT_OK, check.exit, check.toString());
            assertTrue(check.out.contains("ok: every request joined, no stage negative"), check.toString());
            // ...a profile with a misspelt role and the enqueue unmarked says what goes wrong.
            Path broken = dir.resolve("broken.profile");
            StringBuilder b = new StringBuilder();
            for (String line : Files.readAllLines(Path.of("..", "trace", "src", "main", "resources", "org", "orbscope",
                    "trace", "profile", "jacorb.profile"))) {
                b.append(line.replace("role=receive.enqueue", "role=receive.enqeue")).append('\n');
            }
            Files.writeString(broken, b.toString());
            CliRunner bad = CliRunner.run("profile", "check", trace.toString(), "--profile", broken.toString());
            assertEquals(Orbscope.EXIT_RUN_FAILED, bad.exit, bad.toString());
            assertTrue(bad.out.contains("unknown role label 'receive.enqeue'"), bad.toString());
            assertTrue(bad.out.contains("NOT OK"), bad.toString());
        }
    }
}
