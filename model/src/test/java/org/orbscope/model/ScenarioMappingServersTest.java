package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

/** The scenario -> model mapping of several servers and their servants' calls. */
class ScenarioMappingServersTest {
    static final String SCENARIO = String.join("\n",
            "name: fan-out",
            "servers:",
            "  - name: front",
            "    cpus: [0, 1]",
            "    orb: {poolMax: 6, poolShared: true}",
            "    objects:",
            "      - id: f",
            "        operations:",
            "          call: {cpu: 1ms, calls: [{server: back, object: b, count: 6}, {object: log, operation: post},",
            "                                   {object: local}]}",
            "      - {id: local, operations: {call: {cpu: 0.5ms}}}",
            "  - name: back",
            "    host: h2",
            "    cpus: [1]",
            "    poas: [{name: One, threadPolicy: SINGLE_THREAD_MODEL}]",
            "    objects:",
            "      - {id: b, poa: One, operations: {call: {cpu: 0.1ms}}}",
            "      - {id: log}",
            "client:",
            "  processes: [{requests: 100, arrival: {rate: 100/s}, targets: [{object: f}]}]",
            "");

    @Test
    void eachServerKeepsItsCoresPoolAndPoasAndCallsBecomeSubRequests() throws Exception {
        Scenario s = ScenarioLoader.parse("f.yaml", SCENARIO);
        ModelParameters p = ScenarioMapping.map(s);
        assertEquals(List.of(new ModelParameters.Server("front", 2, 6, PoolScope.SHARED),
                new ModelParameters.Server("back", 1, ScenarioMapping.JACORB_DEFAULT_POOL_MAX, PoolScope.PER_POA)),
                p.servers());
        int f = indexOf(p, "front/f.call");
        assertEquals(List.of(new ModelParameters.Call(indexOf(p, "back/b.call"), 6, true),
                new ModelParameters.Call(indexOf(p, "back/log.post"), 1, false),
                new ModelParameters.Call(indexOf(p, "front/local.call"), 1, true)), p.operations().get(f).calls());
        assertEquals(1, p.poas().get(p.servants().get(p.operations().get(indexOf(p, "back/b.call")).servant()).poa())
                .threads(), "SINGLE_THREAD_MODEL is T_poa = 1");
        // front: 1 + 0.5 ms per request on 2 cores; back: 6 x 0.1 ms on 1 core (the post costs nothing).
        assertEquals(100 * 1.5e-3 / 2, p.offeredUtilization(0), 1e-12);
        assertEquals(100 * 0.6e-3, p.offeredUtilization(1), 1e-12);
        SimulationResult r = Simulator.run(p, 2000, 1);
        assertEquals(2000 * 7, r.servers().get("back").completion().count(), "6 calls and a post per request");
        assertEquals(0, r.servers().get("front").queue().count() - 2000, "collocated calls skip the queue");
    }

    @Test
    void aCallMadeWithProbabilityPIsPVisitsSpreadOverTheCopies() throws Exception {
        // Balay et al.'s PAVE: 6 calls, each made with probability 0.79; b has 2 copies, each drawn half the time.
        Scenario s = ScenarioLoader.parse("f.yaml", SCENARIO
                .replace("{server: back, object: b, count: 6}", "{server: back, object: b, count: 6, probability: 0.79}")
                .replace("{id: b, poa: One, operations: {call: {cpu: 0.1ms}}}",
                        "{id: b, poa: One, copies: 2, operations: {call: {cpu: 0.1ms}}}"));
        ModelParameters p = ScenarioMapping.map(s);
        List<ModelParameters.Call> calls = p.operations().get(indexOf(p, "front/f.call")).calls();
        assertEquals(new ModelParameters.Call(indexOf(p, "back/b-1.call"), 6, true, 0.395), calls.get(0));
        assertEquals(new ModelParameters.Call(indexOf(p, "back/b-2.call"), 6, true, 0.395), calls.get(1));
        // back: 100/s x 6 x 0.79 visits x 0.1 ms, whichever copy serves them.
        assertEquals(100 * 6 * 0.79 * 0.1e-3, p.offeredUtilization(1), 1e-12);
        SimulationResult r = Simulator.run(p, 20_000, 1);
        // 120,000 draws of p = 0.395 per copy: sd 169 each, 338 at most both; 6 sd of the sum.
        long sub = r.servers().get("back").completion().count() - 20_000;
        assertEquals(20_000 * 6 * 0.79, sub, 6 * 240, "the post plus 0.79 of the 6 calls per request");
    }

