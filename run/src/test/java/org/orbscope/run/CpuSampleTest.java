package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

class CpuSampleTest {
    private static final Path SCENARIO_A = Path.of("../scenarios/paper-scenario-a.yaml");

    private static Scenario scenarioA(String... overrides) throws Exception {
        return ScenarioLoader.loadDocument(SCENARIO_A, List.of(overrides)).scenario();
    }

    @Test
    void scenarioAKeepsEveryFragment() throws Exception {
        assertEquals(1, CpuSample.of(scenarioA()), "15,000 requests");
        assertEquals(1, CpuSample.of(scenarioA("client.processes[0].requests=1500")));
        assertEquals(1, CpuSample.of(scenarioA("client.processes[0].requests=20000")));
    }

    @Test
    void aLongerRunDrawsAboutTwentyThousandFragments() throws Exception {
        assertEquals(2, CpuSample.of(scenarioA("client.processes[0].requests=20001")));
        assertEquals(6, CpuSample.of(scenarioA("client.maxDuration=240m", "client.processes[0].requests=120000")));
        assertEquals(4, CpuSample.of(scenarioA("client.maxDuration=240m", "client.instances=2", "client.processes[0].requests=40000")),
                "each client JVM sends the process's requests");
    }

    @Test
    void aDurationBoundedRunIsEstimatedFromItsRate() throws Exception {
        // 0.05/ms for 10 minutes: 30,000 requests.
        Scenario s = scenarioA("client.processes[0].requests=null", "client.processes[0].duration=10m",
                "client.processes[0].arrival.rate=0.05/ms");
        assertEquals(30_000, CpuSample.requests(s.client()));
        assertEquals(2, CpuSample.of(s));
    }

    @Test
    void theAgentArgumentSendsTheSampleOnlyWithoutAConfig() throws Exception {
        Scenario s = scenarioA();
        String arg = LocalJvms.agentArgument(Path.of("agent.jar"), s.monitoring(), 3, Path.of("t.trace"), Path.of("."));
        assertTrue(arg.contains(",cpu.sample=3"), arg);
    }
}
