package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.orbscope.testkit.JsonRows.row;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import example.jvm.ContendedApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.JvmLauncher;
import org.orbscope.testkit.JacorbTraceBuilder;
import org.orbscope.trace.AgentOptions;

/** {@code orbscope trace report}: a real agent's trace of a known application, bad input, the default place. */
class TraceReportCommandTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void aRealAgentsTraceNamesTheContendedMonitorAndCountsTheAllocations() throws Exception {
        Path agent = AgentJar.locate();
        assumeTrue(Files.isRegularFile(agent), "agent jar not built yet");
        Path trace = dir.resolve("app.trace");
        AgentOptions options = AgentOptions.NONE.with(AgentOptions.OUT, trace.toString()).with("quiet=true")
                .with("include=example.jvm.ContendedApp#*").with(AgentOptions.CPU, "true")
                .with("monitors.include=example.jvm.ContendedApp*").with("alloc.include=example.jvm.ContendedApp$Widget")
                .with("events=methods+threads+monitors+alloc+gc");
        Path log = dir.resolve("app.log");
        Process app = JvmLauncher.main(ContendedApp.class.getName())
                .classpath(Path.of("target", "test-classes").toAbsolutePath().toString())
                .agent(options.javaAgentOption(agent.toString())).log(log).start();
        assertTrue(app.waitFor(240, TimeUnit.SECONDS), "the application ended");
        String output = Files.readString(log);
        assertEquals(0, app.exitValue(), output);
        Matcher ledger = Pattern.compile("ledger ([0-9a-f]+) widgets").matcher(output);
        assertTrue(ledger.find(), output);

        Path out = dir.resolve("summary");
        CliRunner r = CliRunner.run("trace", "report", trace.toString(), "--out", out.toString(), "--top", "5");
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertEquals(out.resolve("index.html").toString(), r.out.trim());
        JsonNode json = new ObjectMapper().readTree(out.resolve("summary.json").toFile());

        JsonNode monitor = row(json.path("monitors"), "name", "example.jvm.ContendedApp$Ledger@" + ledger.group(1));
        assertEquals("agent", monitor.path("source").asText());
        assertTrue(monitor.path("contended").asLong() >= 1, monitor.toString());
        assertTrue(monitor.path("contentionNanos").asLong() > 0, monitor.toString());
        assertEquals(2, monitor.path("acquired").asLong(), "lock-holder's hold and main's post: " + monitor);
        assertTrue(monitor.path("holdNanos").asLong() > 0, monitor.toString());
        assertEquals(monitor, json.path("monitors").get(0), "the only contended monitor tops the list");

        JsonNode widgets = row(json.path("allocations"), "className", "example.jvm.ContendedApp$Widget");
        assertEquals(ContendedApp.WIDGETS, widgets.path("count").asLong(), widgets.toString());
        assertTrue(widgets.path("bytes").asLong() > 0, widgets.toString());
        assertEquals(0, widgets.path("bytes").asLong() % ContendedApp.WIDGETS, "one size per class: " + widgets);

        JsonNode build = row(json.path("methods").path("methods"), "name",
                "example.jvm.ContendedApp#build(I)Lexample/jvm/ContendedApp$Widget;");
        assertEquals(ContendedApp.WIDGETS, build.path("calls").asLong(), build.toString());
        assertEquals(ContendedApp.WIDGETS, build.path("cpuCalls").asLong(), "cpu=true: " + build);
        JsonNode main = row(json.path("threads"), "name", "main");
        // main blocked entering the ledger; the agent may also count lock-holder's first entry as contended (it
        // counts any entry slower than an uncontended one can be), so main's share is at most the monitor's.
        assertTrue(main.path("blockedNanos").asLong() > 0, main.toString());
        assertTrue(main.path("blockedNanos").asLong() <= monitor.path("contentionNanos").asLong(), main.toString());
        assertTrue(main.path("cpuNanos").asLong() > 0, "main's CPU from its CPU-annotated calls: " + main);
        assertEquals(0, json.path("facts").path("droppedEvents").asLong());

        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("example.jvm.ContendedApp$Ledger@" + ledger.group(1)), "the page names the monitor");
        assertTrue(html.contains("<svg class=\"flame\""), "the flame graph");
    }

    private static void oneLine(CliRunner r, String expected) {
        assertEquals(Orbscope.EXIT_BAD_INPUT, r.exit, r.toString());
        assertTrue(r.err.contains(expected), r.toString());
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r);
        assertFalse(r.err.contains("\tat ") || r.err.contains("Exception"), "no stack trace: " + r);
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws IOException {
        Path trace = dir.resolve("t.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            b.request(1_000_000_000L, 1, 0, true);
        }
        Path foreign = dir.resolve("x.trace");
        Files.writeString(foreign, "not a trace");
        oneLine(CliRunner.run("trace", "report", foreign.toString()), "not an orbscope trace");
        oneLine(CliRunner.run("trace", "report", dir.resolve("missing.trace").toString()), "no such file");
        oneLine(CliRunner.run("trace", "report", trace.toString(), "--top", "0"), "--top must be 1 or more");
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        oneLine(CliRunner.run("trace", "report", trace.toString(), "--out", file.toString()),
                "is a file, not a directory");
        oneLine(CliRunner.run("trace", "report", trace.toString(), "--out", dir.resolve("no/such/dir").toString()),
                "no such directory: " + dir.resolve("no/such"));
        Path locked = dir.resolve("locked");
        Files.createDirectories(locked, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-xr-xr-x")));
        if (!Files.isWritable(locked)) { // root writes anywhere: then only the cases above apply
            oneLine(CliRunner.run("trace", "report", trace.toString(), "--out", locked.resolve("s").toString()),
                    "permission denied");
        }
        assertFalse(Files.exists(dir.resolve("x-jvm")), "nothing written for a foreign file");
    }

    @Test
    void withoutOutTheSummaryGoesNextToTheTrace() throws IOException {
        Path trace = dir.resolve("t.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            b.request(1_000_000_000L, 1, 0, true);
        }
        CliRunner r = CliRunner.run("trace", "report", trace.toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        for (String f : new String[] {"index.html", "summary.md", "summary.json"}) {
            assertTrue(Files.isRegularFile(dir.resolve("t-jvm").resolve(f)), f);
        }
    }
}
