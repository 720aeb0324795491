package org.orbscope.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.LatencyLog;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;

/**
 * What happened to every request, written as it happens: a recording thread appends each request that ended to
 * requests.csv and flushes it every {@value #FLUSH_MILLIS} ms, and writes the response-time interval of the last
 * second (warm-up left out) to latency.hlog. A client that dies keeps what was flushed; one that ends (or is
 * stopped by a signal) finishes with the rows of requests never sent or never answered, and summary.json.
 *
 * <p>Times are kept per schedule position in preallocated arrays (each slot written by the one thread that took
 * the request). The threads that make requests only note, without a lock, which request ended; the file work is
 * the recording thread's, so a slow disk or the first use of the CSV writer never delays a send or a reply.
 */
final class RequestLog {
    static final int NOT_SENT = 0;
    static final int OK = 1;
    /** Sent, but the run ended before an answer came. */
    static final int NO_REPLY = 2;
    private static final long HIGHEST_NANOS = 3_600_000_000_000L;
    static final long FLUSH_MILLIS = 200;

    final long[] sent;
    final long[] completed;
    final int[] outcome;
    private final Map<String, Integer> codes = new ConcurrentHashMap<>();
    private final List<String> names = new ArrayList<>(List.of("not_sent", "ok", "no_reply"));
    private final Schedule schedule;
    private final List<String> processNames;
    private final List<List<String[]>> targets;
    private final int warmup;
    private final long epochAtStart;
    private final long nanoAtStart;
    private final ClientDirectory out;
    private final Recorder interval = new Recorder(HIGHEST_NANOS, 3);
    private final Histogram response = new Histogram(HIGHEST_NANOS, 3);
    private final Histogram lateness = new Histogram(HIGHEST_NANOS, 3);
    /** Requests in the order they ended; -1 where a thread has taken the place but not yet written it. */
    private final AtomicIntegerArray ended;
    private final AtomicInteger endedCount = new AtomicInteger();
    private int written;
    private RequestsCsv.Writer rows;
    private LatencyLog.Writer latency;
    private Thread recorder;
    private long startNanos;
    private long intervalStartEpochMs;

    RequestLog(Schedule schedule, List<String> processNames, List<List<String[]>> targets, int warmup,
               ClientDirectory out) {
        int size = schedule.size();
        this.sent = new long[size];
        this.completed = new long[size];
        this.outcome = new int[size];
        this.ended = new AtomicIntegerArray(size);
        for (int i = 0; i < size; i++) {
            ended.set(i, -1);
        }
        this.schedule = schedule;
        this.processNames = processNames;
        this.targets = targets;
        this.warmup = warmup;
        this.out = out;
        this.epochAtStart = System.currentTimeMillis() * 1_000_000L;
        this.nanoAtStart = System.nanoTime();
    }

    /** Opens the files; {@code runStartNanos} is the schedule's time zero on this JVM's nanoTime clock. */
    synchronized void begin(long runStartNanos) throws IOException {
        startNanos = runStartNanos;
        rows = RequestsCsv.create(out.requestsCsv());
        intervalStartEpochMs = epochMillis(System.nanoTime());
        latency = LatencyLog.create(out.latencyLog(), intervalStartEpochMs);
        recorder = new Thread(() -> {
            long nextInterval = System.nanoTime() + 1_000_000_000L;
            try {
                while (true) {
                    Thread.sleep(FLUSH_MILLIS);
                    synchronized (this) {
                        writeEnded();
                        if (System.nanoTime() >= nextInterval) {
                            writeInterval();
                            nextInterval += 1_000_000_000L;
                        }
                    }
                }
            } catch (InterruptedException e) {
                // finish() writes the rest
            }
        }, "orbscope-request-log");
        recorder.setDaemon(true);
        recorder.start();
    }

    /** Appends the rows of the requests that ended since the last call, then flushes. */
    private void writeEnded() {
        int n = endedCount.get();
        while (written < n) {
            int i = ended.get(written);
            if (i < 0) {
                break; // its thread has not written the slot yet: next time
            }
            rows.append(record(i));
            written++;
        }
        rows.flush();
    }

