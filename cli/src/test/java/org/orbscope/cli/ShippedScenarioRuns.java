package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;

/**
 * Every scenario in {@code scenarios/} runs to a report at the size its header's {@code # short run:} line gives
 * (the arguments a user adds to {@code orbscope run} for a short look): every point ends ok, every request the
 * point's scenario asks for is answered, and the report has a row per point. A scenario with client hosts runs
 * with {@code orbscope host} JVMs on loopback.
 *
 * <p>The scenarios are dealt round-robin to {@value #SHARDS} test classes, one per shard, so that surefire's forks
 * run them side by side: each run mostly waits on its server and client JVMs. A few scenarios' short runs are
 * made by another test class that checks more of them ({@link #RUN_ELSEWHERE}).
 */
abstract class ShippedScenarioRuns {
    static final int SHARDS = 4;
    /**
     * The scenarios whose short runs another class makes with {@link #runShort} and checks further: the payload
     * scenarios in {@link PayloadScenariosTest}, four-orbs in {@link OrbProductsRunTest}, and the quickstart (which
     * runs as it is) in {@link TrustVerdictRunTest}, with its servers' default warm-up ({@link #checkRun}).
     */
    static final Set<String> RUN_ELSEWHERE = Set.of("beekhuis-a-marshalling.yaml", "balay-sii-vs-dii.yaml",
            "balay-oneway-vs-twoway.yaml", "quickstart.yaml", OrbProductsRunTest.FOUR_ORBS);
    static final Path SCENARIOS = Path.of("..", "scenarios");
    private static final String SHORT_RUN = "# short run:";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int shard;

    @TempDir
    Path dir;

    ShippedScenarioRuns(int shard) {
        this.shard = shard;
    }

