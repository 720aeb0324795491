package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.testkit.JacorbTraceBuilder;

class ReportCommandTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheReportOfARunDirectory() throws Exception {
        Path point = tmp.resolve("run").resolve("points").resolve("single");
        Files.createDirectories(point.resolve("client"));
        Files.writeString(point.resolve("point.yaml"), "name: cli-test\nclient:\n  processes:\n"
                + "    - name: p\n      arrival: {law: poisson, rate: \"10/s\"}\n");
        Files.writeString(point.resolve("client").resolve("requests.csv"),
                "seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome\n"
                        + "0,p,o.op,o,op,1000000000,1000010000,1009000000,9000000,10000,ok\n");
        int rc = Orbscope.commandLine().execute("report", tmp.resolve("run").toString());
        assertEquals(Orbscope.EXIT_OK, rc);
        for (String f : new String[] {"index.html", "report.md", "summary.csv", "summary.json"}) {
            assertTrue(Files.isRegularFile(tmp.resolve("run").resolve("report").resolve(f)), f);
        }
    }

    /** The class path here is the command's own, without Hadoop: parquet-java writes the file without it. */
    @Test
    void parquetWritesTheStageTableTwiceWithoutHadoop() throws Exception {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.hadoop.conf.Configuration"));
        Path trace = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < 200; i++) {
                b.request(3_000_000_000L + i * 10_000_000L, 0x20 + i % 3, i, true);
            }
        }
        Path plain = tmp.resolve("plain");
        assertEquals(Orbscope.EXIT_OK, Orbscope.commandLine().execute("report", trace.toString(), "--out",
                plain.toString()));
        assertTrue(Files.isRegularFile(plain.resolve("stages.csv")));
        assertFalse(Files.exists(plain.resolve("stages.parquet")), "Parquet only when asked");
        Path both = tmp.resolve("both");
        assertEquals(Orbscope.EXIT_OK, Orbscope.commandLine().execute("report", trace.toString(), "--out",
                both.toString(), "--parquet"));
        assertEquals(Files.readString(plain.resolve("stages.csv")), Files.readString(both.resolve("stages.csv")));
        assertTrue(Files.size(both.resolve("stages.parquet")) > 0);
    }

    @Test
    void theReportOfATraceSaysWhatItReadsUnlessQuiet() throws Exception {
        Path trace = tmp.resolve("server.trace");
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(trace)) {
            for (int i = 0; i < 200; i++) {
                b.request(3_000_000_000L + i * 10_000_000L, 0x20 + i % 3, i, true);
            }
        }
        CliRunner r = CliRunner.run("report", trace.toString(), "--out", tmp.resolve("told").toString());
        assertEquals(Orbscope.EXIT_OK, r.exit, r.toString());
        assertTrue(r.out.startsWith("reading " + trace + " (" + Progress.figure(Files.size(trace) / 1e6) + " MB)\n"),
                r.out);
        assertTrue(r.out.matches("(?s).*\nread server\\.trace: \\d+ events in 0:\\d\\d\n.*"), r.out);
        CliRunner quiet = CliRunner.run("report", trace.toString(), "--quiet", "--out", tmp.resolve("q").toString());
        assertEquals(Orbscope.EXIT_OK, quiet.exit, quiet.toString());
        assertEquals(tmp.resolve("q").resolve("index.html") + "\n", quiet.out);
    }

    @Test
    void notARunDirectoryIsExitCode2() {
        assertEquals(Orbscope.EXIT_BAD_INPUT, Orbscope.commandLine().execute("report", tmp.toString()));
        assertEquals(Orbscope.EXIT_BAD_INPUT, Orbscope.commandLine().execute("report", tmp.resolve("nope").toString()));
    }
}
