package org.orbscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Values no run on the machine could carry out are refused at their field, with the limit named. */
class MachineLimitsTest {
    /** 8 GiB of memory (a 2 GiB default heap), 10,000 threads. */
    private static final MachineLimits MACHINE = new MachineLimits(8L << 30, 10_000);

    private static ScenarioException refused(String text, String... set) {
        return assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parseDocument("s.yaml", text, List.of(set)).checkMachine(MACHINE));
    }

    private static final String PAYLOAD = ScenarioLoaderTest.GOOD.replace("{object: o1, operation: call, probability: 0.5}",
            "{object: o1, operation: call, probability: 0.5, payload: {size: 240}}");

    @Test
    void theShippedSizesRunHere() throws Exception {
        ScenarioLoader.parseDocument("s.yaml", PAYLOAD, List.of()).checkMachine(MACHINE);
        ScenarioLoader.parseDocument("s.yaml", PAYLOAD, List.of()).checkMachine(MachineLimits.here());
    }

    @Test
    void aPayloadBeyondTheClientsHeapNamesTheHeap() {
        ScenarioException e = refused(PAYLOAD.replace("size: 240", "size: 2000000000"));
        assertEquals("client.processes[0].targets[0].payload.size", e.field(), e.getMessage());
        assertEquals(18, e.line(), e.getMessage());
        assertTrue(e.problem().contains("more than the client's heap of 2.0 GiB (the JVM's default, a quarter of "
                + "this machine's 8.0 GiB of memory)"), e.getMessage());
        ScenarioException xmx = refused(PAYLOAD.replace("client:\n", "client:\n  jvmArgs: [-Xmx256m]\n")
                .replace("size: 240", "size: 40000000"));
        assertTrue(xmx.problem().contains("client's heap of 256 MiB (-Xmx256m)"), xmx.getMessage());
    }

    @Test
    void aRateNoClientJvmSendsAndAPoolBeyondTheThreadsAreRefused() {
        ScenarioException rate = refused(ScenarioLoaderTest.GOOD.replace("rate: 20/s", "rate: 1e9/s"));
        assertEquals("client.processes[0].arrival.rate", rate.field(), rate.getMessage());
        assertTrue(rate.problem().contains("one client JVM sends at most 100000/s"), rate.getMessage());
        ScenarioException pool = refused(ScenarioLoaderTest.GOOD, "server.orb.poolMax=1000000");
        assertEquals("server.orb.poolMax", pool.field(), pool.getMessage());
        assertTrue(pool.problem().contains("beyond the 10000 threads"), pool.getMessage());
    }
}
