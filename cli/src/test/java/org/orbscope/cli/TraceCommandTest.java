package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceWriter;

class TraceCommandTest {
    @TempDir
    Path dir;

    private Path sample() throws IOException {
        Path file = dir.resolve("s.trace");
        try (TraceWriter w = TraceWriter.open(file, Collections.emptyMap(), 4, 4096)) {
            int main = w.defineThread("main", 1);
            int worker = w.defineThread("RequestProcessor-1", 20);
            int outer = w.defineMethod("com.example.Shop", "buy", "()V");
            int inner = w.defineMethod("com.example.Shop", "price", "()J");
            int mon = w.defineMonitor("com.example.Shop", 0xBEEF);
            ThreadBuffer a = w.acquire(main, 1_000_000);
            a.methodEnter(1_000_000, outer, 100);
            a.methodEnter(1_200_000, inner, 300);
            a.monitorContended(1_300_000, mon);
            a.monitorEntered(51_300_000, mon);
            a.monitorExit(51_400_000, mon);
            a.methodExit(51_500_000, false, 700);
            a.methodExit(52_000_000, false, 1_100);
            w.submit(a);
            ThreadBuffer b = w.acquire(worker, 1_100_000);
            b.waitBegin(1_100_000, mon, 0);
            b.waitEnd(2_100_000, mon, false);
            w.submit(b);
        }
        return file;
    }

    private static String run(Path out, String... args) throws IOException {
        int code = Orbscope.commandLine().execute(args);
        assertEquals(0, code, String.join(" ", args));
        return new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
    }

    @Test
    void dumpShowsIndentedCallTreesWithWallAndCpuTimes() throws IOException {
        Path out = dir.resolve("dump.txt");
        String dump = run(out, "trace", "dump", sample().toString(), "--out", out.toString());
        assertTrue(dump.contains("> com.example.Shop#buy()V"), dump);
        assertTrue(dump.contains("  > com.example.Shop#price()J"), dump);
        assertTrue(dump.contains("< Shop.price  wall 50300.000 us  cpu 0.400 us"), dump);
        assertTrue(dump.contains("monitor-contended com.example.Shop@beef"), dump);
        assertTrue(dump.contains("wait-end com.example.Shop@beef (notified)"), dump);
    }

    @Test
    void perfettoExportIsValidTraceEventJsonWithOneTrackPerThread() throws IOException {
        Path out = dir.resolve("p.json");
        String json = run(out, "trace", "export", sample().toString(), "--format", "perfetto", "--out", out.toString());
        JsonNode root = new ObjectMapper().readTree(json);
        JsonNode events = root.get("traceEvents");
        int names = 0;
        boolean blocked = false;
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("M")) {
                names++;
            }
            if (e.get("ph").asText().equals("X") && e.get("name").asText().startsWith("blocked on")) {
                blocked = true;
                assertEquals(50_000.0, e.get("dur").asDouble(), 0.001);
            }
        }
        assertEquals(2, names);
        assertTrue(blocked, json);
    }

    @Test
    void jsonExportHasOneObjectPerEvent() throws IOException {
        Path out = dir.resolve("e.jsonl");
        List<String> lines = List.of(run(out, "trace", "export", sample().toString(), "--format", "json", "--out", out.toString()).split("\n"));
        assertEquals(9, lines.size());
        ObjectMapper m = new ObjectMapper();
        for (String l : lines) {
            assertTrue(m.readTree(l).has("type"));
        }
    }

    @Test
    void aForeignFileIsRefusedWithExitCode2() throws IOException {
        Path f = dir.resolve("x.trace");
        Files.write(f, "not a trace".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, Orbscope.commandLine().execute("trace", "stats", f.toString()));
        assertEquals(2, Orbscope.commandLine().execute("trace", "stats", dir.resolve("missing.trace").toString()));
    }
}
