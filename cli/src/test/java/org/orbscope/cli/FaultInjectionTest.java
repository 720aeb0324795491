package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.Reporter;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointStatus;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.ServerLaunch;
import org.orbscope.trace.TraceReader;

/**
 * Nothing measured is lost: {@code orbscope run} in its own JVM (and process group, as in a terminal), signalled
 * or with a workload JVM killed mid-run; a real monitored trace cut short and with flipped bits. Each case
 * asserts what is kept and what is said. Waits on what was recorded, never on fixed times.
 */
class FaultInjectionTest {
    /** About 10 s of requests at 300/s: long enough to be stopped midway. */
    static final String LONG = String.join("\n",
            "name: long",
            "server:",
            "  orb: {poolMin: 2, poolMax: 4}",
            "  objects:",
            "    - id: echo",
            "      operations: {call: {cpu: 200us, replySize: 16}}",
            "client:",
            "  maxDuration: 120s",
            "  processes:",
            "    - name: p",
            "      requests: 3000",
            "      arrival: {law: poisson, rate: 300/s}",
            "      targets: [{object: echo, operation: call, payload: {size: 32}}]",
            "");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;


    /** {@code orbscope run} in a JVM of its own, leading a process group of its own (setsid), as from a shell. */
    private Process startRun(String scenario, String... more) throws IOException {
        Path file = dir.resolve("scenario.yaml");
        Files.writeString(file, scenario);
        // A monitored JacORB server starts in seconds, but in minutes on a 2-core machine loaded by other builds.
        List<String> args = new java.util.ArrayList<>(List.of("run", file.toString(), "--out", dir.resolve("runs").toString(),
                "--ready-timeout", "240", "--fail-on", "never"));
        args.addAll(Arrays.asList(more));
        // env resets SIGINT and SIGTERM to their defaults, as a terminal's foreground job has them: a test started
        // in the background (a shell's `&`, nohup) inherits SIGINT ignored, and a JVM started with a shutdown
        // signal ignored keeps ignoring it, as a background job should.
        return JvmLauncher.main(Orbscope.class.getName()).prefix("setsid", "env", "--default-signal=INT,TERM")
                .args(args).log(dir.resolve("run.log")).start();
    }

