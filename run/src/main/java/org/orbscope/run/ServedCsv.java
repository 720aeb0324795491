package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code server/served.csv}: how many requests each operation of each object served, written by the server when it
 * stops. Requests a servant's calls sent count at the object called, so a front object's count times its calls'
 * fan-out is what the objects it calls served. The server's warm-up calls ({@code _non_existent}) reach no
 * operation and are not counted.
 *
 * <pre>
 * object,operation,served
 * front,call,1000
 * backend,call,6000
 * </pre>
 */
public final class ServedCsv {
    private static final String HEADER = "object,operation,served";

    private ServedCsv() {
    }

    /** {@code counts}: "object.operation" -> requests served. */
    public static void write(Path file, Map<String, Long> counts) throws IOException {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        counts.forEach((k, v) -> {
            int dot = k.lastIndexOf('.');
            b.append(k, 0, dot).append(',').append(k.substring(dot + 1)).append(',').append(v).append('\n');
        });
        AtomicFiles.write(file, b.toString());
    }

    /** "object.operation" -> requests served; lines that do not parse are skipped. */
    public static Map<String, Long> read(Path file) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(",");
            if (f.length != 3 || line.equals(HEADER)) {
                continue;
            }
            try {
                counts.put(f[0] + "." + f[1], Long.parseLong(f[2]));
            } catch (NumberFormatException e) {
                // a damaged line counts as absent
            }
        }
        return counts;
    }
}
