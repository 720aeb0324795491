package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * Synchronized methods, j.u.c. locks (park), allocations and field-path correlation keys, with the agent
 * configured by a YAML file; one run of {@code example.traced.SyncApp} read back once for all tests.
 */
class SyncIT {
    @TempDir
    static Path dir;
    private static Path trace;
    private static String output;

    /** Each event as "thread kind detail time", in file order per thread. */
    private static final Map<String, List<Object[]>> EVENTS = new HashMap<>();

    @BeforeAll
    static void runSyncApp() throws Exception {
        Path config = dir.resolve("agent.yaml");
        Files.write(config, String.join("\n",
                "# SyncApp under the agent (YAML subset: nesting, both list styles, quotes, comments)",
                "quiet: true",
                "monitors:",
                "  include: [example.traced.SyncApp*]",
                "alloc:",
                "  include:",
                "    - example.traced.SyncApp$Order",
                "    - 'example.traced.SyncApp$BigOrder'   # a subclass: counted as itself, once",
                "events: [methods, threads, monitors, park, alloc, jfr]",
                "jfr.threshold.us: 1000",
                "method:",
                "  - example.traced.SyncApp#handle(Lexample/traced/SyncApp$Request;)V | role=test.handle | key=arg0.id",
                "  - example.traced.SyncApp#route(Lexample/traced/SyncApp$Request;)V | key=arg0.connection | cpu=true",
                "  - \"example.traced.SyncApp#send(Lexample/traced/SyncApp$Connection;)V | key=arg0\"",
                "").getBytes(StandardCharsets.UTF_8));
        trace = dir.resolve("sync.trace");
        ChildJvm app = ChildJvm.start(dir, "config=" + config + ",out=" + trace, "example.traced.SyncApp");
        assertEquals(0, app.await(240), app.output());
        output = app.output();
        assertTrue(output.contains("sync app done"), output);
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            r.read(e -> {
                String detail = "";
                if (EventType.isJfrSpan(e.type())) {
                    // JFR spans sit on the agent's JFR stream and name their thread: file them under it.
                    EVENTS.computeIfAbsent(d.threadName(e.subjectThreadId()), k -> new ArrayList<>())
                            .add(new Object[] {EventType.name(e.type()), d.className(e.classId()), e.nanos(), e.address(), e.durationNanos()});
                    return;
                }
                if (e.type() >= EventType.MONITOR_CONTENDED && e.type() <= EventType.NOTIFY) {
                    detail = d.monitor(e.monitorId());
                } else if (e.type() == EventType.PARK_BEGIN || e.type() == EventType.ALLOCATION) {
                    detail = d.className(e.classId());
                } else if (e.type() == EventType.METHOD_ENTER || e.type() == EventType.METHOD_EXIT) {
                    detail = d.methodName(e.methodId());
                }
                EVENTS.computeIfAbsent(d.threadName(e.threadId()), k -> new ArrayList<>())
                        .add(new Object[] {EventType.name(e.type()), detail, e.nanos(), e.key(),
                                e.type() == EventType.ALLOCATION ? e.bytes() : e.timeoutNanos()});
            });
            assertEquals(0, r.agentErrors());
            assertEquals(0, r.droppedEvents());
        }
    }

    private static List<Object[]> of(String thread) {
        List<Object[]> l = EVENTS.get(thread);
        assertTrue(l != null, "no events of " + thread + " in " + EVENTS.keySet());
        return l;
    }

    private static int find(List<Object[]> events, int from, String kind, String detailPrefix) {
        for (int i = from; i < events.size(); i++) {
            if (events.get(i)[0].equals(kind) && ((String) events.get(i)[1]).startsWith(detailPrefix)) {
                return i;
            }
        }
        return -1;
    }

    private static long at(List<Object[]> events, int i) {
        return (Long) events.get(i)[2];
    }

    @Test
    void aSynchronizedMethodShowsContentionAndHoldTime() {
        String account = "example.traced.SyncApp$Account@";
        List<Object[]> main = of("main");
        int contended = find(main, 0, "monitor-contended", account);
        assertTrue(contended >= 0, "main contends for the account in deposit()");
        int entered = find(main, contended, "monitor-entered", account);
        int exit = find(main, entered, "monitor-exit", account);
        assertTrue(entered > contended && exit > entered);
        long blocked = at(main, entered) - at(main, contended);
        assertTrue(blocked >= 30_000_000L && blocked < 60_000_000_000L, "blocked ~50 ms, was " + blocked);

        List<Object[]> holder = of("sync-holder");
        int held = find(holder, 0, "monitor-entered", account);
        int released = find(holder, held, "monitor-exit", account);
        long hold = at(holder, released) - at(holder, held);
        assertTrue(hold >= 45_000_000L && hold < 60_000_000_000L, "held ~50 ms, was " + hold);
        assertEquals(-1, find(holder, 0, "monitor-contended", ""), "the holder never waited");

        int audit = find(main, 0, "monitor-entered", "example.traced.SyncApp$Account.class@");
        assertTrue(audit > exit, "static synchronized method: the class is the monitor");
        assertTrue(find(main, audit, "monitor-exit", "example.traced.SyncApp$Account.class@") > audit);
    }

    @Test
    void aJucLockShowsParkingWithItsBlockerAndTimeout() {
        List<Object[]> main = of("main");
        int park = find(main, 0, "park-begin", "java.util.concurrent.locks.ReentrantLock");
        assertTrue(park >= 0, "main parks in lock(): " + kinds(main));
        int end = find(main, park, "park-end", "");
        long parked = at(main, end) - at(main, park);
        assertTrue(parked >= 30_000_000L && parked < 60_000_000_000L, "parked ~50 ms, was " + parked);
        int await = find(main, end, "park-begin", "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
        assertTrue(await > end, "then awaits the condition: " + kinds(main));
        assertTrue((Long) main.get(await)[4] > 0, "a timed await records its timeout");
        assertTrue(find(of("lock-holder"), 0, "thread-end", "") >= 0);
    }

    @Test
    void allocationsOfSelectedClassesAreCountedOncePerObject() {
        Map<String, long[]> byClass = new HashMap<>();
        for (List<Object[]> l : EVENTS.values()) {
            for (Object[] e : l) {
                if (e[0].equals("allocation")) {
                    long[] c = byClass.computeIfAbsent((String) e[1], k -> new long[2]);
                    c[0]++;
                    c[1] += (Long) e[4];
                }
            }
        }
        assertEquals(100, byClass.get("example.traced.SyncApp$Order")[0], byClass.keySet().toString());
        assertEquals(10, byClass.get("example.traced.SyncApp$BigOrder")[0]);
        long orderSize = byClass.get("example.traced.SyncApp$Order")[1] / 100;
        assertTrue(orderSize >= 16 && orderSize <= 32, "an Order (header + long) is 16-32 bytes, was " + orderSize);
        assertFalse(byClass.containsKey("example.traced.SyncApp$Request"));
    }

    @Test
    void correlationKeysFollowFieldPaths() {
        List<Long> handle = new ArrayList<>();
        List<Long> route = new ArrayList<>();
        List<Long> send = new ArrayList<>();
        for (Object[] e : of("main")) {
            if (e[0].equals("enter")) {
                if (e[1].equals("handle")) handle.add((Long) e[3]);
                if (e[1].equals("route")) route.add((Long) e[3]);
                if (e[1].equals("send")) send.add((Long) e[3]);
            }
        }
        assertEquals(List.of(4242L, 4243L), handle, "a primitive field: its value");
        assertEquals(2, route.size());
        assertEquals(route, send, "connection reached through the request = the connection passed directly");
        assertTrue(route.get(0) != 0);
    }

    @Test
    void jfrReportsTheSameBlockingFromTheJvmSideOnTheSameClock() {
        List<Object[]> main = of("main");
        int jfrEnter = find(main, 0, "jfr-monitor-enter", "example.traced.SyncApp$Account");
        assertTrue(jfrEnter >= 0, "JFR saw main blocked on the account: " + kinds(main));
        long blocked = (Long) main.get(jfrEnter)[4];
        assertTrue(blocked >= 30_000_000L && blocked < 60_000_000_000L, "~50 ms, was " + blocked);
        long skew = Math.abs(at(main, jfrEnter) - at(main, find(main, 0, "monitor-contended", "example.traced.SyncApp$Account@")));
        // One clock: the two see the same blocking within a scheduling delay (a different clock would be far off).
        assertTrue(skew < 100_000_000L, "JFR and agent clocks agree: skew " + skew + " ns");
        int jfrPark = find(main, 0, "jfr-thread-park", "java.util.concurrent.locks.ReentrantLock");
        assertTrue(jfrPark >= 0, kinds(main).toString());
        assertTrue((Long) main.get(jfrPark)[4] >= 30_000_000L);
    }

    private static List<String> kinds(List<Object[]> events) {
        List<String> out = new ArrayList<>();
        for (Object[] e : events) {
            out.add(e[0] + " " + e[1]);
        }
        return out;
    }
}
