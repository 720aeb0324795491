package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.ServerSpec;

/** Closed loops, replayed arrivals and the client's own processing against a real server JVM over loopback. */
class ArrivalLawsRunTest {
    @TempDir
    Path dir;
    private ServerProcess server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private Path scenario(String process) throws Exception {
        Path f = scenarioFile("s.yaml", process);
        server = ServerProcess.start(dir, f);
        return f;
    }

    /** A scenario of one process against the server's object {@code a}, written but not started. */
    private Path scenarioFile(String name, String process) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, String.join("\n",
                "name: laws",
                "server:",
                "  warmupCalls: 0",
                "  objects: [{id: a, operations: {call: {cpu: 1ms}}}]",
                "client:",
                "  processes:",
                process,
                ""));
        return f;
    }

    private List<RequestRecord> run(Path scenario) throws Exception {
        return run(scenario, "client");
    }

    private List<RequestRecord> run(Path scenario, String outName) throws Exception {
        Path out = dir.resolve(outName);
        int code = ClientMain.run(new ClientLaunch(scenario, Map.of(ServerSpec.SINGLE, server.out.resolve("ior")), null,
                out));
        assertEquals(0, code);
        List<RequestRecord> rows = new ArrayList<>();
        RequestsCsv.read(out.resolve("requests.csv"), rows::add);
        return rows;
    }

    @Test
    void aClosedLoopObeysTheInteractiveResponseTimeLaw() throws Exception {
        // N = 4 clients, think Z = 5 ms: each cycle is one response time plus one think time, so the throughput
        // is X = N / (R + Z) whatever the server does (an operational law).
        List<RequestRecord> rows = run(scenario(String.join("\n",
                "    - name: closed",
                "      requests: 600",
                "      arrival: {law: closed, threads: 4, thinkTime: 5ms}",
                "      targets: [{object: a, operation: call}]")));
        assertEquals(600, rows.size());
        double r = rows.stream().mapToLong(RequestRecord::responseNs).average().orElseThrow() / 1e9;
        long first = rows.stream().mapToLong(RequestRecord::intendedNs).min().orElseThrow();
        long last = rows.stream().mapToLong(RequestRecord::completedNs).max().orElseThrow();
        double x = 600 / ((last - first) / 1e9);
        double law = 4 / (r + 0.005);
        assertEquals(law, x, 0.05 * law, "X " + x + "/s against N/(R+Z) " + law + "/s (R " + r * 1e3 + " ms)");
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
    }

    @Test
    void processingHoldsTheCallerAfterEachReplyAndStaysOutOfItsResponse() throws Exception {
        // A closed client burns 2 ms of CPU after each reply before its next call; an open process at 1000/s
        // waits 20 ms after each reply on the client's invoker threads, which then cannot keep up.
        Path f = scenario(String.join("\n",
                "    - name: closed",
                "      requests: 30",
                "      arrival: {law: closed, threads: 1}",
                "      processing: {cpu: 2ms}",
                "      targets: [{object: a, operation: ping}]",
                "    - name: open",
                "      requests: 40",
                "      arrival: {law: deterministic, rate: 1000/s}",
                "      processing: {wait: 20ms}",
                "      targets: [{object: a, operation: ping}]"));
        List<RequestRecord> rows = run(f);
        assertEquals(70, rows.size());
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
        List<RequestRecord> closed = rows.stream().filter(r -> r.process().equals("closed"))
                .sorted(Comparator.comparingLong(RequestRecord::intendedNs)).toList();
        for (int i = 1; i < closed.size(); i++) {
            long gap = closed.get(i).intendedNs() - closed.get(i - 1).completedNs();
            assertTrue(gap >= 2_000_000, "request " + i + " came " + gap + " ns after the last reply, inside the "
                    + "2 ms of CPU the client spends on it");
            assertEquals(closed.get(i).completedNs() - closed.get(i).intendedNs(), closed.get(i).responseNs(),
                    "the response runs from the end of the processing before the call to its reply");
        }
        long[] sent = rows.stream().filter(r -> r.process().equals("open")).mapToLong(RequestRecord::sentNs)
                .sorted().toArray();
        int threads = ScenarioLoader.load(f).client().invokerThreads();
        for (int i = threads; i < sent.length; i++) {
            // Of threads + 1 sends in a row, two went out on one invoker thread, which waited 20 ms between them.
            assertTrue(sent[i] - sent[i - threads] >= 20_000_000, "send " + i + " only "
                    + (sent[i] - sent[i - threads]) + " ns after send " + (i - threads));
        }
        ClientSummary summary = ClientSummary.read(dir.resolve("client").resolve("summary.json"));
        assertEquals(70, summary.processing().count(), "every reply was processed");
        assertTrue(summary.processing().meanMs() >= 2.0, summary.processing().toString());
    }

    @Test
    void oneInvokerMakesOneCallAtATimeAndTheBacklogIsInTheResponses() throws Exception {
        // A user with one thread (client.invokers: 1) given a request every 2 ms that each hold it for a call and
        // 3 ms of waiting afterwards: no two calls overlap, and the backlog is in the later responses.
        Path f = scenario(String.join("\n",
                "    - name: user",
                "      requests: 40",
                "      arrival: {law: deterministic, rate: 500/s}",
                "      processing: {wait: 3ms}",
                "      targets: [{object: a, operation: ping}]"));
        Files.writeString(f, Files.readString(f).replace("client:\n", "client:\n  invokers: 1\n"));
        List<RequestRecord> rows = run(f);
        assertEquals(40, rows.size());
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
        List<RequestRecord> sorted = rows.stream().sorted(Comparator.comparingLong(RequestRecord::sentNs)).toList();
        for (int i = 1; i < sorted.size(); i++) {
            assertTrue(sorted.get(i).sentNs() >= sorted.get(i - 1).completedNs() + 3_000_000, "call " + i
                    + " went out before the one thread had finished call " + (i - 1) + " and its processing");
        }
        RequestRecord last = sorted.get(sorted.size() - 1);
        assertTrue(last.responseNs() >= 39 * 1_000_000L, "the last request waited for the 39 before it, each "
                + "3 ms of processing against 2 ms between arrivals: " + last.responseNs() + " ns");
    }

    @Test
    void aProcessStopsOnceItsCallsHaveCarriedItsVolume() throws Exception {
        // 10k = 10,240 octets in calls of 1,000 octets out and none back: the eleventh call carries the last.
        List<RequestRecord> rows = run(scenario(String.join("\n",
                "    - name: transfer",
                "      volume: 10k",
                "      arrival: {law: deterministic, rate: 500/s}",
                "      targets: [{object: a, operation: call, payload: {size: 1000}}]")));
        assertEquals(11, rows.size());
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
    }

    @Test
    void closedClientsWalkTheirSessionsInOrderOrByTheChain() throws Exception {
        // "order" walks its three targets in turn, on a connection of its own opened anew for each session;
        // "chain" goes from 0 to 1 or 2, from 1 to 2, and from 2 back to 0 or to the end of the session (after
        // which the next session starts at 0 again).
        List<RequestRecord> rows = run(scenario(String.join("\n",
                "    - name: order",
                "      requests: 12",
                "      arrival: {law: closed, threads: 1}",
                "      session: {pause: 1ms}",
                "      freshConnection: session",
                "      targets: [{object: a, operation: ping}, {object: a, operation: call}, {object: a, operation: ping}]",
                "    - name: chain",
                "      requests: 60",
                "      arrival: {law: closed, threads: 1}",
                "      session:",
                "        transitions: [[0, 0.5, 0.5, 0], [0, 0, 1, 0], [0.3, 0, 0, 0.7]]",
                "      targets: [{object: a, operation: ping}, {object: a, operation: ping}, {object: a, operation: ping}]")));
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
        int[] order = targets(rows, "order");
        for (int i = 0; i < order.length; i++) {
            assertEquals(i % 3, order[i], "call " + i + " of the sequence");
        }
        int[] chain = targets(rows, "chain");
        assertEquals(60, chain.length);
        assertEquals(0, chain[0], "a session starts at the first target");
        Set<String> seen = new TreeSet<>();
        for (int i = 1; i < chain.length; i++) {
            seen.add(chain[i - 1] + ">" + chain[i]);
        }
        assertEquals(Set.of("0>1", "0>2", "1>2", "2>0"), seen, "the steps the chain allows, and each of them");
        ClientSummary summary = ClientSummary.read(dir.resolve("client").resolve("summary.json"));
        assertEquals(1 + 1 + 4, summary.connect().count(), "the shared connection and order's own, opened before "
                + "the run, and order's own again for each of its 4 sessions");
        assertTrue(closedByClient(serverPort()) >= 4, "order's own connection closed before each session");
    }

    /** The port the server listens on, from its corbaloc URLs. */
    private int serverPort() throws Exception {
        Matcher m = Pattern.compile("@[^/]*:(\\d+)/")
                .matcher(Files.readString(new ServerDirectory(server.out).urls()));
        assertTrue(m.find(), "a corbaloc URL with a port");
        return Integer.parseInt(m.group(1));
    }

    /**
     * TCP sockets of this machine connected to {@code port} that their own side closed (FIN_WAIT1, FIN_WAIT2,
     * TIME_WAIT, CLOSING in /proc/net/tcp): connections the client closed within the last minute.
     */
    private static long closedByClient(int port) throws Exception {
        long n = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path f = Path.of(table);
            if (!Files.exists(f)) {
                continue;
            }
            for (String line : Files.readAllLines(f)) {
                String[] col = line.trim().split("\\s+");
                if (col.length > 3 && col[2].contains(":")
                        && Integer.parseInt(col[2].substring(col[2].indexOf(':') + 1), 16) == port
                        && List.of("04", "05", "06", "0B").contains(col[3])) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The targets process {@code name} called, in the order it called them (one client thread). */
    private static int[] targets(List<RequestRecord> rows, String name) {
        return rows.stream().filter(r -> r.process().equals(name))
                .sorted(Comparator.comparingLong(RequestRecord::intendedNs))
                .mapToInt(RequestRecord::target).toArray();
    }

    @Test
    void aReplayedProcessSendsAtTheFilesTimes() throws Exception {
        Path times = dir.resolve("times.csv");
        StringBuilder b = new StringBuilder("time_us\n");
        long[] us = new long[60];
        for (int i = 1; i < us.length; i++) {
            us[i] = us[i - 1] + 2_000 + (i % 7) * 1_500L; // 2 to 11 ms apart, irregular
        }
        for (long t : us) {
            b.append(1_000_000 + t).append('\n');
        }
        Files.writeString(times, b.toString());
        List<RequestRecord> rows = run(scenario(String.join("\n",
                "    - name: replay",
                "      arrival: {law: replay, file: " + times + "}",
                "      targets: [{object: a, operation: call}]")));
        assertEquals(us.length, rows.size());
        rows.sort(Comparator.comparingLong(RequestRecord::seq));
        for (int i = 0; i < us.length; i++) {
            assertEquals(us[i] * 1_000, rows.get(i).intendedNs() - rows.get(0).intendedNs(), "send " + i);
        }
    }

    @Test
    void aReplayOfARunsRequestsCsvSendsAtThatRunsIntendedTimesAndNeverEarly() throws Exception {
        List<RequestRecord> recorded = run(scenario(String.join("\n",
                "    - name: poisson",
                "      requests: 50",
                "      arrival: {law: poisson, rate: 200/s}",
                "      targets: [{object: a, operation: call}]")), "recorded");
        Path requestsCsv = dir.resolve("recorded").resolve("requests.csv");
        List<RequestRecord> replayed = run(scenarioFile("replay.yaml", String.join("\n",
                "    - name: replay",
                "      arrival: {law: replay, file: " + requestsCsv + "}",
                "      targets: [{object: a, operation: call}]")), "replayed");
        assertEquals(recorded.size(), replayed.size());
        long[] want = recorded.stream().mapToLong(RequestRecord::intendedNs).sorted().toArray();
        long[] got = replayed.stream().mapToLong(RequestRecord::intendedNs).sorted().toArray();
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i] - want[0], got[i] - got[0], "send " + i);
        }
        for (RequestRecord r : replayed) {
            assertTrue(r.ok(), "request " + r.seq() + ": " + r.outcome());
            assertTrue(r.sentNs() >= r.intendedNs(), "request " + r.seq() + " sent before its replayed time");
        }
    }

    @Test
    void aClosedLoopBoundedByDurationSendsNothingAfterIt() throws Exception {
        List<RequestRecord> rows = run(scenario(String.join("\n",
                "    - name: closed",
                "      duration: 400ms",
                "      arrival: {law: closed, threads: 3, thinkTime: 2ms}",
                "      targets: [{object: a, operation: call}]")));
        assertTrue(rows.size() >= 3, rows.size() + " requests");
        assertTrue(rows.stream().allMatch(RequestRecord::ok));
        long first = rows.stream().mapToLong(RequestRecord::intendedNs).min().orElseThrow();
        long last = rows.stream().mapToLong(RequestRecord::intendedNs).max().orElseThrow();
        assertTrue(last - first <= 400_000_000L, "a send " + (last - first) / 1e6 + " ms after the first");
    }
}
