package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

class ScenarioMappingTest {
    private static final String SCENARIO = String.join("\n",
            "name: m",
            "server:",
            "  orb: {poolMax: 1}",
            "  objects:",
            "    - {id: o, copies: 4, operations: {call: {cpu: 1ms}}}",
            "client:",
            "  instances: 3",
            "  processes:",
            "    - name: p",
            "      requests: 100",
            "      arrival: {law: poisson, rate: 50/s}",
            "      targets: [{object: o, operation: call}]",
            "");

    @Test
    void copiesAreServantsAndEveryClientInstanceIsAStreamOnItsOwnConnection() throws Exception {
        Scenario s = ScenarioLoader.parse("m.yaml", SCENARIO);
        ModelParameters m = ScenarioMapping.map(s);
        assertEquals(4, m.servants().size());
        assertEquals(3, m.connections());
        assertEquals(3, m.streams().size());
        for (int i = 0; i < 3; i++) {
            ModelParameters.Stream st = m.streams().get(i);
            assertEquals(i, st.connection());
            assertEquals(50.0, st.arrivals().ratePerSec(), 1e-9);
            assertEquals(4, st.operations().length);
            assertEquals(0.25, st.probabilities()[i], 1e-12);
        }
        assertEquals(300, ScenarioMapping.requests(s));
    }

    /** The threading model is what the server's ORB does with a request, and its pool size where it has one. */
    @Test
    void eachOrbProductThreadsAsTheOrbDoes() throws Exception {
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("{poolMax: 3}", "THREAD_POOL 3 PER_POA");
        expected.put("{poolMax: 3, poolShared: true}", "THREAD_POOL 3 SHARED");
        expected.put("{product: yoko}", "THREAD_PER_REQUEST");
        expected.put("{product: yoko, concModel: thread_pool}", "THREAD_POOL 10 SHARED");
        expected.put("{product: yoko, concModel: thread_pool, poolMax: 4}", "THREAD_POOL 4 SHARED");
        expected.put("{product: yoko, concModel: threaded}", "THREAD_PER_CONNECTION");
        expected.put("{product: yoko, concModel: leader_followers}", "LEADER_FOLLOWER 10");
        expected.put("{product: yoko, concModel: leader_followers, poolMax: 3}", "LEADER_FOLLOWER 3");
        expected.put("{product: glassfish}", "THREAD_PER_REQUEST");
        expected.put("{product: openjdk-orb, nioSelect: true}", "THREAD_PER_REQUEST");
        expected.put("{product: openjdk-orb, nioSelect: false}", "THREAD_PER_CONNECTION");
        expected.put("{product: glassfish, nioSelect: false}", "THREAD_PER_CONNECTION");
        expected.put("{product: glassfish, poolMax: 4}", "THREAD_POOL 4 SHARED");
        expected.put("{product: openjdk-orb, poolMax: 2}", "THREAD_POOL 2 SHARED");
        Map<String, String> mapped = new java.util.LinkedHashMap<>();
        for (String orb : expected.keySet()) {
            // Leader/followers serves the scenario's POAs (not the RootPOA): every object on a POA of its own.
            ModelParameters m = ScenarioMapping.map(ScenarioLoader.parse("m.yaml", SCENARIO.replace("{poolMax: 1}", orb)
                    .replace("  objects:\n    - {id: o,", "  poas: [{name: P}]\n  objects:\n    - {id: o, poa: P,")));
            mapped.put(orb, m.threadingModel() + switch (m.threadingModel()) {
                case THREAD_POOL -> " " + m.dispatcherThreads() + " " + m.poolScope();
                case LEADER_FOLLOWER -> " " + m.dispatcherThreads();
                default -> "";
            });
        }
        assertEquals(expected, mapped);
    }

    /** T_poa: a POA's {@code threads}, 1 for a SINGLE_THREAD_MODEL POA, 0 (unlimited) for RootPOA and by default. */
    @Test
    void aPoasThreadsAreItsThreadLimit() throws Exception {
        String poas = SCENARIO.replace("  objects:\n", "  poas: [{name: two, threads: 2}, {name: one, threadPolicy: "
                + "SINGLE_THREAD_MODEL}, {name: any}]\n  objects:\n");
        Map<String, Integer> threads = new java.util.LinkedHashMap<>();
        ScenarioMapping.map(ScenarioLoader.parse("m.yaml", poas)).poas().forEach(p -> threads.put(p.name(), p.threads()));
        assertEquals(Map.of("RootPOA", 0, "two", 2, "one", 1, "any", 0), threads);
    }

    @Test
    void eachProcessKeepsItsOwnCount() throws Exception {
        // The proxy pattern's yardstick point: one pair alone, the two other clients sending one call each.
        Scenario s = ScenarioLoader.loadDocument(java.nio.file.Path.of("../scenarios/proxy-pattern-cubit.yaml"),
                List.of()).points().get(0).scenario();
        ModelParameters m = ScenarioMapping.map(s);
        assertEquals(List.of(20_000L, 1L, 1L), m.streams().stream().map(ModelParameters.Stream::requests).toList());
        assertEquals(20_002, ScenarioMapping.requests(s));
    }

