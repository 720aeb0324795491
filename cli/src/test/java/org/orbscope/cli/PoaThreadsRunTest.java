package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ReceivedCsv;

/**
 * A POA of two threads ({@code threads: 2}) on JacORB, whose pool would run 20 of its requests at once: six closed
 * clients keep more than two requests at its two servants, and the server records that two at most, and no fewer,
 * were in the POA's servants at once.
 */
class PoaThreadsRunTest {
    static final int REQUESTS = 120;
    static final int WARMUP_CALLS = 20;

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void aPoaOfTwoThreadsRunsTwoRequestsInItsServantsAtOnce() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Path server = runTwoObjectsOfPoaP(dir, "poa-threads", null, "{name: P, threads: 2}");
        String log = Files.readString(server.resolve("server.log"));
        assertTrue(log.contains("orbscope server: POA P: at most 2 requests in its servants at once (threads 2)"), log);
    }

    /**
     * Runs {@code REQUESTS} calls of six closed clients on two connections to two objects of POA P ({@code poa}),
     * each call 10 ms off the CPU, on {@code orb} (null: JacORB's defaults); checks that the run ended well and that
     * the servants received every request; returns the server's directory.
     */
    static Path runTwoObjectsOfPoaP(Path dir, String name, String orb, String poa) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, String.join("\n",
                "name: " + name,
                "server:",
                orb == null ? "" : "  orb: " + orb,
                "  warmupCalls: " + WARMUP_CALLS,
                "  poas: [" + poa + "]",
                "  objects:",
                "    - {id: a, poa: P, operations: {ping: {wait: 10ms}}}",
                "    - {id: b, poa: P, operations: {ping: {wait: 10ms}}}",
                "client:",
                "  connections: 2",
                "  maxDuration: 60s",
                "  processes: [{name: p, requests: " + REQUESTS + ", arrival: {law: closed, threads: 6},",
                "               targets: [{object: a, operation: ping}, {object: b, operation: ping}]}]",
                ""));
        CliRunner r = CliRunner.run("run", file.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS,
                "--out", dir.resolve("runs").toString());
        Path server = CliRunner.onlyRun(dir.resolve("runs")).resolve("points/single/server");
        String log = Files.readString(server.resolve("server.log"));
        assertEquals(Orbscope.EXIT_OK, r.exit, r + "\n" + log);
        assertEquals(REQUESTS, ReceivedCsv.read(server.resolve("received.csv")).stream()
                .mapToLong(ReceivedCsv.Row::requests).sum(), "the servants received every request");
        return server;
    }
}
