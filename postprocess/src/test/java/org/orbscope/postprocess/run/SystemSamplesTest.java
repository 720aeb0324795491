package org.orbscope.postprocess.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemSamplesTest {
    @TempDir
    Path tmp;

    @Test
    void utilizationOverTheEnclosingSamples() throws Exception {
        Path csv = tmp.resolve("system.csv");
        // 1 s samples; the process uses 30% of one CPU for the first 10 s, then 90%.
        StringBuilder b = new StringBuilder("epoch_ms,process_cpu_ns,threads\n");
        long cpu = 0;
        for (int s = 0; s <= 20; s++) {
            b.append(1000L * s).append(',').append(cpu).append(",12\n");
            cpu += s < 10 ? 300_000_000L : 900_000_000L;
        }
        b.append("21000,");  // a sample cut short by a crash
        Files.writeString(csv, b.toString());
        SystemSamples samples = SystemSamples.read(csv);
        assertEquals(21, samples.size());
        assertEquals(0.3, samples.utilization(2_000_000_000L, 8_000_000_000L, 1), 1e-9);
        assertEquals(0.45, samples.utilization(12_000_000_000L, 18_000_000_000L, 2), 1e-9);
        assertTrue(Double.isNaN(samples.utilization(5, 5, 1)));
        assertEquals(10, samples.series(1, 10).length);
    }

    @Test
    void missingColumnsAreReportedNotGuessed() throws Exception {
        Path csv = tmp.resolve("system.csv");
        Files.writeString(csv, "time,cpu\n1,2\n");
        SystemSamples s = SystemSamples.read(csv);
        assertTrue(s.problem.contains("lacks epoch_ms or process_cpu_ns"), s.problem);
        assertTrue(Double.isNaN(s.utilization(0, 10, 1)));
    }
}
