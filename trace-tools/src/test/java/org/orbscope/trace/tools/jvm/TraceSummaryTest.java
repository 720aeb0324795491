package org.orbscope.trace.tools.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.KnownTrace;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.testing.SyntheticTrace;
import org.orbscope.trace.tools.jvm.AllocationSummary.Allocation;
import org.orbscope.trace.tools.jvm.MethodSummary.Method;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;
import org.orbscope.trace.tools.jvm.ParkSummary.Blocker;
import org.orbscope.trace.tools.jvm.ThreadSummary.JavaThread;
import org.orbscope.trace.tools.jvm.TraceFacts.Collector;

/** Every figure of {@link KnownTrace}'s summaries, exactly; a trace cut short; a long trace's call tree. */
class TraceSummaryTest {
    static final String ACCOUNT = KnownTrace.ACCOUNT;
    static final String QUEUE = KnownTrace.QUEUE;
    static final String SYNC = KnownTrace.SYNC;

    @TempDir
    static Path dir;
    static TraceSummary summary;

    @BeforeAll
    static void read() throws IOException {
        summary = TraceSummary.read(KnownTrace.write(dir.resolve("known.trace")));
    }

    @Test
    void monitorsHaveTheirContentionHoldWaitAndNotifies() {
        List<Monitor> m = summary.monitors().monitors();
        assertEquals(List.of(
                // name, class, identity, source, acquired, contended, contention, max, holds, hold, max hold,
                // waits, timed out, wait, max wait, notifies, threads
                new Monitor(QUEUE + "@b2", QUEUE, "b2", "agent", 2, 1, 8_000, 8_000, 2, 19_000, 17_000, 1, 0, 2_000,
                        2_000, 1, 2),
                new Monitor(QUEUE + "@7f00", QUEUE, "7f00", "jfr", 0, 1, 8_000, 8_000, 0, 0, 0, 0, 0, 0, 0, 0, 1),
                new Monitor(ACCOUNT + "@a1", ACCOUNT, "a1", "agent", 2, 1, 1_000, 1_000, 2, 11_000, 10_000, 1, 1,
                        5_000, 5_000, 0, 2),
                new Monitor(ACCOUNT + "@7f10", ACCOUNT, "7f10", "jfr", 0, 0, 0, 0, 0, 0, 0, 1, 1, 5_000, 5_000, 0, 1)),
                m);
    }

    @Test
    void parksAreSummedPerBlockerClassAndSource() {
        assertEquals(List.of(new Blocker(SYNC, "agent", 1, 4_000, 4_000, 1), new Blocker(SYNC, "jfr", 1, 4_000, 4_000, 1)),
                summary.parks().blockers());
    }

    @Test
    void allocationsAreCountedAndSizedPerClass() {
        assertEquals(List.of(new Allocation("com.acme.BigOrder", 1, 56), new Allocation("com.acme.Order", 2, 48)),
                summary.allocations().classes());
    }

    @Test
    void methodsHaveInclusiveAndExclusiveWallAndCpuTimesWithRecursionCountedOnce() {
        assertEquals(List.of(
                // name, calls, exceptions, wall incl, wall excl, max wall, cpu calls, cpu incl, cpu excl
                new Method("com.acme.App#run()V", 1, 0, 39_000, 32_000, 39_000, 1, 30_000L, 22_000L),
                // fib(fib(leaf)): the inner call is inside the outer, so inclusive is the outer's 7 us only;
                // leaf has no CPU times, so its CPU stays in the inner fib's exclusive CPU: 5 + (8 - 5) us.
                new Method("com.acme.App#fib(I)I", 2, 0, 7_000, 5_000, 7_000, 2, 8_000L, 8_000L),
                new Method("com.acme.App#leaf()V", 2, 1, 3_500, 3_500, 2_000, 0, null, null)),
                summary.methods().methods());
        assertEquals(1, summary.methods().exitsWithoutEnter(), "the waiter's exit without enter, counted apart");
        assertEquals(1, summary.methods().openAtEnd(), "the waiter's run, still open");
        assertEquals(0, summary.methods().lostCalls());
    }

    @Test
    void theCallTreeHasOneNodePerCallPathWithItsWallAndCpuTime() {
        CallTree.Node root = summary.methods().callTree().top();
        assertEquals(CallTree.ROOT, root.name());
        assertEquals(39_000 + 1_500, root.wallNanos(), "every thread's outermost calls that ended");
        assertEquals(6, summary.methods().callTree().size(), "root, run, run>fib, run>fib>fib, run>fib>fib>leaf, leaf");
        CallTree.Node run = child(root, "com.acme.App#run()V");
        assertEquals(1, run.calls(), "the waiter's open run adds no call");
        assertEquals(39_000, run.wallNanos());
        assertEquals(32_000, run.selfWallNanos());
        assertEquals(30_000, run.cpuNanos());
        CallTree.Node outer = child(run, "com.acme.App#fib(I)I");
        CallTree.Node inner = child(outer, "com.acme.App#fib(I)I");
        assertEquals(7_000, outer.wallNanos());
        assertEquals(8_000, outer.cpuNanos());
        assertEquals(5_000, inner.wallNanos());
        assertEquals(5_000, inner.cpuNanos());
        assertEquals(2_000, child(inner, "com.acme.App#leaf()V").wallNanos());
        assertEquals(0, child(inner, "com.acme.App#leaf()V").cpuCalls());
        CallTree.Node leaf = child(root, "com.acme.App#leaf()V");
        assertEquals(1, leaf.calls());
        assertEquals(1_500, leaf.wallNanos());
    }