    private void writeInterval() {
        Histogram h = interval.getIntervalHistogram();
        long now = epochMillis(System.nanoTime());
        h.setStartTimeStamp(intervalStartEpochMs);
        h.setEndTimeStamp(now);
        intervalStartEpochMs = now;
        latency.append(h);
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

    private synchronized String name(int code) {
        return names.get(code);
    }

    /** Request {@code i} ended at {@code nanos} with {@code code} ({@link #OK} or an exception's code). */
    void answered(int i, long nanos, int code) {
        completed[i] = nanos;
        outcome[i] = code;
        if (code == OK && i >= warmup) {
            long intended = startNanos + schedule.intended[i];
            interval.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, nanos - intended)));
        }
        // The volatile write publishes the times above to the recording thread.
        ended.set(endedCount.getAndIncrement(), i);
    }

    private RequestRecord record(int i) {
        long intended = startNanos + schedule.intended[i];
        String[] t = targets.get(schedule.process[i]).get(schedule.target[i]);
        boolean wasSent = outcome[i] != NOT_SENT;
        boolean done = completed[i] != 0;
        return new RequestRecord(i, processNames.get(schedule.process[i]), schedule.target[i], t[0], t[1],
                epoch(intended), wasSent ? epoch(sent[i]) : RequestRecord.UNKNOWN,
                done ? epoch(completed[i]) : RequestRecord.UNKNOWN,
                outcome[i] == OK ? completed[i] - intended : RequestRecord.UNKNOWN,
                wasSent ? sent[i] - intended : RequestRecord.UNKNOWN, name(outcome[i]));
    }

    /**
     * Writes the rows of the requests that did not end (never sent, or sent and never answered), the last
     * latency interval and summary.json, and closes the files. Returns the summary.
     */
    synchronized ClientSummary finish(double durationSec, String error, boolean interrupted) throws IOException {
        if (rows == null) {
            begin(System.nanoTime()); // nothing was sent: every request still gets its row
        }
        recorder.interrupt();
        writeEnded();
        long okCount = 0;
        long failed = 0;
        long notSent = 0;
        double sum = 0;
        Map<String, Long> outcomes = new LinkedHashMap<>();
        for (int i = 0; i < schedule.size(); i++) {
            if (completed[i] == 0) {
                outcome[i] = sent[i] != 0 ? NO_REPLY : NOT_SENT;
                rows.append(record(i));
            }
            outcomes.merge(name(outcome[i]), 1L, Long::sum);
            if (outcome[i] == NOT_SENT) {
                notSent++;
            } else if (outcome[i] == OK) {
                okCount++;
                if (i >= warmup) {
                    long intended = startNanos + schedule.intended[i];
                    long r = completed[i] - intended;
                    response.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, r)));
                    lateness.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, sent[i] - intended)));
                    sum += r;
                }
            } else {
                failed++;
            }
        }
        IOException failure = null;
        try {
            rows.close();
        } catch (IOException e) {
            failure = e;
        }
        writeInterval();
        latency.close();
        long measured = response.getTotalCount();
        double span = schedule.size() > 0 ? schedule.intended[schedule.size() - 1] / 1e9 : 0;
        ClientSummary summary = new ClientSummary(okCount + failed, okCount, failed, notSent,
                Math.min(warmup, schedule.size()), durationSec, durationSec > 0 ? okCount / durationSec : 0.0,
                span > 0 ? schedule.size() / span : 0.0,
                new ClientSummary.Response(measured > 0 ? sum / measured / 1e6 : null, ms(response, 5),
                        ms(response, 50), ms(response, 90), ms(response, 95), ms(response, 99),
                        measured > 0 ? response.getMaxValue() / 1e6 : null),
                new ClientSummary.Lateness(us(lateness, 50), us(lateness, 99),
                        measured > 0 ? lateness.getMaxValue() / 1e3 : null),
                outcomes, error == null && !interrupted && notSent == 0 && failed == 0, interrupted, error);
        summary.write(out.summary());
        if (failure != null) {
            throw failure;
        }
        return summary;
    }

    private static Double ms(Histogram h, double percentile) {
        return h.getTotalCount() > 0 ? h.getValueAtPercentile(percentile) / 1e6 : null;
    }

    private static Double us(Histogram h, double percentile) {
        return h.getTotalCount() > 0 ? h.getValueAtPercentile(percentile) / 1e3 : null;
    }

    private long epoch(long nanos) {
        return epochAtStart + (nanos - nanoAtStart);
    }

    private long epochMillis(long nanos) {
        return epoch(nanos) / 1_000_000L;
    }
}
