package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.trace.TraceReader;

/**
 * The server on a host of its own: {@code orbscope run} (name server and coordinator) in one network namespace, the
 * monitored workload server started by {@code orbscope host} in a second, two client hosts in two more. The
 * server's trace, log and samples reach the run directory through the coordinator, and the report has the
 * request stages from that trace, paired with the two hosts' records.
 */
class ServerHostInNamespacesTest {
    private static final List<String> CLIENTS = List.of("h1", "h2");
    private static final String SCENARIO = String.join("\n",
            "name: server-host-netns",
            "server:",
            "  host: srv",
            "  orb: {poolMin: 4, poolMax: 4}",
            "  objects:",
            "    - id: target",
            "      operations: {call: {cpu: 0ms, replySize: 0}}",
            "client:",
            "  instances: 1",
            "  maxDuration: 2m",
            "  hosts: {names: [h1, h2], register: 2m, barrier: 60s, lateAfter: 2m}",
            "  processes:",
            "    - name: threads",
            "      requests: 200",
            "      arrival: {law: closed, threads: 2, thinkTime: 1ms}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "monitoring: {enabled: true}",
            "");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Kept when the test fails: the run directory and every host's log say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aMonitoredServerOnItsOwnHostGivesTheReportItsStages() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "the agent jar is not built: " + AgentJar.locate());
        HostsLan.on(List.of("coordinator", "srv", "h1", "h2"), dir, this::runAndCheck);
    }

    private void runAndCheck(HostsLan lan) throws Exception {
        List<String> hosts = List.of("srv", "h1", "h2");
        lan.drive("server-host-netns.yaml", SCENARIO, hosts, (run, started) -> {
            lan.awaitEnd(run, 3, 0, started, hosts);
            RunDirectory runDir = RunDirectory.open(CliRunner.onlyRun(dir.resolve("runs")));
            check(runDir.point("single"));
        });
    }

    private void check(PointDirectory p) throws Exception {
        Map<String, HostsFile.Host> byName = HostsLan.hostsByName(p);
        HostsFile.Host srv = byName.get("srv");
        assertNotNull(srv, "the server host in hosts.json: " + byName);
        assertEquals(HostsFile.Host.SERVER, srv.role());
        assertEquals(HostsFile.OK, srv.status(), srv.error());
        assertNotNull(srv.clockOffsetNs(), "the server host recorded its clock offset");
        assertTrue(srv.roundTripNs() != null && srv.roundTripNs() > 0, "server host round trip " + srv.roundTripNs());
        assertTrue(Files.readString(p.server().ior("target")).startsWith("IOR:"), "the server's reference was shipped");
        try (TraceReader r = TraceReader.open(p.server().trace())) {
            assertTrue(r.damage().isEmpty(), "the shipped trace reads whole: " + r.damage());
        }
        assertTrue(Files.size(p.server().log()) > 0, "the server's log was shipped");
        assertTrue(Files.isRegularFile(p.server().systemCsv()), "the server's samples were shipped");

        long total = 0;
        for (String h : CLIENTS) {
            assertEquals(HostsFile.OK, byName.get(h).status(), h + ": " + byName.get(h).error());
            long expected = ScenarioMapping.requests(ScenarioLoader.load(p.hostPointYaml(h)));
            AtomicLong records = new AtomicLong();
            for (ClientDirectory c : p.clientsByHost().get(h)) {
                RequestsCsv.read(c.requestsCsv(), r -> records.incrementAndGet());
            }
            assertEquals(expected, records.get(), h + ": every request of its part in the run directory");
            total += records.get();
        }
        JsonNode point = JSON.readTree(p.reportDir().resolve("point.json").toFile());
        JsonNode server = point.path("server");
        assertEquals("read", server.path("trace").asText(), point.toString());
        assertEquals(total, server.path("matchedToClient").asLong(),
                "every request of both hosts paired with the server's trace: " + server);
        assertTrue(point.path("stages").path("completion").path("count").asLong() > 0, point.path("stages").toString());
        assertTrue(point.path("stages").has("queue") && point.path("stages").has("dispatcher"),
                point.path("stages").toString());
    }
}
