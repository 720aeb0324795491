package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.traced.ContentionApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/** The real agent in a real child JVM, read back through the real trace reader. */
class AgentIT {
    static final String APP = "example.traced.TracedApp";
    static final String LOOP = "example.traced.LoopApp";

    @TempDir
    Path dir;

    /** One line per event: thread, kind, method, as the tests compare them. */
    private static Map<String, List<String>> eventsByThread(Path trace) throws IOException {
        Map<String, List<String>> out = new HashMap<>();
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            r.read(e -> {
                String line;
                if (e.type() == EventType.METHOD_ENTER) {
                    line = "> " + d.methodShort(e.methodId());
                } else if (e.type() == EventType.METHOD_EXIT) {
                    line = "< " + d.methodShort(e.methodId()) + (e.isExceptional() ? " !" : "");
                } else {
                    line = EventType.name(e.type());
                }
                out.computeIfAbsent(d.threadName(e.threadId()), k -> new ArrayList<>()).add(line);
            });
        }
        return out;
    }

    /** A file of {@code lines} in the test's directory. */
    private Path file(String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
    }

    private Path runApp(String options) throws Exception {
        Path trace = dir.resolve("app.trace");
        ChildJvm app = ChildJvm.start(dir, "out=" + trace + (options.isEmpty() ? "" : "," + options), APP);
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("traced app done"), app.output());
        return trace;
    }

    @Test
    void recordsNestedCallsPerThreadInOrder() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#*,exclude=example.traced.TracedApp#lambda*");
        Map<String, List<String>> ev = eventsByThread(trace);
        assertEquals(List.of("thread-start", "> TracedApp.outer", "> TracedApp.inner", "< TracedApp.inner",
                "> TracedApp.inner", "< TracedApp.inner", "< TracedApp.outer",
                "> TracedApp.outer", "> TracedApp.inner", "< TracedApp.inner",
                "> TracedApp.inner", "< TracedApp.inner", "< TracedApp.outer", "thread-end"), ev.get("worker-1"));
        List<String> main = ev.get("main");
        assertTrue(main.contains("< TracedApp.fails !"), main.toString());
        assertEquals(main.stream().filter(s -> s.startsWith(">")).count(), main.stream().filter(s -> s.startsWith("<")).count(), main.toString());
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated());
            assertEquals(0, r.droppedEvents());
            assertEquals(0, r.agentErrors());
        }
    }

    @Test
    void threadsSharingARecorderSlotAreBothRecordedCompletely() throws Exception {
        int rounds = 20_000;
        Path trace = runCompletely("example.traced.SlotApp", "include=example.traced.SlotApp#work", rounds, "slot app done");
        assertEveryCallRecorded(trace, rounds, "low", "high");
    }

    @Test
    void aMethodsOwnerAndItsOtherCallersAreEachRecordedInTheirOwnStream() throws Exception {
        int rounds = 20_000;
        Path trace = runCompletely("example.traced.OwnerApp", "include=example.traced.OwnerApp#work", rounds, "owner app done");
        assertEveryCallRecorded(trace, rounds, "first", "a", "b", "last");
    }

    private Path runCompletely(String mainClass, String include, int rounds, String done) throws Exception {
        Path trace = dir.resolve("complete.trace");
        ChildJvm app = ChildJvm.start(dir, "out=" + trace + "," + include, mainClass, Integer.toString(rounds));
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains(done), app.output());
        return trace;
    }

    /** Each thread made {@code rounds} rounds of four nested calls: all of them, balanced, in its own stream. */
    private static void assertEveryCallRecorded(Path trace, int rounds, String... threads) throws IOException {
        Map<String, List<String>> ev = eventsByThread(trace);
        for (String thread : threads) {
            List<String> lines = ev.get(thread);
            assertNotNull(lines, thread + " recorded");
            int depth = 0;
            int enters = 0;
            for (String line : lines) {
                if (line.startsWith(">")) {
                    depth++;
                    enters++;
                } else if (line.startsWith("<")) {
                    depth--;
                    assertTrue(depth >= 0, thread + ": an exit without its enter");
                }
            }
            assertEquals(0, depth, thread + ": every call closed");
            assertEquals(4 * rounds, enters, thread + ": every call recorded");
        }
        try (TraceReader r = TraceReader.open(trace)) {
            assertEquals(0, r.droppedEvents());
            assertEquals(0, r.agentErrors());
        }
    }

    @Test
    void threadParentsAreRecorded() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#outer");
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            Map<String, String> parent = new HashMap<>();
            r.read(e -> {
                if (e.type() == EventType.THREAD_START) {
                    parent.put(d.threadName(e.threadId()), e.parentThreadId() == 0 ? "-" : d.threadName(e.parentThreadId()));
                }
            });
            assertEquals("main", parent.get("worker-1"), parent.toString());
        }
    }

    @Test
    void cpuTimesAreMeasuredAndInsideTheWallTime() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#burn,include=example.traced.TracedApp#sleepy,cpu=true");
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            Map<String, long[]> calls = new HashMap<>();
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT) {
                    calls.put(d.methodName(e.methodId()), new long[] {e.nanos() - e.enterNanos(), e.cpuNanos() - e.enterCpuNanos()});
                }
            });
            long[] burn = calls.get("burn");
            assertTrue(burn[1] >= 19_000_000L && burn[1] <= 40_000_000L, "burn cpu " + burn[1]);
            assertTrue(burn[0] >= burn[1], "wall " + burn[0] + " >= cpu " + burn[1]);
            long[] sleepy = calls.get("sleepy");
            assertTrue(sleepy[0] >= 50_000_000L, "sleep wall " + sleepy[0]);
            assertTrue(sleepy[1] < 5_000_000L, "sleep cpu " + sleepy[1]);
        }
    }

    @Test
    void contendedMonitorsHoldTimesAndWaitNotifyAreRecorded() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#contendAndWait");
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            Map<String, Long> at = new HashMap<>();
            List<String> seen = new ArrayList<>();
            long[] blocked = {-1};
            long[] held = {-1};
            long[] waited = {-1};
            r.readMerged(e -> {
                String thread = d.threadName(e.threadId());
                String kind = EventType.name(e.type());
                if (e.type() >= EventType.MONITOR_CONTENDED && e.type() <= EventType.NOTIFY) {
                    assertTrue(d.monitor(e.monitorId()).startsWith("java.lang.Object@"), d.monitor(e.monitorId()));
                    seen.add(thread + " " + kind + (e.type() == EventType.WAIT_END && e.timedOut() ? " timed-out" : ""));
                }
                if (e.type() == EventType.MONITOR_CONTENDED && thread.equals("main")) at.put("contended", e.nanos());
                if (e.type() == EventType.MONITOR_ENTERED && thread.equals("main") && at.containsKey("contended") && blocked[0] < 0) {
                    blocked[0] = e.nanos() - at.get("contended");
                }
                if (e.type() == EventType.MONITOR_ENTERED && thread.equals("worker-2") && !at.containsKey("held")) at.put("held", e.nanos());
                if (e.type() == EventType.MONITOR_EXIT && thread.equals("worker-2") && held[0] < 0) held[0] = e.nanos() - at.get("held");
                if (e.type() == EventType.WAIT_BEGIN) at.put("wait", e.nanos());
                if (e.type() == EventType.WAIT_END) waited[0] = e.nanos() - at.get("wait");
            });
            assertTrue(blocked[0] >= 35_000_000L && blocked[0] < 60_000_000_000L, "main blocked ~50 ms, was " + blocked[0]);
            assertTrue(held[0] >= 45_000_000L && held[0] < 60_000_000_000L, "worker-2 held ~50 ms, was " + held[0]);
            assertTrue(waited[0] >= 20_000_000L && waited[0] < 120_000_000_000L, "main waited for the notify, " + waited[0]);
            assertTrue(seen.contains("worker-2 notify"), seen.toString());
            assertTrue(seen.contains("main wait-begin"), seen.toString());
            assertTrue(seen.contains("main wait-end"), "notified, not timed out: " + seen);
        }
    }

    @Test
    void contendedOnlyMonitorsKeepBlockedAndWaitingTimeAndDropTheRest() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#contendAndWait,monitors.events=contended");
        try (TraceReader r = TraceReader.open(trace)) {
            assertEquals("contended", r.header().monitorEvents());
            Dictionary d = r.dictionary();
            List<String> seen = new ArrayList<>();
            long[] contended = {-1, -1};
            r.read(e -> {
                if (e.type() >= EventType.MONITOR_CONTENDED && e.type() <= EventType.NOTIFY) {
                    seen.add(d.threadName(e.threadId()) + " " + EventType.name(e.type()) + " " + d.monitor(e.monitorId()));
                }
                if (e.type() == EventType.MONITOR_CONTENDED && d.threadName(e.threadId()).equals("main")) contended[0] = e.nanos();
                if (e.type() == EventType.MONITOR_ENTERED && d.threadName(e.threadId()).equals("main") && contended[1] < 0) {
                    contended[1] = e.nanos();
                }
            });
            assertTrue(contended[1] - contended[0] >= 35_000_000L, "main blocked ~50 ms: " + seen);
            for (String s : seen) {
                assertFalse(s.contains("monitor-exit") || s.contains("notify"), "no exits, no notifies: " + seen);
                assertFalse(s.endsWith("java.lang.Object@0"), "a contended monitor is named by its identity: " + seen);
            }
            assertTrue(seen.stream().anyMatch(s -> s.contains("wait-begin")) && seen.stream().anyMatch(s -> s.contains("wait-end")), seen.toString());
        }
    }

    @Test
    void contendedOnlyRecordsTheEntersThatWaitedAndNoneOfTheRest() throws Exception {
        Path trace = dir.resolve("contention.trace");
        // The inflated lock's enters are told apart by time alone, and an interpreted enter with its advice takes
        // about 2 us: every enter before the JIT compiles the loop counts. -Xbatch compiles in the foreground, so
        // that phase lasts a fixed number of enters (about 100 here) however long a busy machine delays the JIT.
        ChildJvm app = ChildJvm.startWithJvmArgs(dir, List.of("-Xbatch"),
                "out=" + trace + ",include=example.traced.ContentionApp#run,monitors.include=example.traced.ContentionApp*,monitors.events=contended",
                "example.traced.ContentionApp");
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("contention app done"), app.output());
        try (TraceReader r = TraceReader.open(trace)) {
            assertTrue(r.header().monitorHeaderTest(), "HotSpot's lock bits are read");
            Dictionary d = r.dictionary();
            Map<String, Integer> contended = new HashMap<>();
            List<Long> blocked = new ArrayList<>();
            long[] requested = {-1};
            r.read(e -> {
                if (!d.threadName(e.threadId()).equals("main")) {
                    return;
                }
                if (e.type() == EventType.MONITOR_CONTENDED) {
                    String monitor = d.monitor(e.monitorId());
                    contended.merge(monitor.substring(0, monitor.indexOf('@')), 1, Integer::sum);
                    requested[0] = e.nanos();
                } else if (e.type() == EventType.MONITOR_ENTERED && requested[0] >= 0) {
                    blocked.add(e.nanos() - requested[0]);
                    requested[0] = -1;
                }
            });
            // 10,000 enters each of a thin lock and a synchronized method with no other thread about: none waited.
            assertEquals(1, contended.get("example.traced.ContentionApp$Gate"), "the one block main waited for: " + contended);
            assertEquals(1, contended.get("example.traced.ContentionApp$Account"), "the one method call main waited for: " + contended);
            // The inflated lock's enters are timed: an enter counts when its advice alone outlasts the threshold (the
            // interpreted enters before the loop is compiled, a preemption between the two clock reads).
            assertTrue(contended.getOrDefault("java.lang.Object", 0) < ContentionApp.UNCONTENDED / 10, contended.toString());
            assertEquals(contended.values().stream().mapToInt(Integer::intValue).sum(), blocked.size());
            assertTrue(blocked.stream().filter(b -> b >= 10_000_000L).count() >= 2, "each waited while the holder held on: " + blocked);
            assertEquals(0, r.agentErrors());
        }
    }

    /** HotApp's leaf begins a fragment: the share of calls whose enter carries CPU, and that every such call's exit does too. */
    private double sampledShare(String sample) throws Exception {
        return sampledShare(sample, "", sample);
    }

    /** As above, with more agent options, and the sampling the trace header must then state. */
    private double sampledShare(String sample, String options, String stated) throws Exception {
        Path profile = file("hot-" + sample + ".profile", "cpu.sample = " + sample,
                "method = example.traced.HotApp#leaf(I)I | role=test.leaf | cpu=true | fragment=begin");
        Path trace = dir.resolve("hot-sampled-" + sample + "-" + stated + ".trace");
        ChildJvm app = ChildJvm.start(dir, "profile=" + profile + options + ",out=" + trace, "example.traced.HotApp", "100000");
        assertEquals(0, app.await(300), app.output());
        long[] calls = new long[3]; // calls, with CPU at enter, with CPU at exit
        try (TraceReader r = TraceReader.open(trace)) {
            assertEquals(stated, Integer.toString(r.header().cpuSample()));
            r.read(e -> {
                if (e.type() == EventType.METHOD_EXIT && e.depth() < 0) {
                    calls[0]++; // a call open at a drop marker: the reader pairs its exit with nothing
                } else if (e.type() == EventType.METHOD_EXIT && e.depth() == 0) {
                    calls[0]++;
                    calls[1] += e.enterCpuNanos() >= 0 ? 1 : 0;
                    calls[2] += e.cpuNanos() >= 0 ? 1 : 0;
                    assertEquals(e.enterCpuNanos() >= 0, e.cpuNanos() >= 0, "a fragment's boundaries are sampled together");
                }
            });
            assertEquals(300_000, calls[0] + r.droppedEvents() / 2, 1, "calls recorded or counted as dropped");
        }
        return (double) calls[1] / calls[0];
    }

    @Test
    void cpuSamplingDrawsOneFragmentInNAndKeepsItsBoundariesTogether() throws Exception {
        assertEquals(1.0, sampledShare("1"));
        double share = sampledShare("4");
        assertTrue(share > 0.2 && share < 0.3, "one in four, drawn at random: " + share);
    }

    /**
     * A fragment's CPU times are net of the agent's work on its thread unless {@code cpu.net=false}; the header
     * says which, and either way a thread's recorded CPU times never decrease and every call's CPU interval lies
     * within its wall interval.
     */
    @Test
    void cpuTimesOfFragmentsAreNetOfTheAgentAndStateIt() throws Exception {
        for (String net : new String[] {"true", "false"}) {
            Path profile = file("net-" + net + ".profile", "cpu.sample = 1",
                    "method = example.traced.HotApp#leaf(I)I | role=test.leaf | cpu=true | fragment=begin");
            Path trace = dir.resolve("net-" + net + ".trace");
            String option = net.equals("true") ? "" : ",cpu.net=false";
            ChildJvm app = ChildJvm.start(dir, "profile=" + profile + option + ",out=" + trace, "example.traced.HotApp", "20000");
            assertEquals(0, app.await(300), app.output());
            long[] calls = new long[1];
            Map<Integer, Long> last = new HashMap<>();
            try (TraceReader r = TraceReader.open(trace)) {
                assertEquals(Boolean.parseBoolean(net), r.header().cpuNet());
                r.read(e -> {
                    if (e.type() != EventType.METHOD_EXIT || e.depth() != 0 || e.cpuNanos() < 0) {
                        return;
                    }
                    calls[0]++;
                    long before = last.getOrDefault(e.threadId(), Long.MIN_VALUE);
                    assertTrue(e.enterCpuNanos() >= before && e.cpuNanos() >= e.enterCpuNanos(), "CPU times never decrease");
                    assertTrue(e.cpuNanos() - e.enterCpuNanos() <= e.nanos() - e.enterNanos(), "CPU within wall");
                    last.put(e.threadId(), e.cpuNanos());
                });
                assertEquals(220_000, calls[0] + r.droppedEvents() / 2, 1, "the warm-up's and the measured calls");
            }
        }
    }

    /** What a scenario's monitoring.cpuTime: false sends: the profile's CPU boundaries are not read at all. */
    @Test
    void cpuSampleOffRecordsNoCpuTimesOfAProfile() throws Exception {
        assertEquals(0.0, sampledShare("1", ",cpu.sample=off", "0"));
    }

    @Test
    void filtersExcludeMethodsAndThreads() throws Exception {
        Path trace = runApp("include=example.traced.TracedApp#*,exclude=example.traced.TracedApp#inner,threads.exclude=noisy-*");
        Map<String, List<String>> ev = eventsByThread(trace);
        assertFalse(ev.containsKey("noisy-1"), ev.keySet().toString());
        for (List<String> l : ev.values()) {
            assertFalse(l.contains("> TracedApp.inner"), l.toString());
        }
        assertTrue(ev.get("worker-1").contains("> TracedApp.outer"));
    }

    /** The hot path allocates nothing: the calling thread's own allocation counter over two million recorded calls. */
    @Test
    void recordingAllocatesNothingOnTheCallingThread() throws Exception {
        for (String cpu : new String[] {"false", "true"}) {
            Path trace = dir.resolve("hot-" + cpu + ".trace");
            ChildJvm app = ChildJvm.start(dir, "include=example.traced.HotApp#leaf,cpu=" + cpu + ",out=" + trace, "example.traced.HotApp", "2000000");
            assertEquals(0, app.await(300), app.output());
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("allocated (\\d+) bytes").matcher(app.output());
            assertTrue(m.find(), app.output());
            // Slack for the rare contended hand-over of a full buffer (the JDK lock queues a node), none per call.
            assertTrue(Long.parseLong(m.group(1)) < 4096, "cpu=" + cpu + ": " + app.output());
            try (TraceReader r = TraceReader.open(trace)) {
                long[] n = {0};
                r.read(e -> {
                    if (e.type() == EventType.METHOD_EXIT) n[0]++;
                });
                assertTrue(n[0] >= 2_200_000 - r.droppedEvents(), "calls recorded: " + n[0] + ", dropped " + r.droppedEvents());
            }
        }
    }

    @Test
    void anUnknownOptionLeavesTheApplicationRunningUnmonitored() throws Exception {
        ChildJvm app = ChildJvm.start(dir, "bogus=1,out=" + dir.resolve("x.trace"), APP);
        assertEquals(0, app.await(240));
        assertTrue(app.output().contains("unknown option 'bogus'"), app.output());
        assertTrue(app.output().contains("traced app done"), app.output());
        assertFalse(Files.exists(dir.resolve("x.trace")));
    }

    @Test
    void aProfileWithABadLineIsRefusedWithItsFileAndLineAndTheApplicationRunsUnmonitored() throws Exception {
        Path profile = file("bad.profile", "profile.name = shop",
                "method = example.traced.TracedApp#outer(I)I | role=shop.outer",
                "method = example.traced.TracedApp#inner(I)I | key=arg7x");
        Path trace = dir.resolve("refused.trace");
        ChildJvm app = ChildJvm.start(dir, "profile=" + profile + ",out=" + trace, APP);
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("orbscope agent: " + profile + ":3: key must be"), app.output());
        assertTrue(app.output().contains("the application runs unmonitored"), app.output());
        assertTrue(app.output().contains("traced app done"), app.output());
        assertFalse(app.output().contains("\tat "), "one line, no stack trace: " + app.output());
        assertFalse(Files.exists(trace));
    }

    @Test
    void aFileProfilesRolesAndNameGoIntoTheTrace() throws Exception {
        Path profile = file("shop.profile", "profile.name = shop", "profile.threads.worker = worker-*",
                "method = example.traced.TracedApp#outer(I)I | role=shop.outer | key=none",
                "method = example.traced.TracedApp#inner(I)I");
        Path trace = runApp("profile=" + profile);
        try (TraceReader r = TraceReader.open(trace)) {
            assertEquals("shop", r.header().profileName());
            assertEquals("worker-*", r.header().threadRoles().get("worker"));
            Dictionary d = r.dictionary();
            Map<String, String> roles = new HashMap<>();
            r.read(e -> {
                if (e.type() == EventType.METHOD_ENTER) {
                    roles.put(d.methodName(e.methodId()), String.valueOf(d.methodRole(e.methodId())));
                }
            });
            assertEquals(Map.of("outer", "shop.outer", "inner", "null"), roles);
        }
    }

    @Test
    void aProfileMethodsRequestNamesFollowItsEnterEachValueDefinedOnce() throws Exception {
        Path profile = file("named.profile", "profile.name = named",
                "method = example.traced.NamedApp#handle(Lexample/traced/NamedApp$Request;)V | role=dispatch.servant"
                        + " | key=arg0 | operation=arg0.header.operation | object=arg0.header.key");
        Path trace = dir.resolve("named.trace");
        ChildJvm app = ChildJvm.start(dir, "out=" + trace + ",profile=" + profile, "example.traced.NamedApp", "200");
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("named app done 2400"), app.output());
        Map<String, Integer> names = new HashMap<>();
        Map<String, java.util.Set<Long>> ids = new HashMap<>();
        int[] enters = {0};
        int[] misplaced = {0};
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            boolean[] afterEnter = {false};
            r.read(e -> {
                if (e.type() == EventType.REQUEST_NAME) {
                    String name = d.string(e.attributeStringId()) + "=" + d.string(e.valueStringId());
                    names.merge(name, 1, Integer::sum);
                    ids.computeIfAbsent(name, k -> new java.util.HashSet<>()).add((long) e.valueStringId());
                    misplaced[0] += afterEnter[0] ? 0 : 1;
                } else {
                    afterEnter[0] = e.type() == EventType.METHOD_ENTER && e.hasKey();
                    enters[0] += afterEnter[0] ? 1 : 0;
                }
            });
            assertEquals(0, r.agentErrors(), "a null operation is no error: the request goes unnamed");
        }
        assertEquals(600, enters[0]);
        assertEquals(Map.of("operation=call", 200, "operation=ping", 200, "object=P/echo", 200, "object=%af%00k", 400),
                names);
        for (Map.Entry<String, java.util.Set<Long>> e : ids.entrySet()) {
            assertEquals(1, e.getValue().size(), e.getKey() + ": one dictionary string for every request");
        }
        assertEquals(0, misplaced[0], "each name right after the enter that read it");
    }

    /** Runs SunApp (package com.sun.example.traced) for 100 calls; its output and each recorded event kind's count. */
    private Map<String, Integer> runSunApp(String options, StringBuilder output) throws Exception {
        Path trace = dir.resolve("sun.trace");
        ChildJvm app = ChildJvm.start(dir, "out=" + trace + "," + options, "com.sun.example.traced.SunApp", "100");
        assertEquals(0, app.await(240), app.output());
        output.append(app.output());
        assertTrue(app.output().contains("sun app done 5050 4950"), app.output());
        Map<String, Integer> kinds = new HashMap<>();
        try (TraceReader r = TraceReader.open(trace)) {
            Dictionary d = r.dictionary();
            r.read(e -> {
                String what = EventType.name(e.type());
                if (e.type() == EventType.METHOD_ENTER) {
                    what += " " + d.methodShort(e.methodId());
                } else if (e.type() == EventType.MONITOR_ENTERED) {
                    what += " " + d.monitor(e.monitorId()).replaceAll("@.*", "");
                }
                kinds.merge(what, 1, Integer::sum);
            });
        }
        return kinds;
    }

    @Test
    void aGlobThatNamesAComSunPackageRecordsItsMethodsAndMonitors() throws Exception {
        StringBuilder out = new StringBuilder();
        Map<String, Integer> kinds = runSunApp("include=com.sun.example.**,monitors.include=com.sun.example.traced.*", out);
        assertEquals(100, kinds.get("enter SunApp.work"), kinds.toString());
        assertEquals(100, kinds.get("monitor-entered java.lang.Object"), kinds.toString());
        assertFalse(out.toString().contains("matched no class"), out.toString());
    }

    /** The JIT compiles methods whose synchronized blocks are instrumented (unbalanced monitors would keep them interpreted). */
    @Test
    void instrumentedSynchronizedBlocksStayCompilable() throws Exception {
        Path trace = dir.resolve("jit.trace");
        ChildJvm app = ChildJvm.startWithJvmArgs(dir, List.of("-XX:+PrintCompilation"),
                "monitors.include=com.sun.example.traced.SunApp,monitors.events=all,out=" + trace, "com.sun.example.traced.SunApp", "200000");
        assertEquals(0, app.await(240), app.output());
        List<String> sunApp = new ArrayList<>();
        for (String line : app.output().split("\n")) {
            if (line.contains("com.sun.example.traced.SunApp::work")) {
                sunApp.add(line);
            }
        }
        assertFalse(sunApp.isEmpty(), "work() was compiled: " + app.output());
        assertTrue(sunApp.stream().noneMatch(l -> l.contains("COMPILE SKIPPED")), sunApp.toString());
        try (TraceReader r = TraceReader.open(trace)) {
            long[] n = new long[2];
            r.read(e -> {
                n[0] += e.type() == EventType.MONITOR_ENTERED ? 1 : 0;
                n[1] += e.type() == EventType.MONITOR_EXIT ? 1 : 0;
            });
            assertEquals(200_000, n[0] + r.droppedEvents() / 2, 1, "every enter of the block recorded or counted as dropped");
            assertEquals(n[0], n[1]);
        }
    }

    @Test
    void aBroadGlobLeavesComSunOutAndAGlobNamingJavaIsRefusedEachSaidOnce() throws Exception {
        StringBuilder out = new StringBuilder();
        Map<String, Integer> kinds = runSunApp("include=com.**,include=java.util.**", out);
        assertEquals(null, kinds.get("enter SunApp.work"), kinds.toString());
        String o = out.toString();
        assertTrue(o.contains("orbscope agent: include 'com.**' matched no class: com.sun.* is instrumented only by a glob that names it"), o);
        assertTrue(o.contains("orbscope agent: include 'java.util.**' records nothing: java.* is never instrumented"), o);
        assertEquals(o.indexOf("java.util."), o.lastIndexOf("java.util."), "said once: " + o);
    }
}
