package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;

/** A client of two server JVMs over loopback opens and times a connection to each of them. */
class ConnectionOpeningsRunTest {
    @TempDir
    Path dir;
    private final List<ServerProcess> servers = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (ServerProcess s : servers) {
            s.stop();
        }
    }

    @Test
    void everyServersConnectionIsOpenedAndTimedAndSessionsAreCounted() throws Exception {
        // One closed client walks a session of a call to each server, on a connection of its own opened anew for
        // each request: 7 calls are 3 sessions completed and one cut after its first call.
        Path f = dir.resolve("two.yaml");
        Files.writeString(f, String.join("\n",
                "name: two",
                "servers:",
                "  - {name: s1, warmupCalls: 0, objects: [{id: a, operations: {call: {cpu: 100us}}}]}",
                "  - {name: s2, warmupCalls: 0, objects: [{id: b, operations: {call: {cpu: 100us}}}]}",
                "client:",
                "  processes:",
                "    - name: user",
                "      requests: 7",
                "      arrival: {law: closed, threads: 1}",
                "      session: {pause: 1ms}",
                "      freshConnection: request",
                "      targets: [{server: s1, object: a, operation: call}, {server: s2, object: b, operation: call}]",
                ""));
        servers.add(ServerProcess.start(dir, f, "s1"));
        servers.add(ServerProcess.start(dir, f, "s2"));
        Path out = dir.resolve("client");
        int code = ClientMain.run(new ClientLaunch(f, Map.of("s1", servers.get(0).out.resolve("ior"),
                "s2", servers.get(1).out.resolve("ior")), null, out));
        assertEquals(0, code);
        List<RequestRecord> rows = new ArrayList<>();
        RequestsCsv.read(out.resolve("requests.csv"), rows::add);
        assertEquals(7, rows.size());
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
        ClientSummary summary = ClientSummary.read(out.resolve("summary.json"));
        assertEquals(2 + 2 + 7 * 2, summary.connect().count(), "before the run the shared connection and the "
                + "client's own, each to both servers; then the client's own to both servers before each request");
        assertEquals(new ClientSummary.Sessions(3, 1), summary.sessions());
    }
}
