package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.report.SweepTable;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointRunner;
import org.orbscope.run.PointStatus;
import org.orbscope.run.watch.JvmSample;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.run.watch.WatchDirectory;
import org.orbscope.scenario.ServerSpec;

/** Real server and client JVMs over loopback, driven by {@code orbscope run} and {@code orbscope client}. */
class RunCommandEndToEndTest {
    /** TINY's line of server warm-up calls: as few as the short runs' ({@link ShippedScenarioRuns#WARMUP_CALLS}). */
    static final String TINY_WARMUP = "  warmupCalls: " + ShippedScenarioRuns.WARMUP_CALLS;
    static final String TINY = String.join("\n",
            "name: tiny",
            "server:",
            TINY_WARMUP,
            "  orb: {poolMin: 1, poolMax: 2}",
            "  poaManagers: [m]",
            "  poas: [{name: P, manager: m}]",
            "  objects:",
            "    - id: echo",
            "      poa: P",
            "      operations: {call: {cpu: 200us, replySize: 16}}",
            "client:",
            "  maxDuration: 60s",
            "  processes:",
            "    - name: p",
            "      requests: 40",
            "      arrival: {law: poisson, rate: 200/s}",
            "      targets: [{object: echo, operation: call, payload: {size: 32}}, {object: echo, operation: ping}]",
            "");

    @TempDir
    Path dir;