    @Test
    void aLockIsOneServersAndSharedByTheOperationsNamingIt() throws Exception {
        // front's f.call and local.call name "ledger": one lock; back's b.call names "ledger" too: another.
        Scenario s = ScenarioLoader.parse("f.yaml", SCENARIO
                .replace("call: {cpu: 1ms, calls:", "call: {cpu: 1ms, lock: {name: ledger, hold: 0.2ms}, calls:")
                .replace("{id: local, operations: {call: {cpu: 0.5ms}}}",
                        "{id: local, operations: {call: {cpu: 0.5ms, lock: {name: ledger, hold: 0.1ms}}}}")
                .replace("{id: b, poa: One, operations: {call: {cpu: 0.1ms}}}",
                        "{id: b, poa: One, operations: {call: {cpu: 0.1ms, lock: {name: ledger, hold: 50us}}}}"));
        ModelParameters p = ScenarioMapping.map(s);
        assertEquals(List.of(new ModelParameters.Lock("ledger", 0), new ModelParameters.Lock("ledger", 1)),
                p.locks());
        ModelParameters.Operation f = p.operations().get(indexOf(p, "front/f.call"));
        assertEquals(0, f.lock().lock());
        assertEquals(0.2e6, f.lock().hold().mean(), 0);
        assertEquals(0, p.operations().get(indexOf(p, "front/local.call")).lock().lock());
        assertEquals(1, p.operations().get(indexOf(p, "back/b.call")).lock().lock());
        // front's ledger: 100/s x (0.2 + 0.1) ms; back's: 600/s x 0.05 ms. The CPU inside is servant CPU too.
        assertEquals(100 * 0.3e-3, p.offeredLockUtilization(0), 1e-12);
        assertEquals(600 * 0.05e-3, p.offeredLockUtilization(1), 1e-12);
        assertEquals(100 * 1.8e-3 / 2, p.offeredUtilization(0), 1e-12);
        SimulationResult r = Simulator.run(p, 2000, 1);
        assertEquals(List.of("front/ledger", "back/ledger"), List.copyOf(r.locks().keySet()));
        assertEquals(2000 * 2, r.locks().get("front/ledger").acquisitions());
        assertEquals(2000 * 6, r.locks().get("back/ledger").acquisitions());
    }

    @Test
    void serversThatMayUseACoreInCommonOnOneHostShareOneCpu() throws Exception {
        String oneHost = SCENARIO.replace("    host: h2\n", "");
        // front may use cores 0 and 1, back core 1: one CPU of both cores, and a warning that back uses only one.
        Scenario partial = ScenarioLoader.parse("f.yaml", oneHost);
        ModelParameters p = ScenarioMapping.map(partial);
        assertEquals(List.of(List.of("front", "back")), p.sharedCpus());
        assertEquals(2.0, p.servers().get(1).cores());
        assertEquals(100 * 1.5e-3 / 2, p.offeredUtilization(0), 1e-12, "its own share of the CPU");
        assertEquals(100 * (1.5e-3 + 0.6e-3) / 2, p.offeredCpuUtilization(0), 1e-12, "the CPU's, both servers'");
        assertTrue(ScenarioMapping.unmodelled(partial).stream().anyMatch(u -> u.contains("'front', 'back' share some")),
                ScenarioMapping.unmodelled(partial).toString());
        // Pinned to the same core: one CPU of that core, nothing unmodelled about it.
        Scenario same = ScenarioLoader.parse("f.yaml", oneHost.replace("cpus: [0, 1]", "cpus: [1]"));
        ModelParameters q = ScenarioMapping.map(same);
        assertEquals(List.of(List.of("front", "back")), q.sharedCpus());
        assertEquals(List.of(1.0, 1.0), q.servers().stream().map(ModelParameters.Server::cores).toList());
        assertTrue(ScenarioMapping.unmodelled(same).stream().noneMatch(u -> u.contains("share")));
        // Disjoint cores of one host, or another host: a CPU each.
        ModelParameters apart = ScenarioMapping.map(ScenarioLoader.parse("f.yaml", oneHost.replace("cpus: [0, 1]", "cpus: [0]")));
        assertEquals(List.of(), apart.sharedCpus());
        assertEquals(List.of(), ScenarioMapping.map(ScenarioLoader.parse("f.yaml", SCENARIO)).sharedCpus());
    }

    private static int indexOf(ModelParameters p, String label) {
        for (int i = 0; i < p.operations().size(); i++) {
            if (p.operationLabel(i).equals(label)) {
                return i;
            }
        }
        throw new AssertionError("no operation " + label);
    }
}
