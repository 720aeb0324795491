package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointStatus;
import org.orbscope.run.ReadyFile;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ServerLaunch;

/** {@code orbscope run} of a scenario with several servers: real server JVMs calling each other over loopback. */
class ServersRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String PROXY = String.join("\n",
            "name: proxied",
            "servers:",
            "  - name: proxy",
            "    jvmArgs: [-Xmx128m]",
            "    orb: {poolMin: 8, poolMax: 8}",
            "    warmupCalls: 0",
            "    objects:",
            "      - id: p",
            "        operations:",
            "          call: {cpu: 100us, calls: [{server: backend, object: b, count: 3}]}",
            "          forward: {calls: [{object: b, operation: forward}]}",
            "  - name: backend",
            "    jvmArgs: [-Xmx128m]",
            "    orb: {poolMin: 8, poolMax: 8}",
            "    warmupCalls: 0",
            "    monitoring: {enabled: true, profile: jacorb, cpuTime: true}",
            "    objects:",
            "      - {id: b, operations: {call: {cpu: 200us}, forward: {cpu: 200us}}}",
            "client:",
            "  maxDuration: 60s",
            "  processes:",
            "    - name: front",
            "      requests: 80",
            "      arrival: {law: poisson, rate: 80/s}",
            "      targets:",
            "        - {object: p, operation: call}",
            "        - {object: p, operation: forward, payload: {type: double, size: 800}}",
            "");

    @TempDir
    Path dir;

    private Path runDir() throws Exception {
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    @Timeout(600)
    void aProxyAndItsBackendStartInOrderAndEveryCallIsAccountedFor() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path scenario = dir.resolve("proxied.yaml");
        Files.writeString(scenario, PROXY);
        CliRunner r = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path point = runDir().resolve("points/single");
        assertFalse(Files.exists(point.resolve("server")), "servers: keeps each server in servers/<name>/");
        Path proxy = point.resolve("servers/proxy");
        Path backend = point.resolve("servers/backend");
        assertTrue(Files.isRegularFile(proxy.resolve("ior/p.ior")));
        assertTrue(Files.isRegularFile(backend.resolve("server.trace")), "the backend alone is monitored");
        assertFalse(Files.exists(proxy.resolve("server.trace")));
        assertTrue(ReadyFile.read(backend.resolve("ready")).readyEpochNs() < ReadyFile.read(proxy.resolve("ready"))
                .readyEpochNs(), "the proxy calls the backend, so it starts once the backend is ready");
        PointStatus status = PointStatus.read(point.resolve("status.json"));
        assertEquals(PointStatus.OK, status.status());
        assertEquals(Map.of("proxy", 0, "backend", 0), status.serverExits());

        assertEquals(80, RequestsCsv.read(point.resolve("client/requests.csv"), x -> { }).rows);
        Map<String, Long> front = ReceivedCsv.requests(ReceivedCsv.read(proxy.resolve("received.csv")));
        Map<String, Long> back = ReceivedCsv.requests(ReceivedCsv.read(backend.resolve("received.csv")));
        long calls = front.getOrDefault("p.call", 0L);
        long forwards = front.getOrDefault("p.forward", 0L);
        assertEquals(80, calls + forwards, front.toString());
        assertEquals(3 * calls, back.getOrDefault("b.call", 0L), "three sync calls per proxy call: " + back);
        assertEquals(forwards, back.getOrDefault("b.forward", 0L), back.toString());

        JsonNode p = JSON.readTree(runDir().resolve("report/summary.json").toFile()).path("points").path(0);
        assertEquals(80, p.path("client").path("ok").asLong(), p.toString());
        JsonNode b = p.path("servers").path("backend");
        assertEquals("read", b.path("server").path("trace").asText(), b.toString());
        assertEquals(3 * calls + forwards, b.path("server").path("measured").asLong(),
                "every request the backend served is in its stage table, and nothing else: " + b);
        assertTrue(b.path("stages").path("completion").path("count").asLong() > 0, b.toString());
        assertTrue(b.path("utilization").path("measured").asDouble() > 0, b.toString());
        assertEquals("absent", p.path("servers").path("proxy").path("server").path("trace").asText());
        String md = Files.readString(runDir().resolve("report/report.md"));
        assertTrue(md.contains("| backend | read |"), "report.md has a row per server: " + md);
        assertTrue(md.contains(" | " + (3 * calls + forwards) + " |\n"), "the backend's row sums its received.csv: " + md);
        assertFalse(md.contains("- server trace:"), "several servers have no one server trace to describe: " + md);
        List<String> stages = Files.readAllLines(point.resolve("report/stages-backend.csv"));
        assertTrue(stages.size() > 3 * calls + forwards, "a row per request the backend saw, plus the header");
    }

    @Test
    @Timeout(600)
    void aServerThatDiesFailsThePointAndIsNamed() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("dies.yaml");
        Files.writeString(scenario, PROXY.replace("    monitoring: {enabled: true, profile: jacorb, cpuTime: true}\n", "")
                .replace("requests: 80", "requests: 3000").replace("rate: 80/s", "rate: 100/s"));
        Process run = JvmLauncher.main(Orbscope.class.getName()).args("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--fail-on", "never", "--out",
                dir.resolve("runs").toString()).log(dir.resolve("run.log")).start();
        try {
            ProcessHandle backend = awaitBackend(run, dir.resolve("run.log"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!recorded(50) && System.nanoTime() < deadline) {
                assertTrue(run.isAlive(), Files.readString(dir.resolve("run.log")));
                Thread.sleep(100); // requests.csv is the client's record: poll it until the run is under way
            }
            backend.destroyForcibly();
            assertTrue(run.waitFor(180, TimeUnit.SECONDS), Files.readString(dir.resolve("run.log")));
            assertEquals(Orbscope.EXIT_RUN_FAILED, run.exitValue(), Files.readString(dir.resolve("run.log")));
        } finally {
            run.destroyForcibly();
        }
        PointStatus status = PointStatus.read(runDir().resolve("points/single/status.json"));
        assertEquals(PointStatus.FAILED, status.status());
        assertTrue(status.error().startsWith("server 'backend' exited (code 137) during the run; see "), status.error());
        assertEquals(137, status.serverExits().get("backend"));
    }

    private boolean recorded(long n) throws Exception {
        if (!Files.isDirectory(dir.resolve("runs"))) {
            return false;
        }
        Path csv = runDir().resolve("points/single/client/requests.csv");
        return Files.isRegularFile(csv) && RequestsCsv.read(csv, x -> { }).rows >= n;
    }

    private static ProcessHandle awaitBackend(Process run, Path log) throws Exception {
        // generous: on a loaded 2-core machine the run starts its servers after the other forks' JVMs
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline && run.isAlive()) {
            Optional<ProcessHandle> p = run.toHandle().descendants().filter(h -> {
                String cmd = CliRunner.commandLine(h);
                return cmd.contains(ServerLaunch.MAIN) && cmd.contains("--server backend");
            }).findFirst();
            if (p.isPresent()) {
                return p.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the backend server JVM was not found among the run's processes: "
                + Files.readString(log));
    }
}