    /** {@code orbscope run --no-report} of {@code scenario} into {@code runs/} (skipped when the workload is not built). */
    private CliRunner runWithoutReport(String scenario) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path file = dir.resolve("tiny.yaml");
        Files.writeString(file, scenario);
        return CliRunner.run("run", file.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--no-report",
                "--out", dir.resolve("runs").toString());
    }

    /**
     * One dispatcher thread and requests that overlap: JacORB's own "Thread pool exhausted" reaches the terminal, as a
     * reason on the point's line, once.
     */
    @Test
    @Timeout(600)
    void theOrbsPoolExhaustedMessageIsAReasonOnThePointsLine() throws Exception {
        CliRunner r = runWithoutReport(TINY.replace("poolMin: 1, poolMax: 2", "poolMin: 1, poolMax: 1")
                .replace("cpu: 200us", "cpu: 5ms").replace("requests: 40", "requests: 200")
                .replace("rate: 200/s", "rate: 400/s"));
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        String log = Files.readString(CliRunner.onlyRun(dir.resolve("runs")).resolve("points/single/server/server.log"));
        long said = log.lines().filter(l -> l.contains("Thread pool exhausted")).count();
        assertTrue(said >= 10, "200 requests of 5 ms at 400/s on one thread overlap again and again: " + log);
        String line = r.out.lines().filter(l -> l.startsWith("point 1/1 single: ")).findFirst().orElseThrow();
        assertTrue(line.contains("the server's ORB ran out of a pool " + said + " time(s): "), r.toString());
        assertFalse(r.out.contains("warning: the server's ORB said"), "said once, by the verdict: " + r);
    }

    /**
     * A server with one thread and a queue of one answers most of a burst with TRANSIENT: the client gives up on a
     * server that is alive, and the terminal says which of the two it was.
     */
    @Test
    @Timeout(600)
    void aClientThatGivesUpOnALiveServerIsAWarningAfterThePoint() throws Exception {
        CliRunner r = runWithoutReport(TINY.replace("poolMin: 1, poolMax: 2", "poolMin: 1, poolMax: 1, queueMax: 1")
                .replace("cpu: 200us", "cpu: 50ms").replace("requests: 40", "requests: 400")
                .replace("rate: 200/s", "rate: 1000/s"));
        assertEquals(Orbscope.EXIT_RUN_FAILED, r.exit, r.toString());
        PointStatus status = PointStatus.read(CliRunner.onlyRun(dir.resolve("runs")).resolve("points/single/status.json"));
        assertEquals(0, status.serverExit(), status.toString());
        // An overloaded JacORB refuses with TRANSIENT, or drops the connection (COMM_FAILURE) when its queue is full.
        assertTrue(r.out.lines().anyMatch(l -> l.matches("  warning: the client gave up: the server stopped answering "
                + "\\(20 consecutive (TRANSIENT|COMM_FAILURE)\\); stopped sending; the server was still running and "
                + "stopped cleanly: overloaded, not dead")), r.toString());
    }

    /**
     * A monitored point whose agent refuses its config at start (validate refuses it first; the runner is driven
     * here directly): the server runs on unmonitored and answers everything, and the point is still not ok.
     */
    @Test
    @Timeout(600)
    void aMonitoredPointWhoseAgentWritesNoTraceIsNotOk() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Files.writeString(dir.resolve("agent.yaml"), "cpu.sampel: 4\n");
        Path scenario = dir.resolve("tiny.yaml");
        Files.writeString(scenario, TINY + "monitoring: {enabled: true, config: agent.yaml}\n");
        org.orbscope.scenario.SweepPoint point = org.orbscope.scenario.ScenarioLoader
                .loadDocument(scenario, List.of()).points().get(0);
        PointDirectory pointDir = org.orbscope.run.RunDirectory.create(dir.resolve("runs"), "tiny").point(point.name());
        PointStatus status = new PointRunner(new PointRunner.Settings(dir, java.time.Duration.ofSeconds(
                Long.parseLong(CliRunner.READY_TIMEOUT_SECONDS)), AgentJar.locate())).run(point, pointDir);
        assertEquals(PointStatus.FAILED, status.status(), status.toString());
        assertEquals(0, status.serverExit(), "the server itself ran and stopped cleanly: " + status);
        assertEquals(0, status.clientExit(), status.toString());
        assertTrue(status.error().contains("monitoring was asked for, but the agent left no server.trace: orbscope "
                + "agent: ") && status.error().contains("agent.yaml:1: unknown option 'cpu.sampel'"), status.error());
        assertEquals(status.error(), PointStatus.read(pointDir.status()).error());
    }

    @Test
    @Timeout(600)
    void runLaysOutTheRunDirectoryAndAccountsForEveryRequest() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("tiny.yaml");
        Files.writeString(scenario, TINY + "sweep:\n  client.processes[0].requests: [20, 40]\n");
        CliRunner r = CliRunner.run("run", scenario.toString(), "--quiet",
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out",
                dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        // Quiet: no expected time, no point starting, no status, no sweep lines; each point's result stays.
        // (A point's line may end with its verdict's reasons, which are free text.)
        assertFalse(r.out.lines().anyMatch(l -> l.startsWith("expected:") || l.endsWith(" ...")
                || l.matches("(point|sweep).* about \\d+:\\d\\d left.*")), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.matches("point 1/2 requests=20: ok(, [a-z]+)? \\(sent 20, completed 20, "
                + "failed 0,.*")), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.matches("point 2/2 requests=40: ok(, [a-z]+)? \\(sent 40, completed 40, "
                + "failed 0,.*")), r.out);
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        assertTrue(run.getFileName().toString().matches("\\d{8}-\\d{6}-tiny"), run.toString());
        assertTrue(r.out.contains("run directory: " + run), r.toString());
        assertTrue(Files.isRegularFile(run.resolve("scenario.yaml")));
        List<String> rows = Files.readAllLines(run.resolve("report/summary.csv"));
        assertEquals(3, rows.size(), rows.toString());
        assertTrue(rows.get(0).startsWith("point,client.processes[0].requests,status,client_sent,client_ok,client_failed,"),
                rows.get(0));
        for (String[] p : new String[][] {{"requests=20", "20"}, {"requests=40", "40"}}) {
            Path point = run.resolve("points").resolve(p[0]);
            assertTrue(Files.isRegularFile(point.resolve("point.yaml")));
            assertTrue(Files.exists(point.resolve("server").resolve("ready")));
            assertTrue(Files.isRegularFile(point.resolve("server").resolve("ior").resolve("echo.ior")));
            assertTrue(Files.isRegularFile(point.resolve("client").resolve("summary.json")));
            assertEquals(PointStatus.OK, PointStatus.read(point.resolve("status.json")).status());
            List<String> requests = Files.readAllLines(point.resolve("client").resolve("requests.csv"));
            assertEquals(Integer.parseInt(p[1]) + 1, requests.size(), "one row per request plus the header");
            assertWatched(new PointDirectory(point));
        }
        assertTrue(rows.get(1).startsWith("requests=20,20,ok,20,20,0,"), rows.get(1));
        assertTrue(rows.get(2).startsWith("requests=40,40,ok,40,40,0,"), rows.get(2));
        // The run ends with the report's own table, so the figures it prints are the report's (no second figure
        // computed over another window), rounded as the report shows them where the file keeps every digit.
        List<String> printed = r.out.lines().dropWhile(l -> !l.startsWith("point,")).limit(3).toList();
        assertEquals(3, printed.size(), r.out);
        List<String> csvHeader = List.of(rows.get(0).split(",", -1));
        List<String> printedHeader = List.of(printed.get(0).split(",", -1));
        assertTrue(printedHeader.contains("util_measured_pct"), printed.get(0));
        for (int row = 1; row <= 2; row++) {
            String[] want = rows.get(row).split(",", -1);
            String[] got = printed.get(row).split(",", -1);
            for (int c = 0; c < printedHeader.size(); c++) {
                String cell = want[csvHeader.indexOf(printedHeader.get(c))];
                boolean fraction = cell.matches("-?[0-9]+\\.[0-9]+(E-?[0-9]+)?");
                assertEquals(fraction ? SweepTable.format(Double.parseDouble(cell)) : cell, got[c],
                        printedHeader.get(c) + " of " + printed.get(row));
                assertTrue(got[c].replaceAll("[^0-9]", "").length() <= 6, got[c] + ": rounded");
            }
        }
        assertFalse(r.out.contains("server_cpu_util"), r.out);
    }

    /** The watcher followed the point's server and client JVMs by role, with their counters, beside the machine. */
    static void assertWatched(PointDirectory point) {
        WatchDirectory w = point.watch();
        WatchCsv.Rows<ProcessSample> processes = WatchCsv.PROCESSES.read(w.processes());
        assertEquals(null, processes.problem());
        Map<String, Long> pids = new HashMap<>();
        for (ProcessSample s : processes.rows()) {
            if (s.role().equals("server") || s.role().equals("client")) {
                pids.put(s.role() + " " + s.part(), s.pid());
            }
        }
        assertEquals(Set.of("server server", "client client"), pids.keySet(), processes.rows().toString());
        List<JvmSample> jvms = WatchCsv.JVMS.read(w.jvms()).rows();
        for (long pid : pids.values()) {
            assertTrue(jvms.stream().anyMatch(j -> j.pid() == pid && j.threads() > 0 && j.heapCommittedBytes() > 0),
                    "no counters of JVM " + pid + " in " + w.jvms());
        }
        assertFalse(WatchCsv.MACHINE.read(w.machine()).rows().isEmpty(), w.machine().toString());
    }

    @Test
    @Timeout(600)
    void monitoredRunReportsEveryWorkloadRequestPairedWithItsClientRecord() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path scenario = dir.resolve("tiny.yaml");
        // TINY with the default warm-up, whose calls the report counts.
        Files.writeString(scenario, TINY.replace(TINY_WARMUP + "\n", "")
                + "monitoring: {enabled: true, profile: jacorb, cpuTime: true}\n");
        CliRunner r = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out",
                dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        JsonNode point = new ObjectMapper().readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        JsonNode server = point.path("server");
        assertEquals("read", server.path("trace").asText(), point.toString());
        // Before the schedule the server calls itself (warmupCalls, default 1000) and the client checks each of its
        // two targets once: not measurements.
        assertEquals(ServerSpec.DEFAULT_WARMUP_CALLS + 2, server.path("probes").asLong(), server.toString());
        assertEquals(40, server.path("matchedToClient").asLong(), server.toString());
        assertEquals(40, server.path("measured").asLong(), server.toString());
        List<String> stages = Files.readAllLines(run.resolve("points/single/report/stages.csv"));
        List<String> header = List.of(stages.get(0).split(","));
        int status = header.indexOf("status");
        int seq = header.indexOf("client_seq");
        long complete = 0;
        for (String line : stages.subList(1, stages.size())) {
            String[] c = line.split(",", -1);
            if (c[status].equals("complete")) {
                complete++;
                assertFalse(c[seq].isEmpty(), "a measured request without its client record: " + line);
            }
        }
        assertEquals(40, complete, String.join("\n", stages));
        assertTrue(point.path("utilization").has("calculated"), point.path("utilization").toString());

        // The trace alone, with the point's scenario, reports the same stage statistics as the run directory.
        Path traceReport = dir.resolve("trace-report");
        CliRunner bare = CliRunner.run("report", run.resolve("points/single/server/server.trace").toString(),
                "--scenario", run.resolve("points/single/point.yaml").toString(), "--out", traceReport.toString());
        assertEquals(Orbscope.EXIT_OK, bare.exit, bare.toString());
        JsonNode fromTrace = new ObjectMapper().readTree(traceReport.resolve("summary.json").toFile())
                .path("points").path(0);
        assertEquals(server.path("measured"), fromTrace.path("server").path("measured"), fromTrace.toString());
        assertEquals(point.path("stages"), fromTrace.path("stages"), "same stage statistics from the bare trace");
        assertEquals(point.path("makeUp"), fromTrace.path("makeUp"));
        assertTrue(fromTrace.path("client").path("response").isMissingNode()
                || fromTrace.path("client").path("response").path("count").asLong() == 0, "no client figures invented");

        // The report's model and `simulate --calibrate` are one mapping and one calibration: the same figures.
        CliRunner sim = CliRunner.run("simulate", scenario.toString(), "--calibrate", run.toString());
        assertEquals(Orbscope.EXIT_OK, sim.exit, sim.toString());
        JsonNode simulated = point.path("simulated");
        assertTrue(simulated.has("completionMs"), point.toString());
        assertTrue(sim.out.contains(String.format(java.util.Locale.ROOT, "%-18s %12.4f %12.4f", "completion mean",
                point.path("stages").path("completion").path("meanMs").asDouble(),
                simulated.path("completionMs").asDouble())), sim.out + "\nreport: " + simulated);
        assertTrue(sim.out.contains(String.format(java.util.Locale.ROOT, "%-18s %12.4f %12.4f", "queueing mean",
                point.path("stages").path("queue").path("meanMs").asDouble(),
                simulated.path("queueMs").asDouble())), sim.out + "\nreport: " + simulated);
    }

    @Test
    @Timeout(600)
    void copiesAndClientInstancesRunAsManyObjectsAndJvms() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path scenario = dir.resolve("copies.yaml");
        // TINY with the default warm-up, whose calls the report counts.
        Files.writeString(scenario, TINY.replace(TINY_WARMUP + "\n", "")
                .replace("    - id: echo\n", "    - id: echo\n      copies: 3\n")
                .replace("  maxDuration: 60s", "  maxDuration: 60s\n  instances: 2").replace("requests: 40", "requests: 30")
                + "monitoring: {enabled: true, profile: jacorb}\n");
        CliRunner r = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out",
                dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        Path point = run.resolve("points/single");
        for (String id : List.of("echo-1", "echo-2", "echo-3")) {
            assertTrue(Files.isRegularFile(point.resolve("server/ior/" + id + ".ior")), id);
        }
        assertFalse(Files.exists(point.resolve("client")), "several clients write under clients/");
        java.util.Set<String> objects = new java.util.TreeSet<>();
        for (String n : List.of("1", "2")) {
            Path client = point.resolve("clients").resolve(n);
            List<String> rows = Files.readAllLines(client.resolve("requests.csv"));
            assertEquals(31, rows.size(), "one row per request plus the header, client " + n);
            rows.subList(1, rows.size()).forEach(l -> objects.add(l.split(",")[3]));
            assertEquals(30, ClientSummary.read(client.resolve("summary.json")).completed());
            assertTrue(Files.exists(client.resolve("checked")), "client " + n + " passed the start gate");
        }
        assertEquals(java.util.Set.of("echo-1", "echo-2", "echo-3"), objects, "targets spread over the copies");
        JsonNode summary = new ObjectMapper().readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        assertEquals(2, summary.path("client").path("instances").asInt(), summary.toString());
        assertEquals(60, summary.path("client").path("ok").asLong(), summary.toString());
        JsonNode server = summary.path("server");
        // The server's own warm-up calls and each client's check of its six targets (two operations on three
        // copies) come before the common start: none is taken for a workload request.
        assertEquals(ServerSpec.DEFAULT_WARMUP_CALLS + 2 * 6, server.path("probes").asLong(), server.toString());
        assertEquals(60, server.path("measured").asLong(), server.toString());
        assertEquals(60, server.path("matchedToClient").asLong(), server.toString());
    }

    @Test
    @Timeout(600)
    void simulateNamesAZipSweepsPointsAsRunDoes() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("zip.yaml");
        Files.writeString(scenario, TINY.replace("requests: 40", "requests: 10") + "sweep:\n  zip: true\n"
                + "  client.processes[0].arrival.rate: [100/s, 0.2/ms]\n  server.orb.poolMax: [2, 3]\n");
        CliRunner r = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString(),
                "--no-report");
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        List<String> ran;
        try (Stream<Path> s = Files.list(run.resolve("points"))) {
            ran = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(List.of("rate=0.2_ms,poolMax=3", "rate=100_s,poolMax=2"), ran);
        CliRunner sim = CliRunner.run("simulate", scenario.toString(), "--requests", "2000");
        assertEquals(Orbscope.EXIT_OK, sim.exit, sim.toString());
        List<String> simulated = sim.out.lines().filter(l -> l.startsWith("== point ")).map(l -> l.substring(9))
                .sorted().toList();
        assertEquals(ran, simulated, sim.out);
        assertTrue(sim.out.contains("dispatcherThreads=3"), sim.out);
    }

    @Test
    @Timeout(600)
    void clientAgainstDeadPortFailsClearly() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("tiny.yaml");
        Files.writeString(scenario, TINY.replace("maxDuration: 60s", "maxDuration: 30s").replace("requests: 40", "requests: 3"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(JvmLauncher.javaBinary(), "-cp", System.getProperty("java.class.path"),
                Orbscope.class.getName(), "client", scenario.toString(),
                "--ior", "corbaloc::127.0.0.1:" + port + "/echo", "--out", dir.resolve("client").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        // The client gives up after its 30 s maxDuration; its JVM start-up takes long on a loaded machine.
        boolean done = p.waitFor(240, TimeUnit.SECONDS);
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done, "client did not give up: " + output);
        assertEquals(Orbscope.EXIT_RUN_FAILED, p.exitValue(), output);
        assertFalse(output.contains("\tat org.jacorb"), "a message, not a stack trace: " + output);
    }

    @Test
    @Timeout(600)
    void serverThatDiesBeforeReadyFailsThePointAndTheRunGoesOn() throws Exception {
        Path scenario = dir.resolve("dies.yaml");
        // A JVM option the real java refuses: the server JVM exits at once, before writing its ready marker.
        Files.writeString(scenario, TINY + "sweep:\n  server.jvmArgs: [[-XX:+NoSuchOrbscopeOption], [-XX:+NoSuchOrbscopeOption2]]\n");
        CliRunner r = CliRunner.run("run", scenario.toString(),
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out",
                dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_RUN_FAILED, r.exit, r.toString());
        assertTrue(r.out.contains("point 2/2"), "the run goes on after a failed point: " + r);
        assertTrue(r.out.contains("before it was ready"), r.toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        List<String> rows = Files.readAllLines(run.resolve("report/summary.csv"));
        assertEquals(3, rows.size(), rows.toString());
        assertTrue(rows.get(1).contains(",failed,"), rows.get(1));
    }
}
