package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import example.jvm.NestedCallsApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.JvmLauncher;
import org.orbscope.trace.AgentOptions;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.tools.jvm.MethodSummary.Method;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;
import org.orbscope.trace.tools.jvm.TraceSummary;

/**
 * A real agent's trace of known nested calls with one bit flipped in a chunk in the middle: {@code orbscope trace
 * report} pairs no exit with an enter across the skipped chunk, so every call it counts is a call of the whole
 * trace, and the report says how much was lost.
 */
class DamagedTraceSummaryTest {
    private static final int CALLS = 100_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void aFlippedBitInAMiddleChunkCostsItsCallsAndPairsNothingAcrossIt() throws Exception {
        Path agent = AgentJar.locate();
        assumeTrue(Files.isRegularFile(agent), "agent jar not built yet");
        Path whole = dir.resolve("whole.trace");
        // Every monitor enter recorded (not only contended ones), so the damaged chunk surely holds some.
        AgentOptions options = AgentOptions.NONE.with(AgentOptions.OUT, whole.toString()).with("quiet=true")
                .with("include=example.jvm.NestedCallsApp#*").with("monitors.include=example.jvm.NestedCallsApp*")
                .with("monitors.events=all").with("events=methods+threads+monitors");
        Path log = dir.resolve("app.log");
        Process app = JvmLauncher.main(NestedCallsApp.class.getName())
                .classpath(Path.of("target", "test-classes").toAbsolutePath().toString())
                .agent(options.javaAgentOption(agent.toString())).args(Integer.toString(CALLS)).log(log).start();
        assertTrue(app.waitFor(300, TimeUnit.SECONDS), "the application ended");
        assertEquals(0, app.exitValue(), Files.readString(log));

        byte[] bytes = Files.readAllBytes(whole);
        List<TraceChunk> chunks = TraceChunk.list(bytes);
        assertTrue(chunks.size() >= 5, "a trace of many chunks: " + chunks.size());
        TraceSummary all = TraceSummary.read(whole);
        Monitor wholeTally = all.monitors().monitors().get(0);
        // The chunk nearest the middle that holds some of the monitor's events: which chunks do depends on when
        // the writer took each thread's buffer, so the test finds one in what was recorded.
        Path damaged = dir.resolve("damaged.trace");
        TraceSummary part = null;
        for (int k = 0; k < chunks.size() && part == null; k++) {
            int c = chunks.size() / 2 + (k % 2 == 0 ? k / 2 : -(k + 1) / 2);
            if (c < 0 || c >= chunks.size()) {
                continue;
            }
            byte[] copy = bytes.clone();
            copy[chunks.get(c).middle()] ^= 0x10;
            Files.write(damaged, copy);
            TraceSummary candidate = TraceSummary.read(damaged);
            if (candidate.monitors().monitors().get(0).acquired() < wholeTally.acquired()) {
                part = candidate;
            }
        }
        assertTrue(part != null, "some chunk holds monitor events");

        // Every call the damaged trace pairs is a call of the whole trace: same thread, method, enter and exit.
        Set<List<Long>> wholeCalls = calls(whole);
        Set<List<Long>> damagedCalls = calls(damaged);
        assertTrue(wholeCalls.containsAll(damagedCalls), "calls paired across the loss");
        assertTrue(damagedCalls.size() < wholeCalls.size(), "the damaged chunk's calls are missing");

        assertEquals(0, all.facts().lostStretches());
        assertEquals(0, all.facts().lostEvents());
        assertEquals(1, part.facts().lostStretches(), part.facts().damage().toString());
        assertTrue(part.facts().lostEvents() > 0, part.facts().toString());
        assertEquals(all.facts().events(), part.facts().events() + part.facts().lostEvents(), "every event read or counted lost");
        // The summary counts exactly the paired calls, none longer than the same method's longest whole call.
        Map<String, Method> wholeMethods = byName(all.methods().methods());
        Map<String, Long> pairedPerMethod = perMethod(damaged);
        for (Method m : part.methods().methods()) {
            Method w = wholeMethods.get(m.name());
            assertEquals(pairedPerMethod.get(m.name()), m.calls(), m.name());
            assertTrue(m.calls() <= w.calls() && m.wallInclusiveNanos() <= w.wallInclusiveNanos()
                    && m.maxWallNanos() <= w.maxWallNanos() && m.wallExclusiveNanos() >= 0, m + " beside " + w);
        }
        assertTrue(part.methods().lostCalls() > 0, "calls open at the loss are counted apart");
        Monitor tally = part.monitors().monitors().get(0);
        assertTrue(tally.acquired() < wholeTally.acquired() && tally.holdNanos() <= wholeTally.holdNanos()
                && tally.maxHoldNanos() <= wholeTally.maxHoldNanos(), tally + " beside " + wholeTally);

        Path out = dir.resolve("report");
        CliRunner r = CliRunner.run("trace", "report", damaged.toString(), "--out", out.toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("1 damaged stretch(es) of the trace were skipped, with " + part.facts().lostEvents()
                + " events in them"), md);
        assertTrue(md.contains("Damaged: checksum mismatch"), md);
    }

    /** (thread, method, enter, exit) of every call the reader pairs, in file order. */
    private static Set<List<Long>> calls(Path trace) throws IOException {
        Set<List<Long>> calls = new HashSet<>();
        try (TraceReader r = TraceReader.open(trace)) {
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT && e.depth() >= 0) {
                    calls.add(List.of((long) e.threadId(), (long) e.methodId(), e.enterNanos(), e.nanos()));
                }
            });
        }
        return calls;
    }

    private static Map<String, Long> perMethod(Path trace) throws IOException {
        Map<String, Long> n = new HashMap<>();
        try (TraceReader r = TraceReader.open(trace)) {
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT && e.depth() >= 0) {
                    n.merge(r.dictionary().method(e.methodId()), 1L, Long::sum);
                }
            });
        }
        return n;
    }

    private static Map<String, Method> byName(List<Method> methods) {
        Map<String, Method> m = new HashMap<>();
        methods.forEach(x -> m.put(x.name(), x));
        return m;
    }
}
