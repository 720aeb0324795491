package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code server/locks.csv}: the scenario's servant locks as the workload server timed them, one {@link Row} per
 * lock, written when the server stops. The server times every entry around its {@code synchronized} block on its
 * own clock: the wall time from reaching the lock to entering it (the wait), from entering to leaving it (the
 * hold, what the next holder waits for), and the thread's CPU in between. Every entry counts, the client's
 * warm-up requests' included.
 */
public final class LocksCsv {
    private static final CsvMapper CSV = new CsvMapper();
    private static final CsvSchema SCHEMA = CSV.schemaFor(Row.class).withHeader();

    /**
     * One lock.
     *
     * @param lock the lock's name in the scenario
     * @param entries entries of the lock
     * @param contended entries that reached the lock before its previous holder left it (they waited for a holder)
     * @param waitNanos wall time from reaching the lock to entering it, summed over every entry
     * @param holdNanos wall time from entering the lock to leaving it, summed
     * @param holdSquaredMicros2 the squares of those wall times in microseconds, summed: with the mean, the
     *                           holds' spread, which Pollaczek-Khinchine's mean wait needs
     * @param holdCpuNanos the holder's CPU time inside the lock, summed
     * @param handoffNanos over the contended entries, the wall time from the previous holder's leaving to this
     *                     entry's entering, summed: the time the lock is free while a waiter waits
     */
    @JsonPropertyOrder({"lock", "entries", "contended", "wait_ns", "hold_ns", "hold_sq_us2", "hold_cpu_ns",
            "handoff_ns"})
    public record Row(String lock, long entries, long contended, @JsonProperty("wait_ns") long waitNanos,
                      @JsonProperty("hold_ns") long holdNanos, @JsonProperty("hold_sq_us2") long holdSquaredMicros2,
                      @JsonProperty("hold_cpu_ns") long holdCpuNanos, @JsonProperty("handoff_ns") long handoffNanos) {
        /** Mean wall time held per entry, in nanoseconds; 0 without entries. */
        public double meanHoldNanos() {
            return entries == 0 ? 0 : (double) holdNanos / entries;
        }

        /** The holds' squared coefficient of variation (variance over squared mean; 0 for a constant hold). */
        public double holdSquaredCv() {
            if (entries == 0 || holdNanos == 0) {
                return 0;
            }
            double meanMicros = holdNanos / 1e3 / entries;
            return Math.max(0, (double) holdSquaredMicros2 / entries / (meanMicros * meanMicros) - 1);
        }

        /** Mean wall time from a release to a waiting entry's entering, in nanoseconds; 0 without such entries. */
        public double meanHandoffNanos() {
            return contended == 0 ? 0 : (double) handoffNanos / contended;
        }
    }

    private LocksCsv() {
    }

    public static void write(Path file, List<Row> rows) throws IOException {
        AtomicFiles.write(file, w -> CSV.writer(SCHEMA).writeValues(w).writeAll(rows).flush());
    }

    public static List<Row> read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file);
             MappingIterator<Row> it = CSV.readerFor(Row.class).with(SCHEMA).readValues(in)) {
            return it.readAll();
        }
    }
}
