package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
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
        int code = ClientMain.run(new ClientLaunch(s, Map.of(ServerSpec.SINGLE, srv.resolve("ior")), null, out));
        assertEquals(0, code);
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
