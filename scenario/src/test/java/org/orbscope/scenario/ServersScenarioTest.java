package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.scenario.ScenarioLoaderTest.bad;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code servers:} form, object addressing by server and id, and servant calls. */
class ServersScenarioTest {
    static final String PROXY = String.join("\n",
            "name: proxied",
            "servers:",
            "  - name: proxy",
            "    cpus: [0]",
            "    objects:",
            "      - id: p",
            "        operations:",
            "          forward: {cpu: 1ms, calls: [{server: backend, object: o, operation: forward}]}",
            "          call: {calls: [{object: o, count: 6}, {object: log, operation: post}]}",
            "  - name: backend",
            "    monitoring: {enabled: true}",
            "    objects:",
            "      - {id: o, operations: {forward: {cpu: 2ms}}}",
            "      - {id: log}",
            "client:",
            "  processes:",
            "    - requests: 10",
            "      arrival: {rate: 20/s}",
            "      targets:",
            "        - {server: proxy, object: p, operation: forward}",
            "        - {object: o, operation: forward}",
            "");

    @Test
    void theSingleServerFormIsOneServerNamedServer() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", ScenarioLoaderTest.GOOD);
        assertTrue(s.singleServer());
        assertEquals(1, s.servers().size());
        assertEquals("server", s.servers().get(0).name());
        assertEquals("o1", s.resolve(null, "o1").key(s), "one server: an object's key is its id");
        assertFalse(s.monitored());
    }

    @Test
    void serversBindWithTheirCallsAndAddresses() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", PROXY);
        assertFalse(s.singleServer());
        assertNull(s.server());
        assertEquals(List.of("proxy", "backend"), s.servers().stream().map(ServerSpec::name).toList());
        CallSpec forward = s.server("proxy").object("p").operations().get("forward").calls().get(0);
        assertEquals("forward", forward.operation());
        assertEquals(1, forward.count());
        assertTrue(forward.sync());
        List<CallSpec> calls = s.server("proxy").object("p").operations().get("call").calls();
        assertEquals("call", calls.get(0).operation(), "operation defaults to call");
        assertEquals(6, calls.get(0).count());
        assertEquals(CallSpec.Invocation.ONEWAY, calls.get(1).invocation(), "post is oneway by default");
        assertEquals("backend/o", s.resolve(null, "o").key(s), "several servers: server/id");
        assertEquals("backend", s.resolve("backend", "o").server().name());
        assertNull(s.resolve("proxy", "o"));
    }

    @Test
    void serversStartAfterTheServersTheyCall() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", PROXY);
        assertEquals(List.of("backend", "proxy"), s.startOrder().stream().map(ServerSpec::name).toList());
        assertEquals(Set.of("backend"), s.dependencies(s.server("proxy")));
    }

    @Test
    void monitoringIsPerServerOrTheScenarios() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", PROXY + "monitoring: {enabled: false, cpuTime: false}\n");
        assertTrue(s.monitoring(s.server("backend")).enabled(), "the server's own monitoring wins");
        assertFalse(s.monitoring(s.server("proxy")).enabled(), "the scenario's for the others");
        assertTrue(s.monitored());
    }

    @Test
    void anObjectOnSeveralServersNeedsItsServer() {
        String twice = PROXY.replace("- {id: log}", "- {id: log}\n      - {id: p}");
        ScenarioException e = bad(twice.replace("{server: proxy, object: p, operation: forward}",
                "{object: p, operation: forward}"));
        assertEquals("client.processes[0].targets[0].object", e.field());
        assertEquals(21, e.line());
        assertTrue(e.problem().contains("object 'p' is deployed on servers proxy, backend: give 'server'"), e.getMessage());
    }

    @Test
    void unknownServersAndObjectsAreNamedWithTheValidOnes() {
        ScenarioException server = bad(PROXY.replace("{server: proxy, object: p", "{server: proxi, object: p"));
        assertEquals("client.processes[0].targets[0].server", server.field());
        assertTrue(server.problem().contains("server 'proxi' does not exist; did you mean 'proxy'? (servers: proxy, backend)"),
                server.getMessage());
        ScenarioException object = bad(PROXY.replace("{server: proxy, object: p", "{server: backend, object: p"));
        assertTrue(object.problem().contains("object 'p' is not deployed on server 'backend'; did you mean 'o'? "
                + "(objects of server 'backend': o, log)"), object.getMessage());
        ScenarioException call = bad(PROXY.replace("calls: [{object: o, count: 6}", "calls: [{object: q, count: 6}"));
        assertEquals("servers[0].objects[0].operations.call.calls[0].object", call.field());
        assertEquals(9, call.line());
        assertTrue(call.problem().contains("object 'q' is not deployed"), call.getMessage());
    }

    @Test
    void bothFormsOrNeitherAreRefused() {
        ScenarioException both = bad(PROXY.replace("servers:\n", "server: {}\nservers:\n"));
        assertEquals("servers", both.field());
        assertEquals(3, both.line());
        assertTrue(both.problem().contains("give 'server' (one server) or 'servers'"), both.getMessage());
        ScenarioException neither = bad(ScenarioLoaderTest.GOOD.replace("server:\n", "serverless:\n"));
        assertTrue(neither.getMessage().contains("unknown field 'serverless'"), neither.getMessage());
        ScenarioException empty = bad(PROXY.substring(0, PROXY.indexOf("servers:")) + "servers: []\n"
                + PROXY.substring(PROXY.indexOf("client:")).replace("{server: proxy, object: p, operation: forward}",
                        "{object: p}"));
        assertTrue(empty.problem().contains("a scenario needs 'server' (one server) or 'servers'"), empty.getMessage());
    }

    @Test
    void serverNamesAreUniqueDirectoryNames() {
        ScenarioException twice = bad(PROXY.replace("name: backend", "name: proxy"));
        assertEquals("servers[1].name", twice.field());
        assertTrue(twice.problem().contains("server 'proxy' is declared twice"), twice.getMessage());
        ScenarioException slash = bad(PROXY.replace("name: backend", "name: back/end").replace("server: backend",
                "server: back/end"));
        assertTrue(slash.problem().contains("names a directory of the run"), slash.getMessage());
        ScenarioException single = bad(ScenarioLoaderTest.GOOD.replace("server:\n", "server:\n  name: front\n"));
        assertEquals("server.name", single.field());
        assertTrue(single.problem().contains("named 'server'"), single.getMessage());
    }

    @Test
    void callsNameAnOperationTheServantCanCallInTheRightStyle() {
        ScenarioException op = bad(PROXY.replace("{object: o, count: 6}", "{object: o, operation: inout_any}"));
        assertEquals("servers[0].objects[0].operations.call.calls[0].operation", op.field());
        assertTrue(op.problem().contains("a servant calls call, forward, ping, post, not 'inout_any'"), op.getMessage());
        ScenarioException oneway = bad(PROXY.replace("{object: o, count: 6}", "{object: o, invocation: oneway, "
                + "operation: call}"));
        assertTrue(oneway.problem().contains("a oneway call sends post"), oneway.getMessage());
        ScenarioException sync = bad(PROXY.replace("operation: post}", "operation: post, invocation: sync}"));
        assertTrue(sync.problem().contains("post is oneway in the IDL"), sync.getMessage());
        ScenarioException count = bad(PROXY.replace("count: 6", "count: -1"));
        assertEquals("servers[0].objects[0].operations.call.calls[0].count", count.field());
        assertTrue(count.problem().contains("0 (no call) or more"), count.getMessage());
        ScenarioException style = bad(PROXY.replace("count: 6", "count: 6, invocation: deferred"));
        assertTrue(style.problem().contains("'deferred' is not one of sync, oneway"), style.getMessage());
    }

    @Test
    void callsThatComeBackToTheirOperationAreRefused() {
        ScenarioException self = bad(PROXY.replace("{object: o, count: 6}", "{object: p, count: 6}"));
        assertEquals("servers[0].objects[0].operations.call.calls", self.field());
        assertTrue(self.problem().contains("the calls form a cycle (proxy/p.call -> proxy/p.call)"), self.getMessage());
        // o.forward calls back into proxy: the servers' calls go both ways, and so do the operations'.
        ScenarioException round = bad(PROXY.replace("{forward: {cpu: 2ms}}", "{forward: {cpu: 2ms, calls: "
                + "[{server: proxy, object: p, operation: forward}]}}"));
        assertTrue(round.problem().contains("cycle (proxy/p.forward -> backend/o.forward -> proxy/p.forward)"),
                round.getMessage());
        ScenarioException servers = bad(PROXY.replace("{forward: {cpu: 2ms}}", "{forward: {cpu: 2ms, calls: "
                + "[{server: proxy, object: p, operation: ping}]}}"));
        assertEquals("servers[0]", servers.field());
        assertTrue(servers.problem().contains("calls between servers cannot go round (proxy -> backend -> proxy)"),
                servers.getMessage());
    }

    @Test
    void aServerPathInASweepReachesTheNamedServer() throws Exception {
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", PROXY + String.join("\n",
                "sweep:",
                "  servers[0].objects[0].operations.call.calls[0].count: [0, 1, 6]", ""), List.of());
        List<SweepPoint> points = d.points();
        assertEquals(List.of("count=0", "count=1", "count=6"), points.stream().map(SweepPoint::name).toList());
        assertEquals(6, points.get(2).scenario().server("proxy").object("p").operations().get("call").calls().get(0)
                .count());
    }

    @Test
    void serversMayShareAHostAndTheClientsRunOnHostsOfTheirOwn(@TempDir Path dir) throws Exception {
        String onH1 = PROXY.replace("    cpus: [0]\n", "    cpus: [0]\n    host: h1\n");
        Scenario s = ScenarioLoader.parse("s.yaml", onH1);
        assertEquals("h1", s.server("proxy").host());
        assertNull(s.server("backend").host());
        String shared = onH1.replace("    monitoring: {enabled: true}\n", "    monitoring: {enabled: true}\n    host: h1\n");
        assertEquals("h1", ScenarioLoader.parse("s.yaml", shared).server("backend").host(), "two servers on h1");
        Path config = Files.writeString(dir.resolve("agent.yaml"), "{}\n");
        ScenarioException configs = bad(shared.replace("    monitoring: {enabled: true}\n",
                "    monitoring: {enabled: true, config: " + config + "}\n").replace("    cpus: [0]\n",
                "    cpus: [0]\n    monitoring: {enabled: true}\n"));
        assertEquals("servers[1].monitoring.config", configs.field());
        assertTrue(configs.problem().contains("the servers of a host share one"), configs.getMessage());
        ScenarioException badName = bad(PROXY.replace("    cpus: [0]\n", "    cpus: [0]\n    host: a/b\n"));
        assertEquals("servers[0].host", badName.field());
        Scenario clientHosts = ScenarioLoader.parse("s.yaml", onH1.replace("client:\n",
                "client:\n  hosts: {names: [h2]}\n"));
        assertEquals(List.of("h2"), clientHosts.client().hosts().used());
        ScenarioException both = bad(onH1.replace("client:\n", "client:\n  hosts: {names: [h1]}\n"));
        assertEquals("client.hosts.names[0]", both.field());
        assertTrue(both.problem().contains("a host runs a server or clients, not both"), both.getMessage());
    }

    @Test
    void aCallMayBeMadeWithAProbabilityAndToARandomCopy() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", PROXY.replace("{object: o, count: 6}",
                "{object: o, count: 6, probability: 0.79}").replace("- {id: log}", "- {id: log, copies: 3}"));
        List<CallSpec> calls = s.server("proxy").object("p").operations().get("call").calls();
        assertEquals(0.79, calls.get(0).probability());
        assertFalse(calls.get(0).certain());
        assertEquals(6 * 0.79, calls.get(0).expectedCount(), 1e-9);
        assertEquals(1.0, calls.get(1).probability(), "a call is made for certain by default");
        assertEquals(List.of("log-1", "log-2", "log-3"), s.callees(calls.get(1)).stream().map(r -> r.object().id())
                .toList(), "after the copies are expanded, a call to log goes to one of its copies");
        assertEquals(List.of("o"), s.callees(calls.get(0)).stream().map(r -> r.object().id()).toList());
        assertEquals(Set.of("backend"), s.dependencies(s.server("proxy")), "copies are on backend");
    }

    @Test
    void aCallsProbabilityIsAChanceAndCopiesKeepTheirIdsToThemselves() {
        ScenarioException p = bad(PROXY.replace("{object: o, count: 6}", "{object: o, count: 6, probability: 1.2}"));
        assertEquals("servers[0].objects[0].operations.call.calls[0].probability", p.field());
        assertTrue(p.problem().contains("probability must be between 0 and 1 (the chance that each of the count "
                + "calls is made), not 1.2"), p.getMessage());
        ScenarioException like = bad(PROXY.replace("- {id: log}", "- {id: log, copies: 2}\n      - {id: log-3}"));
        assertEquals("servers[1].objects[2].id", like.field());
        assertTrue(like.problem().contains("object 'log-3' would be taken for a copy of 'log' (copies: 2, deployed "
                + "as log-1 .. log-2): give it another id"), like.getMessage());
    }
}
