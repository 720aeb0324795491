package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * The agent where things go wrong around it (an output directory it cannot make, a small heap, absurd buffers, an
 * error inside it, a full disk, kill -9) and attached to a running JVM: the application always runs on. Apart from
 * {@link AgentIT} so that each class ends, and is printed, within half a minute.
 */
class AgentFailuresIT {
    @TempDir
    Path dir;

    /** A file of {@code lines} in the test's directory. */
    private Path file(String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), String.join("\n", lines).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theOutputDirectoryIsCreatedAndOneThatCannotBeIsOneMessage() throws Exception {
        Path trace = dir.resolve("new").resolve("deeper").resolve("app.trace");
        ChildJvm app = ChildJvm.start(dir, "include=example.traced.TracedApp#outer,out=" + trace, AgentIT.APP);
        assertEquals(0, app.await(240), app.output());
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated());
            long[] enters = {0};
            r.read(e -> enters[0] += e.type() == EventType.METHOD_ENTER ? 1 : 0);
            assertEquals(3, enters[0], "outer(1), outer(2), outer(3)");
        }

        Path blocked = file("a-file", "not a directory").resolve("app.trace");
        app = ChildJvm.start(dir, "include=example.traced.TracedApp#outer,out=" + blocked, AgentIT.APP);
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("orbscope agent: cannot create the directory of out=" + blocked), app.output());
        assertTrue(app.output().contains("the application runs unmonitored"), app.output());
        assertTrue(app.output().contains("traced app done"), app.output());
        assertFalse(app.output().contains("\tat "), "no stack trace: " + app.output());
    }

    /** The application's own output lines (the agent's start-up and stop lines left out). */
    private static List<String> applicationLines(ChildJvm app) {
        List<String> lines = new ArrayList<>();
        for (String line : app.output().split("\n")) {
            if (!line.startsWith("orbscope")) {
                lines.add(line);
            }
        }
        return lines;
    }

    /**
     * A small heap with every kind of event a user would turn on, from a config file with a profile: the agent
     * shrinks its buffers to a sixteenth of the heap and takes more only while a quarter of the heap stays free,
     * so the application never meets an OutOfMemoryError it did not cause itself.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-Xmx16m", "-Xmx32m"})
    void anApplicationWithASmallHeapThatExitsOnOutOfMemoryRunsToItsNormalEnd(String heap) throws Exception {
        List<String> jvm = List.of(heap, "-XX:+ExitOnOutOfMemoryError");
        ChildJvm plain = ChildJvm.startWithJvmArgs(dir, jvm, null, "example.traced.SmallHeapApp", "200000");
        assertEquals(0, plain.await(300), plain.output());
        assertTrue(plain.output().contains("small heap app done"), plain.output());
        Path config = file("small-heap.yaml", String.join("\n",
                "profile: jacorb",
                "include: [example.traced.SmallHeapApp#*]",
                "cpu: true",
                "monitors:",
                "  include: [example.traced.*]",
                "events: [methods, threads, monitors, park, gc, process]",
                ""));
        Path trace = dir.resolve("small.trace");
        ChildJvm app = ChildJvm.startWithJvmArgs(dir, jvm, "config=" + config + ",out=" + trace,
                "example.traced.SmallHeapApp", "200000");
        assertEquals(0, app.await(300), app.output());
        assertEquals(applicationLines(plain), applicationLines(app), app.output());
        String said = app.output();
        assertTrue(said.contains("a sixteenth of the heap"), "says once that it records with less: " + said);
        assertEquals(said.indexOf("a sixteenth of the heap"), said.lastIndexOf("a sixteenth of the heap"), said);
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated(), String.valueOf(r.truncation()));
            assertEquals("jacorb", r.header().profileName(), "the header names the profile");
            long[] exits = {0};
            r.read(e -> exits[0] += e.type() == EventType.METHOD_EXIT && r.dictionary().methodName(e.methodId()).equals("step")
                    ? 1 : 0);
            assertTrue(exits[0] > 0, "something was recorded");
            // What is not in the trace is counted in it: the trace says it recorded less.
            assertTrue(exits[0] + r.droppedEvents() >= 4 * 200_000, "every call recorded or counted as dropped: " + exits[0]
                    + " recorded, " + r.droppedEvents() + " dropped");
            assertEquals(0, r.agentErrors());
        }
    }

    @Test
    void absurdBufferSettingsAreRefusedOrCappedWithoutAStall() throws Exception {
        ChildJvm refused = ChildJvm.start(dir, "buffer.size=1,out=" + dir.resolve("r.trace"), AgentIT.APP);
        assertEquals(0, refused.await(240), refused.output());
        assertTrue(refused.output().contains("buffer.size takes a number from 4096 to 16777216, got '1'"), refused.output());
        assertTrue(refused.output().contains("traced app done"), refused.output());

        Path trace = dir.resolve("huge.trace");
        ChildJvm huge = ChildJvm.startWithJvmArgs(dir, List.of("-Xmx256m"), "buffers=1048576,buffer.size=16777216,"
                + "include=example.traced.TracedApp#outer,out=" + trace, AgentIT.APP);
        assertEquals(0, huge.await(240), huge.output());
        assertTrue(huge.output().contains("the trace writer holds at most 4 x 16384 KiB"), huge.output());
        try (TraceReader r = TraceReader.open(trace)) {
            long[] enters = {0};
            r.read(e -> enters[0] += e.type() == EventType.METHOD_ENTER ? 1 : 0);
            assertEquals(3, enters[0]);
        }
    }

    @Test
    void anErrorInsideTheAgentIsCountedAndReportedNeverThrownIntoTheApplication() throws Exception {
        // The key path names a field an Integer does not have: following it fails inside the agent on every call.
        Path config = dir.resolve("bad-key.yaml");
        Files.write(config, "method:\n  - example.traced.TracedApp#outer(I)I | key=arg0.missing\n".getBytes(StandardCharsets.UTF_8));
        Path trace = dir.resolve("bad-key.trace");
        ChildJvm app = ChildJvm.start(dir, "config=" + config + ",out=" + trace, AgentIT.APP);
        assertRanOnWithErrorsCounted(app, trace, "traced app done", "correlation key path 'missing'",
                "error(s) inside the agent were caught and counted");
    }

    @Test
    void anExceptionLeavingTheRecorderInsideAMonitoredCallIsCountedAndTheCallRunsOn() throws Exception {
        Path trace = dir.resolve("odd.trace");
        ChildJvm app = ChildJvm.start(dir, "out=" + trace + ",include=example.traced.OddThreadApp#work", "example.traced.OddThreadApp");
        assertRanOnWithErrorsCounted(app, trace, "odd thread app done: 1000", "error inside a monitored call, caught and counted");
    }

    /** The application exited normally and printed {@code outputs}; its complete trace counts agent errors. */
    private static void assertRanOnWithErrorsCounted(ChildJvm app, Path trace, String... outputs) throws Exception {
        assertEquals(0, app.await(240), app.output());
        for (String expected : outputs) {
            assertTrue(app.output().contains(expected), app.output());
        }
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated());
            assertTrue(r.agentErrors() > 0, "errors counted in the trace");
        }
    }

    @Test
    void aFullDiskStopsRecordingWithAMessageAndTheApplicationRunsOn() throws Exception {
        Path trace = dir.resolve("full.trace");
        // 2.2 M monitored calls write about 11 MB in chunks of up to 1 MiB; the file may grow to 4 MiB.
        ChildJvm app = ChildJvm.startWithFileSizeLimit(dir, 4096, "include=example.traced.HotApp#leaf,out=" + trace,
                "example.traced.HotApp", "2000000");
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("in 2000000 calls (2200000)"), "the application's own result: " + app.output());
        assertTrue(app.output().contains("orbscope: trace writing stopped"), app.output());
        assertTrue(Files.size(trace) <= 4096 * 1024, "size " + Files.size(trace));
        try (TraceReader r = TraceReader.open(trace)) {
            assertTrue(r.isTruncated(), "no footer fits on a full disk");
            long[] n = new long[1];
            r.read(e -> n[0]++);
            assertTrue(n[0] > 1000, "the chunks written before the disk filled read back: " + n[0]);
        }
    }

    /** Waits (up to two minutes) until {@code file} exists. */
    private static void awaitFile(Path file, ChildJvm app) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(file) && System.nanoTime() < deadline && app.process.isAlive()) {
            Thread.sleep(20);
        }
        assertTrue(Files.exists(file), "the application started: " + app.output());
    }

    /** Waits (up to two minutes) until the trace, read as far as it is written, holds a method enter. */
    private static void awaitRecordedCall(Path trace) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            long[] enters = {0};
            if (Files.exists(trace)) {
                try (TraceReader r = TraceReader.open(trace)) {
                    r.read(e -> enters[0] += e.type() == EventType.METHOD_ENTER ? 1 : 0);
                } catch (IOException notYet) {
                    // the header is not written yet
                }
            }
            if (enters[0] > 0) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, "no recorded call within two minutes");
            Thread.sleep(50);
        }
    }

    /**
     * Loads the agent into {@code pid}. The attach handshake can fail on a busy machine (the target's attach
     * listener starts late, or the connection ends early), so it is tried again for up to two minutes.
     */
    /** Loads the agent into {@code pid}; returns what it says its last start cost ({@link Agent#INSTALL}). */
    private static String attach(long pid, String options) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            try {
                return Attach.load(pid, ChildJvm.agentJar(), options);
            } catch (IOException | com.sun.tools.attach.AttachNotSupportedException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(1000);
            }
        }
    }

    @Test
    void attachRecordsARunningJvmAndStopRestoresIt() throws Exception {
        Path ready = dir.resolve("ready");
        Path done = dir.resolve("done");
        ChildJvm app = ChildJvm.start(dir, null, AgentIT.LOOP, ready.toString(), "600000", done.toString());
        awaitFile(ready, app);
        Path trace = dir.resolve("attached.trace");
        attach(app.pid(), "include=example.traced.LoopApp#tick,out=" + trace);
        awaitRecordedCall(trace);
        attach(app.pid(), "stop=true");
        Files.write(done, new byte[0]);
        assertEquals(0, app.await(240), app.output());
        assertTrue(app.output().contains("loop done"), app.output());
        long size = Files.size(trace);
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated(), String.valueOf(r.truncation()));
            long[] n = new long[2];
            r.read(e -> {
                if (e.type() == EventType.METHOD_ENTER) n[0]++;
                if (e.type() == EventType.METHOD_EXIT) n[1]++;
            });
            assertTrue(n[0] > 0, "calls recorded while attached: " + n[0]);
            // One thread, one leaf method: a call running at the moment of stop may lack its exit.
            assertTrue(n[1] == n[0] || n[1] == n[0] - 1, n[0] + " enters, " + n[1] + " exits");
        }
        assertEquals(size, Files.size(trace), "nothing written after stop");
    }

    @Test
    void anAttachChangesOnlyClassesWithSelectedMethods() throws Exception {
        Path ready = dir.resolve("ready");
        Path done = dir.resolve("done");
        ChildJvm app = ChildJvm.start(dir, null, AgentIT.LOOP, ready.toString(), "600000", done.toString());
        awaitFile(ready, app);
        // The glob names the loaded class but no method of it: nothing is selected, so nothing is retransformed.
        String none = attach(app.pid(), "include=example.traced.**#noSuchMethod,events=methods+monitors,out="
                + dir.resolve("none.trace"));
        attach(app.pid(), "stop=true");
        String tick = attach(app.pid(), "include=example.traced.LoopApp#tick,events=methods+monitors,out="
                + dir.resolve("tick.trace"));
        attach(app.pid(), "stop=true");
        Files.write(done, new byte[0]);
        assertEquals(0, app.await(240), app.output());
        assertEquals("0", none.split(" ")[0], "classes changed, wall and CPU ns: " + none);
        assertEquals("1", tick.split(" ")[0], "classes changed, wall and CPU ns: " + tick);
        assertTrue(Long.parseLong(tick.split(" ")[1]) > 0, tick);
    }

    @Test
    void aTraceCutByKillMinus9ReadsBackAndSaysTruncated() throws Exception {
        Path ready = dir.resolve("ready");
        Path trace = dir.resolve("killed.trace");
        ChildJvm app = ChildJvm.start(dir, "include=example.traced.LoopApp#tick,out=" + trace, AgentIT.LOOP, ready.toString(), "600000");
        awaitFile(ready, app);
        awaitRecordedCall(trace); // the loop thread hands over its buffer once a second
        app.process.destroyForcibly().waitFor(60, TimeUnit.SECONDS);
        try (TraceReader r = TraceReader.open(trace)) {
            assertTrue(r.isTruncated());
            long[] n = new long[1];
            r.read(e -> n[0]++);
            assertTrue(n[0] > 0, "events before the kill");
        }
    }
}
