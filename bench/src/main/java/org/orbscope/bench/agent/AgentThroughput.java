package org.orbscope.bench.agent;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import example.bench.Burst;
import org.orbscope.trace.AgentOptions;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * Sustained recording rate: a burst of monitored calls (the depth-10 recursion) on 1..N threads in a JVM with
 * the agent, then the trace read back: events written, dropped, bytes per call, events per second of burst.
 * The same burst without the agent runs first, as the yardstick. Usage: AgentThroughput AGENT_JAR [calls per
 * thread] [max threads]
 */
public final class AgentThroughput {
    private AgentThroughput() {
    }

    private static long burst(String jar, AgentOptions agentOptions, int threads, long calls, boolean highIds) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        if (agentOptions != null) {
            cmd.add(agentOptions.javaAgentOption(jar));
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("example.bench.Burst");
        cmd.add(Integer.toString(threads));
        cmd.add(Long.toString(calls));
        if (highIds) {
            cmd.add("high-ids");
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("burst failed: " + out);
        }
        for (String line : out.split("\n")) {
            if (line.startsWith("burst-elapsed-ns ")) {
                return Long.parseLong(line.split(" ")[1]);
            }
        }
        throw new IllegalStateException("no result: " + out);
    }

    public static void main(String[] args) throws Exception {
        AgentOnlyFromItsJar.require();
        String jar = Paths.get(args[0]).toAbsolutePath().toString();
        long calls = args.length > 1 ? Long.parseLong(args[1]) : 22_000_000L;
        int maxThreads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        Path dir = Files.createTempDirectory("orbscope-throughput");
        System.out.printf("%-8s %-6s %12s %10s %12s %12s %12s %10s %8s%n", "threads", "mode", "calls", "burst ms", "events",
                "M events/s", "bare ns/call", "bytes/call", "dropped");
        for (int threads = 1; threads <= maxThreads; threads++) {
            long bare = burst(jar, null, threads, calls, false);
            // "wall-hi": wall-only with thread ids of 8192 and more, beside "wall" with small ids.
            for (String mode : threads == 1 ? new String[] {"wall", "wall-hi", "cpu"} : new String[] {"wall", "cpu"}) {
                Path trace = dir.resolve("t" + threads + "-" + mode + ".trace");
                AgentOptions options = AgentOptions.NONE.with("include", "example.bench.Recursion#call").with("quiet", "true")
                        .with("events", "methods").with(AgentOptions.CPU, Boolean.toString(mode.equals("cpu")))
                        .with(AgentOptions.OUT, trace.toString());
                long elapsed = burst(jar, options, threads, calls, mode.equals("wall-hi"));
                long[] events = new long[1];
                long dropped;
                try (TraceReader r = TraceReader.open(trace)) {
                    // Only the burst threads: main's warm-up calls are recorded too, but are not part of the burst.
                    r.read(e -> {
                        if ((e.type() == EventType.METHOD_ENTER || e.type() == EventType.METHOD_EXIT)
                                && r.dictionary().threadName(e.threadId()).startsWith("burst-")) {
                            events[0]++;
                        }
                    });
                    dropped = r.droppedEvents();
                }
                long total = calls / 11 * 11 * threads;
                System.out.printf("%-8d %-6s %12d %10.1f %12d %12.2f %12.2f %10.2f %8d%n", threads, mode, total, elapsed / 1e6,
                        events[0], events[0] / (elapsed / 1e9) / 1e6, bare / (double) (calls / 11 * 11), Files.size(trace) / (total + Burst.WARMUP_CALLS), dropped);
                Files.delete(trace);
            }
        }
        Files.delete(dir);
    }
}
