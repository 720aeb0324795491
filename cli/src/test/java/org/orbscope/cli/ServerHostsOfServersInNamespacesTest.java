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
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
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
 * Servers of a {@code servers:} scenario on hosts of their own, and the clients on one too: {@code orbscope run}
 * with the backend server in one network namespace; two monitored servers, the front (which calls the backend
 * twice per request) and a side server, started by one {@code orbscope host} in a second; the client JVM started by
 * another host in a third. The front reaches the backend through the reference the coordinator hands its host;
 * the client reaches the front and the side server through the references their host shipped and the backend
 * through its own; each server's files land in its directory of the point, the host's machine samples once.
 */
class ServerHostsOfServersInNamespacesTest {
    private static final int REQUESTS = 100;
    private static final String SCENARIO = String.join("\n",
            "name: servers-host-netns",
            "servers:",
            "  - name: front",
            "    host: srv",
            "    monitoring: {enabled: true}",
            "    objects:",
            "      - id: p",
            "        operations: {call: {calls: [{server: back, object: b, count: 2}]}}",
            "  - name: side",
            "    host: srv",
            "    monitoring: {enabled: true}",
            "    objects:",
            "      - {id: q, operations: {call: {cpu: 0ms}}}",
            "  - name: back",
            "    objects:",
            "      - {id: b, operations: {call: {cpu: 0ms}}}",
            "client:",
            "  maxDuration: 2m",
            "  hosts: {names: [cli]}",
            "  processes:",
            "    - {name: front, requests: " + REQUESTS + ", arrival: {law: closed, threads: 1, thinkTime: 1ms},",
            "       targets: [{server: front, object: p, operation: call}]}",
            "    - {name: side, requests: " + REQUESTS + ", arrival: {law: closed, threads: 1, thinkTime: 1ms},",
            "       targets: [{server: side, object: q, operation: call}]}",
            "    - {name: back, requests: " + REQUESTS + ", arrival: {law: closed, threads: 1, thinkTime: 1ms},",
            "       targets: [{server: back, object: b, operation: call}]}",
            "");

    /** Kept when the test fails: the run directory and the hosts' logs say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void twoServersShareAHostAndTheClientsHostCallsEveryServer() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "the agent jar is not built: " + AgentJar.locate());
        HostsLan.on(List.of("coordinator", "srv", "cli"), dir, lan ->
                lan.drive("servers-host-netns.yaml", SCENARIO, List.of("srv", "cli"), (run, started) -> {
                    lan.awaitEnd(run, 4, 0, started, List.of("srv", "cli"));
                    check(RunDirectory.open(CliRunner.onlyRun(dir.resolve("runs"))).point("single"));
                }));
    }

    private void check(PointDirectory p) throws Exception {
        List<HostsFile.Host> hosts = HostsFile.read(p.hostsJson()).hosts();
        for (HostsFile.Host h : hosts) {
            assertEquals(HostsFile.OK, h.status(), h.name() + " " + h.server() + ": " + h.error());
            assertNotNull(h.clockOffsetNs(), h.name() + " recorded its clock offset");
        }
        assertEquals(Set.of("srv server front", "srv server side", "cli clients null"), hosts.stream()
                .map(h -> h.name() + " " + h.role() + " " + h.server()).collect(Collectors.toSet()),
                "a line per part in hosts.json");
        assertEquals(3, hosts.size(), "a line per part in hosts.json: " + hosts);

        ServerDirectory back = p.server("back");
        int watched = 0;
        for (String name : List.of("front", "side")) {
            ServerDirectory onHost = p.server(name);
            assertTrue(Files.readString(onHost.iorDir().resolve(name.equals("front") ? "p.ior" : "q.ior"))
                    .startsWith("IOR:"), name + "'s reference was shipped");
            assertTrue(Files.isRegularFile(onHost.ready()), name + "'s ready file was shipped");
            assertTrue(Files.size(onHost.hostLog()) > 0, "the host's log is in " + name + "'s directory");
            assertTrue(Files.isRegularFile(onHost.systemCsv()), name + "'s samples were shipped");
            assertTrue(Files.isRegularFile(onHost.received()), name + "'s received.csv was shipped");
            try (TraceReader r = TraceReader.open(onHost.trace())) {
                assertTrue(r.damage().isEmpty(), name + "'s shipped trace reads whole: " + r.damage());
            }
            watched += Files.isDirectory(p.serverHostWatch(onHost).dir()) ? 1 : 0;
        }
        assertEquals(1, watched, "the server host's machine is watched once, not once per server");
        assertFalse(Files.exists(back.hostLog()), "the backend ran beside run");
        assertFalse(Files.exists(p.client().dir()), "the client ran on its host");

        AtomicLong records = new AtomicLong();
        RequestsCsv.read(p.hostClients("cli", 1).get(0).requestsCsv(), r -> records.incrementAndGet());
        assertEquals(3L * REQUESTS, records.get(), "every request of the client host recorded");
        assertEquals(Map.of("p.call", (long) REQUESTS), ReceivedCsv.requests(ReceivedCsv.read(p.server("front")
                .received())), "every request received by the front on its host");
        assertEquals(Map.of("q.call", (long) REQUESTS), ReceivedCsv.requests(ReceivedCsv.read(p.server("side")
                .received())), "every request received by the side server beside it");
        assertEquals(Map.of("b.call", 3L * REQUESTS), ReceivedCsv.requests(ReceivedCsv.read(back.received())),
                "the backend beside run received the front's two calls per request and the client's own");
    }
}
