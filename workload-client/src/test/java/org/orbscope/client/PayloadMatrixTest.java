package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.scenario.ServerSpec;

/**
 * The client sends exactly the operation and payload a target's descriptor says, in every invocation style that
 * makes two-way calls: a real server JVM counts what each operation received (server/received.csv) and the
 * client's records name the operation of every request. The sample covers every type in both directions as a
 * sequence, every type that has arrays as an array of one size in both directions, every array size of one
 * type, and bound strings filled to their bound and short of it; the expected operations and element counts
 * are written out, not derived by the rule under test.
 */
class PayloadMatrixTest {
    /** Requests per target. */
    static final int EACH = 3;

    /** payload descriptor (YAML flow mapping), the operation it must call, the elements it must carry. */
    record Cell(String target, String operation, long elements) {
    }

    static final List<Cell> MATRIX = List.of(
            new Cell("payload: {type: octet, size: 24}", "in_octet_seq", 24),
            new Cell("payload: {type: octet, direction: inout, size: 240}", "inout_octet_seq", 240),
            new Cell("payload: {type: char, size: 2400}", "in_char_seq", 2400),
            new Cell("payload: {type: char, direction: inout, size: 100}", "inout_char_seq", 100),
            new Cell("payload: {type: boolean, size: 24000}", "in_boolean_seq", 24000),
            new Cell("payload: {type: boolean, direction: inout, size: 24}", "inout_boolean_seq", 24),
            new Cell("payload: {type: short, size: 240}", "in_short_seq", 120),
            new Cell("payload: {type: short, direction: inout, size: 2401}", "inout_short_seq", 1200),
            new Cell("payload: {type: long, size: 2400}", "in_long_seq", 600),
            new Cell("payload: {type: long, direction: inout, size: 24}", "inout_long_seq", 6),
            new Cell("payload: {type: float, size: 240}", "in_float_seq", 60),
            new Cell("payload: {type: float, direction: inout, size: 2400}", "inout_float_seq", 600),
            new Cell("payload: {type: double, size: 24000}", "in_double_seq", 3000),
            new Cell("payload: {type: double, direction: inout, size: 2400}", "inout_double_seq", 300),
            new Cell("payload: {type: string, size: 240}", "in_string", 240),
            new Cell("payload: {type: string, direction: inout, size: 24}", "inout_string", 24),
            new Cell("payload: {type: basic, size: 2400}", "in_basic_seq", 100),
            new Cell("payload: {type: basic, direction: inout, size: 240}", "inout_basic_seq", 10),
            new Cell("payload: {type: any, size: 480}", "in_any", 20),
            new Cell("payload: {type: any, direction: inout, size: 48}", "inout_any", 2),
            new Cell("payload: {type: octet, shape: array, size: 24}", "in_octet_array_24", 24),
            new Cell("payload: {type: octet, shape: array, direction: inout, size: 240000}", "inout_octet_array_240000", 240000),
            new Cell("payload: {type: char, shape: array, size: 240}", "in_char_array_240", 240),
            new Cell("payload: {type: char, shape: array, direction: inout, size: 2400}", "inout_char_array_2400", 2400),
            new Cell("payload: {type: boolean, shape: array, size: 24000}", "in_boolean_array_24000", 24000),
            new Cell("payload: {type: boolean, shape: array, direction: inout, size: 24}", "inout_boolean_array_24", 24),
            new Cell("payload: {type: short, shape: array, size: 2400}", "in_short_array_2400", 1200),
            new Cell("payload: {type: short, shape: array, direction: inout, size: 240}", "inout_short_array_240", 120),
            new Cell("payload: {type: long, shape: array, size: 240}", "in_long_array_240", 60),
            new Cell("payload: {type: long, shape: array, direction: inout, size: 24000}", "inout_long_array_24000", 6000),
            new Cell("payload: {type: float, shape: array, size: 24}", "in_float_array_24", 6),
            new Cell("payload: {type: float, shape: array, direction: inout, size: 2400}", "inout_float_array_2400", 600),
            new Cell("payload: {type: basic, shape: array, size: 24}", "in_basic_array_24", 1),
            new Cell("payload: {type: basic, shape: array, direction: inout, size: 240000}", "inout_basic_array_240000", 10000),
            new Cell("payload: {type: double, shape: array, direction: inout, size: 240}", "inout_double_array_240", 30),
            new Cell("payload: {type: double, shape: array, size: 24}", "in_double_array_24", 3),
            new Cell("payload: {type: double, shape: array, size: 240}", "in_double_array_240", 30),
            new Cell("payload: {type: double, shape: array, size: 2400}", "in_double_array_2400", 300),
            new Cell("payload: {type: double, shape: array, size: 24000}", "in_double_array_24000", 3000),
            new Cell("payload: {type: double, shape: array, size: 240000}", "in_double_array_240000", 30000),
            new Cell("operation: inout_double_array_24", "inout_double_array_24", 3),
            new Cell("payload: {type: string, shape: array, size: 24}", "in_string_24", 24),
            new Cell("payload: {type: string, shape: array, direction: inout, size: 240000}", "inout_string_240000", 240000),
            new Cell("payload: {type: string, shape: array, size: 100}", "in_string_240", 100),
            new Cell("operation: inout_string_2400", "inout_string_2400", 2400),
            new Cell("operation: in_string_24000, payload: {size: 10}", "in_string_24000", 10),
            new Cell("operation: call, payload: {size: 64}", "call", 64),
            new Cell("operation: ping", "ping", 0));

