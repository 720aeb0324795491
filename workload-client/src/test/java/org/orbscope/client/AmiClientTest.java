package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.scenario.ServerSpec;

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
                "  orb: {poolMax: 64, queueMax: 100000}",   // a loaded machine may fall behind: never TRANSIENT
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
        int code = ClientMain.run(new ClientLaunch(s, Map.of(ServerSpec.SINGLE, srv.resolve("ior")), null, out));
        assertEquals(0, code, new String(Files.readAllBytes(dir.resolve("server.log")), StandardCharsets.UTF_8));
        List<RequestRecord> rows = new ArrayList<>();
        RequestsCsv.read(out.resolve("requests.csv"), rows::add);
        assertEquals(400, rows.size());
        Map<String, Integer> perOperation = new HashMap<>();
        long slowMin = Long.MAX_VALUE;
        for (RequestRecord r : rows) {
            assertTrue(r.ok(), r.toString());
            perOperation.merge(r.object() + "." + r.operation(), 1, Integer::sum);
            if (r.object().equals("slow")) {
                slowMin = Math.min(slowMin, r.responseNs());
            }
        }
        assertEquals(6, perOperation.size(), perOperation.toString());
        assertTrue(slowMin >= 40_000_000L, "a 40 ms wait is answered after 40 ms: " + slowMin);
        // Sending never waits for replies: while each slow request waited 40 ms for its reply, the one sender
        // thread went on sending (what was recorded, however loaded the machine).
        for (RequestRecord slow : rows) {
            if (slow.object().equals("slow") && slow.seq() < 390) {
                boolean overlapped = rows.stream().anyMatch(r -> r.seq() > slow.seq()
                        && r.sentNs() < slow.completedNs());
                assertTrue(overlapped, "nothing was sent while request " + slow.seq() + " waited for its reply");
            }
        }
    }
}