    private Path runDir() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            return s.findFirst().orElseThrow();
        }
    }

    private Optional<Path> startedRun() throws IOException {
        if (!Files.isDirectory(dir.resolve("runs"))) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
            return s.findFirst();
        }
    }

    private Path point() throws IOException {
        return runDir().resolve("points").resolve("single");
    }

    /** Waits until the client has recorded at least {@code n} requests (flushed to requests.csv). */
    private void awaitRecorded(Process run, long n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(360);
        while (System.nanoTime() < deadline) {
            assertTrue(run.isAlive(), "the run ended early: " + log());
            // The runs folder appears a moment before the run's own folder in it.
            Path csv = startedRun().map(r -> r.resolve("points/single/client/requests.csv")).orElse(null);
            if (csv != null && Files.isRegularFile(csv) && recorded(csv) >= n) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("fewer than " + n + " requests recorded in 360 s: " + log());
    }

    private static long recorded(Path csv) {
        return RequestsCsv.read(csv, r -> { }).rows;
    }

    private String log() throws IOException {
        return Files.readString(dir.resolve("run.log"));
    }

    private static void signal(String signal, String target) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, "--", target).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + target);
    }

    private static ProcessHandle workloadJvm(Process run, String mainClass) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> p = run.toHandle().descendants()
                    .filter(h -> CliRunner.commandLine(h).contains(mainClass)).findFirst();
            if (p.isPresent()) {
                return p.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError(mainClass + " not found among the run's processes");
    }

    private int awaitEnd(Process run) throws Exception {
        assertTrue(run.waitFor(400, TimeUnit.SECONDS), "the run did not end: " + log());
        return run.exitValue();
    }

    private JsonNode reportedPoint() throws IOException {
        return JSON.readTree(runDir().resolve("report/summary.json").toFile()).path("points").path(0);
    }

    @Test
    @Timeout(900)
    void ctrlCToTheRunsProcessGroupKeepsEveryMeasurementWritesTheReportAndExits130() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Process run = startRun(LONG);
        awaitRecorded(run, 200);
        signal("INT", "-" + run.pid()); // the whole group, as a terminal's Ctrl-C
        assertEquals(Orbscope.EXIT_INTERRUPTED, awaitEnd(run), log());
        assertInterruptedAndKept();
    }

    @Test
    @Timeout(900)
    void sigtermToTheRunThenItsGroupIsOneStopInOrderAndExits130() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Process run = startRun(LONG);
        awaitRecorded(run, 200);
        // As `timeout` does when its time is up: the command first, then the command's process group.
        signal("TERM", Long.toString(run.pid()));
        signal("TERM", "-" + run.pid());
        assertEquals(Orbscope.EXIT_INTERRUPTED, awaitEnd(run), log());
        assertInterruptedAndKept();
        assertFalse(workloadLeft(run), "no workload JVM outlives the run");
    }

    private static boolean workloadLeft(Process run) {
        return run.toHandle().descendants().anyMatch(ProcessHandle::isAlive);
    }

    private void assertInterruptedAndKept() throws Exception {
        Path point = point();
        PointStatus status = PointStatus.read(point.resolve("status.json"));
        assertEquals(PointStatus.INTERRUPTED, status.status(), status.toString());
        ClientSummary client = ClientSummary.read(point.resolve("client/summary.json"));
        assertTrue(client.interrupted(), client.toString());
        assertTrue(client.completed() >= 200, "requests measured before the signal: " + client.completed());
        assertTrue(client.notSent() > 0, "the signal came before the schedule ended: " + client);
        assertEquals(3000, recorded(point.resolve("client/requests.csv")), "a row for every request of the schedule");
        assertTrue(log().contains("interrupted"), log());
        JsonNode p = reportedPoint();
        assertEquals(PointStatus.INTERRUPTED, p.path("status").asText(), p.toString());
        assertEquals(client.completed(), p.path("client").path("ok").asLong(), p.toString());
        assertTrue(p.path("notes").toString().contains("interrupted"), p.path("notes").toString());
    }

    @Test
    @Timeout(900)
    void killMinus9OfTheClientKeepsWhatItFlushedAndTheReportSaysWhatIsMissing() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        Process run = startRun(LONG);
        awaitRecorded(run, 300);
        ProcessHandle client = workloadJvm(run, ClientLaunch.MAIN);
        long before = recorded(point().resolve("client/requests.csv"));
        client.destroyForcibly();
        assertEquals(Orbscope.EXIT_RUN_FAILED, awaitEnd(run), log());
        Path point = point();
        assertEquals(PointStatus.FAILED, PointStatus.read(point.resolve("status.json")).status());
        long kept = recorded(point.resolve("client/requests.csv"));
        assertTrue(kept >= before, kept + " rows kept, " + before + " seen before the kill");
        assertFalse(Files.exists(point.resolve("client/summary.json")), "a killed client writes no summary");
        JsonNode p = reportedPoint();
        assertEquals(kept, p.path("client").path("records").asLong(), p.toString());
        assertTrue(p.path("client").path("response").path("count").asLong() >= before - 1, p.toString());
        assertTrue(p.path("notes").toString().contains("summary.json missing"), p.path("notes").toString());
    }

    /** The long scenario with the monitored server, once the client has recorded {@code recorded} requests. */
    private Process startMonitoredRun(long recorded) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Process run = startRun(LONG + "monitoring: {enabled: true, profile: jacorb, cpuTime: true}\n");
        awaitRecorded(run, recorded);
        return run;
    }

    @Test
    @Timeout(900)
    void killMinus9OfTheMonitoredServerKeepsTheRequestsOfTheWholeChunks() throws Exception {
        Process run = startMonitoredRun(600);
        workloadJvm(run, ServerLaunch.MAIN).destroyForcibly();
        assertEquals(Orbscope.EXIT_RUN_FAILED, awaitEnd(run), log());
        JsonNode p = reportedPoint();
        JsonNode s = p.path("server");
        assertEquals("read", s.path("trace").asText(), p.toString());
        assertTrue(s.path("truncated").asBoolean(), s.toString());
        // The agent hands a thread's buffer over when it is full or a second old: at least the requests of all
        // but the last seconds before the kill are in whole chunks.
        assertTrue(s.path("measured").asLong() >= 100, s.toString());
        assertTrue(s.path("requests").asLong() <= s.path("probes").asLong() + p.path("client").path("records").asLong(),
                "no request counted twice: " + s);
        assertTrue(p.path("notes").toString().contains("truncated"), p.path("notes").toString());
    }

    @Test
    @Timeout(900)
    void aFullDiskForTheServersTraceKeepsItsWholeChunksSaysSoAndTheRunGoesOn() throws Exception {
        Process run = startMonitoredRun(300);
        ProcessHandle server = workloadJvm(run, ServerLaunch.MAIN);
        Path trace = point().resolve("server/server.trace");
        // The server JVM's files may not grow past this (RLIMIT_FSIZE, as `ulimit -f` sets it): for the trace the
        // disk is full from here on. The client and the run write their files as usual.
        long limit = Files.size(trace) + 64 * 1024;
        Process prlimit = new ProcessBuilder("prlimit", "--pid", Long.toString(server.pid()), "--fsize=" + limit)
                .redirectErrorStream(true).start();
        String said = new String(prlimit.getInputStream().readAllBytes());
        assertEquals(0, prlimit.waitFor(), "prlimit: " + said);
        // The writer may have passed the limit while it was being set: nothing is written after that.
        long bound = Math.max(limit, Files.size(trace));
        assertEquals(Orbscope.EXIT_OK, awaitEnd(run), log());
        Path point = point();
        assertTrue(Files.size(trace) <= bound, Files.size(trace) + " bytes, limit " + limit);
        String serverLog = Files.readString(point.resolve("server/server.log"));
        assertTrue(serverLog.contains("orbscope: trace writing stopped") && serverLog.contains("File too large"),
                serverLog);
        ClientSummary client = ClientSummary.read(point.resolve("client/summary.json"));
        assertEquals(3000, client.completed(), "the server ran on unmonitored and answered everything: " + client);
        JsonNode p = reportedPoint();
        JsonNode s = p.path("server");
        assertEquals("read", s.path("trace").asText(), p.toString());
        assertTrue(s.path("truncated").asBoolean(), s.toString());
        assertTrue(s.path("measured").asLong() > 0, "the whole chunks written before the disk filled: " + s);
        assertTrue(s.path("measured").asLong() < 3000, s.toString());
        assertTrue(s.path("requests").asLong() <= s.path("probes").asLong() + p.path("client").path("records").asLong(),
                "no request counted twice: " + s);
        String notes = p.path("notes").toString();
        assertTrue(notes.contains("truncated") && notes.contains("trace writing stopped"), notes);
    }

    @Test
    @Timeout(900)
    void aRealTraceCutAtAnyOffsetOrWithAFlippedBitKeepsItsWholeRequests() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Process run = startRun(LONG.replace("requests: 3000", "requests: 600")
                + "monitoring: {enabled: true, profile: jacorb, cpuTime: true}\n");
        assertEquals(Orbscope.EXIT_OK, awaitEnd(run), log());
        Path original = runDir();
        JsonNode whole = reportedPoint().path("server");
        assertEquals(600, whole.path("measured").asLong(), whole.toString());
        byte[] trace = Files.readAllBytes(original.resolve("points/single/server/server.trace"));
        int[] cuts = {trace.length / 4, trace.length / 2, trace.length * 3 / 4, trace.length - 1};
        for (int cut : cuts) {
            JsonNode s = damaged("cut-" + cut, Arrays.copyOf(trace, cut));
            assertTrue(s.path("truncated").asBoolean(), "cut at " + cut + ": " + s);
            assertNoRequestCountedTwice(whole, s, "cut at " + cut);
            if (cut == trace.length - 1) {
                assertEquals(600, s.path("measured").asLong(), "only the footer is lost: " + s);
            }
        }
        // A flipped bit costs the chunk it is in: the requests with events there (and those in flight on other
        // threads at that point) become incomplete; none is counted twice, none is added.
        for (int eighth = 1; eighth < 8; eighth++) {
            int at = (int) ((long) trace.length * eighth / 8);
            flip(trace, at, whole);
        }
        flip(trace, trace.length * 4 / 5, whole);

        // The agent writes each definition (method, role, thread) in two chunks in a row: a damaged chunk of
        // definitions alone, the first chunk or the largest, costs no request.
        List<TraceChunk> chunks = TraceChunk.list(trace);
        TraceChunk largest = chunks.stream().filter(TraceChunk::definitionsOnly).max(Comparator.comparingInt(c -> c.end() - c.start()))
                .orElseThrow();
        for (TraceChunk c : List.of(chunks.get(0), largest)) {
            JsonNode s = flip(trace, c.middle(), whole);
            if (c.definitionsOnly()) {
                assertEquals(whole.path("complete").asLong(), s.path("complete").asLong(), "chunk " + c + ": " + s);
                assertEquals(600, s.path("measured").asLong(), "chunk " + c + ": " + s);
            }
        }
        // A loss of mostly the receiver's, or mostly the controller's, events (only theirs when the writer happened
        // to write such a chunk; how buffers share chunks depends on timing): the requests with events there are
        // incomplete and the report says which markers they miss; the rest stay complete.
        Map<Integer, String> names = new HashMap<>();
        try (TraceReader r = TraceReader.open(original.resolve("points/single/server/server.trace"))) {
            for (int id : r.threadIds()) {
                names.put(id, r.dictionary().threadName(id));
            }
        }
        for (String role : List.of("ServerMessageReceptor", "RequestController-")) {
            java.util.function.IntPredicate ofRole = t -> names.getOrDefault(t, "").startsWith(role);
            TraceChunk only = chunks.subList(chunks.size() / 3, chunks.size()).stream()
                    .filter(c -> c.shareOf(ofRole) > 0)
                    .max(Comparator.comparingDouble(c -> c.shareOf(ofRole)))
                    .orElseThrow(() -> new AssertionError("no chunk with " + role + " events among " + chunks));
            JsonNode s = flip(trace, only.middle(), whole);
            assertTrue(s.path("complete").asLong() + s.path("incomplete").asLong() > 0, role + ": " + s);
            if (s.path("incomplete").asLong() > 0) {
                assertTrue(lastNotes.contains("markers missing; see status/missing in stages.csv"), role + ": " + lastNotes);
            }
        }
    }

    /** The notes of the last damaged copy's report. */
    private String lastNotes = "";

    private JsonNode flip(byte[] trace, int at, JsonNode whole) throws IOException {
        byte[] flipped = trace.clone();
        flipped[at] ^= 0x10;
        JsonNode s = damaged("flip-" + at, flipped);
        assertNoRequestCountedTwice(whole, s, "flip at " + at);
        assertTrue(s.path("measured").asLong() > 0, "flip at " + at + ": " + s);
        return s;
    }

    private static void assertNoRequestCountedTwice(JsonNode whole, JsonNode damaged, String what) {
        long requests = whole.path("requests").asLong();
        long counted = damaged.path("complete").asLong() + damaged.path("incomplete").asLong()
                + damaged.path("rejected").asLong();
        assertTrue(damaged.path("requests").asLong() <= requests && counted <= requests,
                what + ": " + damaged + " of the undamaged trace's " + whole);
        assertTrue(damaged.path("complete").asLong() <= whole.path("complete").asLong(), what + ": " + damaged);
        assertTrue(damaged.path("measured").asLong() <= whole.path("measured").asLong(), what + ": " + damaged);
    }

    private int copies;

    /** The server part of the report of a copy of the run whose trace is {@code trace}. */
    private JsonNode damaged(String name, byte[] trace) throws IOException {
        // Numbered: two cases may damage the same offset (one chunk mostly of both roles).
        Path copy = dir.resolve(name + "-" + ++copies);
        copyTree(runDir(), copy);
        Files.write(copy.resolve("points/single/server/server.trace"), trace);
        Reporter.report(copy);
        JsonNode p = JSON.readTree(copy.resolve("report/summary.json").toFile()).path("points").path(0);
        String notes = p.path("notes").toString();
        lastNotes = notes;
        assertTrue(notes.contains("truncated") || notes.contains("damaged"), name + ": " + notes);
        return p.path("server");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }
}
