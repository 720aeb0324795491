package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.SyntheticRun;
import picocli.CommandLine;

/** Bad input gets one line naming what is wrong and exit 2, never a stack trace; damaged results are reported. */
class BadInputTest {
    private static final String QUICKSTART = Path.of("..", "scenarios", "quickstart.yaml").toString();

    @TempDir
    Path dir;

    private static void oneLine(CliRunner r, String expected) {
        assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
        assertTrue(r.err.contains(expected), r.toString());
        assertFalse(r.err.contains("\tat ") || r.err.contains("Exception"), "no stack trace: " + r);
    }

    @Test
    void anOutputDirectoryThatCannotBeWrittenIsNamed() throws Exception {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        oneLine(CliRunner.run("run", QUICKSTART, "--out", file.toString()), "is a file, not a directory");
        oneLine(CliRunner.run("server", QUICKSTART, "--out", file.resolve("srv").toString()), "cannot write to --out");
        Path locked = dir.resolve("locked");
        Files.createDirectories(locked, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-xr-xr-x")));
        if (!Files.isWritable(locked)) { // root writes anywhere: then only the file case applies
            oneLine(CliRunner.run("run", QUICKSTART, "--out", locked.toString()), "permission denied");
        }
    }

    @Test
    void aClientIorFileThatHoldsNoReferenceIsNamed() throws Exception {
        Path notIor = dir.resolve("server.log");
        Files.writeString(notIor, "orbscope server: ready\n");
        Path tiny = dir.resolve("tiny.yaml");
        Files.writeString(tiny, RunCommandEndToEndTest.TINY);
        CliRunner r = CliRunner.run("client", tiny.toString(), "--ior", notIor.toString(), "--out", dir.resolve("c").toString());
        oneLine(r, "does not hold an object reference");
        oneLine(CliRunner.run("client", QUICKSTART, "--ior", "corbaloc::127.0.0.1:1/x", "--out",
                dir.resolve("c").toString()), "--ior names one object, but the scenario deploys 3");
    }

    @Test
    void nonsenseOptionValuesAreRefused() {
        oneLine(CliRunner.run("run", QUICKSTART, "--ready-timeout", "-1"), "--ready-timeout must be 1 second or more");
        oneLine(CliRunner.run("validate", QUICKSTART, "--set", "client.processes[0].arrival.law=bursty"),
                "'bursty' is not one of poisson, deterministic");
    }

    @Test
    void unknownCommandsAndOptionsGetTheNearestNameInOneLine() {
        CliRunner command = CliRunner.run("valdate", QUICKSTART);
        oneLine(command, "orbscope: unknown command 'valdate'; did you mean 'validate'? (see 'orbscope help')");
        assertEquals(1, command.err.strip().lines().count(), command.toString());
        CliRunner option = CliRunner.run("run", "--ot", "x", QUICKSTART);
        oneLine(option, "orbscope run: unknown option '--ot'; did you mean '--out'? (see 'orbscope help run')");
        assertEquals(1, option.err.strip().lines().count(), option.toString());
        assertFalse(option.err.contains("Usage:"), option.toString());
        oneLine(CliRunner.run("help", "rnu"), "orbscope: unknown command 'rnu'; did you mean 'run'? (see 'orbscope help')");
        oneLine(CliRunner.run("report", "--parqet"),
                "orbscope report: unknown option '--parqet'; did you mean '--parquet'? (see 'orbscope help report')");
    }

    @Test
    void helpListsEveryCommandInOneWholeSentence() {
        CliRunner r = CliRunner.run("help");
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        for (CommandLine sub : Orbscope.commandLine().getSubcommands().values()) {
            String[] description = sub.getCommandSpec().usageMessage().description();
            if (description.length == 0) {
                continue; // picocli's own help command
            }
            String first = description[0];
            assertTrue(first.endsWith(".") && first.length() <= 100,
                    sub.getCommandName() + "'s summary is one sentence that fits the list: " + first);
        }
    }

    @Test
    void everyHelpTextRendersWithoutAWarning() {
        // picocli renders descriptions with String.format: a bare '%' prints a warning instead of the text.
        PrintStream err = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            Deque<CommandLine> commands = new ArrayDeque<>(List.of(Orbscope.commandLine()));
            while (!commands.isEmpty()) {
                CommandLine command = commands.pop();
                commands.addAll(command.getSubcommands().values());
                command.getUsageMessage();
            }
        } finally {
            System.setErr(err);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyDurationOptionTakesTheOneGrammarFromMicrosecondsToHours() throws Exception {
        Path file = dir.resolve("not-a-folder");
        Files.writeString(file, "x");
        // An hour is a duration: the host goes on to its next check, which the file given as --work fails.
        oneLine(CliRunner.run("host", "--coordinator", "corbaloc::127.0.0.1:1/x", "--wait", "1h", "--work",
                file.toString()), "orbscope host: --work " + file);
        oneLine(CliRunner.run("host", "--coordinator", "corbaloc::127.0.0.1:1/x", "--wait", "1h30", "--work",
                file.toString()), "--wait: '1h30' is not a duration");
        oneLine(CliRunner.run("attach", "1", "--agent", file.toString(), "--duration", "1parsec"),
                "--duration 1parsec: '1parsec' is not a duration");
    }

    @Test
    void helpIsNotAnError() {
        for (String[] args : new String[][] {{"trace", "--help"}, {"trace", "stats", "--help"}, {"attach", "--help"},
                {"run", "--help"}, {"simulate", "--help"}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
            assertTrue(r.out.contains("Usage:"), r.toString());
        }
    }

    @Test
    void anExportIntoAMissingFolderSaysSoNotThatTheTraceIsUnreadable() throws Exception {
        Path trace = dir.resolve("t.trace");
        try (org.orbscope.testkit.JacorbTraceBuilder b = new org.orbscope.testkit.JacorbTraceBuilder(trace)) {
            b.request(1_000_000_000L, 1, 0, true);
        }
        CliRunner r = CliRunner.run("trace", "export", trace.toString(), "--out", dir.resolve("no/such/dir/t.json").toString());
        oneLine(r, "no such directory");
        assertFalse(r.err.contains("cannot read"), r.toString());
    }

    @Test
    void aBinaryRequestsFileIsReportedAsUnreadableAndTheReportGoesOn() throws Exception {
        SyntheticRun run = new SyntheticRun(dir.resolve("run"));
        Path bad = run.point("rate=10_s", 10, 50, 10_000_000, 50, 0.1, false);
        run.point("rate=20_s", 20, 50, 10_000_000, 50, 0.2, false);
        byte[] junk = new byte[4096];
        new Random(7).nextBytes(junk);
        Files.write(bad.resolve("client/requests.csv"), junk);
        CliRunner r = CliRunner.run("report", run.dir().toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        JsonNode points = new ObjectMapper().readTree(run.dir().resolve("report/summary.json").toFile()).path("points");
        assertEquals(2, points.size());
        assertTrue(points.get(0).path("notes").toString().contains("requests.csv"), points.get(0).toString());
        assertEquals(50, points.get(1).path("client").path("ok").asLong(), "the other point is reported in full");
    }

    @Test
    void aRequestsFileCutInsideARowSaysSo() throws Exception {
        SyntheticRun run = new SyntheticRun(dir.resolve("run"));
        Path p = run.point("rate=10_s", 10, 50, 10_000_000, 50, 0.1, false);
        Path csv = p.resolve("client/requests.csv");
        byte[] all = Files.readAllBytes(csv);
        Files.write(csv, java.util.Arrays.copyOf(all, all.length - 7));
        CliRunner r = CliRunner.run("report", run.dir().toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        JsonNode point = new ObjectMapper().readTree(run.dir().resolve("report/summary.json").toFile()).path("points").get(0);
        assertEquals(49, point.path("client").path("records").asLong(), point.toString());
        assertTrue(point.path("notes").toString().contains("ends inside a row"), point.toString());
    }
}
