package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.ServerDirectory;
import org.orbscope.trace.TraceReader;

/**
 * One server of a {@code servers:} scenario on a host of its own: {@code orbscope run} with the backend server and
 * the client in one network namespace, the monitored front server, which calls the backend twice per request,
 * started by {@code orbscope host} in a second. The front reaches the backend through the reference the
 * coordinator hands its host, the client reaches the front through the one its host shipped, and the front's
 * files land in its directory of the point.
 */
class ServerHostsOfServersInNamespacesTest {
    private static final int REQUESTS = 200;
    private static final String SCENARIO = String.join("\n",
            "name: servers-host-netns",
            "servers:",
            "  - name: front",
            "    host: srv",
            "    monitoring: {enabled: true}",
            "    objects:",
            "      - id: p",
            "        operations: {call: {calls: [{server: back, object: b, count: 2}]}}",
            "  - name: back",
            "    objects:",
            "      - {id: b, operations: {call: {cpu: 0ms}}}",
            "client:",
            "  maxDuration: 2m",
            "  processes:",
            "    - requests: " + REQUESTS,
            "      arrival: {law: closed, threads: 2, thinkTime: 1ms}",
            "      targets: [{server: front, object: p, operation: call}]",
            "");

    /** Kept when the test fails: the run directory and the host's log say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aServerOnItsOwnHostCallsOneBesideRun() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "the agent jar is not built: " + AgentJar.locate());
        HostsLan.on(List.of("coordinator", "srv"), dir, lan ->
                lan.drive("servers-host-netns.yaml", SCENARIO, List.of("srv"), (run, started) -> {
                    lan.awaitEnd(run, 3, 0, started, List.of("srv"));
                    check(RunDirectory.open(CliRunner.onlyRun(dir.resolve("runs"))).point("single"));
                }));
    }

    private void check(PointDirectory p) throws Exception {
        Map<String, HostsFile.Host> byName = HostsLan.hostsByName(p);
        HostsFile.Host srv = byName.get("srv");
        assertNotNull(srv, "the server host in hosts.json: " + byName);
        assertEquals(HostsFile.Host.SERVER, srv.role());
        assertEquals(HostsFile.OK, srv.status(), srv.error());
        assertNotNull(srv.clockOffsetNs(), "the server host recorded its clock offset");

        ServerDirectory front = p.server("front");
        ServerDirectory back = p.server("back");
        String frontIor = Files.readString(front.ior("p"));
        assertTrue(frontIor.startsWith("IOR:"), "the front's reference was shipped");
        assertTrue(Files.isRegularFile(front.ready()), "the front's ready file was shipped");
        assertTrue(Files.size(front.hostLog()) > 0, "the host's log is in the front's directory");
        assertTrue(Files.isRegularFile(front.systemCsv()), "the front's samples were shipped");
        try (TraceReader r = TraceReader.open(front.trace())) {
            assertTrue(r.damage().isEmpty(), "the shipped trace reads whole: " + r.damage());
        }
        assertFalse(Files.exists(back.hostLog()), "the backend ran beside run");
        assertFalse(Files.exists(p.server().dir()), "no server/ directory in a servers: point");

        AtomicLong records = new AtomicLong();
        RequestsCsv.read(p.client().requestsCsv(), r -> records.incrementAndGet());
        assertEquals(REQUESTS, records.get(), "every request of the client recorded");
        assertEquals(Map.of("p.call", (long) REQUESTS), ReceivedCsv.requests(ReceivedCsv.read(front.received())),
                "every request received by the front on its host");
        assertEquals(Map.of("b.call", 2L * REQUESTS), ReceivedCsv.requests(ReceivedCsv.read(back.received())),
                "every call of the front received by the backend beside run");
    }
}
