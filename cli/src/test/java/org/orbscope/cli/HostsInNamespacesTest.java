package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientProgress;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.scenario.ScenarioLoader;

/**
 * Client hosts on a real network: a LAN of network namespaces, {@code orbscope run} (its name server, the
 * coordinator and the workload server) in one, three {@code orbscope host} JVMs in the others, each in its own
 * namespace with its own address, a small scenario in the manner of Beekhuis's experiments K and L (client JVMs
 * with closed-loop threads on every host). The first point runs on all three; in the second the test kills
 * everything in one host's namespace once it has shipped some records and the others have finished, as a machine
 * that loses power, named dead once silent for {@code client.hosts.deadAfter} (20 s here: a live host calls every
 * second). Everything asserted is what the run directory recorded.
 */
class HostsInNamespacesTest {
    private static final List<String> HOSTS = List.of("h1", "h2", "h3");
    /** The second point's extra process on h3 runs a minute: long enough to be killed midway. */
    private static final String SCENARIO = String.join("\n",
            "name: hosts-netns",
            "server:",
            "  orb: {poolMin: 8, poolMax: 8}",
            "  objects:",
            "    - id: target",
            "      operations: {call: {cpu: 0ms, replySize: 0}}",
            "client:",
            "  instances: 2",
            "  connections: 2",
            "  maxDuration: 3m",
            "  hosts: {names: [h1, h2, h3], register: 3m, barrier: 60s, lateAfter: 3m, deadAfter: 20s}",
            "  processes:",
            "    - name: threads",
            "      requests: 150",
            "      arrival: {law: closed, threads: 2, thinkTime: 1ms}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "    - name: tail",
            "      host: h3",
            "      requests: 10",
            "      arrival: {law: poisson, rate: 50/s}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "monitoring: {enabled: false}",
            "sweep:",
            "  client.processes[1].requests: [10, 3000]",
            "");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Kept when the test fails: the run directory and every host's log say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    @Timeout(value = 12, unit = TimeUnit.MINUTES)
    void threeHostsStartTogetherAndAKilledHostIsNamed() throws Exception {
        List<String> nodes = new ArrayList<>(List.of("coordinator"));
        nodes.addAll(HOSTS);
        HostsLan.on(nodes, dir, this::runAndCheck);
    }

    private void runAndCheck(HostsLan lan) throws Exception {
        lan.drive("hosts-netns.yaml", SCENARIO, HOSTS, (run, hosts) -> {
            PointDirectory second = awaitSecondPointUnderway(run);
            lan.net.killAll("h3");
            lan.awaitEnd(run, 5, Orbscope.EXIT_RUN_FAILED, hosts, List.of("h1", "h2"));
            RunDirectory runDir = RunDirectory.open(CliRunner.onlyRun(dir.resolve("runs")));
            PointDirectory first = runDir.point(firstPointName(second));
            checkAllThree(first);
            checkKilled(second);
        });
    }

    /** Every host ran its part, all their requests are in the run directory, and they started together. */
    private void checkAllThree(PointDirectory p) throws Exception {
        HostsFile f = HostsFile.read(p.hostsJson());
        assertNotNull(f.startEpochNs(), "the barrier released");
        assertEquals(3, f.barrier().arrived(), "all three hosts reached the barrier");
        long start = f.startEpochNs();
        List<Long> starts = new ArrayList<>();
        StringBuilder told = new StringBuilder();
        for (HostsFile.Host h : f.hosts()) {
            assertEquals(HostsFile.OK, h.status(), h.name() + ": " + h.error());
            assertNotNull(h.clockOffsetNs(), h.name() + " recorded its clock offset");
            assertTrue(h.roundTripNs() != null && h.roundTripNs() > 0, h.name() + " round trip " + h.roundTripNs());
            assertTrue(h.clockSamples() != null && h.clockSamples() > 0, h.name() + " pings");
            long expected = ScenarioMapping.requests(ScenarioLoader.load(p.hostPointYaml(h.name())));
            List<ClientDirectory> jvms = p.clientsByHost().get(h.name());
            assertEquals(2, jvms.size(), h.name() + " client JVMs");
            AtomicLong records = new AtomicLong();
            AtomicLong early = new AtomicLong();
            for (ClientDirectory c : jvms) {
                RequestsCsv.read(c.requestsCsv(), r -> {
                    records.incrementAndGet();
                    if (r.sentNs() < start - 1_000_000L) {
                        early.incrementAndGet();
                    }
                });
                ClientSummary s = ClientSummary.read(c.summary());
                assertTrue(s.complete(), h.name() + " " + c.dir() + ": " + s.error());
                ClientProgress last = ClientProgress.read(c.progress());
                assertTrue(last.ended() && last.completed() == s.completed(), h.name() + " shipped its last "
                        + "progress whole: " + last);
                starts.add(s.startEpochNs());
                told.append(h.name()).append('/').append(c.dir().getFileName()).append(": ")
                        .append((s.startEpochNs() - start) / 1000).append(" us after the start instant; ");
            }
            assertEquals(expected, records.get(), h.name() + ": every request of its part in the run directory");
            // The host watched its machine and shipped it: its client JVMs by the directories they write.
            Set<String> watched = WatchCsv.PROCESSES.read(p.hostWatch(h.name()).processes()).rows().stream()
                    .filter(r -> r.role().equals("client")).map(ProcessSample::part).collect(Collectors.toSet());
            assertTrue(watched.containsAll(Set.of("hosts/" + h.name() + "/1", "hosts/" + h.name() + "/2")),
                    h.name() + " watched " + watched);
            assertEquals(0, early.get(), h.name() + ": requests sent before the common start instant");
        }
        long spread = starts.stream().mapToLong(Long::longValue).max().orElseThrow()
                - starts.stream().mapToLong(Long::longValue).min().orElseThrow();
        assertTrue(spread < 1_000_000L, "start instants " + spread + " ns apart on the common time axis: "
                + told + Files.readString(p.hostsJson()));
        JsonNode summary = JSON.readTree(p.reportDir().resolve("point.json").toFile());
        assertEquals(3, summary.path("hosts").size(), summary.toString());
        assertTrue(summary.path("startSpreadMs").asDouble(99) < 1.0, summary.path("startSpreadMs").toString());
    }

