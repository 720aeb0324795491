package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RepeatFile;
import org.orbscope.run.RunDirectory;

/** {@code orbscope run --repeat} and {@code --until}: each repetition in fresh JVMs, and the spread across them. */
class RepeatRunTest {
    /**
     * One client thread back to back on an object that waits 20 ms: a mean the machine's load hardly moves, so two
     * repetitions agree within the loosest precision (100%: their means within about 17% of each other).
     */
    static final String STEADY = String.join("\n",
            "name: steady",
            "server:",
            "  orb: {poolMin: 1, poolMax: 2}",
            "  objects:",
            "    - id: sleeper",
            "      operations: {call: {cpu: 0ms, wait: 20ms}}",
            "client:",
            "  maxDuration: 60s",
            "  warmup: 10",
            "  processes:",
            "    - name: p",
            "      requests: 110",
            "      arrival: {law: closed, threads: 1, thinkTime: 0ms}",
            "      targets: [{object: sleeper, operation: call}]",
            "");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void untilMetStopsAfterTwoRepetitionsEachRecordedWithTheSpreadInSummaryJsonAndTheReport() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = dir.resolve("steady.yaml");
        Files.writeString(scenario, STEADY);
        CliRunner r = CliRunner.run("run", scenario.toString(), "--repeat", "3", "--until", "100%",
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", dir.resolve("runs").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertTrue(r.out.contains("expected: 1 point, 3 repetitions each, about "), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.startsWith("point 1/1 single, repetition 1/3: ok")), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.startsWith("point 1/1 single, repetition 2/3: ok")), r.out);
        // Two repetitions meet 100% when their means lie within about 17% of each other, which a 20 ms wait makes
        // the rule; a burst of outside load in one of them may still call for the third, and then --until judges
        // three (the bound is 3, so it ends there, met or not).
        RunDirectory run = RunDirectory.open(CliRunner.onlyRun(dir.resolve("runs")));
        PointDirectory point = run.point("single");
        RepeatFile repeat = RepeatFile.read(point.repeatJson());
        int n = repeat.ran();
        assertTrue(n == 2 || n == 3, repeat.toString());
        assertEquals(n, point.repetitions().size(), "the point and repetitions/2 (and /3)");
        assertEquals(n == 3, r.out.contains("repetition 3/3"), r.out);
        assertTrue(r.out.lines().anyMatch(l -> l.matches("point 1/1 single: " + n + " repetitions: mean [0-9.]+ ms \\+/- "
                + "[0-9.]+ ms \\(\\+/- [0-9.]+%, 95%, Student t across " + n + " repetitions.*; --until 100%: "
                + (repeat.met() ? "met after " + n : "not met after " + n) + ".*")), r.out);
        for (PointDirectory rep : point.repetitions()) {
            assertTrue(PointStatus.read(rep.status()).ok(), rep.toString());
            assertTrue(Files.isRegularFile(rep.client().requestsCsv()), rep.toString());
        }

        JsonNode p = new ObjectMapper().readTree(run.summaryJson().toFile()).get("points").get(0);
        assertEquals(n, p.get("repetitions").size(), p.toString());
        double[] means = new double[n];
        for (int k = 0; k < n; k++) {
            JsonNode rep = p.get("repetitions").get(k);
            assertEquals(k + 1, rep.get("repetition").asInt());
            assertEquals("ok", rep.get("status").asText());
            assertTrue(rep.get("meanMs").asDouble() >= 20, "each request waits 20 ms: " + rep);
            assertTrue(rep.has("p50Ms") && rep.has("p99Ms") && rep.has("throughputPerSec") && rep.has("verdict"),
                    rep.toString());
            means[k] = rep.get("meanMs").asDouble();
        }
        // Two means: t(0.975, 1) |m1 - m2| / 2 relative to their mean; the third is run only when that is over 100%.
        double twoHalfWidth = 12.706204736174694 * Math.abs(means[0] - means[1]) / 2;
        assertEquals(n == 2, twoHalfWidth <= (means[0] + means[1]) / 2, "--until 100% judged after two: " + p);
        JsonNode spread = p.get("spread");
        assertEquals(n, spread.get("repetitions").asInt());
        double mean = Arrays.stream(means).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(means).map(m -> (m - mean) * (m - mean)).sum() / (n - 1));
        double t = n == 2 ? 12.706204736174694 : 4.302652729749462; // t(0.975, n - 1)
        assertEquals(mean, spread.get("meanMs").asDouble(), 1e-9);
        assertEquals(t * sd / Math.sqrt(n), spread.get("halfWidthMs").asDouble(), 1e-9);
        assertEquals(repeat.met(), spread.get("relativeHalfWidth").asDouble() <= 1, spread.toString());
        assertEquals(Arrays.stream(means).min().orElseThrow(), spread.get("minMs").asDouble());
        assertTrue(p.has("precision") && p.has("worstRepetition"), "the within-run interval stays beside it");

