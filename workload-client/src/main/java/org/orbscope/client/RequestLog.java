package org.orbscope.client;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientProgress;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.EpochClock;
import org.orbscope.run.LatencyLog;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.RequestsCsv;

/**
 * What happened to every request, written as it happens: a recording thread appends each request that ended to
 * requests.csv and flushes it every {@value #FLUSH_MILLIS} ms, and every second writes the response-time interval of
 * the last second (warm-up left out) to latency.hlog and how far the client is to progress.json. A client that
 * dies keeps what was flushed; one that ends (or is stopped by a signal) finishes with the rows of requests never
 * sent or never answered, its last progress.json, and summary.json.
 *
 * <p>Requests are numbered: the scheduled requests of open processes first, in schedule order, then those closed
 * loops make as they go ({@link #reserve}). Their times are kept in {@link Slots}, each slot written by the one
 * thread that took the request. The threads that make requests only note, without a lock, which request ended;
 * the file work is the recording thread's, so a slow disk or the first use of the CSV writer never delays a send
 * or a reply.
 */
final class RequestLog {
    static final int NOT_SENT = 0;
    static final int OK = 1;
    /** Sent, but the run ended before an answer came. */
    static final int NO_REPLY = 2;
    private static final long HIGHEST_NANOS = 3_600_000_000_000L;
    static final long FLUSH_MILLIS = 200;

    private final Slots slots = new Slots();
    private final Map<String, Integer> codes = new ConcurrentHashMap<>();
    private final List<String> names = new ArrayList<>(List.of("not_sent", "ok", "no_reply"));
    private final Schedule schedule;
    private final List<String> processNames;
    private final List<List<String[]>> targets;
    private final int warmup;
    private final EpochClock clock;
    private final ClientDirectory out;
    private final Recorder interval = new Recorder(HIGHEST_NANOS, 3);
    private final Histogram response = new Histogram(HIGHEST_NANOS, 3);
    private final Histogram lateness = new Histogram(HIGHEST_NANOS, 3);
    /** The intervals written so far added up: the response times of progress.json. */
    private final Histogram responseSoFar = new Histogram(HIGHEST_NANOS, 3);
    /** Requests the client means to send, or null when that is not known before the run ends. */
    private final Long expected;
    private final LongAdder sentCount = new LongAdder();
    private final LongAdder completedCount = new LongAdder();
    private final LongAdder failedCount = new LongAdder();
    /** Requests numbered so far: the schedule's, then those of closed loops. */
    private final AtomicInteger size;
    /** The process's CPU time and started threads when the run began, for the summary's resource figures. */
    private long cpuAtBegin = -1;
    private long threadsAtBegin;
    private final AtomicInteger endedCount = new AtomicInteger();
    private int written;
    private RequestsCsv.Writer rows;
    private LatencyLog.Writer latency;
    private Thread recorder;
    private long startNanos;
    private long intervalStartEpochMs;

    /**
     * Records on {@code clock}: this machine's, or the coordinator's for a client host. {@code expected}: the
     * requests the client means to send (for progress.json), or null when a process runs for a duration and
     * its count is an outcome.
     */
    RequestLog(Schedule schedule, List<String> processNames, List<List<String[]>> targets, int warmup,
               ClientDirectory out, EpochClock clock, Long expected) {
        this.schedule = schedule;
        this.expected = expected;
        this.processNames = processNames;
        this.targets = targets;
        this.warmup = warmup;
        this.out = out;
        this.size = new AtomicInteger(schedule.size());
        slots.ensure(schedule.size());
        for (int i = 0; i < schedule.size(); i++) {
            Slots.Chunk c = slots.chunk(i);
            c.process[Slots.at(i)] = schedule.process[i];
            c.target[Slots.at(i)] = schedule.target[i];
        }
        this.clock = clock;
    }