    static CallTree.Node child(CallTree.Node n, String name) {
        return n.children().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not below " + n.name()));
    }

    @Test
    void threadsHaveLifetimeCpuBlockedWaitingAndParkedTime() {
        List<JavaThread> t = summary.threads().threads();
        assertEquals(List.of(
                // id, name, java id, from, to, lifetime, started, ended, cpu, blocked, waiting, parked,
                // jfr blocked, jfr waiting, jfr parked, events
                new JavaThread(1, "main", 1, 0L, 41_000L, 41_000L, true, true, 30_000L, 8_000, 0, 0, 8_000, 0, 0, 23),
                new JavaThread(2, "worker", 2, 5_000L, 36_000L, 31_000L, true, true, null, 1_000, 2_000, 4_000, 0, 0,
                        4_000, 15),
                new JavaThread(3, "waiter", 3, 3_000L, 11_000L, 8_000L, false, false, null, 0, 5_000, 0, 0, 5_000, 0, 4),
                // JFR spans carry their subject's time: the JFR thread has events but no lifetime of its own.
                new JavaThread(4, "orbscope-jfr", 4, null, null, null, false, false, null, 0, 0, 0, 0, 0, 0, 3)), t);
    }

    @Test
    void theTraceFactsCountEventsLossesAndGcPauses() throws IOException {
        TraceFacts f = summary.facts();
        assertEquals(23 + 15 + 4 + 3, f.events());
        assertEquals(f.events(), f.footerEvents());
        assertEquals(0L, f.firstNanos());
        assertEquals(41_000L, f.lastNanos());
        assertEquals(41_000, f.durationNanos());
        assertEquals(5, f.droppedEvents(), "the footer's count, larger than the markers' 3");
        assertEquals(2, f.agentErrors(), "the markers' count, larger than the footer's 0");
        assertFalse(f.truncated());
        assertNull(f.truncation());
        assertEquals(List.of(), f.damage());
        assertEquals(2, f.gcPauses());
        assertEquals(1_000, f.gcPauseNanos());
        assertEquals(700, f.maxGcPauseNanos());
        assertEquals(List.of(new Collector("G1 Young Generation", 2, 1_000, 700)), f.collectors());
        try (TraceReader r = TraceReader.open(dir.resolve("known.trace"))) {
            assertEquals(r.header().entries(), f.info(), "the header's entries, as written");
        }
        assertTrue(f.info().containsKey(TraceHeader.START_NANOS), f.info().toString());
        assertTrue(summary.hasJfr());
        assertTrue(summary.notes().contains("1 method exits had no enter in the trace (recording started inside "
                + "the call): counted apart, in no method's figures"), summary.notes().toString());
        assertTrue(summary.notes().contains("1 calls had not ended when the trace ended (not counted)"),
                summary.notes().toString());
    }

    @Test
    void aTraceCutShortIsSummarisedUpToItsLastWholeChunkAndSaysSo() throws IOException {
        Path whole = KnownTrace.write(dir.resolve("whole.trace"));
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.trace");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 3));
        TraceSummary s = TraceSummary.read(cut);
        assertTrue(s.facts().truncated());
        try (TraceReader r = TraceReader.open(cut)) {
            assertEquals(r.truncation(), s.facts().truncation());
        }
        assertEquals(-1, s.facts().footerEvents());
        assertEquals(summary.facts().events(), s.facts().events(), "only the footer was cut");
        assertEquals(summary.methods().methods(), s.methods().methods());
    }

    @Test
    void manyCallsOfOnePathKeepTheCallTreeAtOneNodePerPath() throws IOException {
        Path file = dir.resolve("many.trace");
        int calls = 50_000;
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int outer = t.method("com.acme.Loop#outer()V");
            int inner = t.method("com.acme.Loop#inner()V");
            SyntheticTrace.Script s = t.thread("loop");
            for (int i = 0; i < calls; i++) {
                s.after(10).enter(outer).after(10).enter(inner).after(30).exit().after(5).exit();
            }
        }
        TraceSummary s = TraceSummary.read(file);
        assertEquals(3, s.methods().callTree().size());
        assertEquals(List.of(new Method("com.acme.Loop#inner()V", calls, 0, 30L * calls, 30L * calls, 30, 0, null, null),
                new Method("com.acme.Loop#outer()V", calls, 0, 45L * calls, 15L * calls, 45, 0, null, null)),
                s.methods().methods());
    }
}
