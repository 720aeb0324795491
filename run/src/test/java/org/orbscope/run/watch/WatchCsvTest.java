package org.orbscope.run.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every file of watch/ reads back what its writer wrote, column for column. */
class WatchCsvTest {
    @TempDir
    Path dir;

    @Test
    void everyFileReadsBackItsRows() throws Exception {
        roundTrip(WatchCsv.MACHINE, List.of(new MachineSample(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17),
                new MachineSample(21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37)));
        roundTrip(WatchCsv.CPUS, List.of(new CpuStateSample(1, CpuStateSample.ALL, 2, 3, 4, 5, 6, 7, 8, 9),
                new CpuStateSample(1, "1", 12, 13, 14, 15, 16, 17, 18, 19)));
        roundTrip(WatchCsv.NETWORK, List.of(new InterfaceSample(1, "lo", 2, 3, 4, 5, 6, 7, 8, 9)));
        roundTrip(WatchCsv.PROCESSES, List.of(
                new ProcessSample(1, 2, "client", "clients/2", "org.orbscope.client.ClientMain", 3, 4, 5, 6, 7, 8,
                        "java org.orbscope.client.ClientMain --out a,b \"c\""),
                new ProcessSample(9, 10, "other", "", "sh", 11, 12, 13, 14, 15, 16, "sh -c while :; do :; done")));
        roundTrip(WatchCsv.JVMS, List.of(new JvmSample(1, 2, "server", "server", 3, 4.5, 5.25, 6, 7.125, 8.0625, 9,
                10, 11, 12, 13.5), new JvmSample(2, 2, "server", "server", 4, 1234.567891, 0, 7, 0.000001, 0.05, 9,
                10, 11, 13, 98765.4321)));
    }

    @Test
    void headerNamesTheColumnsInSnakeCase() {
        assertEquals(List.of("epoch_ns", "pid", "role", "part", "name", "user_ms", "system_ms", "cpu_interval_ms",
                "interval_ms", "threads", "rss_bytes", "command"), WatchCsv.PROCESSES.columns());
    }

    @Test
    void aRowCutShortByACrashIsLeftOut() throws Exception {
        Path file = dir.resolve("cpus.csv");
        List<CpuStateSample> rows = List.of(new CpuStateSample(1, "0", 2, 3, 4, 5, 6, 7, 8, 9));
        try (WatchCsv.Writer<CpuStateSample> w = WatchCsv.CPUS.create(file)) {
            rows.forEach(w::append);
        }
        Files.writeString(file, "2,0,1", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        WatchCsv.Rows<CpuStateSample> read = WatchCsv.CPUS.read(file);
        assertEquals(rows, read.rows());
        assertNull(read.problem());
    }

    @Test
    void aMissingFileIsAProblemNotAnError() {
        WatchCsv.Rows<JvmSample> read = WatchCsv.JVMS.read(dir.resolve("jvms.csv"));
        assertTrue(read.rows().isEmpty());
        assertTrue(read.problem().contains("missing"), read.problem());
    }

    private <R extends Record & WatchCsv.Row> void roundTrip(WatchCsv<R> csv, List<R> rows) throws Exception {
        Path file = dir.resolve(rows.get(0).getClass().getSimpleName() + ".csv");
        try (WatchCsv.Writer<R> w = csv.create(file)) {
            rows.forEach(w::append);
            w.flush();
        }
        assertEquals(String.join(",", csv.columns()), Files.readAllLines(file).get(0));
        WatchCsv.Rows<R> read = csv.read(file);
        assertNull(read.problem());
        assertEquals(rows, read.rows());
    }
}
