package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.Simulator;

class SimulateCommandTest {
    @TempDir
    Path dir;

    private final StringBuilder out = new StringBuilder();
    private final StringBuilder err = new StringBuilder();

    private int run(String... args) {
        CliRunner r = CliRunner.run(args);
        out.append(r.out);
        err.append(r.err);
        return r.exit;
    }

    private static String resource(String name) throws URISyntaxException {
        return Path.of(SimulateCommandTest.class.getResource("/simulate/" + name).toURI()).toString();
    }

    @Test
    void simulatesEverySweepPoint() throws Exception {
        assertEquals(0, run("simulate", resource("paper-a.yaml"), "--receiver-cpu", "0.4ms", "--poa-cpu", "0.4ms",
                "--marshal-cpu", "400us"), err.toString());
        String o = out.toString();
        assertTrue(o.contains("== point rate=0.01_ms"), o);
        assertTrue(o.contains("== point rate=0.09_ms"), o);
        assertTrue(o.contains("b_ser=exp(8.000ms)"), o);
        assertTrue(o.contains("dispatcherThreads=10"), o);
        assertEquals(3, o.lines().filter(l -> l.startsWith("completion ")).count(), o);
    }

    @Test
    void simulatesEachServerOfAScenarioWithSeveral() throws Exception {
        Path scenario = dir.resolve("servers.yaml");
        Files.writeString(scenario, ServersRunTest.PROXY.replace("requests: 80", "requests: 2000"));
        assertEquals(0, run("simulate", scenario.toString(), "--receiver-cpu", "0.05ms"), err.toString());
        String o = out.toString();
        assertTrue(o.contains("server proxy cores="), o);
        assertTrue(o.contains("calls 3 x backend/b.call (sync)"), o);
        assertTrue(o.contains("server backend: CPU utilization"), o);
        assertTrue(o.contains("server proxy: CPU utilization"), o);
        // What the model leaves out of this scenario is said before its figures.
        assertTrue(o.contains("not modelled: the calling servant's side of its calls costs nothing"), o);
        // A run of several servers has no one stage table to calibrate from: said in one line, exit 2.
        Path point = dir.resolve("run").resolve("points").resolve("single");
        Files.createDirectories(point);
        Files.copy(scenario, point.resolve("point.yaml"));
        assertEquals(2, run("simulate", scenario.toString(), "--calibrate", dir.resolve("run").toString()));
        assertTrue(err.toString().startsWith("orbscope simulate: --calibrate: point 'single' has several servers "
                + "(servers:)"), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
    }

    @Test
    void showsLocksAndTheClientSideWithALegend() throws Exception {
        Path single = singlePoint();
        assertEquals(0, run("simulate", single.toString(), "--requests", "2000",
                "--set", "server.objects[0].operations.call.lock={name: ledger, hold: 4ms}",
                "--set", "client.processes[0].arrival.rate=0.05/ms", "--client-delay", "0.5ms"), err.toString());
        String o = out.toString();
        assertTrue(o.startsWith("legend: b_rec receiver CPU"), o);
        assertTrue(o.contains("lock ledger hold=4.000ms"), o);
        assertTrue(o.contains("client and network delay=0.5000ms"), o);
        assertTrue(o.lines().anyMatch(l -> l.startsWith("lock ledger wait ")), o);
        assertTrue(o.contains("lock ledger: held "), o);
        assertTrue(o.lines().anyMatch(l -> l.startsWith("client response ")), o);
        assertTrue(o.contains("mean client response "), o);
        // 50/s x 4 ms = 20% of the lock's time; a hold of 25 ms makes it 125%: saturated, said as a warning.
        out.setLength(0);
        assertEquals(0, run("simulate", single.toString(), "--requests", "2000",
                "--set", "server.objects[0].operations.call.lock={name: ledger, hold: 4ms}",
                "--set", "client.processes[0].arrival.rate=0.05/ms", "--lock-hold", "ledger=25ms"), err.toString());
        assertTrue(out.toString().contains("warning: lock 'ledger' is offered 125.0% of the time"), out.toString());
        assertEquals(2, run("simulate", single.toString(), "--lock-hold", "audit=1ms"));
        assertTrue(err.toString().contains("no operation takes lock 'audit'"), err.toString());
    }

    @Test
    void badScenarioNamesTheFieldAndExitsTwo() throws Exception {
        assertEquals(2, run("simulate", resource("bad-rate.yaml")));
        assertTrue(err.toString().contains("client.processes[0].arrival.rate: 'fast' is not a rate"), err.toString());
        assertEquals(2, run("simulate", resource("paper-a.yaml"), "--find", "max-rate"));
        assertTrue(err.toString().contains("--find max-rate needs --sla"), err.toString());
        assertEquals(2, run("simulate", dir.resolve("missing.yaml").toString()));
    }

    @Test
    void findsMaxRateAndPoolSize() throws Exception {
        Path single = singlePoint();
        assertEquals(0, run("simulate", single.toString(), "--find", "max-rate", "--sla", "p95<100ms",
                "--requests", "20000"), err.toString());
        String o = out.toString();
        assertTrue(o.contains("step 16"), o);
        assertTrue(o.contains("answer: max rate"), o);
        assertEquals(0, run("simulate", single.toString(), "--find", "pool-size", "--max-threads", "3",
                "--requests", "5000"), err.toString());
        assertTrue(out.toString().contains("T_disp unlimited"), out.toString());
        assertTrue(out.toString().contains("answer: T_disp ="), out.toString());
    }

    @Test
    void calibratesFromARunDirectory() throws Exception {
        Path run = dir.resolve("run");
        Path point = run.resolve("points").resolve("single");
        Files.createDirectories(point.resolve("report"));
        Files.copy(singlePoint(), point.resolve("point.yaml"));
        writeSyntheticStages(point.resolve("report").resolve("stages.csv"));
        assertEquals(0, run("simulate", singlePoint().toString(), "--calibrate", run.toString()), err.toString());
        String o = out.toString();
        assertTrue(o.contains("calibrated vs run"), o);
        assertTrue(o.contains("b_rec=0.3000ms"), o);
        // The report's client figures give the client and network delay, and the client response beside the run's.
        Files.writeString(point.resolve("report").resolve("point.json"),
                "{\"client\": {\"response\": {\"meanMs\": 12.5}}, \"networkAndClientMs\": 1.5}");
        out.setLength(0);
        assertEquals(0, run("simulate", singlePoint().toString(), "--calibrate", run.toString()), err.toString());
        o = out.toString();
        assertTrue(o.contains("client and network delay=1.500ms"), o);
        assertTrue(o.lines().anyMatch(l -> l.startsWith("client response") && l.contains("12.5000")), o);
        Files.delete(point.resolve("report").resolve("stages.csv"));
        assertEquals(2, run("simulate", singlePoint().toString(), "--calibrate", run.toString()));
        assertTrue(err.toString().contains("stages.csv: no stage table for point 'single'"), err.toString());
    }

    @Test
    void calibratesALocksHoldFromTheMonitorsOfThePointsTrace() throws Exception {
        // The point's operation takes lock Account, 4 ms in the scenario; its trace's com.acme.Account monitors held
        // 11 us over 2 timed holds: the model holds the lock 5.5 us, and says where the figure comes from.
        Path run = dir.resolve("locked");
        Path point = run.resolve("points").resolve("single");
        Files.createDirectories(point.resolve("report"));
        Files.writeString(point.resolve("point.yaml"), Files.readString(singlePoint()).replace("replySize: 0}",
                "replySize: 0, lock: {name: Account, hold: 4ms}}"));
        writeSyntheticStages(point.resolve("report").resolve("stages.csv"));
        assertEquals(0, run("simulate", singlePoint().toString(), "--calibrate", run.toString()), err.toString());
        assertTrue(out.toString().contains("note: lock holds: no server trace"), out.toString());
        assertTrue(out.toString().contains("lock Account hold=4.000ms"), out.toString());
        Files.createDirectories(point.resolve("server"));
        org.orbscope.testkit.KnownTrace.write(point.resolve("server").resolve("server.trace"));
        out.setLength(0);
        assertEquals(0, run("simulate", singlePoint().toString(), "--calibrate", run.toString()), err.toString());
        String o = out.toString();
        assertTrue(o.contains("note: lock 'Account': hold 0.0055 ms, the mean of 2 timed holds (of 2 entries) of 1 "
                + "monitor(s) of com.acme.Account in the trace"), o);
        assertTrue(o.contains("lock Account hold=0.005500ms"), o);
        // --lock-hold has the last word.
        out.setLength(0);
        assertEquals(0, run("simulate", singlePoint().toString(), "--calibrate", run.toString(), "--lock-hold",
                "Account=1ms"), err.toString());
        assertTrue(out.toString().contains("lock Account hold=1.000ms"), out.toString());
    }

    private Path singlePoint() throws IOException, URISyntaxException {
        Path p = dir.resolve("single.yaml");
        if (!Files.exists(p)) {
            String yaml = Files.readString(Path.of(resource("paper-a.yaml")));
            Files.writeString(p, yaml.substring(0, yaml.indexOf("sweep:")));
        }
        return p;
    }

    /** A stage table as postprocess writes it, from a known model (b_rec 0.3 ms, b_poa 0.2 ms, b_mar 0.1 ms). */
    private static void writeSyntheticStages(Path csv) throws IOException {
        org.orbscope.model.ModelParameters truth = org.orbscope.model.ModelParameters.builder()
                .dispatcherThreads(10).receiverCpu(org.orbscope.model.Dist.deterministic(0.3e6))
                .poaCpu(org.orbscope.model.Dist.deterministic(0.2e6)).servant("target", "RootPOA", 0)
                .operation("target", "call", org.orbscope.model.Dist.exponential(8e6), org.orbscope.model.Dist.ZERO,
                        org.orbscope.model.Dist.deterministic(0.1e6))
                .stream(org.orbscope.model.ArrivalLaw.POISSON, 50, 0, "target.call").build();
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(csv))) {
            w.println("request,status,arrival_ns,queue_ns,completion_ns,cpu_receiver_ns,cpu_poa_ns,cpu_servant_ns,"
                    + "cpu_reply_ns,cpu_total_ns,servant_noncpu_ns");
            Simulator.run(truth, 5000, 0, 7, (seq, op, arr, q, c, rec, poa, ser, sem, mar) ->
                    w.printf(Locale.ROOT, "%d,complete,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f%n", seq, arr, q, c,
                            rec, poa, ser, mar, rec + poa + ser + mar, sem));
        }
    }
}