        String md = Files.readString(run.reportDir().resolve("report.md"));
        assertTrue(md.contains("### Repetitions of single"), md);
        assertTrue(md.contains("| across repetitions |"), md);
        assertTrue(Files.readString(run.reportDir().resolve("index.html")).contains("id=\"repetitions-single\""));

        // compare reads a repeated run as any other; its mean response is the mean across repetitions.
        Path cmp = dir.resolve("cmp");
        CliRunner c = CliRunner.run("compare", run.dir().toString(), run.dir().toString(), "--out", cmp.toString());
        assertEquals(Orbscope.EXIT_OK, c.exit, c.toString());
        String[] compared = Files.readString(cmp.resolve("compare.csv")).lines()
                .filter(l -> l.startsWith("single,response_mean_ms,")).findFirst().orElseThrow().split(",");
        assertEquals(spread.get("meanMs").asDouble(), Double.parseDouble(compared[3]), 1e-9);
        assertEquals(spread.get("halfWidthMs").asDouble(), Double.parseDouble(compared[4]), 1e-9);
    }

    @Test
    void badRepetitionsAndPrecisionsAreRefusedInOneLine() {
        String scenario = Path.of("..", "scenarios", "quickstart.yaml").toString();
        for (String[] bad : new String[][] {{"--repeat", "0"}, {"--until", "5"}, {"--until", "150%"},
                {"--until", "0%"}, {"--until", "5%", "--repeat", "1"}}) {
            String[] args = new String[2 + bad.length];
            args[0] = "run";
            args[1] = scenario;
            System.arraycopy(bad, 0, args, 2, bad.length);
            CliRunner r = CliRunner.run(args);
            assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, String.join(" ", bad) + ": " + r);
            assertEquals(1, r.err.lines().count(), String.join(" ", bad) + ": " + r);
            assertTrue(r.err.startsWith("orbscope run: "), r.err);
            assertTrue(r.err.contains(bad[0]), r.err);
        }
        assertTrue(CliRunner.run("run", scenario, "--until", "5").err.contains("a precision is a percentage of the "
                + "mean, e.g. 5%"));
        assertTrue(CliRunner.run("run", scenario, "--until", "150%").err.contains("at most 100%"));
    }

    @Test
    void validateMultipliesTheExpectedTimeByTheRepetitions() {
        String scenario = Path.of("..", "scenarios", "quickstart.yaml").toString();
        CliRunner once = CliRunner.run("validate", scenario);
        CliRunner thrice = CliRunner.run("validate", scenario, "--repeat", "3");
        assertEquals(Orbscope.EXIT_OK, thrice.exit, thrice.toString());
        assertTrue(once.out.contains("expected run time: 1 point, about 6 s (3 s of workload, 3 s per point to start "
                + "and stop its JVMs)"), once.out);
        assertTrue(thrice.out.contains("expected run time: 1 point, 3 repetitions each, about 18 s (9 s of workload, "
                + "3 s per repetition to start and stop its JVMs)"), thrice.out);
        CliRunner until = CliRunner.run("validate", scenario, "--until", "5%");
        assertTrue(until.out.contains("1 point, 10 repetitions each, about 1 min (30 s of workload, 3 s per "
                + "repetition to start and stop its JVMs) at most"), until.out);
    }
}
