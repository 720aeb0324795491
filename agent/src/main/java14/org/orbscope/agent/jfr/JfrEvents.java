package org.orbscope.agent.jfr;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;
import org.orbscope.agent.JfrSource;
import org.orbscope.agent.Recorder;
import org.orbscope.trace.EventType;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceFormat;
import org.orbscope.trace.internal.TraceWriter;

/**
 * Streams the JVM's monitor-enter (blocked), wait and park events from JFR into the trace, on a stream of its
 * own ("orbscope-jfr"), each naming the thread it happened on. The JVM sees every monitor, so this covers what
 * bytecode instrumentation cannot: classes that are not selected, JDK code, and synchronized methods called
 * from anywhere. JFR times are epoch instants; they are mapped onto nanoTime with an offset measured at start.
 * JFR hands events over about once a second, out of order, so they are spans with their own start time.
 */
public final class JfrEvents implements JfrSource {
    private final RecordingStream stream;
    private final TraceWriter writer;
    /** The recording's recorder: which threads it records, and where errors are counted. */
    private final Recorder recorder;
    private final int streamThread;
    private final long epochMinusNanoTime;
    private final Map<String, Integer> classIds = new HashMap<>();
    private ThreadBuffer buffer;
    private volatile long flushes;
    private Thread runner;

    private JfrEvents(TraceWriter writer, Recorder recorder) {
        this.writer = writer;
        this.recorder = recorder;
        this.streamThread = writer.defineThread("orbscope-jfr", 0);
        this.epochMinusNanoTime = epochMinusNanoTime();
        this.stream = new RecordingStream();
    }

    public static JfrSource start(TraceWriter writer, long thresholdNanos, Recorder recorder) {
        JfrEvents j = new JfrEvents(writer, recorder);
        Duration threshold = Duration.ofNanos(thresholdNanos);
        j.stream.enable("jdk.JavaMonitorEnter").withThreshold(threshold).withoutStackTrace();
        j.stream.enable("jdk.JavaMonitorWait").withThreshold(threshold).withoutStackTrace();
        j.stream.enable("jdk.ThreadPark").withThreshold(threshold).withoutStackTrace();
        j.stream.onEvent("jdk.JavaMonitorEnter", e -> j.span(EventType.JFR_MONITOR_ENTER, 0, e, "monitorClass"));
        j.stream.onEvent("jdk.JavaMonitorWait", e -> j.span(EventType.JFR_MONITOR_WAIT,
                e.getBoolean("timedOut") ? TraceFormat.FLAG_ALT : 0, e, "monitorClass"));
        j.stream.onEvent("jdk.ThreadPark", e -> j.span(EventType.JFR_THREAD_PARK, 0, e, "parkedClass"));
        j.stream.onFlush(j::flushed);
        j.stream.setReuse(true);
        j.stream.setOrdered(false);
        // start() runs the stream on the calling thread; startAsync() would make a non-daemon thread when the
        // agent starts from premain, and the application's JVM could then never exit.
        // (JFR makes startAsync's thread non-daemon whatever starts it.)
        j.runner = new Thread(j.stream::start, "orbscope-jfr-stream");
        j.runner.setDaemon(true);
        RecordingStarted started = new RecordingStarted();
        FlightRecorder.addListener(started);
        try {
            j.runner.start();
            // The recording begins on the runner thread a while later: what the application blocks on meanwhile
            // would be missing from JFR's side, so the agent waits.
            if (!started.await(START_DEADLINE_MILLIS)) {
                System.err.println("orbscope agent: JFR's recording had not started after "
                        + START_DEADLINE_MILLIS / 1000 + " s; JFR events start when it does");
            }
        } finally {
            FlightRecorder.removeListener(started);
        }
        return j;
    }

    private static final long START_DEADLINE_MILLIS = 30_000;

    /** Opens once a recording starts after it is listening: the stream's own, made but not started. */
    private static final class RecordingStarted implements FlightRecorderListener {
        private final CountDownLatch running = new CountDownLatch(1);

        @Override
        public void recordingStateChanged(Recording r) {
            if (r.getState() == RecordingState.RUNNING) {
                running.countDown();
            }
        }

        boolean await(long millis) {
            try {
                return running.await(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** The smallest-gap pairing of the two clocks out of a few tries, so the offset is good to a microsecond or so. */
    private static long epochMinusNanoTime() {
        long best = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < 20; i++) {
            long t0 = System.nanoTime();
            Instant now = Instant.now();
            long t1 = System.nanoTime();
            if (t1 - t0 < best) {
                best = t1 - t0;
                offset = now.getEpochSecond() * 1_000_000_000L + now.getNano() - (t0 + (t1 - t0) / 2);
            }
        }
        return offset;
    }

    private synchronized void span(int type, int flag, RecordedEvent e, String classField) {
        try {
            RecordedThread t = e.getThread();
            if (t == null) {
                return;
            }
            String name = t.getJavaName();
            int subject = name == null ? 0 : recorder.recordedThreadId(t.getJavaThreadId(), name);
            if (subject == 0) {
                return;
            }
            RecordedClass c = e.getClass(classField);
            int classId = 0;
            if (c != null) {
                classId = classIds.computeIfAbsent(c.getName(), writer::defineClass);
            }
            Instant start = e.getStartTime();
            long startNanos = start.getEpochSecond() * 1_000_000_000L + start.getNano() - epochMinusNanoTime;
            long duration = e.getDuration().toNanos();
            long address = e.hasField("address") ? e.getLong("address") : 0;
            if (buffer == null) {
                buffer = writer.acquire(streamThread, System.nanoTime());
            }
            if (buffer != null && !buffer.jfrSpan(type, flag, startNanos, duration, subject, classId, address)) {
                writer.submit(buffer);
                buffer = writer.acquire(streamThread, System.nanoTime());
                if (buffer != null && buffer.jfrSpan(type, flag, startNanos, duration, subject, classId, address)) {
                    return;
                }
            } else if (buffer != null) {
                return;
            }
            writer.addDropped(1);
        } catch (Throwable x) {
            recorder.errors().add();
        }
    }

    /** Once per JFR flush (about a second): hand the buffer over, so JFR events reach the file as others do. */
    private synchronized void flushed() {
        if (buffer != null) {
            writer.submit(buffer);
            buffer = null;
        }
        flushes++;
    }

    @Override
    public void stop() {
        try {
            try {
                // JDK 20+: stop() ends the recording; start() returns once everything recorded is delivered.
                RecordingStream.class.getMethod("stop").invoke(stream);
                runner.join(3_000);
            } catch (NoSuchMethodException older) {
                // Before 20: wait for two more flushes (about a second each), so events up to now are delivered.
                long target = flushes + 2;
                long deadline = System.nanoTime() + 3_000_000_000L;
                while (flushes < target && runner.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
            }
        } catch (Throwable t) {
            // At JVM exit JFR's own shutdown hook may have stopped the recording first (JDK 20+ then says so with
            // an IllegalStateException): what JFR had not flushed by then, at most its last second, is lost.
        } finally {
            stream.close();
            synchronized (this) {
                if (buffer != null) {
                    writer.submit(buffer);
                    buffer = null;
                }
            }
        }
    }
}
