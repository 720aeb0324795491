package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;

/**
 * A server whose receiver thread dispatches each request itself (Apache Yoko's {@code threaded} model, a thread per
 * connection): the upcall runs on the receiver's clock inside the receiver's span, and every CPU nanosecond of a
 * request is counted once. The trace's summed request CPU is no more than the application threads spent, each
 * request's receiver CPU leaves its upcall to the dispatcher's, and the model calibrated from the run (the one
 * mapping the report and {@code simulate --calibrate} share) gives the receiver its own CPU and the servant the
 * servant's, not the upcall twice.
 */
class ThreadPerConnectionCpuTest {
    private static final int REQUESTS = 120;
    private static final long DEMAND_NS = 2_000_000;
    private static final Pattern RECEIVER = Pattern.compile("b_rec=([0-9.]+)ms \\(\\+2nd ([0-9.]+)ms\\)");
    private static final Pattern SERVANT = Pattern.compile("b_ser=empirical\\(n=\\d+, mean ([0-9.]+)ms\\)");

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void theReceiverThatDispatchesCountsItsUpcallOnce() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path file = dir.resolve("per-connection.yaml");
        Files.writeString(file, String.join("\n",
                "name: per-connection",
                "server:",
                "  orb: {product: yoko, concModel: threaded}",
                "  warmupCalls: 20",
                "  objects: [{id: t, operations: {call: {cpu: 2ms}}}]",
                "monitoring: {enabled: true, cpuTime: true}",
                "client:",
                "  maxDuration: 60s",
                "  warmup: 10",
                // A closed client sends each request 5 ms after the reply before it, so that every request finds the
                // receiver free and has a client delay of its own, however late a loaded machine runs the client.
                "  processes: [{name: p, requests: " + REQUESTS + ", arrival: {law: closed, threads: 1, thinkTime: 5ms},",
                "               targets: [{object: t, operation: call}]}]",
                ""));
        CliRunner r = CliRunner.run("run", file.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS,
                "--out", dir.resolve("runs").toString());
        Path run = CliRunner.onlyRun(dir.resolve("runs"));
        Path point = run.resolve("points/single");
        assertEquals(Orbscope.EXIT_OK, r.exit, r + "\n" + Files.readString(point.resolve("server/server.log")));

        List<String> lines = Files.readAllLines(point.resolve("report/stages.csv"));
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        long total = 0;
        long servants = 0;
        int calls = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] v = line.split(",", -1);
            String row = "stages.csv row " + line;
            if (!"call".equals(v[header.indexOf("operation")])) {
                String cpu = v[header.indexOf("cpu_total_ns")];
                total += cpu.isEmpty() ? 0 : Long.parseLong(cpu);
                continue;
            }
            calls++;
            assertEquals(v[header.indexOf("receiver_thread")], v[header.indexOf("dispatcher_thread")],
                    "the receiver dispatches: " + row);
            long receiver = number(v, header, "cpu_receiver_ns");
            long dispatcher = number(v, header, "cpu_dispatcher_ns");
            long servant = number(v, header, "cpu_servant_ns");
            servants += servant;
            assertTrue(receiver < DEMAND_NS / 2, "the receiver's own CPU leaves out the upcall: " + row);
            assertTrue(dispatcher >= servant, row);
            assertEquals(receiver + dispatcher, number(v, header, "cpu_total_ns"), "each part once: " + row);
            total += receiver + dispatcher;
        }
        assertTrue(calls >= REQUESTS, "every request of the client in the stage table: " + calls);
        assertTrue(servants >= calls * DEMAND_NS, "the servants burnt their demand: " + servants / 1e6 + " ms");

        List<SystemSample> s = SystemCsv.read(point.resolve("server/system.csv")).samples();
        long application = s.get(s.size() - 1).appThreadsCpuNs() - s.get(0).appThreadsCpuNs();
        assertTrue(total <= application + ThreadPerRequestCpuTest.TICKS_NS, "the trace's request CPU " + total / 1e6 + " ms is no more "
                + "than the application threads spent, " + application / 1e6 + " ms");

        CliRunner sim = CliRunner.run("simulate", file.toString(), "--calibrate", run.toString(), "--requests", "2000");
        assertEquals(Orbscope.EXIT_OK, sim.exit, sim.toString());
        Matcher rec = RECEIVER.matcher(sim.out);
        Matcher ser = SERVANT.matcher(sim.out);
        assertTrue(rec.find() && ser.find(), sim.out);
        double receiverMs = Double.parseDouble(rec.group(1)) + Double.parseDouble(rec.group(2));
        assertTrue(receiverMs < DEMAND_NS / 2e6, "b_rec holds the receiver's own CPU, not the upcall: " + sim.out);
        assertTrue(Double.parseDouble(ser.group(1)) >= DEMAND_NS / 1e6, sim.out);
        assertTrue(sim.out.contains("model THREAD_PER_CONNECTION"), sim.out);

        // The client delay is the client's and the network's time of the requests that found the receiver free:
        // a request sent during the upcall before it waits unread in the connection, which the model queues itself.
        JsonNode report = new ObjectMapper().readTree(point.resolve("report/point.json").toFile());
        assertTrue(report.path("clientDelayMs").isNumber(), report.toString());
        double delay = report.path("clientDelayMs").asDouble();
        assertTrue(delay >= 0, "client delay " + delay);
        assertTrue(sim.out.contains(String.format(Locale.ROOT, "client and network delay=%.4gms", delay)),
                "the model's client delay is the report's clientDelayMs " + delay + ":\n" + sim.out);
    }

    private static long number(String[] row, List<String> header, String column) {
        int i = header.indexOf(column);
        assertTrue(i >= 0, "no column " + column + " in " + header);
        assertTrue(!row[i].isEmpty(), column + " empty in " + String.join(",", row));
        return Long.parseLong(row[i]);
    }
}
