package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceFormat;
import org.orbscope.trace.testing.SyntheticTrace;

/**
 * Randomised round trips through the real writer and reader: every event type, extreme field values (10-byte
 * varints, negative keys, CPU clocks going backwards between threads' segments), many segments per thread, and
 * the three ways of reading (file order, one thread, merged in time).
 */
class TraceEncodingTest {
    @TempDir
    Path dir;

    /** What the reader must report for one event, in the reader's own terms. */
    private static String expect(int type, int flags, int thread, long nanos, int method, int depth, long enterNanos,
            long enterCpu, long cpu, long key, long a, long b, long c) {
        return EventType.name(type) + " f" + flags + " t" + thread + " @" + nanos + " m" + method + " d" + depth + " en" + enterNanos
                + " ec" + enterCpu + " c" + cpu + " k" + key + " a" + a + " b" + b + " c" + c;
    }

    private static String actual(Event e) {
        return expect(e.raw.type, e.raw.flags, e.raw.threadId, e.raw.nanos, e.raw.methodId, e.raw.depth, e.raw.enterNanos, e.raw.enterCpuNanos, e.raw.cpuNanos,
                e.raw.key, e.raw.a, e.raw.b, e.raw.c);
    }

    private static long big(Random r) {
        switch (r.nextInt(4)) {
            case 0: return r.nextInt(128);
            case 1: return r.nextInt(1 << 20);
            case 2: return r.nextLong() >>> 1;
            default: return r.nextLong() >>> 24;
        }
    }

