package org.orbscope.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.orbscope.orb.JacorbOrbs;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.ORB;
import org.orbscope.run.ExitCode;
import org.orbscope.run.ServerLaunch;
import org.orbscope.workload.Target;
import org.orbscope.workload.TargetHelper;

/** ServerMain as the launcher runs it: a separate JVM, stopped by closing its standard input. */
class ServerMainTest {
    @TempDir
    Path dir;

    private Process start(Path scenario, Path out) throws Exception {
        return start(new ServerLaunch(scenario, out).jvm().command());
    }

    private Process start(List<String> command) throws Exception {
        return new ProcessBuilder(command).redirectError(dir.resolve("server.log").toFile()).start();
    }

    /** A server of the scenario {@code yaml} (its lines) writing to {@code out}, once it is ready. */
    private Process startReady(Path out, String... yaml) throws Exception {
        Path scenario = dir.resolve("point.yaml");
        Files.write(scenario, (String.join("\n", yaml) + "\n").getBytes(StandardCharsets.UTF_8));
        Process p = start(scenario, out);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.exists(out.resolve("ready")) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (!Files.exists(out.resolve("ready"))) {
            p.destroyForcibly();
        }
        assertTrue(Files.exists(out.resolve("ready")), "no ready marker: " + log());
        return p;
    }

    @Test
    void publishesServesAndStopsCleanlyWhenStdinCloses() throws Exception {
        Path out = dir.resolve("server");
        Process p = startReady(out, "name: e2e",
                "server:",
                "  objects:",
                "    - {id: s, operations: {call: {cpu: 1ms, replySize: 100}}}",
                "client:",
                "  processes: [{name: p, requests: 1, arrival: {rate: 1/s}, targets: [{object: s}]}]");
        try {
            ORB orb = ORB.init(new String[0], JacorbOrbs.base());
            try {
                String ior = Files.readString(out.resolve("ior/s.ior")).trim();
                Target t = TargetHelper.narrow(orb.string_to_object(ior));
                t.ping();
                assertEquals(100, t.call(new byte[10]).length);
                String url = Files.readAllLines(out.resolve("ior/urls.txt")).get(0).split(" ")[1];
                TargetHelper.narrow(orb.string_to_object(url)).ping();
            } finally {
                orb.shutdown(false);
            }
            // A periodic sample besides the one at start (every 100 ms once the sampler's thread runs).
            long sampled = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (Files.readAllLines(out.resolve("system.csv")).size() < 3 && System.nanoTime() < sampled) {
                Thread.sleep(50);
            }
            p.getOutputStream().close();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "server did not stop: " + log());
            assertEquals(0, p.exitValue(), log());
            List<String> csv = Files.readAllLines(out.resolve("system.csv"));
            assertEquals("epoch_ms,process_cpu_ns,heap_used_bytes,threads,threads_started,gc_count,gc_time_ms,"
                    + "app_threads_cpu_ns,tool_threads_cpu_ns", csv.get(0));
            assertTrue(csv.size() >= 3, "samples: " + csv);
            String[] last = csv.get(csv.size() - 1).split(",");
            long process = Long.parseLong(last[1]);
            long application = Long.parseLong(last[7]);
            long tooling = Long.parseLong(last[8]);
            // at least the ORB's threads and the sampler's own
            assertTrue(Long.parseLong(last[4]) >= Long.parseLong(last[3]), "threads started, at least those alive: " + csv);
            assertTrue(application > 0 && tooling > 0, "the ORB's and the sampler's threads used CPU: " + csv);
            // Java threads are part of the process; the rest of the process is the JVM's own (JIT, GC).
            assertTrue(application + tooling <= process, "thread groups within the process total: " + csv);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * Oneway posts have no reply: the client has sent them all while the server has started few, and the stop comes
     * then. The server serves every one before its ORB shuts down.
     */
    @Test
    void aStopRightAfterOnewayPostsServesEveryPostSent() throws Exception {
        Path out = dir.resolve("server");
        Process p = startReady(out, "name: posts",
                "server:",
                "  warmupCalls: 0",
                "  objects:",
                "    - {id: s, operations: {post: {cpu: 5ms}}}",
                "client:",
                "  processes: [{name: p, requests: 1, arrival: {rate: 1/s}, targets: [{object: s, operation: post}]}]");
        try {
            ORB orb = ORB.init(new String[0], JacorbOrbs.base());
            try {
                Target t = TargetHelper.narrow(orb.string_to_object(Files.readString(out.resolve("ior/s.ior")).trim()));
                for (int i = 0; i < 100; i++) {
                    t.post(new byte[0]);
                }
            } finally {
                orb.shutdown(false);
            }
            p.getOutputStream().close();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "server did not stop: " + log());
            assertEquals(0, p.exitValue(), log());
            assertEquals(List.of("object,operation,requests,elements,octets", "s,post,100,0,0"),
                    Files.readAllLines(out.resolve("received.csv")), log());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void sigtermIsACleanStop() throws Exception {
        Path scenario = dir.resolve("point.yaml");
        Files.write(scenario, String.join("\n",
                "name: e2e",
                "server:",
                "  objects: [{id: s}]",
                "client:",
                "  processes: [{name: p, requests: 1, arrival: {rate: 1/s}, targets: [{object: s, operation: ping}]}]",
                "").getBytes(StandardCharsets.UTF_8));
        Path out = dir.resolve("server");
        Process p = start(scenario, out);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.exists(out.resolve("ready")) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(out.resolve("ready")), "no ready marker: " + log());
            // SIGTERM alone: Process.destroy() would also close the child's stdin, which is the other way to stop
            // it (exit 0), and the two raced.
            p.toHandle().destroy();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "server did not stop: " + log());
            // The shutdown hook stops the ORB and takes the last sample; the JVM reports the signal (128 + 15).
            // It does not halt with 0: halting inside a hook would cut off the agent's own trace-flushing hook.
            assertEquals(143, p.exitValue(), log());
            assertTrue(log().contains("orbscope server: stopped") || Files.exists(out.resolve("system.csv")), log());
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aBadScenarioExitsWithTwoAndNamesTheProblem() throws Exception {
        Path scenario = dir.resolve("bad.yaml");
        Files.write(scenario, "name: bad\nserver:\n  objects: [{id: s, poa: Nowhere}]\n".getBytes(StandardCharsets.UTF_8));
        Process p = start(scenario, dir.resolve("out"));
        p.getOutputStream().close();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), log());
        assertEquals(2, p.exitValue(), log());
        assertTrue(log().contains("bad.yaml"), log());
    }

    @Test
    void aBadLaunchArgumentExitsWithTwoAndOneLine() throws Exception {
        List<String> command = new ArrayList<>(new ServerLaunch(dir.resolve("point.yaml"), dir.resolve("out")).jvm()
                .command());
        command.addAll(List.of("--peer", "back"));
        Process p = start(command);
        p.getOutputStream().close();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), log());
        assertEquals(ExitCode.BAD_INPUT, p.exitValue(), log());
        assertEquals(List.of("orbscope server: Value for option option '--peer' (NAME=DIR) should be in KEY=VALUE "
                + "format but was back"), log().lines().filter(l -> !l.startsWith("Picked up ")).toList(),
                "one line, no stack trace");
    }

    private String log() throws Exception {
        Path f = dir.resolve("server.log");
        return Files.exists(f) ? Files.readString(f) : "";
    }
}
