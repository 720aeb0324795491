package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.ServerSpec;

/**
 * A servant's calls with a probability and to a random copy, in a server JVM of its own: what the called objects
 * received, counted by the server itself (received.csv), against what the draws allow.
 */
class ServantCallDrawsRunTest {
    @TempDir
    Path dir;

    @Test
    void callsAreMadeWithTheirProbabilityAndSpreadOverTheCopies() throws Exception {
        Path scenario = dir.resolve("draws.yaml");
        Files.writeString(scenario, String.join("\n",
                "name: draws",
                "server:",
                "  warmupCalls: 0",
                "  objects:",
                "    - id: pave",
                "      operations:",
                "        call: {calls: [{object: bus, operation: ping, count: 6, probability: 0.79}, "
                        + "{object: module, operation: ping}]}",
                "    - {id: bus}",
                "    - {id: module, copies: 3}",
                "client:",
                "  processes:",
                "    - requests: 200",
                "      arrival: {law: closed, threads: 2}",
                "      targets: [{object: pave}]",
                ""));
        ServerProcess server = ServerProcess.start(dir, scenario);
        try {
            int code = ClientMain.run(new ClientLaunch(scenario, Map.of(ServerSpec.SINGLE, server.out.resolve("ior")),
                    null, dir.resolve("client")));
            assertEquals(0, code);
        } finally {
            server.stop();
        }
        Map<String, Long> received = ReceivedCsv.requests(ReceivedCsv.read(new ServerDirectory(server.out).received()));
        assertEquals(200L, received.get("pave.call"));
        long bus = received.get("bus.ping");
        // 1,200 draws of p = 0.79: mean 948, standard deviation 14; 6 standard deviations either way.
        assertTrue(bus > 948 - 6 * 14 && bus < 948 + 6 * 14, bus + " calls of 1200 made");
        long spread = 0;
        for (int copy = 1; copy <= 3; copy++) {
            long n = received.getOrDefault("module-" + copy + ".ping", 0L);
            // 200 calls over 3 copies: mean 66.7, standard deviation 6.7 each.
            assertTrue(n > 66.7 - 6 * 6.7 && n < 66.7 + 6 * 6.7, "module-" + copy + " got " + n);
            spread += n;
        }
        assertEquals(200, spread, "every request called one copy");
    }
}