    /** Generates one thread's random events into the trace and returns what the reader must give back. */
    private static List<String> randomThread(SyntheticTrace t, SyntheticTrace.Script s, Random r, int n, int[] methods,
            int monitor, int cls, SyntheticTrace.Script other) {
        List<String> out = new ArrayList<>();
        long start = t.startNanos();
        long now = r.nextInt(1000);
        List<long[]> stack = new ArrayList<>(); // method, enterNanos, enterCpu
        for (int i = 0; i < n; i++) {
            now += r.nextInt(10) == 0 ? big(r) >>> 20 : r.nextInt(200);
            long at = start + now;
            s.at(now);
            int depth = stack.size();
            int kind = r.nextInt(24);
            if (kind < 6) {
                int m = methods[r.nextInt(methods.length)];
                int choice = r.nextInt(4);
                long cpu = choice == 1 || choice == 3 ? big(r) : -1;
                long key = choice >= 2 ? r.nextLong() : 0;
                if (choice == 0) {
                    s.enter(m);
                } else if (choice == 1) {
                    s.enter(m, cpu);
                } else {
                    s.enterKeyed(m, cpu, key);
                }
                int flags = (cpu >= 0 ? TraceFormat.FLAG_CPU : 0) | (choice >= 2 ? TraceFormat.FLAG_KEY : 0);
                out.add(expect(EventType.METHOD_ENTER, flags, s.id(), at, m, depth, 0, -1, cpu, key, 0, 0, 0));
                stack.add(new long[] {m, at, cpu});
            } else if (kind < 11) {
                int choice = r.nextInt(3);
                long cpu = choice == 1 ? big(r) : -1;
                if (choice == 0) {
                    s.exit();
                } else if (choice == 1) {
                    s.exit(cpu);
                } else {
                    s.exitExceptionally();
                }
                int flags = (cpu >= 0 ? TraceFormat.FLAG_CPU : 0) | (choice == 2 ? TraceFormat.FLAG_ALT : 0);
                if (stack.isEmpty()) {
                    out.add(expect(EventType.METHOD_EXIT, flags, s.id(), at, 0, -1, 0, -1, cpu, 0, 0, 0, 0));
                } else {
                    long[] top = stack.remove(stack.size() - 1);
                    out.add(expect(EventType.METHOD_EXIT, flags, s.id(), at, (int) top[0], depth - 1, top[1], top[2], cpu, 0, 0, 0, 0));
                }
            } else {
                long a;
                long b;
                long c = 0;
                boolean alt = r.nextBoolean();
                int type = 0;
                int flags = 0;
                long key = 0;
                long nanos = at;
                switch (kind) {
                    case 11: type = EventType.MONITOR_CONTENDED; a = monitor; b = 0; s.monitorContended(monitor); break;
                    case 12: type = EventType.MONITOR_ENTERED; a = monitor; b = 0; s.monitorEntered(monitor); break;
                    case 13: type = EventType.MONITOR_EXIT; a = monitor; b = 0; s.monitorExit(monitor); break;
                    case 14: type = EventType.WAIT_BEGIN; a = monitor; b = big(r); s.waitBegin(monitor, b); break;
                    case 15: type = EventType.WAIT_END; a = monitor; b = 0; flags = alt ? TraceFormat.FLAG_ALT : 0; s.waitEnd(monitor, alt); break;
                    case 16: type = EventType.NOTIFY; a = monitor; b = 0; flags = alt ? TraceFormat.FLAG_ALT : 0; s.notify(monitor, alt); break;
                    case 17: type = EventType.PARK_BEGIN; a = alt ? cls : 0; b = big(r); s.parkBegin((int) a, b); break;
                    case 18: type = EventType.PARK_END; a = 0; b = 0; s.parkEnd(); break;
                    case 19: type = EventType.ALLOCATION; a = cls; b = big(r); s.allocation(cls, b); break;
                    case 20: {
                        type = EventType.GC;
                        c = big(r);
                        s.gc("G1 Young", alt ? "Allocation Failure" : "System.gc()", c);
                        a = t.string("G1 Young");
                        b = t.string(alt ? "Allocation Failure" : "System.gc()");
                        break;
                    }
                    case 21: type = EventType.PROCESS_SAMPLE; a = big(r); b = big(r); s.processSample(a, b); break;
                    case 22: type = alt ? EventType.DROPPED : EventType.AGENT_ERRORS; a = big(r); b = 0;
                        if (alt) { s.dropped(a); } else { s.agentErrors(a); }
                        break;
                    default: {
                        type = EventType.JFR_MONITOR_ENTER + r.nextInt(3);
                        long spanStart = now - r.nextInt(1_000_000) + 500_000;
                        c = big(r);
                        key = r.nextLong();
                        a = other.id();
                        b = cls;
                        flags = alt && type == EventType.JFR_MONITOR_WAIT ? TraceFormat.FLAG_ALT : 0;
                        s.jfrSpan(type, flags != 0, spanStart, c, other, cls, key);
                        nanos = start + spanStart;
                    }
                }
                out.add(expect(type, flags, s.id(), nanos, 0, depth, 0, -1, -1, key, a, b, c));
                if (type == EventType.DROPPED) {
                    stack.clear(); // the reader pairs no later exit with an enter before a drop marker
                }
            }
            if (r.nextInt(50) == 0) {
                s.flush();
            }
        }
        return out;
    }

