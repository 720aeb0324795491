package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ExitCode;
import org.orbscope.scenario.ServerSpec;

/** ClientMain as the launcher starts it: a JVM of its own that reads its launch arguments. */
class ClientMainTest {
    @TempDir
    Path dir;

    @Test
    void aBadLaunchArgumentExitsWithTwoAndOneLine() throws Exception {
        ClientLaunch launch = new ClientLaunch(dir.resolve("point.yaml"), Map.of(ServerSpec.SINGLE, dir.resolve("ior")),
                null, dir.resolve("client"));
        List<String> command = new ArrayList<>(launch.jvm().command());
        command.addAll(List.of("--instance", "two"));
        assertEquals(List.of("orbscope client: Invalid value for option '--instance': 'two' is not an int"),
                badLaunch(command));
    }

    @Test
    void aLaunchWithoutReferencesExitsWithTwoAndOneLine() throws Exception {
        List<String> command = new ArrayList<>(ClientLaunch.parse("--scenario", "p.yaml", "--ior", "x.ior").jvm()
                .command());
        command.subList(command.indexOf("--ior"), command.indexOf("--ior") + 2).clear();
        assertEquals(List.of("orbscope client: give the servers' IOR directories (--ior-dir NAME=DIR) or one "
                + "reference (--ior FILE|URL)"), badLaunch(command));
    }

    /** Runs {@code command}, which must exit 2; the lines it printed. */
    private List<String> badLaunch(List<String> command) throws Exception {
        Path log = dir.resolve("client.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), Files.readString(log));
        assertEquals(ExitCode.BAD_INPUT, p.exitValue(), Files.readString(log));
        return Files.readAllLines(log).stream().filter(l -> !l.startsWith("Picked up ")).toList();
    }
}
