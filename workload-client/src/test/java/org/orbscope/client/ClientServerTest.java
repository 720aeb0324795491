package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientProgress;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.RequestsCsv;
import org.orbscope.scenario.ServerSpec;

/** A real server JVM, the real client, loopback TCP. */
class ClientServerTest {
    @TempDir
    Path dir;
    private Process server;

    @AfterEach
    void stopServer() throws Exception {
        if (server != null && server.isAlive()) {
            server.getOutputStream().close();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private Path scenario(int requests, String rate) throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.write(f, String.join("\n",
                "name: e2e",
                "server:",
                "  orb: {poolMax: 4}",
                "  poas: [{name: Work}]",
                "  objects:",
                "    - {id: a, poa: Work, operations: {call: {cpu: 200us, replySize: 100}, ping: {cpu: 50us}}}",
                "client:",
                "  processes:",
                "    - name: p",
                "      requests: " + requests,
                "      arrival: {law: poisson, rate: " + rate + "}",
                "      targets: [{object: a, operation: call, payload: {size: 64}}, {object: a, operation: ping}]",
                "").getBytes(StandardCharsets.UTF_8));
        return f;
    }

    private Path startServer(Path scenario) throws Exception {
        ServerProcess started = ServerProcess.start(dir, scenario);
        server = started.process;
        return started.out;
    }

    private static List<String> rows(Path csv) throws Exception {
        List<String> l = Files.readAllLines(csv);
        return l.subList(1, l.size());
    }

    @Test
    void everyRequestIsAccountedFor() throws Exception {
        Path s = scenario(300, "300/s");
        Path srv = startServer(s);
        Path out = dir.resolve("client");
        // What progress.json says while the client runs, as a reader polling it sees it.
        List<ClientProgress> seen = new ArrayList<>();
        AtomicBoolean over = new AtomicBoolean();
        AtomicReference<Exception> unreadable = new AtomicReference<>();
        Thread watcher = new Thread(() -> {
            Path progress = new ClientDirectory(out).progress();
            while (!over.get() && unreadable.get() == null) {
                try {
                    if (Files.isRegularFile(progress)) {
                        seen.add(ClientProgress.read(progress));
                    }
                    Thread.sleep(20);
                } catch (Exception e) {
                    unreadable.set(e);
                }
            }
        });
        watcher.start();
        int code = ClientMain.run(new ClientLaunch(s, Map.of(ServerSpec.SINGLE, srv.resolve("ior")), null, out));
        over.set(true);
        watcher.join();
        assertEquals(0, code);
        assertEquals(null, unreadable.get(), "progress.json is always whole: written through a rename");
        assertFalse(seen.isEmpty() || seen.get(0).ended(), "progress.json is written from the schedule's start");
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i).sent() >= seen.get(i - 1).sent()
                    && seen.get(i).completed() >= seen.get(i - 1).completed(), "counts only grow: " + seen);
            assertTrue(seen.get(i).sent() >= seen.get(i).completed() + seen.get(i).failed(), seen.get(i).toString());
        }
        ClientProgress last = ClientProgress.read(new ClientDirectory(out).progress());
        ClientSummary written = ClientSummary.read(out.resolve("summary.json"));
        assertTrue(last.ended());
        assertEquals(300L, last.expected());
        assertEquals(300, last.sent());
        assertEquals(300, last.completed());
        assertEquals(0, last.failed());
        assertEquals(written.durationSec(), last.elapsedSec());
        assertEquals(300, last.responseHistogram().getTotalCount(), "no warm-up: every response is measured");
        assertEquals(written.response().p99Ms(), last.responseHistogram().getValueAtPercentile(99) / 1e6, 1e-9);
        List<String> rows = rows(out.resolve("requests.csv"));
        assertEquals(300, rows.size());
        for (String r : rows) {
            assertTrue(r.endsWith(",ok"), r);
            String[] f = r.split(",");
            assertTrue(Long.parseLong(f[8]) > 0, "response " + r);
        }
        String summary = new String(Files.readAllBytes(out.resolve("summary.json")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("\"completed\" : 300"), summary);
        assertTrue(Files.size(out.resolve("latency.hlog")) > 0);
        server.getOutputStream().close();
        assertTrue(server.waitFor(120, TimeUnit.SECONDS), "the server stops when its input closes");
        assertEquals(0, server.exitValue());
        assertTrue(Files.readAllLines(srv.resolve("system.csv")).size() > 2, "process samples written");
    }

    @Test
    void aServerThatDiesMidRunLeavesTheMeasuredRequestsWrittenAndExitCode1() throws Exception {
        Path s = scenario(2000, "200/s");
        Path srv = startServer(s);
        Path out = dir.resolve("client");
        // The server dies once the client has recorded (and flushed) some replies, however long it took to start.
        Path csv = out.resolve("requests.csv");
        Thread killer = new Thread(() -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            try {
                while (System.nanoTime() < deadline && !(Files.isRegularFile(csv) && RequestsCsv.read(csv, r -> { }).rows >= 100)) {
                    Thread.sleep(50);
                }
            } catch (InterruptedException e) {
                return;
            }
            server.destroyForcibly();
        });
        killer.start();
        int code = ClientMain.run(new ClientLaunch(s, Map.of(ServerSpec.SINGLE, srv.resolve("ior")), null, out));
        killer.join();
        assertEquals(1, code);
        List<String> rows = rows(out.resolve("requests.csv"));
        assertEquals(2000, rows.size(), "every scheduled request has a row");
        long ok = rows.stream().filter(r -> r.endsWith(",ok")).count();
        long notSent = rows.stream().filter(r -> r.endsWith(",not_sent")).count();
        assertTrue(ok > 50, "requests measured before the kill: " + ok);
        assertTrue(notSent > 500, "requests not sent after the server died: " + notSent);
        String summary = new String(Files.readAllBytes(out.resolve("summary.json")), StandardCharsets.UTF_8);
        assertTrue(summary.contains("stopped answering"), summary);
    }

    @Test
    void anUnreachableServerIsAOneLineErrorAndExitCode1() throws Exception {
        Path s = scenario(10, "100/s");
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path out = dir.resolve("client");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        System.setErr(new java.io.PrintStream(err, true, "UTF-8"));
        int code;
        try {
            code = ClientMain.run(new ClientLaunch(s, Map.of(), "corbaloc:iiop:1.2@127.0.0.1:" + port + "/nothing",
                    out));
        } finally {
            System.setErr(old);
        }
        assertEquals(1, code);
        String msg = err.toString("UTF-8");
        assertTrue(msg.contains("cannot reach object 'a'"), msg);
        assertTrue(!msg.contains("\tat "), "no stack trace: " + msg);
        assertEquals(10, rows(out.resolve("requests.csv")).stream().filter(r -> r.endsWith(",not_sent")).count());
        assertTrue(new File(out.toFile(), "summary.json").isFile());
    }
}
