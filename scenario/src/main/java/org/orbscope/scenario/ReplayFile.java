package org.orbscope.scenario;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The send times of a replayed arrival process: a CSV with a header naming the time column, {@code intended_ns}
 * (a previous run's client/requests.csv), {@code time_ns}, {@code time_us}, {@code time_ms} or {@code time_s}.
 * Times are sorted and shifted so the first is 0; each file is read once per JVM (the validator, the client and
 * the model all ask).
 */
final class ReplayFile {
    private static final String[][] COLUMNS = {{"intended_ns", "1"}, {"time_ns", "1"}, {"time_us", "1000"},
            {"time_ms", "1000000"}, {"time_s", "1000000000"}};
    private static final Map<String, long[]> CACHE = new ConcurrentHashMap<>();

    private ReplayFile() {
    }

    /**
     * @throws IllegalArgumentException naming the file (and line) when it is missing, has no time column, or a
     *     time is not a number
     */
    static long[] timesNanos(String file) {
        if (file == null) {
            throw new IllegalArgumentException("the replay law needs 'file' (a CSV of send times)");
        }
        Path p = Path.of(file);
        String key;
        try {
            key = p.toAbsolutePath() + "@" + Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            throw new IllegalArgumentException("replay file " + file + ": no such file");
        }
        return CACHE.computeIfAbsent(key, k -> read(p)).clone();
    }

    /**
     * A time in nanoseconds, rounded to the nearest. Exact decimal arithmetic: a requests.csv holds 19-digit epoch
     * nanoseconds, which a double rounds to a multiple of 256 ns.
     *
     * @throws ArithmeticException when it has more than 19 integer digits (checked before rounding, so an exponent
     *     such as 1e999999999 is refused at once rather than expanded)
     */
    private static long nanos(String text, BigDecimal scale) {
        BigDecimal v = new BigDecimal(text).multiply(scale);
        int integerDigits = v.precision() - v.scale();
        if (integerDigits > 19) {
            throw new ArithmeticException("out of range");
        }
        if (integerDigits < 0) {
            return 0; // below 0.1 ns
        }
        return v.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    private static long[] read(Path p) {
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
        try (Reader in = Files.newBufferedReader(p, StandardCharsets.UTF_8);
             MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(in)) {
            if (!it.hasNext()) {
                throw new IllegalArgumentException("replay file " + p + ": empty");
            }
            String[] header = it.next();
            int col = -1;
            BigDecimal scale = BigDecimal.ONE;
            for (String[] c : COLUMNS) {
                for (int i = 0; i < header.length && col < 0; i++) {
                    if (header[i].trim().equals(c[0])) {
                        col = i;
                        scale = new BigDecimal(c[1]);
                    }
                }
            }
            if (col < 0) {
                throw new IllegalArgumentException("replay file " + p + ":1: no time column (one of intended_ns, "
                        + "time_ns, time_us, time_ms, time_s)");
            }
            long[] t = new long[1024];
            int n = 0;
            int line = 1;
            while (it.hasNext()) {
                String[] row = it.next();
                line++;
                if (row.length <= col || row[col].trim().isEmpty()) {
                    continue;
                }
                try {
                    if (n == t.length) {
                        t = Arrays.copyOf(t, n * 2);
                    }
                    t[n++] = nanos(row[col].trim(), scale);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("replay file " + p + ":" + line + ": '" + row[col]
                            + "' is not a time");
                } catch (ArithmeticException e) {
                    throw new IllegalArgumentException("replay file " + p + ":" + line + ": '" + row[col]
                            + "' is out of range (more than 19 digits of nanoseconds)");
                }
            }
            if (n == 0) {
                throw new IllegalArgumentException("replay file " + p + ": no send times");
            }
            long[] times = Arrays.copyOf(t, n);
            Arrays.sort(times);
            long first = times[0];
            for (int i = 0; i < n; i++) {
                times[i] -= first;
            }
            return times;
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw (IllegalArgumentException) e;
            }
            throw new IllegalArgumentException("replay file " + p + ": unreadable: " + e.getMessage());
        }
    }
}
