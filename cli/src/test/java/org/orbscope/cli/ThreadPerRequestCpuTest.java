package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.SystemCsv;
import org.orbscope.run.SystemSample;

/**
 * A server that starts a thread for every request (Apache Yoko's {@code thread_per_request}), each thread living
 * for one request, shorter than the 100 ms between two of the server's samples: the application threads' CPU in
 * {@code system.csv} still holds every request's CPU. It holds at least the CPU the servants burnt (every call burns
 * its demand on its thread's clock) and at least the CPU the agent's trace recorded for the requests, whose stages
 * run on those threads; and it is the process's CPU less orbscope's threads and the JVM's own.
 */
class ThreadPerRequestCpuTest {
    private static final int REQUESTS = 150;
    private static final long DEMAND_NS = 2_000_000;
    /** The process's CPU clock counts in ticks of 10 ms (Linux's USER_HZ of 100); its two ends may each miss one. */
    static final long TICKS_NS = 20_000_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(600)
    void theCpuOfThreadsThatLiveForOneRequestIsTheApplicationThreads() throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "workload server/client not built yet");
        assumeTrue(Files.isRegularFile(AgentJar.locate()), "agent jar not built yet");
        Path file = dir.resolve("per-request.yaml");
        Files.writeString(file, String.join("\n",
                "name: per-request",
                "server:",
                "  orb: {product: yoko, concModel: thread_per_request}",
                "  warmupCalls: 20",
                "  objects: [{id: t, operations: {call: {cpu: 2ms}}}]",
                "monitoring: {enabled: true}",
                "client:",
                "  maxDuration: 60s",
                "  processes: [{name: p, requests: " + REQUESTS + ", arrival: {law: poisson, rate: 100/s},",
                "               targets: [{object: t, operation: call}]}]",
                ""));
        CliRunner r = CliRunner.run("run", file.toString(), "--ready-timeout", CliRunner.READY_TIMEOUT_SECONDS,
                "--out", dir.resolve("runs").toString());
        Path point = CliRunner.onlyRun(dir.resolve("runs")).resolve("points/single");
        assertEquals(Orbscope.EXIT_OK, r.exit, r + "\n" + Files.readString(point.resolve("server/server.log")));

        List<SystemSample> s = SystemCsv.read(point.resolve("server/system.csv")).samples();
        SystemSample first = s.get(0);
        SystemSample last = s.get(s.size() - 1);
        assertTrue(last.threadsStarted() - first.threadsStarted() >= REQUESTS, "a thread per request: " + last);
        long application = last.appThreadsCpuNs() - first.appThreadsCpuNs();
        long process = last.processCpuNs() - first.processCpuNs();
        long tooling = last.toolThreadsCpuNs() - first.toolThreadsCpuNs();
        String figures = String.format("application %.1f ms, process %.1f ms, orbscope's %.1f ms", application / 1e6,
                process / 1e6, tooling / 1e6);
        assertTrue(application >= REQUESTS * DEMAND_NS, "the servants burnt at least " + REQUESTS * DEMAND_NS / 1e6
                + " ms on the request threads; " + figures);
        long traced = tracedCpu(point.resolve("report/stages.csv"));
        assertTrue(traced >= REQUESTS * DEMAND_NS, "the trace holds every request's CPU: " + traced / 1e6 + " ms");
        assertTrue(application + TICKS_NS >= traced, "the trace's request CPU " + traced / 1e6 + " ms is spent on "
                + "the application threads; " + figures);
        assertTrue(application + tooling <= process + TICKS_NS, figures);
    }

    /** The summed {@code cpu_total_ns} of every request the report's stage table holds (warm-up calls included). */
    private static long tracedCpu(Path stagesCsv) throws Exception {
        List<String> lines = Files.readAllLines(stagesCsv);
        int column = Arrays.asList(lines.get(0).split(",", -1)).indexOf("cpu_total_ns");
        assertTrue(column >= 0, lines.get(0));
        long sum = 0;
        for (String line : lines.subList(1, lines.size())) {
            String v = line.split(",", -1)[column];
            sum += v.isEmpty() ? 0 : Long.parseLong(v);
        }
        return sum;
    }
}
