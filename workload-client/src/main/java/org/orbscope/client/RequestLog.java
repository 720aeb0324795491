package org.orbscope.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * What happened to every request, in preallocated arrays indexed by schedule position (each slot written by
 * the one invoker that took the request), and the files written from them at the end: requests.csv,
 * latency.hlog, summary.json.
 */
final class RequestLog {
    static final int NOT_SENT = 0;
    static final int OK = 1;

    final long[] sent;
    final long[] completed;
    final int[] outcome;
    private final Map<String, Integer> codes = new ConcurrentHashMap<>();
    private final List<String> names = new ArrayList<>();

    RequestLog(int size) {
        sent = new long[size];
        completed = new long[size];
        outcome = new int[size];
        names.add("not_sent");
        names.add("ok");
    }

    /** The outcome code of an exception name (e.g. TRANSIENT), made on first use. */
    synchronized int code(String name) {
        Integer c = codes.get(name);
        if (c == null) {
            c = names.size();
            names.add(name);
            codes.put(name, c);
        }
        return c;
    }

    synchronized String name(int code) {
        return names.get(code);
    }

    /** Writes the three files; times are converted to epoch nanoseconds with the run's calibration. */
    Map<String, Object> write(Path out, Schedule s, List<String> processNames, List<List<String[]>> targets, long startNanos,
                              long epochAtStart, long nanoAtStart, int warmup, double durationSec, String error) throws IOException {
        Files.createDirectories(out);
        Histogram response = new Histogram(3_600_000_000_000L, 3);
        Histogram lateness = new Histogram(3_600_000_000_000L, 3);
        long okCount = 0;
        long failed = 0;
        long notSent = 0;
        double sum = 0;
        Map<String, Long> outcomes = new LinkedHashMap<>();
        Path csv = out.resolve("requests.csv.tmp");
        try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("seq,process,target,object,operation,intended_ns,sent_ns,completed_ns,response_ns,lateness_ns,outcome\n");
            StringBuilder b = new StringBuilder(160);
            for (int i = 0; i < s.size(); i++) {
                long intended = startNanos + s.intended[i];
                String[] t = targets.get(s.process[i]).get(s.target[i]);
                String result = name(outcome[i]);
                outcomes.merge(result, 1L, Long::sum);
                b.setLength(0);
                b.append(i).append(',').append(processNames.get(s.process[i])).append(',').append(s.target[i]).append(',')
                        .append(t[0]).append(',').append(t[1]).append(',').append(epoch(intended, epochAtStart, nanoAtStart)).append(',');
                if (outcome[i] != NOT_SENT) {
                    b.append(epoch(sent[i], epochAtStart, nanoAtStart));
                }
                b.append(',');
                if (completed[i] != 0) {
                    b.append(epoch(completed[i], epochAtStart, nanoAtStart));
                }
                b.append(',');
                if (outcome[i] == OK) {
                    b.append(completed[i] - intended);
                }
                b.append(',');
                if (outcome[i] != NOT_SENT) {
                    b.append(sent[i] - intended);
                }
                b.append(',').append(result).append('\n');
                w.write(b.toString());
                if (outcome[i] == NOT_SENT) {
                    notSent++;
                } else if (outcome[i] == OK) {
                    okCount++;
                    if (i >= warmup) {
                        long r = completed[i] - intended;
                        response.recordValue(Math.max(0, r));
                        lateness.recordValue(Math.max(0, sent[i] - intended));
                        sum += r;
                    }
                } else {
                    failed++;
                }
            }
        }
        Files.move(csv, out.resolve("requests.csv"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        Path hlog = out.resolve("latency.hlog.tmp");
        try (PrintStream ps = new PrintStream(Files.newOutputStream(hlog), false, "UTF-8")) {
            HistogramLogWriter hw = new HistogramLogWriter(ps);
            hw.outputComment("orbscope client response times in nanoseconds, from the intended send time");
            hw.outputLogFormatVersion();
            hw.outputStartTime(epochAtStart / 1_000_000L);
            hw.outputLegend();
            response.setStartTimeStamp(epochAtStart / 1_000_000L);
            response.setEndTimeStamp(epochAtStart / 1_000_000L + (long) (durationSec * 1000));
            hw.outputIntervalHistogram(response);
        }
        Files.move(hlog, out.resolve("latency.hlog"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        long measured = response.getTotalCount();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("sent", okCount + failed);
        summary.put("completed", okCount);
        summary.put("failed", failed);
        summary.put("notSent", notSent);
        summary.put("warmupExcluded", Math.min(warmup, s.size()));
        summary.put("durationSec", durationSec);
        summary.put("achievedRatePerSec", durationSec > 0 ? okCount / durationSec : 0.0);
        double span = s.size() > 0 ? s.intended[s.size() - 1] / 1e9 : 0;
        summary.put("offeredRatePerSec", span > 0 ? s.size() / span : 0.0);
        Map<String, Object> resp = new LinkedHashMap<>();
        resp.put("meanMs", measured > 0 ? sum / measured / 1e6 : null);
        resp.put("p50Ms", measured > 0 ? response.getValueAtPercentile(50) / 1e6 : null);
        resp.put("p90Ms", measured > 0 ? response.getValueAtPercentile(90) / 1e6 : null);
        resp.put("p99Ms", measured > 0 ? response.getValueAtPercentile(99) / 1e6 : null);
        resp.put("maxMs", measured > 0 ? response.getMaxValue() / 1e6 : null);
        summary.put("response", resp);
        Map<String, Object> late = new LinkedHashMap<>();
        late.put("p50Us", measured > 0 ? lateness.getValueAtPercentile(50) / 1e3 : null);
        late.put("p99Us", measured > 0 ? lateness.getValueAtPercentile(99) / 1e3 : null);
        late.put("maxUs", measured > 0 ? lateness.getMaxValue() / 1e3 : null);
        summary.put("lateness", late);
        summary.put("outcomes", outcomes);
        summary.put("complete", error == null && notSent == 0 && failed == 0);
        summary.put("error", error);
        Path json = out.resolve("summary.json.tmp");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), summary);
        Files.move(json, out.resolve("summary.json"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return summary;
    }

    private static long epoch(long nanos, long epochAtStart, long nanoAtStart) {
        return epochAtStart + (nanos - nanoAtStart);
    }
}
