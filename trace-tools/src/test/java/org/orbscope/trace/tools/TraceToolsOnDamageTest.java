package org.orbscope.trace.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.trace.TraceFormatException;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.testing.DamagedTraces;

/** The tools read what the reader lets through of a damaged trace: they say where the loss is and never fail on it. */
class TraceToolsOnDamageTest {
    @TempDir
    Path dir;

    @Test
    void theTextAndPerfettoExportsSayWhereTheLossIsAndPairNothingAcrossIt() throws Exception {
        Path damaged = DamagedTraces.lossAmidCalls(dir);
        ByteArrayOutputStream dump = new ByteArrayOutputStream();
        ByteArrayOutputStream perfetto = new ByteArrayOutputStream();
        try (TraceReader r = TraceReader.open(damaged)) {
            TraceDump.dump(r, new PrintStream(dump, true, "UTF-8"), null);
        }
        try (TraceReader r = TraceReader.open(damaged)) {
            TraceExport.perfetto(r, perfetto);
        }
        String text = dump.toString("UTF-8");
        assertTrue(text.contains("chunk-lost: this thread's events before this point may be missing"), text);
        assertTrue(text.contains("(enter not recorded)"), text);
        String json = perfetto.toString("UTF-8");
        // outer and inner entered before the loss have no slice; inner has one on each thread per whole call.
        assertEquals(-1, json.indexOf("\"name\":\"C.outer\""), json);
        assertEquals(-1, json.indexOf("\"name\":\"C.late\""), json);
        assertEquals(3, json.split("\"name\":\"C.inner\"", -1).length - 1, json);
        assertTrue(json.contains("\"name\":\"chunk-lost 1\""), json);
    }

    @Test
    void randomBytesAfterAValidHeaderNeverEscapeFromTheToolsOrHang() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            byte[] good = Files.readAllBytes(DamagedTraces.severalChunks(dir.resolve("good.trace")));
            Path p = dir.resolve("fuzz.trace");
            int i = 0;
            for (byte[] b : DamagedTraces.randomAfterHeader(good, 3, 400)) {
                Files.write(p, b);
                try (TraceReader r = TraceReader.open(p)) {
                    PrintStream sink = new PrintStream(new ByteArrayOutputStream(), false, StandardCharsets.UTF_8);
                    TraceDump.dump(r, sink, null);
                    TraceExport.perfetto(r, sink);
                    TraceExport.jsonLines(r, sink);
                    TraceStats.of(r).print(r, sink);
                } catch (TraceFormatException expected) {
                    // the contract
                } catch (IOException | RuntimeException e) {
                    fail("fuzz case " + i + " escaped as " + e, e);
                }
                i++;
            }
        });
    }
}
