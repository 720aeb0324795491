package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointStatus;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;

/**
 * Each point's verdict on real runs: an undisturbed quickstart (the shipped scenario's short run) is valid, one beside CPU hogs the test starts is
 * suspect and names them, a server offered far more than it serves is judged saturated.
 */
class TrustVerdictRunTest {
    private static final Path QUICKSTART = Path.of("..", "scenarios", "quickstart.yaml");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private CliRunner run(Path scenario, String... more) {
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--ready-timeout",
                CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString()));
        args.addAll(List.of(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    /** The sole point's object of the run's report/summary.json. */
    private JsonNode point() throws IOException {
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        return JSON.readTree(run.resolve("report/summary.json").toFile()).path("points").get(0);
    }

    private static List<String> checks(JsonNode point) {
        List<String> out = new ArrayList<>();
        point.path("reasons").forEach(r -> out.add(r.path("check").asText()));
        return out;
    }

    /**
     * The shipped quickstart's short run (it runs as it is, {@link ShippedScenarioRuns#RUN_ELSEWHERE}) with the
     * checks of every shipped scenario's and its requests counted, and its point's verdict.
     */
    @Test
    @Timeout(600)
    void anUndisturbedQuickstartIsValid() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assertTrue(ShippedScenarioRuns.RUN_ELSEWHERE.contains(QUICKSTART.getFileName().toString()));
        assertTrue(ShippedScenarioRuns.shortRunArguments(QUICKSTART).isEmpty(), "the quickstart runs as it is");
        CliRunner r = run(QUICKSTART);
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        ShippedScenarioRuns.checkRun(run);
        List<String> requests = Files.readAllLines(run.resolve("points/single/client/requests.csv"));
        assertEquals(600 + 150 + 1, requests.size(), "600 browse + 150 checkout requests plus the header");
        assertEquals(600, requests.stream().filter(l -> l.contains(",browse,")).count());
        assertEquals(150, requests.stream().filter(l -> l.contains(",checkout,")).count());
        assertEquals(PointStatus.OK, PointStatus.read(run.resolve("points/single/status.json")).status());
        ClientSummary summary = ClientSummary.read(run.resolve("points/single/client/summary.json"));
        assertEquals(750, summary.sent());
        assertEquals(750, summary.completed());

        JsonNode p = point();
        // The machine is shared (the suite runs other tests' runs beside this one): processes outside this run may
        // take the CPU meanwhile, and then a machine check says so, and what that load does to the server (a pool
        // exhausted, sends late) may fire beside it. Without such a disturbance nothing may fire; no reason may
        // name a process of this run.
        Set<Long> ours = runPids();
        boolean disturbed = false;
        for (JsonNode reason : p.path("reasons")) {
            disturbed |= reason.path("check").asText().startsWith("machine.");
            ours.forEach(pid -> assertFalse(reason.path("sentence").asText().contains("(pid " + pid + ")"),
                    "the run's own process " + pid + " counted as another: " + reason));
        }
        assertTrue(disturbed || p.path("reasons").isEmpty(), "a false alarm: " + p.path("reasons"));
        if (p.path("reasons").isEmpty()) {
            assertEquals("valid", p.path("verdict").asText(), p.toString());
            assertTrue(r.out.contains("point 1/1 single: ok, valid ("), r.out);
        }
        assertTrue(p.path("precision").path("meanHalfWidthMs").isNumber(), p.toString());
    }

    /** The pids the watcher counted as the run's own (the test JVM, its server and client). */
    private Set<Long> runPids() throws IOException {
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        Set<Long> pids = new HashSet<>();
        for (ProcessSample s : WatchCsv.PROCESSES.read(run.resolve("points/single/watch/processes.csv")).rows()) {
            if (s.roleValue() != ProcessSample.Role.OTHER && s.roleValue() != ProcessSample.Role.FOREIGN) {
                pids.add(s.pid());
            }
        }
        return pids;
    }

    @Test
    @Timeout(600)
    void aQuickstartBesideCpuHogsIsSuspectAndNamesThem() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "the watcher reads Linux's /proc");
        List<Long> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                hogs.add(startHog(dir.resolve("hog-" + i)));
            }
            CliRunner r = run(QUICKSTART, "--fail-on", "suspect");
            JsonNode p = point();
            assertNotEquals("valid", p.path("verdict").asText(), p.toString());
            assertTrue(checks(p).contains("machine.other-processes"), p.path("reasons").toString());
            String said = p.path("reasons").findValues("sentence").toString();
            assertTrue(hogs.stream().anyMatch(pid -> said.contains("sh (pid " + pid + ")")), hogs + " in " + said);
            assertTrue(r.out.contains("point 1/1 single: ok, suspect (") || r.out.contains("point 1/1 single: ok, "
                    + "invalid ("), r.out);
            assertTrue(r.out.contains("of the " + Runtime.getRuntime().availableProcessors() + " CPUs"), r.out);
            assertEquals(Orbscope.EXIT_POINT_INVALID, r.exit, "--fail-on suspect: " + r);
        } finally {
            for (long pid : hogs) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    /**
     * Starts a busy loop that is no process of the test's (its parent, a shell, has ended: it is not the run's
     * descendant), bounded by {@code timeout} to two minutes; its pid, once it has written it.
     */
    private static long startHog(Path pidFile) throws Exception {
        String loop = "echo $$ > " + pidFile + "; while :; do :; done";
        Process sh = new ProcessBuilder("sh", "-c", "timeout 120 sh -c '" + loop + "' >/dev/null 2>&1 &")
                .redirectErrorStream(true).start();
        assertTrue(sh.waitFor(60, TimeUnit.SECONDS), "the shell that starts the hog did not end");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(pidFile) && !Files.readString(pidFile).isBlank()) {
                return Long.parseLong(Files.readString(pidFile).strip());
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the hog did not start");
    }

    @Test
    @Timeout(600)
    void aServerOfferedFarMoreThanItServesIsSaturated() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("flood.yaml");
        // One CPU and two threads serve about 250 requests/s of 4 ms; 300 requests arrive at 1,000/s.
        Files.writeString(scenario, String.join("\n",
                "name: flood",
                "server:",
                "  cpus: [0]",
                "  orb: {poolMin: 2, poolMax: 2}",
                "  poaManagers: [m]",
                "  poas: [{name: P, manager: m}]",
                "  objects:",
                "    - id: echo",
                "      poa: P",
                "      operations: {call: {cpu: 4ms}}",
                "client:",
                "  maxDuration: 120s",
                "  processes:",
                "    - name: p",
                "      requests: 300",
                "      arrival: {law: poisson, rate: 1000/s}",
                "      targets: [{object: echo, operation: call}]",
                ""));
        CliRunner r = run(scenario, "--fail-on", "invalid");
        JsonNode p = point();
        assertEquals("ok", p.path("status").asText(), p.toString());
        assertNotEquals("valid", p.path("verdict").asText(), p.toString());
        assertTrue(checks(p).stream().anyMatch(c -> c.equals("server.queue-growing") || c.equals("server.saturation")),
                p.path("reasons").toString());
        assertTrue(r.out.contains("saturat"), r.out);
        assertEquals("invalid".equals(p.path("verdict").asText()) ? Orbscope.EXIT_POINT_INVALID : Orbscope.EXIT_OK,
                r.exit, r.toString());
    }
}
