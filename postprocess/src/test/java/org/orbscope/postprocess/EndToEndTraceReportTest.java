package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.run.JacorbTraceBuilder;
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
        Files.writeString(point.resolve("point.yaml"), "name: e2e\nserver:\n  cpus: [0]\n  orb: {poolMax: 2}\n"
                + "client:\n  warmup: 100\n  processes:\n    - name: p\n      requests: " + N
                + "\n      arrival: {law: deterministic, rate: \"50/s\"}\nmonitoring: {enabled: true}\n");
        try (Writer w = Files.newBufferedWriter(point.resolve("client").resolve("requests.csv"))) {
            w.write("seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome\n");
            for (int i = 0; i < N; i++) {
                long intended = BASE + offset + i * GAP - 60_000;
                w.write(i + ",p,t.call,t,call," + intended + "," + (intended + 5_000) + "," + (intended + 8_500_000)
                        + ",8500000,5000,ok\n");
            }
        }
        double util = JacorbTraceBuilder.CPU_NS / (double) GAP;
        try (Writer w = Files.newBufferedWriter(point.resolve("server").resolve("system.csv"))) {
            w.write("epoch_ms,process_cpu_ns\n");
            long startMs = (BASE + offset) / 1_000_000 - 2_000;
            for (long ms = 0; ms <= N * GAP / 1_000_000 + 4_000; ms += 250) {
                w.write((startMs + ms) + "," + (long) (ms * 1e6 * util) + "\n");
            }
        }

        Path out = Reporter.report(tmp.resolve("run"));
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
    }
}
