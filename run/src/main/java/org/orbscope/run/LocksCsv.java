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
 * lock per {@link #INTERVAL_NANOS} of the server's clock in which the lock was entered, written when the server
 * stops. The server times every entry around its {@code synchronized} block on its own clock: the wall time from
 * reaching the lock to entering it (the wait), from entering to leaving it (the hold, what the next holder waits
 * for), and the thread's CPU in between. Every entry counts, the client's warm-up requests' included; the
 * intervals let a reader keep the entries of the measured requests only ({@link #total}).
 */
public final class LocksCsv {
    /** The length of a row's interval: an entry counts in the interval in which it entered the lock. */
    public static final long INTERVAL_NANOS = 100_000_000L;
    private static final CsvMapper CSV = new CsvMapper();
    private static final CsvSchema SCHEMA = CSV.schemaFor(Row.class).withHeader();

    /**
     * One lock in one interval.
     *
     * @param lock the lock's name in the scenario
     * @param startNanos the interval's start, epoch nanoseconds on the server's clock (a multiple of
     *                   {@link #INTERVAL_NANOS})
     * @param entries entries of the lock
     * @param contended entries that followed a release at which a thread was waiting for the lock: the lock
     *                  passed on within a busy period (the entry may be the waiter's or, a monitor not being FIFO,
     *                  another thread's that reached it meanwhile)
     * @param waitNanos wall time from reaching the lock to entering it, summed over every entry
     * @param holdNanos wall time from entering the lock to leaving it, summed
     * @param holdSquaredMicros2 the squares of those wall times in microseconds, summed: with the mean, the
     *                           holds' spread, which Pollaczek-Khinchine's mean wait needs
     * @param holdCpuNanos the holder's CPU time inside the lock, summed
     * @param handoffNanos over the contended entries, the wall time from the previous holder's leaving to this
     *                     entry's entering, summed: the time the lock stands free while a thread waits for it
     * @param handoffSquaredMicros2 the squares of those hand-offs in microseconds, summed: their spread
     */
    @JsonPropertyOrder({"lock", "start_ns", "entries", "contended", "wait_ns", "hold_ns", "hold_sq_us2",
            "hold_cpu_ns", "handoff_ns", "handoff_sq_us2"})
    public record Row(String lock, @JsonProperty("start_ns") long startNanos, long entries, long contended,
                      @JsonProperty("wait_ns") long waitNanos, @JsonProperty("hold_ns") long holdNanos,
                      @JsonProperty("hold_sq_us2") long holdSquaredMicros2,
                      @JsonProperty("hold_cpu_ns") long holdCpuNanos, @JsonProperty("handoff_ns") long handoffNanos,
                      @JsonProperty("handoff_sq_us2") long handoffSquaredMicros2) {
        /** Mean wall time held per entry, in nanoseconds; 0 without entries. */
        public double meanHoldNanos() {
            return entries == 0 ? 0 : (double) holdNanos / entries;
        }

        /** The holds' squared coefficient of variation (variance over squared mean; 0 for a constant hold). */
        public double holdSquaredCv() {
            return squaredCv(entries, holdNanos, holdSquaredMicros2);
        }

        /** Mean wall time from a release to a waiting entry's entering, in nanoseconds; 0 without such entries. */
        public double meanHandoffNanos() {
            return contended == 0 ? 0 : (double) handoffNanos / contended;
        }

        /** The hand-offs' squared coefficient of variation (0 for a constant hand-off). */
        public double handoffSquaredCv() {
            return squaredCv(contended, handoffNanos, handoffSquaredMicros2);
        }

        private static double squaredCv(long n, long sumNanos, long sumSquaredMicros2) {
            if (n == 0 || sumNanos == 0) {
                return 0;
            }
            double meanMicros = sumNanos / 1e3 / n;
            return Math.max(0, (double) sumSquaredMicros2 / n / (meanMicros * meanMicros) - 1);
        }

        /** This row and {@code o} (the same lock) summed, from the first of their two starts. */
        public Row plus(Row o) {
            return new Row(lock, Math.min(startNanos, o.startNanos), entries + o.entries, contended + o.contended,
                    waitNanos + o.waitNanos, holdNanos + o.holdNanos, holdSquaredMicros2 + o.holdSquaredMicros2,
                    holdCpuNanos + o.holdCpuNanos, handoffNanos + o.handoffNanos,
                    handoffSquaredMicros2 + o.handoffSquaredMicros2);
        }
    }

    /**
     * Lock {@code lock}'s rows summed over the intervals that start at or after {@code fromNanos} and before
     * {@code toNanos} (epoch nanoseconds on the server's clock; {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}
     * for every interval); null when no such row has entries.
     */
    public static Row total(List<Row> rows, String lock, long fromNanos, long toNanos) {
        Row sum = null;
        for (Row r : rows) {
            if (r.lock().equals(lock) && r.startNanos() >= fromNanos && r.startNanos() < toNanos && r.entries() > 0) {
                sum = sum == null ? r : sum.plus(r);
            }
        }
        return sum;
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
