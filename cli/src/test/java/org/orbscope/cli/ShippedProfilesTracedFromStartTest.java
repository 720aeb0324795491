package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orbscope.run.ServerDirectory;
import org.orbscope.run.ServerLaunch;
import org.orbscope.trace.AgentOptions;

/** {@link ShippedProfilesOnRealServers}: each ORB's server under the agent from its start, with the profile it picks. */
class ShippedProfilesTracedFromStartTest extends ShippedProfilesOnRealServers {
    @Test
    @Timeout(600)
    void aGlassfishServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.GLASSFISH.jvm(server), server, scenario(SCENARIO));
        assertEquals("glassfish", profileOf(dir.resolve("server.trace")));
    }

    @Test
    @Timeout(600)
    void aJacorbServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        ServerDirectory server = server();
        Path scenario = scenario(SCENARIO);
        traceFromStart(AgentOptions.PROFILE_AUTO, new ServerLaunch(scenario, server.dir()).jvm(), server, scenario);
        assertEquals("jacorb", profileOf(dir.resolve("server.trace")));
    }

    /** Yoko dispatches by its object adapter's concurrency model: a thread per request, a pool, or the receiver. */
    @ParameterizedTest
    @ValueSource(strings = {"thread_per_request", "thread_pool", "threaded"})
    @Timeout(600)
    void aYokoServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole(String model) throws Exception {
        ServerDirectory server = server();
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.YOKO.jvm(server, "--conc-model", model), server,
                scenario(SCENARIO));
        assertEquals("yoko", profileOf(dir.resolve("server.trace")));
    }

    @Test
    @Timeout(600)
    void aWildflyOrbServerTracedWithTheProfileTheAgentPicksHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        // profile=auto at start-up: the recording starts when the ORB's first class loads, with the ORB's profile.
        traceFromStart(AgentOptions.PROFILE_AUTO, Fixture.OPENJDK_ORB.jvm(server), server, scenario(SCENARIO));
        assertTrue(log("server.log").contains("orbscope agent: profile openjdk-orb (this JVM loads WildFly ORB"
                + " (openjdk-orb 10.1) / JDK 8 ORB, its classes in com.sun.corba.se)"), log("server.log"));

        // The glassfish profile (the same lineage in other packages) finds none of its methods, and both commands
        // say so and name the ORB the trace shows.
        String trace = dir.resolve("server.trace").toString();
        String mismatch = "0 of 8 methods of profile glassfish found; this trace's JVM loads WildFly ORB (openjdk-orb 10.1)"
                + " / JDK 8 ORB (its classes in com.sun.corba.se): try --profile openjdk-orb";
        CliRunner check = CliRunner.run("profile", "check", trace, "--profile", "glassfish");
        assertEquals(Orbscope.EXIT_RUN_FAILED, check.exit, check.toString());
        assertTrue(check.out.contains("methods: " + mismatch), check.toString());
        Path out = dir.resolve("glassfish-report");
        CliRunner report = CliRunner.run("report", trace, "--profile", "glassfish", "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, report.exit, report.toString());
        String notes = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").path(0)
                .path("notes").toString();
        assertTrue(notes.contains("the server trace has no request-stage events: " + mismatch), notes);
        assertFalse(notes.contains("was the agent started"), notes);
    }
}
