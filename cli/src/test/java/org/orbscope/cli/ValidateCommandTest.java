package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {
    @TempDir
    Path dir;

    @Test
    void shippedScenariosAreValid() {
        for (String f : new String[] {"quickstart.yaml", "paper-scenario-a.yaml", "paper-scenario-b.yaml"}) {
            CliRunner r = CliRunner.run("validate", Path.of("..", "scenarios", f).toString());
            assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        }
        CliRunner b = CliRunner.run("validate", Path.of("..", "scenarios", "paper-scenario-b.yaml").toString());
        assertTrue(b.out.contains("13 point(s)") && b.out.contains("rate=0.13_ms"), b.toString());
    }

    @Test
    void validateSaysHowLongTheRunIsExpectedToTake() {
        CliRunner q = CliRunner.run("validate", Path.of("..", "scenarios", "quickstart.yaml").toString());
        assertTrue(q.out.contains("expected run time: 1 point, about 6 s (3 s of workload, 3 s per point to start "
                + "and stop its JVMs)"), q.toString());
        // Scenario A: 15,000 requests at each of 0.01 .. 0.09/ms, 71 min of workload, monitored.
        CliRunner a = CliRunner.run("validate", Path.of("..", "scenarios", "paper-scenario-a.yaml").toString());
        assertTrue(a.out.contains("expected run time: 9 points, about 1 h 12 min (1 h 11 min of workload, 6 s per "
                + "point to start and stop its JVMs)"), a.toString());
        CliRunner closed = CliRunner.run("validate", Path.of("..", "scenarios", "quickstart.yaml").toString(),
                "--set", "client.processes[0].arrival={law: closed, threads: 2}");
        assertTrue(closed.out.contains("a closed loop's time is an estimate"), closed.toString());
    }

    @Test
    void badScenarioExitsTwoWithLocatedMessage() throws Exception {
        Path f = dir.resolve("bad.yaml");
        Files.writeString(f, Files.readString(Path.of("..", "scenarios", "quickstart.yaml")).replace("rate: 200/s", "rate: 0/s"));
        for (String[] args : new String[][] {{"validate", f.toString()}, {"run", f.toString(), "--out", dir.resolve("o").toString()},
                {"server", f.toString(), "--out", dir.resolve("o").toString()}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
            assertTrue(r.err.contains("bad.yaml:41:") && r.err.contains("client.processes[0].arrival.rate: the arrival rate must be positive"), r.toString());
        }
        assertTrue(!Files.exists(dir.resolve("o")), "nothing starts on bad input");
    }

    @Test
    void missingFileAndBadSetExitTwo() {
        CliRunner missing = CliRunner.run("run", dir.resolve("none.yaml").toString());
        assertEquals(Orbscope.EXIT_BAD_INPUT, missing.exit);
        assertTrue(missing.err.contains("none.yaml: no such file"), missing.toString());
        CliRunner set = CliRunner.run("validate", Path.of("..", "scenarios", "quickstart.yaml").toString(),
                "--set", "client.processes[7].requests=3");
        assertEquals(Orbscope.EXIT_BAD_INPUT, set.exit);
        assertTrue(set.err.contains("--set") && set.err.contains("does not exist"), set.toString());
    }

    /** {@code validate} and {@code run} of {@code f}: both exit 2 with one line, and nothing starts. */
    private java.util.List<CliRunner> refusedByValidateAndRun(Path f) {
        java.util.List<CliRunner> said = new java.util.ArrayList<>();
        for (String[] args : new String[][] {{"validate", f.toString()},
                {"run", f.toString(), "--out", dir.resolve("o").toString()}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
            assertEquals(1, r.err.lines().count(), r.toString());
            said.add(r);
        }
        assertTrue(!Files.exists(dir.resolve("o")), "nothing starts on bad input");
        return said;
    }

    /** The quickstart, monitored with the agent config {@code agent.yaml} beside it. */
    private Path monitoredQuickstart(String... agentConfig) throws Exception {
        Files.writeString(dir.resolve("agent.yaml"), String.join("\n", agentConfig) + "\n");
        Path f = dir.resolve("monitored.yaml");
        Files.writeString(f, Files.readString(Path.of("..", "scenarios", "quickstart.yaml"))
                + "monitoring: {enabled: true, config: agent.yaml}\n");
        return f;
    }

    @Test
    void anAgentConfigTypoIsRefusedAtItsLineBeforeAnythingStarts() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path f = monitoredQuickstart("# the agent's options", "cpu.sampel: 4");
        for (CliRunner r : refusedByValidateAndRun(f)) {
            assertTrue(r.err.contains("monitoring.config: ") && r.err.contains("agent.yaml:2: unknown option 'cpu.sampel'")
                    && r.err.endsWith("did you mean 'cpu.sample'?\n"), r.toString());
        }
        CliRunner good = CliRunner.run("validate", monitoredQuickstart("cpu.sample: 4").toString());
        assertEquals(Orbscope.EXIT_OK, good.exit, good.toString());
    }

    @Test
    void aPayloadBeyondTheClientsHeapIsRefusedAtValidate() throws Exception {
        Path f = dir.resolve("huge.yaml");
        Files.writeString(f, Files.readString(Path.of("..", "scenarios", "quickstart.yaml"))
                .replace("payload: {type: octet, size: 240}", "payload: {type: octet, size: 2000000000}"));
        for (CliRunner r : refusedByValidateAndRun(f)) {
            assertTrue(r.err.contains("huge.yaml:43:") && r.err.contains("client.processes[0].targets[0].payload.size: ")
                    && r.err.contains("more than the client's heap of"), r.toString());
        }
    }
}
