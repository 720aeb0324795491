package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.ServerDirectory;

/**
 * {@link ShippedProfilesOnRealServers}: servers attached to while they run, and the profile a broad trace of each
 * ORB suggests.
 */
class ShippedProfilesWhenAttachedTest extends ShippedProfilesOnRealServers {
    /**
     * The include adds a class the fresh server has loaded whose methods name GIOPIncomingMessage, the class of the
     * arrival method, which the server loads only at its first request: describing that class for the attach loads
     * it (as a broad include of Yoko's classes does), and it is instrumented all the same.
     */
    @Test
    @Timeout(600)
    void aRunningYokoServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.YOKO.jvm(server, "--conc-model", "thread_pool", "--pool-threads", "2"), server,
                scenario(SCENARIO), "yoko", "include=org.apache.yoko.orb.OB.GIOPConnection");
        assertTrue(log("server.log").contains("orbscope agent: profile yoko (this JVM loads Apache Yoko 1.4, its classes"
                + " in org.apache.yoko.orb)"), log("server.log"));
    }

    /** Attached to without --profile, then with another ORB's profile, which the agent says finds nothing. */
    @Test
    @Timeout(600)
    void aRunningWildflyOrbServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.OPENJDK_ORB.jvm(server), server, scenario(SCENARIO), "openjdk-orb");
        assertTrue(log("server.log").contains("orbscope agent: profile openjdk-orb (this JVM loads WildFly ORB"
                + " (openjdk-orb 10.1) / JDK 8 ORB, its classes in com.sun.corba.se)"), log("server.log"));
        assertTrue(log("server.log").contains("orbscope agent: 0 of 8 methods of profile glassfish found; this JVM loads"
                + " WildFly ORB (openjdk-orb 10.1) / JDK 8 ORB (its classes in com.sun.corba.se): try profile=openjdk-orb"),
                log("server.log"));

        // The two traces compare side by side, per operation by the server's completion times.
        Path out = dir.resolve("fresh-vs-served");
        CliRunner compare = CliRunner.run("compare", dir.resolve("fresh.trace").toString(),
                dir.resolve("served.trace").toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, compare.exit, compare.toString());
        JsonNode tables = new ObjectMapper().readTree(out.resolve("compare.json").toFile()).path("breakdown");
        assertTrue(tables.toString().contains("fresh completion mean (ms)") && tables.toString().contains("\"post\""),
                tables.toString());
    }

    @Test
    @Timeout(600)
    void aRunningGlassfishServerAttachedToWithoutAProfileHoldsEveryRequestWhole() throws Exception {
        ServerDirectory server = server();
        traceByAttaching(null, Fixture.GLASSFISH.jvm(server), server, scenario(SCENARIO), "glassfish");
        assertEquals("glassfish", profileOf(dir.resolve("fresh.trace")));
    }

    /**
     * The guide of docs/profiles.md on each ORB's server as if it had no profile: a broad trace of the ORB's packages
     * with the identities its methods hold, while a few requests pass one at a time, {@code profile suggest}, then
     * the proposal records a client run on the same server in which {@code profile check} and the report find every
     * request whole. Here Yoko's threaded model, which dispatches on the receiver thread. The servers of Yoko's
     * pool, glassfish (one thread pool reads and dispatches, with a queue between) and the WildFly ORB (the request
     * object reached through a field) follow the guide in the attach tests above, once their attach runs are done
     * ({@link #traceByAttaching}); JacORB's workload server in {@link WorkloadServersProfileSuggestTest}, with the other ORBs'.
     */
    @Test
    @Timeout(600)
    void aProfileSuggestedFromABroadTraceHoldsEveryRequestWhole() throws Exception {
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        ServerDirectory server = server();
        String orb = "yoko-threaded";
        Process p = Fixture.YOKO.jvm(server, "--conc-model", "threaded").log(dir.resolve("server.log")).start();
        Suggested suggested;
        int serverExit;
        try {
            awaitReady(p, server);
            drive(scenario("broad.yaml", broadRound()), server, new ClientDirectory(dir.resolve("first-round")),
                    BROAD_REQUESTS);
            suggested = suggest(orb, Long.toString(p.pid()), server);
        } finally {
            serverExit = JvmLauncher.stop(p, Duration.ofSeconds(30));
        }
        assertEquals(0, serverExit, log("server.log"));
        suggested.check();
    }
}