    /** Opens the files; {@code runStartNanos} is the schedule's time zero on this JVM's nanoTime clock. */
    synchronized void begin(long runStartNanos) throws IOException {
        startNanos = runStartNanos;
        for (int i = 0; i < schedule.size(); i++) {
            slots.chunk(i).intended[Slots.at(i)] = runStartNanos + schedule.intended[i];
        }
        cpuAtBegin = processCpuNanos();
        threadsAtBegin = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
        rows = RequestsCsv.create(out.requestsCsv());
        intervalStartEpochMs = epochMillis(System.nanoTime());
        latency = LatencyLog.create(out.latencyLog(), intervalStartEpochMs);
        writeProgress();
        recorder = new Thread(() -> {
            long nextInterval = System.nanoTime() + 1_000_000_000L;
            try {
                while (true) {
                    Thread.sleep(FLUSH_MILLIS);
                    synchronized (this) {
                        writeEnded();
                        if (System.nanoTime() >= nextInterval) {
                            writeInterval();
                            writeProgress();
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

    /** The schedule's time zero, as given to {@link #begin}. */
    long startNanos() {
        return startNanos;
    }

    /** When request {@code i} was due (nanoTime). */
    long intended(int i) {
        return slots.chunk(i).intended[Slots.at(i)];
    }

    /**
     * A request a closed loop makes now: its number. {@code intendedNanos} is when its client decided to send it
     * (the end of its think time), from which its response time counts.
     */
    int reserve(int process, int target, long intendedNanos) {
        int i = size.getAndIncrement();
        slots.ensure((long) i + 1);
        Slots.Chunk c = slots.chunk(i);
        c.process[Slots.at(i)] = process;
        c.target[Slots.at(i)] = target;
        c.intended[Slots.at(i)] = intendedNanos;
        return i;
    }

    /** When request {@code i} was answered (nanoTime), or 0 while it is not. */
    long answeredAt(int i) {
        return slots.chunk(i).completed[Slots.at(i)];
    }

    void sent(int i, long nanos) {
        slots.chunk(i).sent[Slots.at(i)] = nanos;
        sentCount.increment();
    }

    /** Request {@code i} ended at {@code nanos} with {@code code} ({@link #OK} or an exception's code). */
    void answered(int i, long nanos, int code) {
        Slots.Chunk c = slots.chunk(i);
        int at = Slots.at(i);
        c.completed[at] = nanos;
        c.outcome[at] = code;
        if (code != OK) {
            failedCount.increment();
        } else {
            completedCount.increment();
            if (i >= warmup) {
                interval.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, nanos - c.intended[at])));
            }
        }
        // The volatile write publishes the times above to the recording thread.
        int k = endedCount.getAndIncrement();
        slots.ensure((long) k + 1);
        slots.chunk(k).ended.set(Slots.at(k), i);
    }

    /** Appends the rows of the requests that ended since the last call, then flushes. */
    private void writeEnded() {
        int n = endedCount.get();
        while (written < n) {
            int i = slots.chunk(written).ended.get(Slots.at(written));
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
        responseSoFar.add(h);
    }

    /**
     * Rewrites progress.json from the counts and the intervals written so far. A failure to write it is not the
     * run's: the requests' own files are what counts, and the next second tries again.
     */
    private void writeProgress() {
        writeProgress(ClientProgress.of(expected, sentCount.sum(), completedCount.sum(), failedCount.sum(),
                Math.max(0, System.nanoTime() - startNanos) / 1e9, responseSoFar, false));
    }

    private void writeProgress(ClientProgress p) {
        try {
            p.write(out.progress());
        } catch (IOException e) {
            // the next second's write tries again; the last one is the summary's
        }
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

    private RequestRecord record(int i) {
        Slots.Chunk c = slots.chunk(i);
        int at = Slots.at(i);
        long intended = c.intended[at];
        String[] t = targets.get(c.process[at]).get(c.target[at]);
        boolean wasSent = c.outcome[at] != NOT_SENT;
        boolean done = c.completed[at] != 0;
        return new RequestRecord(i, processNames.get(c.process[at]), c.target[at], t[0], t[1], epoch(intended),
                wasSent ? epoch(c.sent[at]) : RequestRecord.UNKNOWN, done ? epoch(c.completed[at]) : RequestRecord.UNKNOWN,
                c.outcome[at] == OK ? c.completed[at] - intended : RequestRecord.UNKNOWN,
                wasSent ? c.sent[at] - intended : RequestRecord.UNKNOWN, name(c.outcome[at]));
    }

    /**
     * Writes the rows of the requests that did not end (never sent, or sent and never answered), the last
     * latency interval and summary.json, and closes the files. Returns the summary.
     */
    synchronized ClientSummary finish(double durationSec, String error, boolean interrupted,
                                      ClientSummary.Processing processing, ClientSummary.Connect connect,
                                      ClientSummary.Sessions sessions)
            throws IOException {
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
        int n = size.get();
        for (int i = 0; i < n; i++) {
            Slots.Chunk c = slots.chunk(i);
            int at = Slots.at(i);
            if (c.completed[at] == 0) {
                c.outcome[at] = c.sent[at] != 0 ? NO_REPLY : NOT_SENT;
                rows.append(record(i));
            }
            outcomes.merge(name(c.outcome[at]), 1L, Long::sum);
            if (c.outcome[at] == NOT_SENT) {
                notSent++;
            } else if (c.outcome[at] == OK) {
                okCount++;
                if (i >= warmup) {
                    long r = c.completed[at] - c.intended[at];
                    response.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, r)));
                    lateness.recordValue(Math.min(HIGHEST_NANOS, Math.max(0, c.sent[at] - c.intended[at])));
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
        // The last figures are the summary's: requests still without a reply count as failed (no_reply).
        writeProgress(ClientProgress.of(expected, okCount + failed, okCount, failed, durationSec, response, true));
        long measured = response.getTotalCount();
        double span = schedule.size() > 0 ? schedule.intended[schedule.size() - 1] / 1e9 : durationSec;
        ClientSummary summary = new ClientSummary(okCount + failed, okCount, failed, notSent,
                Math.min(warmup, n), durationSec, durationSec > 0 ? okCount / durationSec : 0.0,
                span > 0 ? n / span : 0.0,
                new ClientSummary.Response(measured > 0 ? sum / measured / 1e6 : null, ms(response, 5),
                        ms(response, 50), ms(response, 90), ms(response, 95), ms(response, 99),
                        measured > 0 ? response.getMaxValue() / 1e6 : null),
                new ClientSummary.Lateness(us(lateness, 50), us(lateness, 99),
                        measured > 0 ? lateness.getMaxValue() / 1e3 : null),
                outcomes, error == null && !interrupted && notSent == 0 && failed == 0, interrupted, error,
                cpuAtBegin < 0 ? null : (processCpuNanos() - cpuAtBegin) / 1e9,
                ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - threadsAtBegin,
                clock.epochNanos(startNanos), processing, connect, sessions);
        summary.write(out.summary());
        if (failure != null) {
            throw failure;
        }
        return summary;
    }

    /** This JVM's CPU time in nanoseconds, or -1 where the platform does not say. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    private static Double ms(Histogram h, double percentile) {
        return h.getTotalCount() > 0 ? h.getValueAtPercentile(percentile) / 1e6 : null;
    }

    private static Double us(Histogram h, double percentile) {
        return h.getTotalCount() > 0 ? h.getValueAtPercentile(percentile) / 1e3 : null;
    }

    private long epoch(long nanos) {
        return clock.epochNanos(nanos);
    }

    private long epochMillis(long nanos) {
        return epoch(nanos) / 1_000_000L;
    }
}
