package org.orbscope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.Any;
import org.omg.CORBA.ORB;
import org.orbscope.orb.JacorbOrbs;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.workload.OctetSeqHelper;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/** Two workload servers in this JVM, each with its own ORB over loopback: a proxy whose servants call a backend. */
class ServantCallsTest {
    static final String SCENARIO = String.join("\n",
            "name: calls",
            "servers:",
            "  - name: proxy",
            "    warmupCalls: 0",
            "    objects:",
            "      - id: p",
            "        operations:",
            "          call: {calls: [{server: backend, object: b, count: 3}, {object: b, operation: post, count: 2}, {object: local}]}",
            "          forward: {cpu: 50us, calls: [{object: b, operation: forward}]}",
            "      - id: local",
            "        operations: {call: {cpu: 100us}}",
            "  - name: backend",
            "    warmupCalls: 0",
            "    objects:",
            "      - {id: b, operations: {forward: {replySize: 16}}}",
            "      - {id: echo}",
            "client:",
            "  processes: [{requests: 1, arrival: {rate: 1/s}, targets: [{object: p}]}]",
            "");

    @TempDir
    Path dir;

    @Test
    void aProxyServantMakesItsCallsAndEveryCalledObjectCountsThem() throws Exception {
        Scenario s = ScenarioLoader.parse("calls.yaml", SCENARIO);
        Path backendDir = dir.resolve("backend");
        Path proxyDir = dir.resolve("proxy");
        ORB orb = JacorbOrbs.client(30_000);
        try (WorkloadServer backend = WorkloadServer.start(s, s.server("backend"), backendDir, Map.of());
             WorkloadServer proxy = WorkloadServer.start(s, s.server("proxy"), proxyDir, Map.of("backend", backendDir))) {
            Target p = TargetHelper.narrow(orb.string_to_object(proxy.iors().get("p")));
            for (int i = 0; i < 5; i++) {
                p.call(new byte[10]);
            }
            // Sync calls have been served when the front call returns; the oneway posts may still be on their way.
            assertEquals(15L, ReceivedCsv.requests(backend.received()).get("b.call"), "3 sync calls per request");
            assertEquals(5L, ReceivedCsv.requests(proxy.received()).get("local.call"), "the collocated call ran once per request");
            assertEquals(5L, ReceivedCsv.requests(proxy.received()).get("p.call"));
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (ReceivedCsv.requests(backend.received()).getOrDefault("b.post", 0L) < 10 && System.nanoTime() < deadline) {
                java.util.concurrent.locks.LockSupport.parkNanos(5_000_000L); // the posts have no reply to wait on
            }
            assertEquals(10L, ReceivedCsv.requests(backend.received()).get("b.post"), "2 oneway posts per request");
        } finally {
            orb.shutdown(false);
        }
        assertEquals(15L, ReceivedCsv.requests(ReceivedCsv.read(new ServerDirectory(backendDir).received())).get("b.call"),
                "the counts are in received.csv once the server stops");
    }

    @Test
    void forwardCarriesTheAnyToTheCalledObjectAndBringsItsReplyBack() throws Exception {
        Scenario s = ScenarioLoader.parse("calls.yaml", SCENARIO);
        Path backendDir = dir.resolve("backend");
        ORB orb = JacorbOrbs.client(30_000);
        try (WorkloadServer backend = WorkloadServer.start(s, s.server("backend"), backendDir, Map.of());
             WorkloadServer proxy = WorkloadServer.start(s, s.server("proxy"), dir.resolve("proxy"),
                     Map.of("backend", backendDir))) {
            Any request = orb.create_any();
            OctetSeqHelper.insert(request, new byte[100]);
            Any viaProxy = TargetHelper.narrow(orb.string_to_object(proxy.iors().get("p"))).forward(request);
            assertEquals(16, OctetSeqHelper.extract(viaProxy).length, "the backend's reply (replySize 16)");
            Any echoed = TargetHelper.narrow(orb.string_to_object(backend.iors().get("echo"))).forward(request);
            assertEquals(100, OctetSeqHelper.extract(echoed).length, "without a reply size forward echoes its request");
            assertEquals(1L, ReceivedCsv.requests(backend.received()).get("b.forward"));
        } finally {
            orb.shutdown(false);
        }
    }

    @Test
    void aServerWhoseCalledServerIsMissingOrDownDoesNotStart() throws Exception {
        Scenario s = ScenarioLoader.parse("calls.yaml", SCENARIO);
        Exception missing = assertThrows(Exception.class,
                () -> WorkloadServer.start(s, s.server("proxy"), dir.resolve("alone"), Map.of()).close());
        assertTrue(missing.getMessage().contains("the directory of server 'backend' was not given"), missing.getMessage());
        Path backendDir = dir.resolve("gone");
        WorkloadServer.start(s, s.server("backend"), backendDir, Map.of()).close();
        Exception down = assertThrows(Exception.class, () -> WorkloadServer.start(s, s.server("proxy"),
                dir.resolve("orphan"), Map.of("backend", backendDir)).close());
        assertTrue(down.getMessage().contains("cannot reach backend/b"), down.getMessage());
    }
}
