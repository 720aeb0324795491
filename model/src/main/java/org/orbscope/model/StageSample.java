package org.orbscope.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Measured per-request demands read from postprocess's {@code stages.csv} (one row per server request), grouped
 * by servant operation. Read here with a small CSV reader so that the model keeps no dependencies; only
 * rows with status {@code complete} are used, header names select the columns, and empty cells mean unknown.
 */
public final class StageSample {
    /** Demands of one operation ({@code object.operation}, or "servant.op" when the table has no such columns). */
    public static final class Demands {
        final DoubleList servantCpu = new DoubleList();
        final DoubleList reply = new DoubleList();
        final DoubleList nonCpu = new DoubleList();
        long count;

        public long count() { return count; }
        public double[] servantCpu() { return servantCpu.toArray(); }
        public double[] reply() { return reply.toArray(); }
        public double[] nonCpu() { return nonCpu.toArray(); }
    }

    private final Map<String, Demands> operations = new LinkedHashMap<>();
    private final DoubleList receiverTotal = new DoubleList();
    private final DoubleList receiverFirst = new DoubleList();
    private final DoubleList poa = new DoubleList();
    private final DoubleList dispatcher2 = new DoubleList();
    private final TimeStats completion = new TimeStats();
    private final TimeStats queue = new TimeStats();
    private boolean keyed;
    private long rows;
    private double firstArrival = Double.POSITIVE_INFINITY;
    private double lastArrival = Double.NEGATIVE_INFINITY;

    private StageSample() {
    }

    public static StageSample read(Path csv) throws IOException {
        StageSample s = new StageSample();
        try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new IllegalArgumentException(csv + ": empty file, expected a stages.csv header row");
            }
            Map<String, Integer> cols = new HashMap<>();
            List<String> names = split(header);
            for (int i = 0; i < names.size(); i++) {
                cols.put(names.get(i).trim(), i);
            }
            if (!cols.containsKey("cpu_servant_ns") || !cols.containsKey("completion_ns")) {
                throw new IllegalArgumentException(csv + ":1: header lacks cpu_servant_ns/completion_ns; "
                        + "is this a postprocess stages.csv?");
            }
            s.keyed = cols.containsKey("object") && cols.containsKey("operation");
            String line;
            int lineNo = 1;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                s.addRow(csv, lineNo, cols, split(line));
            }
        }
        return s;
    }

    private void addRow(Path csv, int lineNo, Map<String, Integer> cols, List<String> f) {
        String status = cell(f, cols, "status");
        if (status != null && !status.equals("complete")) {
            return;
        }
        double completionNs = num(csv, lineNo, f, cols, "completion_ns");
        double servantCpu = num(csv, lineNo, f, cols, "cpu_servant_ns");
        if (Double.isNaN(completionNs)) {
            return;
        }
        if (Double.isNaN(servantCpu)) {
            throw new IllegalArgumentException(csv + ":" + lineNo + ": cpu_servant_ns is empty: the trace carries "
                    + "no thread CPU times (set monitoring.cpuTime: true), so the model cannot be calibrated");
        }
        rows++;
        completion.record(completionNs);
        double q = num(csv, lineNo, f, cols, "queue_ns");
        if (!Double.isNaN(q)) {
            queue.record(q);
        }
        double arr = num(csv, lineNo, f, cols, "arrival_ns");
        if (!Double.isNaN(arr)) {
            firstArrival = Math.min(firstArrival, arr);
            lastArrival = Math.max(lastArrival, arr);
        }
        String key = keyed ? cell(f, cols, "object") + "." + cell(f, cols, "operation") : "servant.op";
        Demands d = operations.computeIfAbsent(key, k -> new Demands());
        d.count++;
        d.servantCpu.add(servantCpu);
        double reply = zeroIfUnknown(num(csv, lineNo, f, cols, "cpu_reply_ns"));
        d.reply.add(reply);
        d.nonCpu.add(Math.max(0, zeroIfUnknown(num(csv, lineNo, f, cols, "servant_noncpu_ns"))));
        double rec = zeroIfUnknown(num(csv, lineNo, f, cols, "cpu_receiver_ns"));
        receiverTotal.add(rec);
        double rec1 = num(csv, lineNo, f, cols, "receiver_cpu_ns");
        receiverFirst.add(Double.isNaN(rec1) ? rec : Math.min(rec, rec1));
        double poaCpu = zeroIfUnknown(num(csv, lineNo, f, cols, "cpu_poa_ns"));
        poa.add(poaCpu);
        double totalCpu = num(csv, lineNo, f, cols, "cpu_total_ns");
        dispatcher2.add(Double.isNaN(totalCpu) ? 0 : Math.max(0, totalCpu - rec - poaCpu - servantCpu - reply));
    }

    private static double zeroIfUnknown(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private static String cell(List<String> f, Map<String, Integer> cols, String name) {
        Integer i = cols.get(name);
        if (i == null || i >= f.size()) {
            return null;
        }
        String v = f.get(i).trim();
        return v.isEmpty() ? null : v;
    }

    private static double num(Path csv, int lineNo, List<String> f, Map<String, Integer> cols, String name) {
        String v = cell(f, cols, name);
        if (v == null) {
            return Double.NaN;
        }
        try {
            double d = Double.parseDouble(v);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(csv + ":" + lineNo + ": column " + name + ": not a number: '" + v + "'");
        }
    }

    /** Splits one CSV line, honouring double quotes (RFC 4180, no embedded newlines). */
    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    /** Number of complete requests read. */
    public long size() { return rows; }
    /** True when the table names object and operation per request. */
    public boolean keyed() { return keyed; }
    public Map<String, Demands> operations() { return operations; }
    public TimeStats measuredCompletion() { return completion; }
    public TimeStats measuredQueue() { return queue; }
    public double meanReceiverCpuNanos() { return receiverTotal.mean(); }
    public double meanReceiverFirstPhaseCpuNanos() { return receiverFirst.mean(); }
    public double meanPoaCpuNanos() { return poa.mean(); }
    public double meanDispatcherPhase2CpuNanos() { return dispatcher2.mean(); }

    /** Arrival rate over the measured requests (per second), NaN when arrival_ns is missing. */
    public double measuredRatePerSec() {
        if (rows < 2 || !(lastArrival > firstArrival)) {
            return Double.NaN;
        }
        return (rows - 1) / ((lastArrival - firstArrival) / 1e9);
    }

    /** Growable primitive list. */
    static final class DoubleList {
        private double[] a = new double[64];
        private int n;

        void add(double v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        double[] toArray() {
            return Arrays.copyOf(a, n);
        }

        double mean() {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += a[i];
            }
            return n == 0 ? 0 : s / n;
        }
    }
}