    @TestFactory
    Stream<DynamicTest> everyShippedScenarioRunsShortToAReport() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(SCENARIOS)) {
            files = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        files = files.stream().filter(f -> !RUN_ELSEWHERE.contains(f.getFileName().toString())).toList();
        return IntStream.range(0, files.size()).filter(i -> i % SHARDS == shard).mapToObj(files::get).map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
                () -> assertTimeoutPreemptively(Duration.ofMinutes(10), () -> runShort(f, dir))));
    }

    /** The arguments of a scenario's short-run line (none for "as it is"). */
    static List<String> shortRunArguments(Path scenario) throws IOException {
        for (String line : Files.readAllLines(scenario)) {
            if (line.startsWith(SHORT_RUN)) {
                List<String> args = new ArrayList<>(Arrays.asList(line.substring(SHORT_RUN.length()).trim().split("\\s+")));
                return args.isEmpty() || !args.get(0).startsWith("--") ? List.of() : args;
            }
        }
        throw new AssertionError(scenario + ": no '" + SHORT_RUN + "' line: every shipped scenario says how to run it short");
    }

    /**
     * Warm-up calls of a server in a short run here, where neither the scenario nor its short-run line asks for
     * fewer: enough to run the warm-up's path on the server's ORB, while no check of these runs needs the compiled
     * code that the default's 1,000 calls buy (about 0.3 s of CPU in each of the suite's many server JVMs).
     * RunCommandEndToEndTest checks the default's count.
     */
    static final int WARMUP_CALLS = 20;

    /** The {@code --set} arguments that give each server with more warm-up calls {@link #WARMUP_CALLS}. */
    private static List<String> lightWarmup(Path scenario, List<String> args) throws ScenarioException {
        if (args.stream().anyMatch(a -> a.contains("warmupCalls"))) {
            return List.of();
        }
        Scenario first = ScenarioLoader.loadDocument(scenario, List.of()).points().get(0).scenario();
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < first.servers().size(); i++) {
            if (first.servers().get(i).warmupCalls() > WARMUP_CALLS) {
                sets.addAll(List.of("--set", (first.singleServer() ? "server" : "servers[" + i + "]")
                        + ".warmupCalls=" + WARMUP_CALLS));
            }
        }
        return sets;
    }

    /**
     * A scenario with hosts: as many {@code orbscope host} JVMs on loopback as its points need (its server host by
     * name, client hosts h1, h2, ...), and the run's arguments for a name server on a free port of loopback.
     */
    private static List<Process> startHosts(Path scenario, List<String> args, Path dir) throws Exception {
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < args.size() - 1; i++) {
            if (args.get(i).equals("--set")) {
                sets.add(args.get(i + 1));
            }
        }
        int needed = 0;
        Set<String> serverHosts = new TreeSet<>();
        for (SweepPoint p : ScenarioLoader.loadDocument(scenario, sets).points()) {
            needed = Math.max(needed, p.scenario().client().hostCount());
            for (ServerSpec server : p.scenario().servers()) {
                if (server.host() != null) {
                    serverHosts.add(server.host());
                }
            }
        }
        List<Process> hosts = new ArrayList<>();
        if (needed == 0 && serverHosts.isEmpty()) {
            return hosts;
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        args.addAll(List.of("--address", "127.0.0.1", "--naming-port", Integer.toString(port)));
        List<String> names = new ArrayList<>(serverHosts);
        for (int i = 1; i <= needed; i++) {
            names.add("h" + i);
        }
        for (String name : names) {
            hosts.add(JvmLauncher.main(Orbscope.class.getName()).args("host", "--naming",
                    "corbaloc:iiop:1.2@127.0.0.1:" + port + "/NameService", "--name", name, "--work",
                    dir.resolve("host-" + name).toString(), "--once", "--wait", "5m")
                    .log(dir.resolve(scenario.getFileName() + "-host-" + name + ".log")).start());
        }
        return hosts;
    }

    /**
     * Runs {@code scenario} short into a directory of its own under {@code dir}, checks the run as the class
     * comment says, and returns the run directory.
     */
    static Path runShort(Path scenario, Path dir) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assertTrue(Files.isRegularFile(scenario), scenario + " is not a file");
        Path runs = dir.resolve(scenario.getFileName().toString());
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--ready-timeout",
                CliRunner.READY_TIMEOUT_SECONDS, "--out", runs.toString()));
        args.addAll(shortRunArguments(scenario));
        args.addAll(lightWarmup(scenario, args));
        List<Process> hosts = startHosts(scenario, args, dir);
        CliRunner r;
        try {
            r = CliRunner.run(args.toArray(String[]::new));
        } finally {
            hosts.forEach(Process::destroyForcibly);
        }
        // A short run of a sweep's highest rates may hold a transient (a queue still growing): it ran, and its
        // verdict says the figure must not be used.
        assertTrue(r.exit == Orbscope.EXIT_OK || r.exit == Orbscope.EXIT_POINT_INVALID, r.toString());
        Path run = CliRunner.onlyRun(runs);
        checkRun(run);
        return run;
    }

    /**
     * The checks of the class comment on a run already made: every point ok and judged, every request its scenario
     * asks for answered, a row per point in the report.
     */
    static void checkRun(Path run) throws Exception {
        List<PointDirectory> points = RunDirectory.open(run).points();
        assertFalse(points.isEmpty());
        JsonNode reported = JSON.readTree(run.resolve("report/summary.json").toFile()).path("points");
        assertEquals(points.size(), reported.size(), reported.toString());
        for (JsonNode p : reported) {
            PointDirectory point = new PointDirectory(run.resolve("points").resolve(p.path("name").asText()));
            long asked = ScenarioMapping.requests(ScenarioLoader.load(point.pointYaml()));
            assertEquals("ok", p.path("status").asText(), p.toString());
            assertTrue(p.path("verdict").isTextual(), "every point judged: " + p);
            assertEquals(asked, p.path("client").path("ok").asLong(), "every request answered: " + p);
            assertTrue(p.path("client").path("response").path("count").asLong() > 0, p.toString());
        }
    }
}
