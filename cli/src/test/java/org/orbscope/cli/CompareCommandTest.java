package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
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

    @Test
    void writesTheComparisonBesideTheFirstRun() throws Exception {
        Path a = run("a", 10_000_000);
        Path b = run("b", 20_000_000);
        CliRunner r = CliRunner.run("compare", a.toString(), b.toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        Path out = tmp.resolve("compare-a-b");
        assertEquals(out.resolve("index.html").toString(), r.out.trim());
        for (String f : new String[] {"index.html", "report.md", "compare.csv", "compare.json"}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertFalse(Files.exists(a.resolve("report")), "the runs are only read");
        Path chosen = tmp.resolve("chosen");
        assertEquals(Orbscope.EXIT_OK, CliRunner.run("compare", a.toString(), b.toString(), a.toString(), "--out",
                chosen.toString()).exit);
        assertTrue(Files.readString(chosen.resolve("report.md")).contains("a#2"), "a run given twice is named apart");
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        Path a = run("a", 10_000_000);
        Files.createDirectories(tmp.resolve("empty"));
        String[][] cases = {
            {a.toString()},
            {a.toString(), tmp.resolve("nope").toString()},
            {a.toString(), tmp.resolve("empty").toString()},
        };
        String[] said = {"give two run directories or more", "no such directory", "not a run directory"};
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
