package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.traced.OrbServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Request;
import org.omg.CORBA.TCKind;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileMethod;

/** A real JacORB server under the agent with the shipped JacORB profile; a DII client in this JVM over loopback. */
class JacOrbIT {
    private static final int CALLS = 40;

    @TempDir
    Path dir;

    @Test
    void aJacOrbServerRunsUnderTheAgentAndItsRequestsJoinAcrossThreads() throws Exception {
        Path ior = dir.resolve("counter.ior");
        Path stop = dir.resolve("stop");
        Path trace = dir.resolve("server.trace");
        ChildJvm server = ChildJvm.orbServer(dir, "profile=jacorb,out=" + trace, ior, stop);
        ORB orb = ORB.init(new String[0], OrbServer.orbProperties());
        try {
            org.omg.CORBA.Object counter = orb.string_to_object(new String(Files.readAllBytes(ior), StandardCharsets.US_ASCII));
            for (int i = 0; i < CALLS; i++) {
                Request r = counter._request("inc");
                r.add_in_arg().insert_long(i);
                r.set_return_type(orb.get_primitive_tc(TCKind.tk_long));
                r.invoke();
                assertEquals(i + 1, r.return_value().extract_long());
            }
        } finally {
            Files.write(stop, new byte[0]);
            orb.shutdown(true);
        }
        assertEquals(0, server.await(240), server.output());
        assertTrue(server.output().contains("orb server done"), server.output());
        assertFalse(server.output().contains("cannot instrument"), server.output());

        Map<String, Integer> calls = new HashMap<>();
        Map<String, Set<Long>> keys = new HashMap<>();
        Map<String, Set<String>> threads = new HashMap<>();
        Set<Integer> called = new HashSet<>();
        OrbProfile profile = OrbProfile.load("jacorb");
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated());
            assertEquals("jacorb", r.header().profileName(), "the header names the recording profile");
            assertEquals("ServerMessageReceptor*", r.header().threadRoles().get("receiver"));
            assertEquals("RequestProcessor-*", r.header().threadRoles().get("dispatcher"));
            Dictionary d = r.dictionary();
            r.read(e -> {
                if (e.type() == EventType.METHOD_ENTER) {
                    called.add(e.methodId());
                    String m = d.methodShort(e.methodId());
                    calls.merge(m, 1, Integer::sum);
                    threads.computeIfAbsent(m, k -> new HashSet<>()).add(d.threadName(e.threadId()).replaceAll("[0-9]+$", ""));
                    if (e.hasKey()) {
                        keys.computeIfAbsent(m, k -> new HashSet<>()).add(e.key());
                    }
                }
            });
            assertEquals(0, r.agentErrors());
            // Every profiled method that ran carries its profile role in the trace's method table.
            for (int id : called) {
                ProfileMethod p = profile.method(d.methodClass(id), d.methodName(id), d.methodDescriptor(id));
                assertTrue(p != null, d.method(id) + " is a profile method");
                assertEquals(p.role(), d.methodRole(id), d.method(id));
            }
            assertEquals(profile.methods().size(), called.size(), "every profile method ran: " + calls.keySet());
        }
        for (String m : new String[] {"POA._invoke", "RequestQueue.add", "RequestProcessor.invokeOperation", "RequestController.returnResult"}) {
            assertTrue(calls.getOrDefault(m, 0) >= CALLS, m + " per request: " + calls);
        }
        assertEquals(Set.of("ServerMessageReceptor"), threads.get("POA._invoke"), "the receiver thread hands over");
        assertEquals(Set.of("RequestProcessor-"), threads.get("RequestController.returnResult"), "a dispatcher replies");
        // The ServerRequest's identity joins the receiver's and the dispatcher's events of each request.
        assertEquals(keys.get("POA._invoke"), keys.get("RequestController.returnResult"));
        assertTrue(keys.get("POA._invoke").size() >= CALLS / 2, "distinct requests: " + keys.get("POA._invoke").size());
    }
}
