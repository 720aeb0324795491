package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScenarioLoaderTest {
    static final String GOOD = String.join("\n",
            "name: t",
            "server:",
            "  poaManagers: [m]",
            "  poas:",
            "    - {name: A, manager: m}",
            "    - {name: B, parent: A}",
            "  objects:",
            "    - id: o1",
            "      poa: B",
            "      operations:",
            "        call: {cpu: {dist: exponential, mean: 8ms}, wait: 1ms}",
            "client:",
            "  processes:",
            "    - name: p",
            "      requests: 10",
            "      arrival: {law: poisson, rate: 20/s}",
            "      targets:",
            "        - {object: o1, operation: call, probability: 0.5}",
            "        - {object: o1, operation: ping, probability: 0.5}",
            "");

    static ScenarioException bad(String text) {
        return assertThrows(ScenarioException.class, () -> ScenarioLoader.parse("s.yaml", text));
    }

    @Test
    void goodScenarioBinds() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", GOOD);
        assertEquals("B", s.object("o1").poa());
        assertEquals(8e6, s.object("o1").operations().get("call").cpu().meanNanos());
        assertEquals(1_000_000, s.object("o1").operations().get("call").waiting().meanNanos());
        assertEquals(20.0, s.client().processes().get(0).arrival().ratePerSecond());
    }

    @Test
    void anOperationHoldsANamedLockForSomeOfItsCpu() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", GOOD.replace("wait: 1ms}",
                "wait: 1ms, lock: {name: ledger, hold: {dist: exponential, mean: 2ms}}}"));
        LockSpec lock = s.object("o1").operations().get("call").lock();
        assertEquals("ledger", lock.name());
        assertEquals(2e6, lock.hold().meanNanos());
        assertEquals(null, ScenarioLoader.parse("s.yaml", GOOD).object("o1").operations().get("call").lock());
        ScenarioException noHold = bad(GOOD.replace("wait: 1ms}", "wait: 1ms, lock: {name: ledger}}"));
        assertEquals("server.objects[0].operations.call.lock.hold", noHold.field());
        assertTrue(noHold.problem().contains("the CPU the operation spends inside it"), noHold.getMessage());
        ScenarioException noName = bad(GOOD.replace("wait: 1ms}", "wait: 1ms, lock: {hold: 2ms}}"));
        assertEquals("server.objects[0].operations.call.lock.name", noName.field());
        ScenarioException typo = bad(GOOD.replace("wait: 1ms}", "wait: 1ms, lock: {name: l, hodl: 2ms}}"));
        assertTrue(typo.getMessage().contains("did you mean 'hold'"), typo.getMessage());
    }

    @Test
    void aProcessProcessesEachReplyWithCpuThenWaiting() throws Exception {
        String with = GOOD.replace("      requests: 10\n",
                "      requests: 10\n      processing: {cpu: 2ms, wait: {dist: exponential, mean: 5ms}}\n");
        ProcessingSpec p = ScenarioLoader.parse("s.yaml", with).client().processes().get(0).processing();
        assertEquals(2e6, p.cpu().meanNanos());
        assertEquals(5e6, p.waiting().meanNanos());
        assertTrue(p.any());
        assertTrue(!ScenarioLoader.parse("s.yaml", GOOD).client().processes().get(0).processing().any());
        ScenarioException ami = bad(with.replace("client:\n", "client:\n  invocation: ami\n"));
        assertEquals("client.processes[0].processing", ami.field());
        assertEquals(17, ami.line());
        assertTrue(ami.problem().contains("processing holds the thread that made the call"), ami.getMessage());
        ScenarioException dist = bad(with.replace("dist: exponential, mean: 5ms", "dist: expo, mean: 5ms"));
        assertEquals("client.processes[0].processing.wait", dist.field());
        assertTrue(dist.problem().contains("unknown dist 'expo'"), dist.getMessage());
    }

    /** GOOD's process as a closed client walking a session over its two targets. */
    private static String session(String session) {
        return GOOD.replace("arrival: {law: poisson, rate: 20/s}", "arrival: {law: closed, threads: 2}\n"
                + "      session:\n" + session)
                .replace(", probability: 0.5}", "}");
    }

    @Test
    void aSessionWalksItsTargetsInOrderOrByAChainThatEnds() throws Exception {
        SessionSpec order = ScenarioLoader.parse("s.yaml", session("        pause: 1s")).client().processes().get(0)
                .session();
        SplittableRandom r = new SplittableRandom(1);
        assertEquals(List.of(0, 1, SessionSpec.END), List.of(order.next(SessionSpec.END, 2, r), order.next(0, 2, r),
                order.next(1, 2, r)));
        assertEquals(1e9, order.pause().meanNanos());
        SessionSpec chain = ScenarioLoader.parse("s.yaml", session(
                "        transitions:\n          - [0, 1, 0]\n          - [0.5, 0, 0.5]")).client().processes().get(0)
                .session();
        assertEquals(1, chain.next(0, 2, r), "from the first target always to the second");
        ScenarioException sum = bad(session("        transitions:\n          - [0, 1, 0]\n          - [0.5, 0, 0.4]"));
        assertEquals("client.processes[0].session.transitions[1]", sum.field());
        assertEquals(20, sum.line());
        assertTrue(sum.getMessage().startsWith("s.yaml:20:"), sum.getMessage());
        assertTrue(sum.problem().contains("the probabilities from target 1 sum to 0.9, not 1 (to each target, then "
                + "to the end of the session)"), sum.getMessage());
        ScenarioException width = bad(session("        transitions: [[0, 1], [1, 0]]"));
        assertTrue(width.problem().contains("row 0 has 2 entries; give 3"), width.getMessage());
        ScenarioException endless = bad(session("        transitions: [[0, 1, 0], [1, 0, 0]]"));
        assertEquals("client.processes[0].session.transitions[0]", endless.field());
        assertTrue(endless.problem().contains("a session that reaches target 0 never ends"), endless.getMessage());
        ScenarioException open = bad(GOOD.replace("arrival: {law: poisson, rate: 20/s}",
                "arrival: {law: poisson, rate: 20/s}\n      session: {pause: 1s}"));
        assertEquals("client.processes[0].session", open.field());
        assertTrue(open.problem().contains("a session is walked by closed clients"), open.getMessage());
        ScenarioException routed = bad(GOOD.replace("arrival: {law: poisson, rate: 20/s}",
                "arrival: {law: closed, threads: 2}\n      session: {pause: 1s}"));
        assertEquals("client.processes[0].targets[0].probability", routed.field());
        assertEquals(ProcessSpec.Fresh.SESSION, ScenarioLoader.parse("s.yaml", session("        pause: 1s")
                .replace("      session:\n", "      freshConnection: session\n      session:\n")).client().processes()
                .get(0).freshConnection());
        ScenarioException noSession = bad(GOOD.replace("arrival: {law: poisson, rate: 20/s}",
                "arrival: {law: closed, threads: 2}\n      freshConnection: session"));
        assertEquals("client.processes[0].freshConnection", noSession.field());
        assertEquals(17, noSession.line());
        assertTrue(noSession.problem().contains("freshConnection: session opens a connection before each session, "
                + "and the process has none"), noSession.getMessage());
        ScenarioException shared = bad(GOOD.replace("arrival: {law: poisson, rate: 20/s}",
                "arrival: {law: poisson, rate: 20/s}\n      freshConnection: request"));
        assertTrue(shared.problem().contains("open arrivals share the client's connections"), shared.getMessage());
    }

    @Test
    void misspelledFieldSuggestsNearestName() {
        ScenarioException e = bad(GOOD.replace("rate: 20/s", "rat: 20/s"));
        assertEquals("client.processes[0].arrival.rat", e.field());
        assertEquals(16, e.line());
        assertTrue(e.getMessage().startsWith("s.yaml:16:"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'rate'"), e.getMessage());
    }

    @Test
    void wrongTypeNamesExpectedType() {
        ScenarioException e = bad(GOOD.replace("requests: 10", "requests: lots"));
        assertEquals("client.processes[0].requests", e.field());
        assertEquals(15, e.line());
        assertTrue(e.problem().contains("integer"), e.getMessage());
    }

    @Test
    void zeroAndNegativeRatesAreRefused() {
        ScenarioException zero = bad(GOOD.replace("rate: 20/s", "rate: 0/s"));
        assertEquals("client.processes[0].arrival.rate", zero.field());
        assertEquals(16, zero.line());
        assertTrue(zero.problem().contains("must be positive"), zero.getMessage());
        ScenarioException neg = bad(GOOD.replace("rate: 20/s", "rate: -3/ms"));
        assertTrue(neg.problem().contains("must be positive"), neg.getMessage());
    }

    @Test
    void hostLimitsDefaultAndMustBePositive() throws Exception {
        String hosts = "client:\n  hosts: {count: 2, deadAfter: 20s, stopGrace: 10s}\n";
        HostsSpec set = ScenarioLoader.parse("s.yaml", GOOD.replace("client:\n", hosts)).client().hosts();
        assertEquals(20_000_000_000L, set.deadAfterNanos());
        assertEquals(10_000_000_000L, set.stopGraceNanos());
        HostsSpec defaults = ScenarioLoader.parse("s.yaml", GOOD.replace("client:\n", "client:\n  hosts: {count: 2}\n"))
                .client().hosts();
        assertEquals(60_000_000_000L, defaults.deadAfterNanos());
        assertEquals(45_000_000_000L, defaults.stopGraceNanos());
        ScenarioException zero = bad(GOOD.replace("client:\n", hosts.replace("deadAfter: 20s", "deadAfter: 0s")));
        assertEquals("client.hosts.deadAfter", zero.field());
        assertTrue(zero.problem().contains("must be positive"), zero.getMessage());
    }

    @Test
    void serverWarmupDefaultsAndRefusesNegativeCounts() throws Exception {
        assertEquals(ServerSpec.DEFAULT_WARMUP_CALLS, ScenarioLoader.parse("s.yaml", GOOD).server().warmupCalls());
        assertEquals(0, ScenarioLoader.parse("s.yaml", GOOD.replace("server:\n", "server:\n  warmupCalls: 0\n"))
                .server().warmupCalls());
        ScenarioException e = bad(GOOD.replace("server:\n", "server:\n  warmupCalls: -5\n"));
        assertEquals("server.warmupCalls", e.field());
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("0 (none) or more"), e.getMessage());
    }

    @Test
    void probabilitiesMustSumToOne() {
        ScenarioException e = bad(GOOD.replace("probability: 0.5}\n        - {object: o1, operation: ping, probability: 0.5",
                "probability: 0.5}\n        - {object: o1, operation: ping, probability: 0.2"));
        assertEquals("client.processes[0].targets", e.field());
        assertEquals(17, e.line());
        assertTrue(e.problem().contains("sum to 0.7"), e.getMessage());
    }

    @Test
    void targetMustNameDeployedObjectAndRealOperation() {
        ScenarioException obj = bad(GOOD.replace("{object: o1, operation: ping", "{object: o2, operation: ping"));
        assertEquals("client.processes[0].targets[1].object", obj.field());
        assertEquals(19, obj.line());
        assertTrue(obj.problem().contains("'o2' is not deployed; did you mean 'o1'"), obj.getMessage());
        ScenarioException op = bad(GOOD.replace("operation: ping", "operation: pong"));
        assertEquals("client.processes[0].targets[1].operation", op.field());
        assertTrue(op.problem().contains("did you mean 'ping'"), op.getMessage());
    }

    @Test
    void poaParentMustExist() {
        ScenarioException e = bad(GOOD.replace("parent: A", "parent: Z"));
        assertEquals("server.poas[1].parent", e.field());
        assertEquals(6, e.line());
        assertTrue(e.problem().contains("parent POA 'Z' does not exist"), e.getMessage());
    }

    @Test
    void missingFileIsNamed() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(Path.of("no/such.yaml")));
        assertTrue(e.getMessage().contains("no/such.yaml") && e.getMessage().contains("no such file"), e.getMessage());
    }

    @Test
    void cartesianSweepNamesPoints() throws Exception {
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", GOOD + String.join("\n",
                "sweep:",
                "  client.processes[0].arrival.rate: [10/s, 0.02/ms]",
                "  server.orb.poolMax: [1, 4]", ""), List.of());
        List<SweepPoint> points = d.points();
        assertEquals(4, points.size());
        assertEquals("rate=10_s,poolMax=1", points.get(0).name());
        assertEquals("rate=0.02_ms,poolMax=4", points.get(3).name());
        assertEquals(20.0, points.get(3).scenario().client().processes().get(0).arrival().ratePerSecond(), 1e-9);
        assertEquals(4, points.get(3).scenario().server().orb().poolMax());
        assertTrue(!points.get(0).tree().has("sweep"));
    }

    @Test
    void zipSweepWalksListsTogether() throws Exception {
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", GOOD + String.join("\n",
                "sweep:",
                "  zip: true",
                "  client.processes[0].arrival.rate: [10/s, 20/s]",
                "  server.orb.poolMax: [1, 4]", ""), List.of());
        assertEquals(List.of("rate=10_s,poolMax=1", "rate=20_s,poolMax=4"),
                d.points().stream().map(SweepPoint::name).toList());
    }

    @Test
    void badSweepPathIsRefused() {
        ScenarioException e = bad(GOOD + "sweep:\n  client.processes[3].arrival.rate: [10/s]\n");
        assertEquals("sweep.client.processes[3].arrival.rate", e.field());
        assertEquals(21, e.line());
        assertTrue(e.problem().contains("does not exist"), e.getMessage());
        ScenarioException unknown = bad(GOOD + "sweep:\n  client.conections: [2]\n");
        assertTrue(unknown.problem().contains("did you mean 'connections'"), unknown.getMessage());
        ScenarioException badValue = bad(GOOD + "sweep:\n  client.processes[0].arrival.rate: [10/s, 0/s]\n");
        assertTrue(badValue.problem().contains("must be positive"), badValue.getMessage());
    }

    @Test
    void setOverridesApplyBeforeValidation() throws Exception {
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", GOOD,
                List.of("client.processes[0].requests=3", "server.orb.queueMax=100000"));
        assertEquals(3L, d.scenario().client().processes().get(0).requests());
        assertEquals(100000, d.scenario().server().orb().queueMax());
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parseDocument("s.yaml", GOOD, List.of("client.processes[0].requests=-1")));
        assertTrue(e.problem().contains("requests must be positive"), e.getMessage());
        assertTrue(e.getMessage().startsWith("--set client.processes[0].requests=-1: client.processes[0].requests: "),
                "a problem in a --set value names the --set argument, not the file's line: " + e.getMessage());
    }

    @Test
    void aDocumentsSettingsAreItsLeavesByTheirSetPaths() throws Exception {
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", GOOD
                + "sweep:\n  client.processes[0].arrival.rate: [10/s, 20/s]\n", List.of("server.orb.poolMax=8"));
        java.util.Map<String, String> s = d.settings();
        assertEquals("[m]", s.get("server.poaManagers"));
        assertEquals("B", s.get("server.objects[0].poa"));
        assertEquals("exponential", s.get("server.objects[0].operations.call.cpu.dist"));
        assertEquals("10", s.get("client.processes[0].requests"));
        assertEquals("8", s.get("server.orb.poolMax"), "a --set value is the document's");
        assertEquals("[10/s, 20/s]", s.get("sweep.client.processes[0].arrival.rate"));
        assertEquals("name", s.keySet().iterator().next(), "in document order");
    }

    @Test
    void aliasesAndAnchorsAreRefusedNotReadAsTheirNames() {
        ScenarioException alias = bad(GOOD.replace("name: t", "name: *d"));
        assertTrue(alias.getMessage().startsWith("s.yaml:1:7: YAML aliases (*d) are not supported"), alias.getMessage());
        ScenarioException anchor = bad(GOOD.replace("wait: 1ms}", "wait: &w 1ms}"));
        assertTrue(anchor.getMessage().contains("YAML anchors (&w) are not supported"), anchor.getMessage());
        assertEquals(11, anchor.line());
    }

    @Test
    void aHugeFileIsRefusedAtOnce(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.yaml");
        java.nio.file.Files.writeString(big, GOOD + "#" + "x".repeat((int) ScenarioLoader.MAX_FILE_BYTES) + "\n");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(big));
        // The size check's message: the file was refused before it was parsed.
        assertTrue(e.getMessage().contains("a scenario has at most"), e.getMessage());
    }

    @Test
    void valuesThatValidationUsedToPassAndRunsBrokeAreRefused() {
        assertTrue(bad(GOOD.replace("requests: 10", "requests: 1.5")).getMessage()
                .contains("client.processes[0].requests: '1.5' is not an integer"));
        assertTrue(bad(GOOD.replace("requests: 10", "requests: 10\n      duration: 5s")).getMessage()
                .contains("give the process 'requests' or 'duration', not both"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  warmup: 10")).getMessage()
                .contains("client.warmup: warmup (10 requests) leaves nothing to measure"));
        assertTrue(bad(GOOD.replace("requests: 10", "requests: 1000000000000")).getMessage()
                .contains("beyond client.maxDuration (10m)"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  maxDuration: -5ms")).getMessage()
                .contains("client.maxDuration: '-5ms' is not a duration"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  maxDuration: 0s")).getMessage()
                .contains("maxDuration must be positive"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  connections: 100000")).getMessage()
                .contains("connections must be 1 to 256"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  invokers: 0")).getMessage()
                .contains("client.invokers: invokers (the threads that make the open processes' calls) must be 1 to 256"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  invokers: 2\n  invocation: ami")).getMessage()
                .contains("client.invokers: an ami client sends every request from one thread"));
        assertTrue(bad(GOOD.replace("requests: 10", "duration: 20m")).getMessage()
                .contains("duration 20m is beyond client.maxDuration"));
    }

    @Test
    void aVolumeIsTheFewestCallsThatCarryIt() throws Exception {
        // 1000 octets out and 24 back a call: 64k (65,536 octets) takes 64 calls (65,536 octets), 64.1k would be 65.
        String volume = GOOD.replace("call: {cpu: {dist: exponential, mean: 8ms}, wait: 1ms}",
                        "call: {cpu: 1ms, replySize: 24}")
                .replace("requests: 10", "volume: 64K")
                .replace("        - {object: o1, operation: call, probability: 0.5}\n"
                        + "        - {object: o1, operation: ping, probability: 0.5}\n",
                        "        - {object: o1, operation: call, payload: {size: 1000}}\n");
        ProcessSpec p = ScenarioLoader.parse("s.yaml", volume).client().processes().get(0);
        assertEquals(64L, p.requests());
        assertEquals("64K", p.volume());
        assertEquals(65L, ScenarioLoader.parse("s.yaml", volume.replace("64K", "65537")).client().processes().get(0)
                .requests());
        ScenarioException e = bad(volume.replace("64K", "64 parsecs"));
        assertEquals(15, e.line());
        assertTrue(e.getMessage().contains("client.processes[0].volume: '64 parsecs' is not a size (write e.g. "
                + "65536, 512k, 256m, 2g)"), e.getMessage());
        assertTrue(bad(volume.replace("volume: 64K", "volume: 64K\n      requests: 5")).getMessage()
                .contains("give the process 'requests', 'duration' or 'volume'"));
        assertTrue(bad(volume.replace("volume: 64K", "volume: 0")).getMessage().contains("volume must be positive"));
        assertTrue(bad(volume.replace("operation: call, payload: {size: 1000}", "operation: ping")).getMessage()
                .contains("the process's calls carry no user-level octets"));
        assertTrue(bad(volume.replace("        - {object: o1, operation: call, payload: {size: 1000}}\n",
                "        - {object: o1, operation: call, payload: {size: 1000}}\n"
                        + "        - {object: o1, operation: call, payload: {size: 10}}\n")).getMessage()
                .contains("a volume is counted in calls of one size, and the targets' calls carry [34, 1024] octets"));
    }

    @Test
    void arrivalLawsTakeTheirOwnFieldsOnly() {
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: hyperexponential, rate: 20/s}"))
                .problem().contains("needs scv"));
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: poisson, rate: 20/s, scv: 4}"))
                .problem().contains("'scv' does not apply to law poisson"));
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: closed, rate: 20/s, threads: 2}"))
                .problem().contains("'rate' does not apply to law closed"));
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: closed}")).problem()
                .contains("needs threads"));
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: mmpp, rates: [20/s]}")).problem()
                .contains("equal length, at least two states"));
        assertTrue(bad(GOOD.replace("{law: poisson, rate: 20/s}", "{law: replay, file: nowhere.csv}")).problem()
                .contains("no such file"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  invocation: ami")
                .replace("{law: poisson, rate: 20/s}", "{law: closed, threads: 2}")).problem()
                .contains("needs invocation sync"));
    }

    @Test
    void closedAndBurstyLawsLoad() throws Exception {
        Scenario closed = ScenarioLoader.parse("s.yaml", GOOD.replace("{law: poisson, rate: 20/s}",
                "{law: closed, threads: 3, thinkTime: {dist: exponential, mean: 5ms}}"));
        assertEquals(3, closed.client().processes().get(0).arrival().threads());
        assertTrue(Double.isNaN(closed.client().processes().get(0).arrival().ratePerSecond()));
        Scenario h2 = ScenarioLoader.parse("s.yaml", GOOD.replace("{law: poisson, rate: 20/s}",
                "{law: hyperexponential, rate: 20/s, scv: 8}"));
        assertEquals(8.0, h2.client().processes().get(0).arrival().scv());
        Scenario mmpp = ScenarioLoader.parse("s.yaml", GOOD.replace("{law: poisson, rate: 20/s}",
                "{law: mmpp, rates: [100/s, 0/s], sojourns: [1s, 4s]}"));
        assertEquals(20.0, mmpp.client().processes().get(0).arrival().ratePerSecond(), 1e-9);
    }

    @Test
    void aBadEnumValueListsTheValidOnes() {
        ScenarioException e = bad(GOOD.replace("law: poisson", "law: bursty"));
        assertEquals("client.processes[0].arrival.law", e.field());
        assertTrue(e.problem().startsWith("'bursty' is not one of poisson, deterministic, hyperexponential, mmpp, "
                + "replay, closed"), e.getMessage());
        assertTrue(bad(GOOD.replace("operation: ping, probability", "operation: ping, payload: {type: float64}, "
                + "probability")).problem().contains("'float64' is not one of octet, char, boolean"));
    }

    @Test
    void copiesDeployAsObjectsOfTheirOwnAndShareTheTargets() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", GOOD.replace("    - id: o1\n", "    - id: o1\n      copies: 4\n")
                .replace("client:", "client:\n  instances: 3"));
        assertEquals(List.of("o1-1", "o1-2", "o1-3", "o1-4"),
                s.server().objects().stream().map(ObjectSpec::id).toList());
        assertEquals("B", s.object("o1-3").poa());
        ProcessSpec p = s.client().processes().get(0);
        assertEquals(8, p.targets().size());
        assertEquals("o1-2", p.targets().get(1).object());
        assertEquals("call", p.targets().get(1).operation());
        assertEquals(0.125, p.probability(1), 1e-12);
        assertEquals(1.0, p.targets().stream().mapToDouble(TargetSpec::probability).sum(), 1e-12);
        assertEquals(3, s.client().instances());
        assertTrue(bad(GOOD.replace("    - id: o1\n", "    - id: o1\n      copies: 0\n")).problem()
                .contains("copies must be 1 to 100000"));
        assertTrue(bad(GOOD.replace("client:", "client:\n  instances: 65")).problem()
                .contains("instances (client JVMs) must be 1 to 64"));
        ScenarioException twice = bad(GOOD.replace("    - id: o1\n", "    - id: o1-2\n      poa: B\n    - id: o1\n      copies: 2\n"));
        assertTrue(twice.problem().contains("object 'o1-2' is deployed twice (a copy of 'o1')"), twice.getMessage());
    }

    @Test
    void setAddsASweepAxisAndAPointsProblemIsTheSetArguments() throws Exception {
        List<String> set = List.of("sweep.client.processes[0].requests=[10, 20]");
        ScenarioDocument d = ScenarioLoader.parseDocument("s.yaml", GOOD, set);
        assertEquals(List.of("requests=10", "requests=20"), d.points().stream().map(SweepPoint::name).toList());
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parseDocument("s.yaml", GOOD,
                List.of("sweep.client.processes[0].requests=[10, 1.5]")).points());
        assertTrue(e.getMessage().startsWith("--set sweep.client.processes[0].requests=[10, 1.5]: "), e.getMessage());
        assertTrue(e.problem().contains("'1.5' is not an integer"), e.getMessage());
    }

    @Test
    void poaPoliciesTakeAnyCaseAndAMissingAgentConfigIsNamed() throws Exception {
        Scenario s = ScenarioLoader.parse("s.yaml", GOOD.replace("{name: B, parent: A}",
                "{name: B, parent: A, threadPolicy: single_thread_model, lifespan: Persistent}"));
        assertEquals(PoaSpec.ThreadPolicy.SINGLE_THREAD_MODEL, s.server().poas().get(1).threadPolicy());
        assertEquals(PoaSpec.Lifespan.PERSISTENT, s.server().poas().get(1).lifespan());
        assertTrue(bad(GOOD.replace("{name: B, parent: A}", "{name: B, parent: A, threadPolicy: single}")).problem()
                .contains("'single' is not one of orb_ctrl_model, single_thread_model"));
        assertEquals(0, s.server().poas().get(1).threads());
        assertEquals(1, s.server().poas().get(1).threadLimit());
        s = ScenarioLoader.parse("s.yaml", GOOD.replace("{name: B, parent: A}", "{name: B, parent: A, threads: 3}"));
        assertEquals(3, s.server().poas().get(1).threadLimit());
        ScenarioException threads = bad(GOOD.replace("{name: B, parent: A}",
                "{name: B, parent: A, threadPolicy: SINGLE_THREAD_MODEL, threads: 2}"));
        assertEquals("server.poas[1].threads", threads.field());
        assertTrue(threads.problem().contains("a SINGLE_THREAD_MODEL POA runs one request at a time"), threads.problem());
        threads = bad(GOOD.replace("{name: B, parent: A}", "{name: B, parent: A, threads: -1}"));
        assertTrue(threads.problem().contains("threads must be 0 (unlimited) or more, not -1"), threads.problem());
        ScenarioException e = bad(GOOD + "monitoring: {enabled: true, config: no-such-agent.properties}\n");
        assertEquals("monitoring.config", e.field());
        assertTrue(e.problem().contains("no such agent config file"), e.getMessage());
    }

    @Test
    void shippedScenariosValidate() throws Exception {
        List<Path> files;
        try (java.util.stream.Stream<Path> list = java.nio.file.Files.list(Path.of("..", "scenarios"))) {
            files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path f : files) {
            assertTrue(ScenarioLoader.loadDocument(f, List.of()).points().size() >= 1, f.toString());
        }
    }
}