    /** The killed host is named dead with what it shipped kept; the other two hosts' results are whole. */
    private void checkKilled(PointDirectory p) throws Exception {
        Map<String, HostsFile.Host> byName = HostsLan.hostsByName(p);
        assertEquals(HostsFile.DEAD, byName.get("h3").status(), String.valueOf(byName.get("h3")));
        for (String h : List.of("h1", "h2")) {
            assertEquals(HostsFile.OK, byName.get(h).status(), h + ": " + byName.get(h).error());
            long expected = ScenarioMapping.requests(ScenarioLoader.load(p.hostPointYaml(h)));
            AtomicLong records = new AtomicLong();
            for (ClientDirectory c : p.clientsByHost().get(h)) {
                RequestsCsv.read(c.requestsCsv(), r -> records.incrementAndGet());
            }
            assertEquals(expected, records.get(), h + ": every request of its part kept beside the dead host");
        }
        AtomicLong kept = new AtomicLong();
        for (ClientDirectory c : p.clientsByHost().get("h3")) {
            RequestsCsv.read(c.requestsCsv(), r -> kept.incrementAndGet());
        }
        assertTrue(kept.get() > 0, "what h3 shipped before it died is kept");
        for (ClientDirectory c : p.clientsByHost().get("h3")) {
            assertFalse(ClientProgress.read(c.progress()).ended(), "h3 shipped its progress while it ran");
        }
        String report = Files.readString(p.dir().getParent().getParent().resolve("report").resolve("report.md"));
        assertTrue(report.contains("host h3 (clients) dead"), report);
    }

    /**
     * Waits until the second point is under way with h3 having shipped records of it and the other two hosts
     * done with it; returns its directory.
     */
    private PointDirectory awaitSecondPointUnderway(Process run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(6);
        while (System.nanoTime() < deadline) {
            assertTrue(run.isAlive(), "the run ended early (see " + dir + "): " + log("run.log"));
            Path runs = dir.resolve("runs");
            if (Files.isDirectory(runs)) {
                try (Stream<Path> s = Files.list(runs)) {
                    for (Path r : s.filter(RunDirectory::isRunDirectory).toList()) {
                        PointDirectory second = RunDirectory.open(r).point("requests=3000");
                        if (shippedLines(second, "h3") >= 20 && done(second, "h1") && done(second, "h2")) {
                            return second;
                        }
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the second point did not get under way (see " + dir + "): " + log("run.log"));
    }

    private static long shippedLines(PointDirectory p, String host) throws IOException {
        Path csv = p.hostDir(host).resolve("1").resolve("requests.csv");
        if (!Files.isRegularFile(csv)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(csv)) {
            return lines.count();
        }
    }

    private static boolean done(PointDirectory p, String host) {
        return Files.isRegularFile(p.hostDir(host).resolve("1").resolve("summary.json"))
                && Files.isRegularFile(p.hostDir(host).resolve("2").resolve("summary.json"));
    }

    private static String firstPointName(PointDirectory second) {
        return second.name().replace("3000", "10");
    }

    private String log(String name) throws IOException {
        return HostsLan.log(dir, name);
    }
}
