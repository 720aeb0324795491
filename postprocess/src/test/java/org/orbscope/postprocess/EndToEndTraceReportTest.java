package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.trace.TraceReader;

/** A run directory whose server trace is a real trace file: `orbscope report` as the cli runs it. */
class EndToEndTraceReportTest {
    private static final long BASE = 9_000_000_000L;
    private static final long GAP = 20_000_000L;
    private static final int N = 500;

    @TempDir
    Path tmp;

    @Test
    void reportFromARealTraceFile() throws Exception {
        Path point = tmp.resolve("run").resolve("points").resolve("client.processes[0].arrival.rate=50_s");
        Files.createDirectories(point.resolve("server"));
        Files.createDirectories(point.resolve("client"));
        Path trace = point.resolve("server").resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < N; i++) {
                b.request(BASE + i * GAP, 0x40 + i % 5, i, true);
            }
        }
        long offset;
        try (TraceReader r = TraceReader.open(trace)) {
            offset = r.toEpochNanos(0);
        }
        String scenario = "name: e2e\nserver:\n  cpus: [0]\n  orb: {poolMax: 2}\n"
                + "  objects: [{id: t, operations: {call: {cpu: 4ms}}}]\n"
                + "client:\n  warmup: 100\n  processes:\n    - name: p\n      requests: " + N
                + "\n      arrival: {law: deterministic, rate: \"50/s\"}\n      targets: [{object: t, operation: call}]\n"
                + "monitoring: {enabled: true}\n";
        Files.writeString(point.resolve("point.yaml"), scenario);
        Files.writeString(tmp.resolve("run").resolve("scenario.yaml"), scenario);
        try (RequestsCsv.Writer w = RequestsCsv.create(point.resolve("client").resolve("requests.csv"))) {
            for (int i = 0; i < N; i++) {
                long intended = BASE + offset + i * GAP - 60_000;
                w.append(new RequestRecord(i, "p", 0, "t", "call", intended, intended + 5_000, intended + 8_500_000,
                        8_500_000, 5_000, RequestRecord.OK));
            }
        }
        double util = JacorbTraceBuilder.CPU_NS / (double) GAP;
        try (SystemCsv.Writer w = SystemCsv.create(point.resolve("server").resolve("system.csv"))) {
            long startMs = (BASE + offset) / 1_000_000 - 2_000;
            for (long ms = 0; ms <= N * GAP / 1_000_000 + 4_000; ms += 250) {
                long cpu = (long) (ms * 1e6 * util);
                w.append(new SystemSample(startMs + ms, cpu, 0, 0, 0, 0, 0, cpu, 0));
            }
        }

        Path out = Reporter.report(tmp.resolve("run")).dir();
        JsonNode p = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).path("points").get(0);
        assertEquals("read", p.path("server").path("trace").asText(), p.toString());
        assertEquals(N, p.path("server").path("complete").asLong());
        assertEquals(N - 100, p.path("server").path("measured").asLong(), "warm-up excluded");
        assertEquals(JacorbTraceBuilder.COMPLETION_NS / 1e6, p.path("stages").path("completion").path("meanMs").asDouble(),
                1e-9);
        assertEquals(JacorbTraceBuilder.CPU_NS / 1e6, p.path("cpuPerRequestMs").asDouble(), 1e-9);
        assertTrue(p.path("utilization").path("agree").asBoolean(), p.path("utilization").toString());
        assertEquals(0.3, p.path("networkAndClientMs").asDouble(), 1e-9);
        assertTrue(p.path("psPredictionMs").asDouble() > JacorbTraceBuilder.CPU_NS / 1e6);
        assertTrue(Files.readString(point.resolve("report").resolve("stages.csv")).contains(",t,call,complete,"));
        assertFalse(Files.exists(point.resolve("report").resolve("stages.parquet")), "Parquet only when asked");
    }
}