    @Test
    void theIdlsOnewayOperationHasNoReplyInTheModel() throws Exception {
        Scenario s = ScenarioLoader.parse("m.yaml", SCENARIO.replace("copies: 4, ", "")
                .replace("  instances: 3", "  instances: 1\n  invocation: oneway")
                .replace("targets: [{object: o, operation: call}]", "targets: [{object: o}]"));
        ModelParameters m = ScenarioMapping.map(s);
        assertEquals(2, m.operations().size(), "call, which the object lists, and post, which the client sends");
        for (ModelParameters.Operation op : m.operations()) {
            assertEquals(op.name().equals("post"), op.oneway(), op.toString());
        }
        for (int target : m.streams().get(0).operations()) {
            assertEquals("post", m.operations().get(target).name());
        }
        assertEquals(List.of(), ScenarioMapping.unmodelled(s));
    }

    @Test
    void whatTheModelLeavesOutOfAScenarioIsSaidInAPlainSentenceEach() throws Exception {
        assertEquals(List.of(), ScenarioMapping.unmodelled(ScenarioLoader.parse("m.yaml", SCENARIO)));
        Scenario open = ScenarioLoader.parse("m.yaml", SCENARIO
                .replace("orb: {poolMax: 1}", "orb: {poolMax: 1, queueMax: 50}")
                .replace("targets: [{object: o, operation: call}]",
                        "targets: [{object: o, operation: post}, {object: o, operation: call, payload: {size: 240}}]"));
        List<String> left = ScenarioMapping.unmodelled(open);
        assertEquals(2, left.size(), left.toString());
        for (String said : new String[] {"payload sizes", "queueMax 50"}) {
            assertTrue(left.stream().anyMatch(l -> l.contains(said)), said + " in " + left);
        }
        Scenario closed = ScenarioLoader.parse("m.yaml", SCENARIO
                .replace("{law: poisson, rate: 50/s}", "{law: closed, threads: 2, thinkTime: 1ms}"));
        left = ScenarioMapping.unmodelled(closed);
        assertEquals(1, left.size(), left.toString());
        assertTrue(left.get(0).contains("closed loop"), left.toString());
        assertEquals(List.of(), ScenarioMapping.unmodelled(closed, true), "with a client delay the cycle is whole");
    }

    @Test
    void aClientThatHoldsItsCallersIsOneInvokerPoolPerJvmAndItsWorkAfterEachReply() throws Exception {
        for (ModelParameters.Stream st : ScenarioMapping.map(ScenarioLoader.parse("m.yaml", SCENARIO)).streams()) {
            assertTrue(st.caller() == ModelParameters.Caller.NONE, "no invokers given, no work: a thread per call");
        }
        Scenario gui = ScenarioLoader.parse("m.yaml", SCENARIO.replace("  instances: 3\n", "  instances: 3\n  invokers: 1\n")
                .replace("      requests: 100\n", "      requests: 100\n      processing: {cpu: 1ms, wait: {dist: exponential, mean: 10ms}}\n"));
        ModelParameters m = ScenarioMapping.map(gui);
        for (int jvm = 0; jvm < 3; jvm++) {
            ModelParameters.Caller c = m.streams().get(jvm).caller();
            assertEquals(jvm, c.client(), "each client JVM its own pool");
            assertEquals(1, m.invokers(jvm));
            assertEquals("1.000ms", c.cpu().toString());
            assertEquals("exp(10.00ms)", c.waiting().toString());
        }
        List<String> left = ScenarioMapping.unmodelled(gui);
        assertEquals(1, left.size(), left.toString());
        assertTrue(left.get(0).contains("processing CPU is time"), left.toString());
        // A closed client is its own caller: its work after a reply comes before its think time, with no pool.
        ModelParameters closed = ScenarioMapping.map(ScenarioLoader.parse("m.yaml", SCENARIO
                .replace("{law: poisson, rate: 50/s}", "{law: closed, threads: 2, thinkTime: 1ms}")
                .replace("      requests: 100\n", "      requests: 100\n      processing: {wait: 5ms}\n")));
        ModelParameters.Caller c = closed.streams().get(0).caller();
        assertEquals(-1, c.client());
        assertTrue(c.cpu().isZero());
        assertEquals("5.000ms", c.waiting().toString());
    }

    /** SCENARIO's process as two closed clients walking {@code session} over a call and a ping of one object. */
    private static Scenario session(String session) throws Exception {
        return ScenarioLoader.parse("m.yaml", SCENARIO.replace("  instances: 3\n", "").replace("copies: 4, ", "")
                .replace("arrival: {law: poisson, rate: 50/s}", "arrival: {law: closed, threads: 2}\n"
                        + "      session: " + session)
                .replace("targets: [{object: o, operation: call}]",
                        "targets: [{object: o, operation: call}, {object: o, operation: ping}]"));
    }

    @Test
    void aSessionRoutesByItsLongRunShareOfCallsToEachTarget() throws Exception {
        // From target 0: to 1 or to the end, half each; from 1: back to 0 or to the end. Visits per session:
        // v0 = 1 + v1 / 2 and v1 = v0 / 2, so v0 = 4/3 and v1 = 2/3: two thirds of the calls go to target 0.
        double[] shares = ScenarioMapping.map(session("{transitions: [[0, 0.5, 0.5], [0.5, 0, 0.5]]}")).streams()
                .get(0).probabilities();
        assertEquals(2.0 / 3, shares[0], 1e-12);
        assertEquals(1.0 / 3, shares[1], 1e-12);
        Scenario order = session("{pause: 1s}");
        assertEquals(0.5, ScenarioMapping.map(order).streams().get(0).probabilities()[0], 1e-12);
        assertTrue(ScenarioMapping.unmodelled(order).stream().anyMatch(u -> u.startsWith("a session's order")));
    }
}
