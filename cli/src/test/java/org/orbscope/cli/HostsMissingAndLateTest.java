package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.ScenarioLoader;

/**
 * The hosts a point cannot count on, on a LAN of network namespaces. The scenario names four client hosts: h4 never
 * registers, so the run waits {@code client.hosts.register} and runs without it; h1 finishes its part at once;
 * h2 and h3 run a long process more, so that they are still running {@code client.hosts.lateAfter} after h1
 * reported. h2, asked to stop then, stops its client JVM and ships the rest of its records within the grace
 * period ({@code client.hosts.stopGrace}, 15 s here: h2 ships in a few); h3 hangs (every process in its namespace
 * stopped) after it shipped some records, so the rest never comes. Everything asserted is what the run directory
 * and its report recorded.
 */
class HostsMissingAndLateTest {
    private static final String SCENARIO = String.join("\n",
            "name: hosts-late-netns",
            "server:",
            "  orb: {poolMin: 4, poolMax: 4}",
            "  objects:",
            "    - id: target",
            "      operations: {call: {cpu: 0ms, replySize: 0}}",
            "client:",
            "  instances: 1",
            "  maxDuration: 3m",
            "  hosts: {names: [h1, h2, h3, h4], register: 15s, barrier: 60s, lateAfter: 5s, stopGrace: 15s}",
            "  processes:",
            "    - name: quick",
            "      requests: 50",
            "      arrival: {law: closed, threads: 1, thinkTime: 1ms}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "    - name: long",
            "      host: h2",
            "      requests: 3000",
            "      arrival: {law: poisson, rate: 50/s}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "    - name: hangs",
            "      host: h3",
            "      requests: 3000",
            "      arrival: {law: poisson, rate: 50/s}",
            "      targets: [{object: target, operation: call, payload: {size: 4}}]",
            "monitoring: {enabled: false}",
            "");

    /** Kept when the test fails: the run directory and every host's log say what happened. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    @Timeout(value = 9, unit = TimeUnit.MINUTES)
    void aMissingHostAndTwoLateHostsAreNamedAndWhatTheyShippedIsKept() throws Exception {
        HostsLan.on(List.of("coordinator", "h1", "h2", "h3"), dir, this::runAndCheck);
    }

    private void runAndCheck(HostsLan lan) throws Exception {
        lan.drive("hosts-late-netns.yaml", SCENARIO, List.of("h1", "h2", "h3"), (run, hosts) -> {
            PointDirectory p = awaitShipped(run, "h3", 20);
            lan.net.freezeAll("h3");
            lan.awaitEnd(run, 4, Orbscope.EXIT_RUN_FAILED, hosts, List.of("h1", "h2"));
            assertTrue(HostsLan.log(dir, "run.log").contains("not registered in time: h4"), HostsLan.log(dir,
                    "run.log"));
            check(p);
        });
    }

    private void check(PointDirectory p) throws Exception {
        Map<String, HostsFile.Host> byName = HostsLan.hostsByName(p);
        String all = Files.readString(p.hostsJson());

        assertEquals(HostsFile.OK, byName.get("h1").status(), all);
        assertEquals(ScenarioMapping.requests(ScenarioLoader.load(p.hostPointYaml("h1"))), records(p, "h1"),
                "h1: every request of its part");

        HostsFile.Host h2 = byName.get("h2");
        assertEquals(HostsFile.LATE, h2.status(), all);
        assertTrue(h2.error().contains("all of it is kept"), h2.error());
        assertNotNull(h2.reportedEpochNs(), "h2 reported once stopped");
        long h2Records = records(p, "h2");
        assertTrue(h2Records > 50, "h2 recorded more than its quick process: " + h2Records);
        assertEquals(records(hostsOwn("h2", p), "h2"), h2Records, "every record h2 wrote is in the run directory");

        HostsFile.Host h3 = byName.get("h3");
        assertEquals(HostsFile.LATE, h3.status(), all);
        assertTrue(h3.error().contains("the rest is missing"), h3.error());
        assertTrue(records(p, "h3") >= 20, "what h3 shipped before it hung is kept");

        HostsFile.Host h4 = byName.get("h4");
        assertNotNull(h4, all);
        assertEquals(HostsFile.MISSING, h4.status(), all);

        String report = Files.readString(p.dir().getParent().getParent().resolve("report").resolve("report.md"));
        for (String named : List.of("host h2 (clients) late", "host h3 (clients) late", "host h4 (clients) missing")) {
            assertTrue(report.contains(named), named + " in " + report);
        }
    }

    /** Waits until {@code host} has shipped {@code records} records of the run's point; returns the point. */
    private PointDirectory awaitShipped(Process run, String host, long records) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            assertTrue(run.isAlive(), "the run ended early (see " + dir + "): " + HostsLan.log(dir, "run.log"));
            Path runs = dir.resolve("runs");
            if (Files.isDirectory(runs)) {
                try (Stream<Path> s = Files.list(runs)) {
                    for (Path r : s.filter(RunDirectory::isRunDirectory).toList()) {
                        PointDirectory p = RunDirectory.open(r).point("single");
                        if (records(p, host) >= records) {
                            return p;
                        }
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError(host + " shipped no records (see " + dir + "): " + HostsLan.log(dir, "run.log"));
    }

    /** Records of a host's client JVM in a copy of the point. */
    private static long records(PointDirectory p, String host) throws IOException {
        Path csv = p.hostDir(host).resolve("1").resolve("requests.csv");
        if (!Files.isRegularFile(csv)) {
            return 0;
        }
        AtomicLong n = new AtomicLong();
        RequestsCsv.read(csv, r -> n.incrementAndGet());
        return n.get();
    }

    /** The point in the host's own copy of the run (its --work directory). */
    private PointDirectory hostsOwn(String host, PointDirectory p) {
        return RunDirectory.open(dir.resolve("work-" + host).resolve(p.dir().getParent().getParent().getFileName()))
                .point(p.name());
    }
}
