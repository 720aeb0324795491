package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AMI callbacks against a real server JVM over loopback: every operation style, and sends that never wait. */
class AmiClientTest {
    @TempDir
    Path dir;
    private Process server;

    @AfterEach
    void stopServer() throws Exception {
        if (server != null && server.isAlive()) {
            server.getOutputStream().close();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private Path startServer(Path scenario) throws Exception {
        ServerProcess started = ServerProcess.start(dir, scenario);
        server = started.process;
        return started.out;
    }

    @Test
    void amiRepliesArriveForEveryOperationStyleAndSlowRepliesDoNotDelaySending() throws Exception {
        Path s = dir.resolve("ami.yaml");
        Files.write(s, String.join("\n",
                "name: ami",
                "server:",
                "  orb: {poolMax: 64}",
                "  objects:",
                "    - id: a",
                "      operations:",
                "        ping: {cpu: 20us}",
                "        call: {cpu: 50us, replySize: 200}",
                "        inout_octet_seq: {cpu: 20us}",
                "        in_any: {cpu: 20us}",
                "        in_basic_seq: {cpu: 20us}",
                "    - id: slow",
                "      operations: {ping: {wait: 40ms}}",
                "client:",
                "  invocation: ami",
                "  connections: 2",
                "  processes:",
                "    - name: mixed",
                "      requests: 400",
                "      arrival: {law: poisson, rate: 400/s}",
                "      targets:",
                "        - {object: a, operation: ping}",
                "        - {object: a, operation: call, payload: {size: 64}}",
                "        - {object: a, operation: inout_octet_seq, payload: {size: 128}}",
                "        - {object: a, operation: in_any, payload: {size: 48}}",
                "        - {object: a, operation: in_basic_seq, payload: {size: 96}}",
                "        - {object: slow, operation: ping}",
                "").getBytes(StandardCharsets.UTF_8));
        Path srv = startServer(s);
        Path out = dir.resolve("client");
        int code = ClientMain.run(new String[] {"--scenario", s.toString(), "--ior-dir", srv.resolve("ior").toString(), "--out", out.toString()});
        assertEquals(0, code, new String(Files.readAllBytes(dir.resolve("server.log")), StandardCharsets.UTF_8));
        List<String> rows = Files.readAllLines(out.resolve("requests.csv"));
        assertEquals(401, rows.size());
        Map<String, Integer> perOperation = new HashMap<>();
        long slowMin = Long.MAX_VALUE;
        long maxLateness = 0;
        StringBuilder late = new StringBuilder();
        for (String r : rows.subList(1, rows.size())) {
            assertTrue(r.endsWith(",ok"), r);
            String[] f = r.split(",");
            perOperation.merge(f[3] + "." + f[4], 1, Integer::sum);
            if (f[3].equals("slow")) {
                slowMin = Math.min(slowMin, Long.parseLong(f[8]));
            }
            maxLateness = Math.max(maxLateness, Long.parseLong(f[9]));
            if (Long.parseLong(f[9]) > 2_000_000L) {
                late.append(f[0]).append(':').append(f[3]).append('.').append(f[4]).append('=')
                        .append(Long.parseLong(f[9]) / 1_000_000L).append("ms ");
            }
        }
        assertEquals(6, perOperation.size(), perOperation.toString());
        assertTrue(slowMin >= 40_000_000L, "a 40 ms wait is answered after 40 ms: " + slowMin);
        // About 67 slow requests at 400/s overlap each other's 40 ms; one sender thread still sends on time.
        assertTrue(maxLateness < 20_000_000L, "sending never waits for replies: max lateness " + maxLateness + " ns; late: " + late);
    }
}