    @TempDir
    Path dir;
    private ServerProcess server;

    @AfterEach
    void stopServer() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    /** One process per cell, each sending {@link #EACH} requests, so every cell's count is exact. */
    private Path scenario(String invocation, List<Cell> cells) throws Exception {
        List<String> lines = new ArrayList<>(List.of(
                "name: matrix",
                "server:",
                "  orb: {poolMax: 16, queueMax: 10000}",
                "  warmupCalls: 0",
                "  objects: [{id: o}]",
                "client:",
                "  invocation: " + invocation,
                "  maxDuration: 60s",
                "  processes:"));
        for (int i = 0; i < cells.size(); i++) {
            lines.add("    - {name: c" + i + ", requests: " + EACH + ", arrival: {law: deterministic, rate: 20/s}, "
                    + "targets: [{object: o, " + cells.get(i).target() + "}]}");
        }
        Path f = dir.resolve(invocation + ".yaml");
        Files.writeString(f, String.join("\n", lines) + "\n");
        return f;
    }

    /** Runs the cells under {@code invocation} and checks the client's records and the server's counts. */
    private void sendsExactly(String invocation, List<Cell> cells) throws Exception {
        Path s = scenario(invocation, cells);
        server = ServerProcess.start(dir, s);
        Path out = dir.resolve("client");
        int code = ClientMain.run(new ClientLaunch(s, Map.of(ServerSpec.SINGLE, server.out.resolve("ior")), null, out));
        assertEquals(0, code, "client exit code");
        List<RequestRecord> rows = new ArrayList<>();
        RequestsCsv.read(out.resolve("requests.csv"), rows::add);
        assertEquals(cells.size() * EACH, rows.size());
        for (RequestRecord r : rows) {
            assertTrue(r.ok(), r.toString());
            String expected = cells.get(Integer.parseInt(r.process().substring(1))).operation();
            assertEquals(expected, r.operation(), "operation recorded for process " + r.process());
        }
        ClientSummary summary = ClientSummary.read(out.resolve("summary.json"));
        assertTrue(summary.cpuSec() > 0, "client CPU recorded: " + summary);
        if (invocation.equals("deferred")) {
            // JacORB sends every deferred request from a thread of its own.
            assertTrue(summary.threadsStarted() >= rows.size(), "threads started: " + summary.threadsStarted());
        }
        server.stop();
        assertEquals(0, server.process.exitValue());
        Map<String, long[]> expected = new TreeMap<>();
        for (Cell c : cells) {
            long[] e = expected.computeIfAbsent(c.operation(), k -> new long[2]);
            e[0] += EACH;
            e[1] += EACH * c.elements();
        }
        Map<String, long[]> received = new TreeMap<>();
        for (ReceivedCsv.Row r : ReceivedCsv.read(server.out.resolve("received.csv"))) {
            assertEquals("o", r.object());
            received.put(r.operation(), new long[] {r.requests(), r.elements()});
        }
        assertEquals(expected.keySet(), received.keySet(), "operations the server received");
        for (String op : expected.keySet()) {
            assertEquals(expected.get(op)[0], received.get(op)[0], op + ": requests received");
            assertEquals(expected.get(op)[1], received.get(op)[1], op + ": elements received");
        }
    }

    @ParameterizedTest(name = "invocation {0}")
    @ValueSource(strings = {"sync", "dii", "deferred", "ami"})
    @Timeout(300)
    void everyStyleSendsTheDescribedOperationAndElements(String invocation) throws Exception {
        sendsExactly(invocation, MATRIX);
    }

    @Test
    @Timeout(300)
    void onewayOperationsCarryTheirPayloadStaticallyAndThroughDii() throws Exception {
        sendsExactly("dii", List.of(new Cell("operation: post, payload: {size: 100}", "post", 100),
                new Cell("payload: {type: long, direction: inout, size: 400}", "inout_long_seq", 100)));
    }

    @Test
    @Timeout(300)
    void onewayInvocationSendsPostWithThePayloadsOctets() throws Exception {
        sendsExactly("oneway", List.of(new Cell("payload: {size: 1000}", "post", 1000),
                new Cell("payload: {type: octet}", "post", 0)));
    }
}
