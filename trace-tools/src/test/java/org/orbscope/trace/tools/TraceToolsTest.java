package org.orbscope.trace.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.testing.SyntheticTrace;

/** stats, dump and both exports on a small synthetic trace written with the real writer. */
class TraceToolsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path file;

    @BeforeEach
    void sample() throws IOException {
        file = dir.resolve("tools.trace");
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int buy = t.method("com.acme.Shop", "buy", "(I)V");
            int price = t.method("com.acme.Shop#price()J");
            int lock = t.monitor("com.acme.Shop", 0xBEEF);
            int queue = t.classId("java.util.concurrent.locks.ReentrantLock$NonfairSync");
            SyntheticTrace.Script main = t.thread("main");
            SyntheticTrace.Script worker = t.thread("worker \"1\"");
            SyntheticTrace.Script agent = t.thread("orbscope-system", 0);
            main.at(0).start(null, "main")
                    .at(1_000_000).enter(buy, 10_000)
                    .at(1_200_000).enterKeyed(price, -1, 0xABC)
                    .at(1_300_000).monitorContended(lock)
                    .at(51_300_000).monitorEntered(lock)
                    .at(51_400_000).monitorExit(lock)
                    .at(51_500_000).exit()
                    .at(52_000_000).exit(2_010_000);
            main.at(53_000_000).enter(buy).at(54_000_000).exitExceptionally();
            worker.at(500_000).start(main, "worker \"1\"")
                    .at(2_000_000).waitBegin(lock, 100)
                    .at(102_000_000).waitEnd(lock, true)
                    .notify(lock, true)
                    .at(103_000_000).parkBegin(queue, 0)
                    .at(104_000_000).parkEnd()
                    .allocation(t.classId("byte[]"), 4096)
                    .rename("worker-renamed")
                    .at(105_000_000).end();
            agent.at(10_000_000).gc("G1 Young Generation", "G1 Evacuation Pause", 3_000_000)
                    .at(100_000_000).processSample(250_000_000, 1_700_000_000_000L)
                    .dropped(5).agentErrors(1)
                    .jfrSpan(EventType.JFR_MONITOR_ENTER, false, 1_300_000, 50_000_000, main, t.classId("com.acme.Shop"), 0x7F00);
        }
    }

    private static String render(Action a) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, "UTF-8");
        a.run(out);
        out.flush();
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }

    private interface Action {
        void run(PrintStream out) throws IOException;
    }

    @Test
    void statsCountPerTypeAndThread() throws IOException {
        try (TraceReader r = TraceReader.open(file)) {
            TraceStats s = TraceStats.of(r);
            assertEquals(24, s.events());
            assertEquals(3, s.ofType(EventType.METHOD_ENTER));
            assertEquals(3, s.ofType(EventType.METHOD_EXIT));
            assertEquals(1, s.ofType(EventType.JFR_MONITOR_ENTER));
            assertEquals(5, s.droppedMarkers());
            assertEquals(1, s.errorMarkers());
            assertEquals(3, s.perThread().size());
            String text = render(out -> s.print(r, out));
            assertTrue(text.contains("trace      complete"), text);
            assertTrue(text.contains("dropped    5"), text);
            assertTrue(text.contains("duration   105.000 ms"), text);
            assertTrue(text.matches("(?s).*main \\[1\\]\\s+10\\n.*"), text);
        }
    }

    @Test
    void dumpIsAnIndentedTextTraceInTimeOrder() throws IOException {
        String dump;
        try (TraceReader r = TraceReader.open(file)) {
            dump = render(out -> TraceDump.dump(r, out, null));
        }
        String[] lines = dump.split("\n");
        assertEquals(25, lines.length, dump);
        assertEquals("     1.000000 main                            > com.acme.Shop#buy(I)V", lines[3]);
        assertEquals("     1.200000 main                              > com.acme.Shop#price()J key=abc", lines[4]);
        assertEquals("     1.300000 main                                monitor-contended com.acme.Shop@beef", lines[5]);
        assertTrue(dump.contains("    51.500000 main                              < Shop.price  wall 50300.000 us\n"), dump);
        assertTrue(dump.contains("    52.000000 main                            < Shop.buy  wall 51000.000 us  cpu 2000.000 us\n"), dump);
        assertTrue(dump.contains("< (exception) Shop.buy  wall 1000.000 us"), dump);
        assertTrue(dump.contains("wait-begin com.acme.Shop@beef timeout=100ms"), dump);
        assertTrue(dump.contains("wait-end com.acme.Shop@beef (timed out)"), dump);
        assertTrue(dump.contains("notify-all com.acme.Shop@beef"), dump);
        assertTrue(dump.contains("park-begin blocker=java.util.concurrent.locks.ReentrantLock$NonfairSync"), dump);
        assertTrue(dump.contains("gc G1 Young Generation (G1 Evacuation Pause) 3.000 ms"), dump);
        assertTrue(dump.contains("thread-start parent=main"), dump);
        assertTrue(dump.contains("jfr-monitor-enter thread=main com.acme.Shop@7f00 50.000 ms"), dump);
        double last = -1;
        for (String l : lines) {
            if (!l.startsWith("#")) {
                double t = Double.parseDouble(l.substring(0, 13).trim());
                assertTrue(t >= last || l.contains("jfr-"), l);
                last = l.contains("jfr-") ? last : t;
            }
        }
        try (TraceReader r = TraceReader.open(file)) {
            String only = render(out -> TraceDump.dump(r, out, "worker"));
            assertEquals(9 + 1, only.split("\n").length, only);
        }
    }

    @Test
    void jsonLinesHaveOneValidObjectPerEvent() throws IOException {
        String json;
        try (TraceReader r = TraceReader.open(file)) {
            json = render(out -> TraceExport.jsonLines(r, out));
        }
        String[] lines = json.split("\n");
        assertEquals(24, lines.length);
        for (String l : lines) {
            assertTrue(JSON.readTree(l).isObject(), l);
        }
        assertTrue(json.contains("\"type\":\"exit\",\"thread\":\"main\""), json);
        assertTrue(json.contains("\"method\":\"com.acme.Shop#price()J\",\"depth\":1,\"exceptional\":false,\"wallNanos\":50300000"), json);
        assertTrue(json.contains("\"thread\":\"worker \\\"1\\\"\""), json);
        assertTrue(json.contains("\"timedOut\":true"), json);
        assertTrue(json.contains("\"collector\":\"G1 Young Generation\",\"cause\":\"G1 Evacuation Pause\",\"durationNanos\":3000000"), json);
        assertTrue(json.contains("\"key\":2748"), json);
    }

    @Test
    void perfettoExportIsTraceEventJsonWithATrackPerThread() throws IOException {
        String json;
        try (TraceReader r = TraceReader.open(file)) {
            json = render(out -> TraceExport.perfetto(r, out));
        }
        JsonNode events = JSON.readTree(json).path("traceEvents");
        assertEquals(json.split("\n").length - 1, events.size(), "one event a line");
        List<String> names = new ArrayList<>();
        Matcher m = Pattern.compile("\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":(\\d+),\"args\":\\{\"name\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
        while (m.find()) {
            names.add(m.group(1) + "=" + m.group(2));
        }
        assertTrue(names.contains("1=main"), names.toString());
        assertTrue(names.contains("0=GC"), names.toString());
        assertEquals(4, names.size(), names.toString());
        assertTrue(json.contains("{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1000.000,\"dur\":51000.000,\"name\":\"Shop.buy\",\"args\":{\"cpu_us\":2000.000}}"), json);
        assertTrue(json.contains("\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1300.000,\"dur\":50000.000,\"name\":\"blocked on com.acme.Shop@beef\""), json);
        assertTrue(json.contains("\"name\":\"wait com.acme.Shop@beef\""), json);
        assertTrue(json.contains("\"name\":\"JFR blocked on com.acme.Shop\""), json);
        assertTrue(json.contains("\"ph\":\"C\""), json);
    }
}