    @Test
    void randomEventsOfEveryTypeComeBackExactly() throws IOException {
        Path file = dir.resolve("random.trace");
        Random r = new Random(7);
        Map<Integer, List<String>> expected = new HashMap<>();
        int threads = 5;
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int[] methods = new int[300];
            for (int i = 0; i < methods.length; i++) {
                methods[i] = t.method("p.C" + (i % 7), "m" + i, "()V");
            }
            int monitor = t.monitor("p.Lock", 0x7FFFFFFF);
            int cls = t.classId("p.Blocker");
            SyntheticTrace.Script[] s = new SyntheticTrace.Script[threads];
            for (int i = 0; i < threads; i++) {
                s[i] = t.thread("thread-" + i, 100 + i);
            }
            for (int i = 0; i < threads; i++) {
                expected.put(s[i].id(), randomThread(t, s[i], r, 4000, methods, monitor, cls, s[(i + 1) % threads]));
            }
        }
        try (TraceReader reader = TraceReader.open(file)) {
            assertFalse(reader.isTruncated());
            long total = expected.values().stream().mapToLong(List::size).sum();
            assertEquals(total, reader.footerEvents());
            for (Map.Entry<Integer, List<String>> e : expected.entrySet()) {
                List<String> got = new ArrayList<>();
                reader.readThread(e.getKey(), ev -> got.add(actual(ev)));
                assertEquals(e.getValue().size(), got.size());
                for (int i = 0; i < got.size(); i++) {
                    assertEquals(e.getValue().get(i), got.get(i), "thread " + e.getKey() + " event " + i);
                }
            }
            Map<Integer, List<String>> fileOrder = new HashMap<>();
            reader.read(ev -> fileOrder.computeIfAbsent(ev.threadId(), k -> new ArrayList<>()).add(actual(ev)));
            assertEquals(expected, fileOrder);
            Map<Integer, List<String>> merged = new HashMap<>();
            reader.readMerged(ev -> merged.computeIfAbsent(ev.threadId(), k -> new ArrayList<>()).add(actual(ev)));
            assertEquals(expected, merged);
            assertEquals("p.C3#m3()V", reader.dictionary().method(methods(reader, "m3")));
            assertEquals("p.Lock@7fffffff", reader.dictionary().monitor(1));
            assertEquals(101, reader.dictionary().javaThreadId(2));
        }
    }

    private static int methods(TraceReader r, String name) {
        for (int i = 1; i <= r.dictionary().methodCount(); i++) {
            if (name.equals(r.dictionary().methodName(i))) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void aMonitoredCallTakesAtMostSixBytes() {
        ThreadBuffer b = new ThreadBuffer(1 << 16);
        b.reset(1, 1_000_000);
        long now = 1_000_000;
        int calls = 0;
        while (b.methodEnter(now += 60, 100) && b.methodExit(now += 60, false)) {
            calls++;
        }
        double perCall = b.size() / (double) calls;
        assertTrue(perCall <= 6.0, "bytes per call " + perCall);
        assertTrue(b.events() >= 2 * calls && b.events() <= 2 * calls + 1);
    }

    @Test
    void aFullBufferRefusesEventsInsteadOfOverflowing() {
        ThreadBuffer b = new ThreadBuffer(1);
        b.reset(1, 0);
        int accepted = 0;
        while (b.methodEnterKeyed(Long.MAX_VALUE / 2, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE)) {
            accepted++;
        }
        assertTrue(accepted > 0);
        assertFalse(b.jfrSpan(EventType.JFR_THREAD_PARK, 0, 0, 0, 0, 0, 0));
        b.reset(1, 0);
        assertFalse(b.jfrSpan(EventType.METHOD_ENTER, 0, 0, 0, 0, 0, 0), "only JFR span types");
    }

    @Test
    void syntheticTraceRefusesTimeGoingBackwards() throws IOException {
        try (SyntheticTrace t = SyntheticTrace.create(dir.resolve("back.trace"))) {
            int m = t.method("p.C#run");
            SyntheticTrace.Script s = t.thread("main").at(1000).enter(m);
            assertThrows(IllegalArgumentException.class, () -> s.at(999).exit());
        }
    }

    @Test
    void syntheticTraceWithMoreThreadsThanBuffers() throws IOException {
        Path file = dir.resolve("threads.trace");
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int m = t.method("p.C#run");
            for (int i = 0; i < 300; i++) {
                t.thread("t" + i).at(i).start(null, "t" + i).enter(m).after(10).exit().end();
            }
        }
        try (TraceReader r = TraceReader.open(file)) {
            assertEquals(300, r.threadIds().length);
            assertEquals(1200, r.footerEvents());
            long[] exits = new long[1];
            r.readMerged(e -> {
                if (e.type() == EventType.METHOD_EXIT) {
                    assertEquals(10, e.wallNanos());
                    exits[0]++;
                }
            });
            assertEquals(300, exits[0]);
        }
    }
}
