package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void notARunDirectoryIsExitCode2() {
        assertEquals(Orbscope.EXIT_BAD_INPUT, Orbscope.commandLine().execute("report", tmp.toString()));
        assertEquals(Orbscope.EXIT_BAD_INPUT, Orbscope.commandLine().execute("report", tmp.resolve("nope").toString()));
    }
}
