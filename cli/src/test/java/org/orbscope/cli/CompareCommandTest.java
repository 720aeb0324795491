package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.SyntheticRun;

class CompareCommandTest {
    @TempDir
    Path tmp;

    private Path run(String name, long responseNs) throws Exception {
        SyntheticRun run = new SyntheticRun(tmp.resolve(name));
        run.point("rate=10_s", 10, 40, responseNs, 40, 0.1, false);
        run.point("rate=20_s", 20, 40, responseNs + 1_000_000, 40, 0.2, false);
        return run.dir();
    }

    /** {@code orbscope run} of {@code scenario} into {@code tmp/runs/<out>}: the run directory it made. */
    private Path realRun(Path scenario, String out, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", scenario.toString(), "--quiet", "--no-report",
                "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS, "--out", tmp.resolve("runs").resolve(out)
                        .toString()));
        args.addAll(List.of(more));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        return CliRunner.onlyRun(tmp.resolve("runs").resolve(out));
    }

    @Test
    @Timeout(600)
    void realRunsAreNamedByTheirOutDirectoryAndTheSettingThatDiffersIsNamed() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path scenario = tmp.resolve("tiny.yaml");
        Files.writeString(scenario, RunCommandEndToEndTest.TINY);
        Path pool2 = realRun(scenario, "pool2");
        Path pool1 = realRun(scenario, "pool1", "--set", "server.orb.poolMax=1");

        Path out = tmp.resolve("cmp");
        CliRunner r = CliRunner.run("compare", pool2.toString(), pool1.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertEquals("pool2 vs pool1: 1 scenario setting differs\n  server.orb.poolMax: 2 vs 1\n"
                + out.resolve("index.html") + "\n", r.out, r.toString());
        // The tiny runs may be judged (side by side with other tests, their sends leave late); nothing else warns.
        assertEquals(List.of(), r.err.lines().filter(l -> !l.matches("orbscope compare: warning: pool[12]: single is "
                + "(suspect|invalid) \\(.*")).toList(), "the same scenario and points: no other warning");
        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.startsWith("# orbscope comparison: pool2 vs pool1"), md);
        assertTrue(md.contains("| `server.orb.poolMax` | 2 | 1 |"), md);
        assertTrue(Files.readString(out.resolve("compare.csv")).contains("single,response_mean_ms,pool1,"));
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("<td><code>server.orb.poolMax</code></td><td>2</td><td>1</td>"), html);
        assertTrue(html.contains("<code>" + pool1.getFileName() + "</code>"), "each run's directory beside its name");

        CliRunner labelled = CliRunner.run("compare", pool2.toString(), pool1.toString(), "--label", "eight",
                "--out", tmp.resolve("labelled").toString());
        assertEquals(Orbscope.EXIT_OK, labelled.exit, labelled.toString());
        assertTrue(labelled.out.startsWith("eight vs pool1: "), labelled.toString());

        // A run of other points (another scenario): warned on stderr and on the page, and nothing compared.
        Path other = run("other/20261127-000000-synthetic", 10_000_000);
        Path none = tmp.resolve("none");
        CliRunner unmatched = CliRunner.run("compare", pool2.toString(), other.toString(), "--out", none.toString());
        assertEquals(Orbscope.EXIT_BAD_INPUT, unmatched.exit, unmatched.toString());
        assertTrue(unmatched.err.contains("orbscope compare: warning: the runs ran different scenarios: tiny (pool2), "),
                unmatched.toString());
        assertTrue(unmatched.err.contains("orbscope compare: warning: no point is in two runs or more, so nothing is "
                + "compared (points matched by name; pool2: single; other: rate=10_s, rate=20_s)"), unmatched.err);
        assertTrue(Files.readString(none.resolve("index.html")).contains("no point is in two runs or more"));
    }

    @Test
    void runsAreNamedByTheirOutDirectoryUnlessItIsSharedOrTheDefault() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("runs/plain/20261127-080000-quickstart/points")).getParent();
        Path b = Files.createDirectories(tmp.resolve("runs/monitored/20261127-080100-quickstart/points")).getParent();
        Path c = Files.createDirectories(tmp.resolve("runs/20261127-080200-quickstart/points")).getParent();
        Path d = Files.createDirectories(tmp.resolve("runs/plain/20261127-080300-quickstart/points")).getParent();
        assertEquals(List.of("plain", "monitored"), CompareCommand.labels(List.of(a, b), List.of()));
        assertEquals(List.of("monitored", "20261127-080200-quickstart"), CompareCommand.labels(List.of(b, c),
                List.of()), "runs/ is orbscope run's default, not a name");
        assertEquals(List.of("20261127-080000-quickstart", "20261127-080300-quickstart"),
                CompareCommand.labels(List.of(a, d), List.of()), "two runs of one --out directory");
        assertEquals(List.of("before", "monitored"), CompareCommand.labels(List.of(a, b), List.of("before")));

        // The default output is apart from the runs: the docs' ls -d runs/X/*-quickstart never lists it.
        Path out = CompareCommand.defaultOut(List.of("20261127-080000-quickstart", "20261127-080300-quickstart"));
        assertEquals(Path.of("runs", "compare"), out.getParent());
        assertTrue(out.getFileName().toString().matches("\\d{8}-\\d{6}-20261127-080000-quickstart-vs-"
                + "20261127-080300-quickstart"), out.toString());
        for (String docs : new String[] {"runs/*-quickstart", "runs/plain/*-quickstart", "runs/monitored/*-quickstart"}) {
            assertFalse(FileSystems.getDefault().getPathMatcher("glob:" + docs).matches(out), docs);
        }
    }

    @Test
    void aRunGivenTwiceIsNamedApartAndTheRunsAreOnlyRead() throws Exception {
        Path a = run("a", 10_000_000);
        Path b = run("b", 20_000_000);
        Path out = tmp.resolve("chosen");
        CliRunner r = CliRunner.run("compare", a.toString(), b.toString(), a.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertTrue(r.out.endsWith(out.resolve("index.html") + "\n"), r.toString());
        for (String f : new String[] {"index.html", "report.md", "compare.csv", "compare.json"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertFalse(Files.exists(a.resolve("report")), "the runs are only read");
        assertTrue(Files.readString(out.resolve("report.md")).contains("a#2"), "a run given twice is named apart");
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        Path a = run("a", 10_000_000);
        Files.createDirectories(tmp.resolve("empty"));
        String[][] cases = {
            {a.toString()},
            {a.toString(), tmp.resolve("nope").toString()},
            {a.toString(), tmp.resolve("empty").toString()},
            {a.toString(), a.toString(), "--label", "x", "--label", "y", "--label", "z"},
        };
        String[] said = {"give two runs or traces or more", "no such file or directory", "not a run directory",
            "3 labels for 2 runs"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "compare";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            CliRunner r = CliRunner.run(args);
            assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
            assertTrue(r.err.startsWith("orbscope compare: ") && r.err.contains(said[i]), r.toString());
            assertEquals(1, r.err.strip().lines().count(), "one line: " + r);
        }
    }
}
