package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orbscope.run.RequestsCsv;

/**
 * {@code profile suggest} on the workload servers of JacORB and of Yoko's pool ({@code server.orb.product}), driven by
 * {@code orbscope run} with the scenario of {@link OrbProductsRunTest}. A class of its own so that a fork starts it
 * early (the cli's forks take their classes in reverse alphabetical order), beside the other long ones.
 */
class WorkloadServersProfileSuggestTest {
    /** Requests of a broad recording, one at a time. */
    private static final int BROAD_REQUESTS = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * The guide of docs/profiles.md on the workload server of each ORB, as if orbscope had no profile for it: a run
     * recorded broadly (the ORB's packages with the identities their methods hold, {@code monitoring.config}) while
     * {@value #BROAD_REQUESTS} requests pass one at a time, {@code profile suggest} on its trace, then a run recorded
     * with the proposal ({@code monitoring.profile}): {@code profile check} passes on its trace, and the run's report
     * has every request complete, counted per operation as the client sent them.
     */
    @ParameterizedTest
    // glassfish's and the WildFly ORB's workload servers propose what their fixture servers do, which
    // ShippedProfilesWhenAttachedTest follows the guide on; JacORB's has no fixture, and Yoko's pool none.
    @ValueSource(strings = {"{product: jacorb}", "{product: yoko, concModel: thread_pool, poolMax: 2}"})
    @Timeout(600)
    void aProfileSuggestedFromABroadRunHoldsEveryRequestWhole(String orb) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        String product = orb.substring("{product: ".length()).split("[,}]")[0];
        String packages = switch (product) {
            case "jacorb" -> "org.jacorb.**";
            case "glassfish" -> "com.sun.corba.ee.**";
            case "yoko" -> "org.apache.yoko.**";
            default -> "com.sun.corba.se.**";
        };
        // A profile of no methods: the broad recording's methods come from the agent config's include.
        Path none = dir.resolve("none.profile");
        Files.writeString(none, "profile.name = none\n");
        Path config = dir.resolve("broad.yaml");
        Files.writeString(config, "include: ['" + packages + "']\nidentities: true\n");
        String scenario = OrbProductsRunTest.scenario(orb).replace("warmupCalls: 20", "warmupCalls: 0");
        Path broad = dir.resolve("broad-run.yaml");
        Files.writeString(broad, scenario
                .replace("requests: " + OrbProductsRunTest.REQUESTS, "requests: " + BROAD_REQUESTS)
                .replace("{law: poisson, rate: 200/s}", "{law: deterministic, rate: 10/s}")
                .replace("monitoring: {enabled: true}", "monitoring: {enabled: true, profile: " + none + ", config: "
                        + config + "}"));
        Path broadRun = run(dir, broad, "broad");
        Path proposal = dir.resolve("suggested.profile");
        CliRunner suggest = CliRunner.run("profile", "suggest",
                broadRun.resolve("points/single/server/server.trace").toString(), "--name", product + "-suggested",
                "--out", proposal.toString());
        assertEquals(Orbscope.EXIT_OK, suggest.exit, suggest + "\n" + Files.readString(proposal));

        Path suggested = dir.resolve("suggested-run.yaml");
        Files.writeString(suggested, scenario.replace("monitoring: {enabled: true}",
                "monitoring: {enabled: true, profile: " + proposal + "}"));
        Path run = run(dir, suggested, "suggested");
        String text = Files.readString(proposal);
        CliRunner check = CliRunner.run("profile", "check",
                run.resolve("points/single/server/server.trace").toString());
        assertEquals(Orbscope.EXIT_OK, check.exit, check + "\n" + text);
        Map<String, Long> sent = new TreeMap<>();
        RequestsCsv.read(run.resolve("points/single/client/requests.csv"), rec -> sent.merge(rec.operation(), 1L,
                Long::sum));
        JsonNode p = JSON.readTree(run.resolve("report/summary.json").toFile()).path("points").path(0);
        JsonNode server = p.path("server");
        assertEquals(0, server.path("incomplete").asLong(), server + "\n" + text);
        assertEquals(OrbProductsRunTest.REQUESTS, server.path("measured").asLong(), server + "\n" + text);
        Map<String, Long> completed = new TreeMap<>();
        p.path("breakdown").path("operation").forEach(g -> completed.put(g.path("key").asText(),
                g.path("completion").path("count").asLong()));
        assertEquals(sent, completed, "the complete requests per operation, as the client sent them\n" + text);
    }

    /** {@code orbscope run SCENARIO} into {@code dir/name}, which must end with every point ok; the run directory. */
    static Path run(Path dir, Path scenario, String name) throws Exception {
        Path runs = dir.resolve(name);
        CliRunner r = CliRunner.run("run", scenario.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS,
                "--out", runs.toString());
        Path run = CliRunner.onlyRun(runs);
        assertEquals(Orbscope.EXIT_OK, r.exit,
                r + "\n" + Files.readString(run.resolve("points/single/server/server.log")));
        return run;
    }
}
