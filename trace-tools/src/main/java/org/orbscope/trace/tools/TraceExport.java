package org.orbscope.trace.tools;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * Exports a trace as JSON lines (one object per event, in time order) or as Chrome/Perfetto trace-event JSON (one
 * track per thread; calls, monitor contention, waits and parks as slices; GC on its own track; process CPU as a
 * counter; notifies and loss markers as instants). Jackson's streaming generator writes both, one event at a time,
 * so memory stays that of the reader whatever the trace's length.
 */
public final class TraceExport {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    private TraceExport() {
    }

    /** One JSON object per event, one per line: {@code type}, {@code thread}, {@code epochNanos}, then the type's fields. */
    public static void jsonLines(TraceReader r, OutputStream out) throws IOException {
        Dictionary d = r.dictionary();
        try (JsonGenerator g = generator(out)) {
            g.setRootValueSeparator(null);
            read(r, e -> {
                g.writeStartObject();
                g.writeStringField("type", EventType.name(e.type()));
                g.writeStringField("thread", d.threadName(e.threadId()));
                g.writeNumberField("epochNanos", r.toEpochNanos(e.nanos()));
                eventFields(g, e, d);
                g.writeEndObject();
                g.writeRaw('\n');
            });
        }
    }

    private static void eventFields(JsonGenerator g, Event e, Dictionary d) throws IOException {
        if (e.type() == EventType.METHOD_ENTER || (e.type() == EventType.METHOD_EXIT && e.depth() >= 0)) {
            g.writeStringField("method", d.method(e.methodId()));
            g.writeNumberField("depth", e.depth());
        }
        if (e.type() == EventType.METHOD_EXIT) {
            g.writeBooleanField("exceptional", e.isExceptional());
            if (e.depth() >= 0) {
                g.writeNumberField("wallNanos", e.wallNanos());
            }
        }
        if (e.cpuNanos() >= 0) {
            g.writeNumberField("threadCpuNanos", e.cpuNanos());
        }
        if (e.hasKey()) {
            g.writeNumberField("key", e.key());
        }
        switch (e.type()) {
            case EventType.MONITOR_CONTENDED: case EventType.MONITOR_ENTERED: case EventType.MONITOR_EXIT:
            case EventType.WAIT_BEGIN: case EventType.WAIT_END: case EventType.NOTIFY:
                g.writeStringField("monitor", d.monitor(e.monitorId()));
                if (e.type() == EventType.WAIT_BEGIN) {
                    g.writeNumberField("timeoutMillis", e.timeoutNanos() / 1_000_000L);
                } else if (e.type() == EventType.WAIT_END) {
                    g.writeBooleanField("timedOut", e.timedOut());
                } else if (e.type() == EventType.NOTIFY) {
                    g.writeBooleanField("all", e.isNotifyAll());
                }
                break;
            case EventType.GC:
                g.writeStringField("collector", d.string(e.collectorStringId()));
                g.writeStringField("cause", d.string(e.causeStringId()));
                g.writeNumberField("durationNanos", e.durationNanos());
                break;
            case EventType.REQUEST_NAME:
                g.writeStringField("attribute", d.string(e.attributeStringId()));
                g.writeStringField("value", d.string(e.valueStringId()));
                break;
            case EventType.IDENTITY:
                g.writeStringField("path", d.string(e.pathStringId()));
                g.writeNumberField("identityHash", e.identityHash());
                break;
            case EventType.ALLOCATION:
                g.writeStringField("class", d.className(e.classId()));
                g.writeNumberField("bytes", e.bytes());
                break;
            case EventType.PROCESS_SAMPLE:
                g.writeNumberField("processCpuNanos", e.processCpuNanos());
                g.writeNumberField("epochMillis", e.epochMillis());
                break;
            case EventType.REQUEST_SAMPLE:
                g.writeNumberField("requestEvery", e.requestEvery());
                g.writeNumberField("requestsSeen", e.requestsSeen());
                g.writeNumberField("requestsRecorded", e.requestsRecorded());
                g.writeNumberField("agentCpuNanos", e.agentCpuNanos());
                g.writeNumberField("periodCpuNanos", e.periodCpuNanos());
                break;
            case EventType.THREAD_NAME:
                g.writeStringField("name", d.string(e.nameStringId()));
                break;
            case EventType.DROPPED: case EventType.AGENT_ERRORS: case EventType.CHUNK_LOST:
                g.writeNumberField("count", e.count());
                break;
            case EventType.PARK_BEGIN:
                g.writeStringField("blocker", e.classId() == 0 ? null : d.className(e.classId()));
                g.writeNumberField("timeoutNanos", e.timeoutNanos());
                break;
            case EventType.THREAD_START:
                g.writeStringField("parent", e.parentThreadId() == 0 ? null : d.threadName(e.parentThreadId()));
                break;
            case EventType.JFR_MONITOR_ENTER: case EventType.JFR_MONITOR_WAIT: case EventType.JFR_THREAD_PARK:
                g.writeStringField("subjectThread", e.subjectThreadId() == 0 ? null : d.threadName(e.subjectThreadId()));
                g.writeStringField("class", e.classId() == 0 ? null : d.className(e.classId()));
                g.writeNumberField("address", e.address());
                g.writeNumberField("durationNanos", e.durationNanos());
                break;
            default:
        }
    }

    /** Chrome trace-event JSON for ui.perfetto.dev or chrome://tracing, one event object per line. */
    public static void perfetto(TraceReader r, OutputStream out) throws IOException {
        try (JsonGenerator g = generator(out)) {
            g.setPrettyPrinter(new OneEventPerLine());
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ns");
            g.writeArrayFieldStart("traceEvents");
            new Perfetto(g, r).write();
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    /** The trace-event array's objects one per line, as large traces are read and diffed line by line. */
    private static final class OneEventPerLine extends MinimalPrettyPrinter {
        OneEventPerLine() {
            setRootValueSeparator(null);
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            g.writeRaw("[\n");
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(",\n");
        }
    }

    /** The trace's tracks and slices, written as they are read. */
    private static final class Perfetto {
        private final JsonGenerator g;
        private final TraceReader r;
        private final Dictionary d;
        private final long start;
        private final Map<Integer, Boolean> named = new HashMap<>();
        /** Per thread: when its contended enter, wait and park began (-1: none open). */
        private final Map<Integer, long[]> open = new HashMap<>();

        Perfetto(JsonGenerator g, TraceReader r) {
            this.g = g;
            this.r = r;
            this.d = r.dictionary();
            this.start = r.startNanos();
        }

        void write() throws IOException {
            read(r, this::event);
        }

        private void event(Event e) throws IOException {
            track(e.threadId(), d.threadName(e.threadId()));
            long[] o = open.computeIfAbsent(e.threadId(), k -> new long[] {-1, -1, -1});
            switch (e.type()) {
                case EventType.METHOD_EXIT:
                    if (e.depth() >= 0) {
                        slice(e.threadId(), d.methodShort(e.methodId()), e.enterNanos() - start, e.wallNanos(),
                                e.cpuNanos() >= 0 && e.enterCpuNanos() >= 0 ? e.cpuNanos() - e.enterCpuNanos() : -1);
                    }
                    break;
                case EventType.MONITOR_CONTENDED:
                    o[0] = e.nanos();
                    break;
                case EventType.MONITOR_ENTERED:
                    o[0] = ended(e, o[0], "blocked on " + d.monitor(e.monitorId()));
                    break;
                case EventType.WAIT_BEGIN:
                    o[1] = e.nanos();
                    break;
                case EventType.WAIT_END:
                    o[1] = ended(e, o[1], "wait " + d.monitor(e.monitorId()));
                    break;
                case EventType.PARK_BEGIN:
                    o[2] = e.nanos();
                    break;
                case EventType.PARK_END:
                    o[2] = ended(e, o[2], "park");
                    break;
                case EventType.GC:
                    track(0, "GC");
                    slice(0, "GC " + d.string(e.collectorStringId()) + " (" + d.string(e.causeStringId()) + ")",
                            e.nanos() - start, e.durationNanos(), -1);
                    break;
                case EventType.JFR_MONITOR_ENTER:
                case EventType.JFR_MONITOR_WAIT:
                case EventType.JFR_THREAD_PARK: {
                    int tid = e.subjectThreadId();
                    track(tid, tid == 0 ? "JFR (thread unknown)" : d.threadName(tid));
                    String what = e.type() == EventType.JFR_MONITOR_ENTER ? "JFR blocked on "
                            : e.type() == EventType.JFR_MONITOR_WAIT ? "JFR wait " : "JFR park ";
                    slice(tid, what + (e.classId() == 0 ? "-" : d.className(e.classId())), e.nanos() - start,
                            e.durationNanos(), -1);
                    break;
                }
                case EventType.PROCESS_SAMPLE:
                    g.writeStartObject();
                    g.writeStringField("ph", "C");
                    g.writeStringField("name", "process cpu ms");
                    g.writeNumberField("pid", 1);
                    g.writeFieldName("ts");
                    g.writeNumber(us(e.nanos() - start));
                    g.writeObjectFieldStart("args");
                    g.writeNumberField("cpu", e.processCpuNanos() / 1e6);
                    g.writeEndObject();
                    g.writeEndObject();
                    break;
                case EventType.CHUNK_LOST:
                    // The ends of what this thread had open may be in the skipped stretch.
                    Arrays.fill(o, -1);
                    instant(e, EventType.name(e.type()) + " " + e.count());
                    break;
                case EventType.DROPPED:
                case EventType.AGENT_ERRORS:
                    instant(e, EventType.name(e.type()) + " " + e.count());
                    break;
                case EventType.NOTIFY:
                    instant(e, EventType.name(e.type()) + " " + d.monitor(e.monitorId()));
                    break;
                default:
            }
        }

        /** A thread's track, named the first time it is seen. */
        private void track(int tid, String name) throws IOException {
            if (named.putIfAbsent(tid, Boolean.TRUE) == null) {
                g.writeStartObject();
                g.writeStringField("ph", "M");
                g.writeStringField("name", "thread_name");
                g.writeNumberField("pid", 1);
                g.writeNumberField("tid", tid);
                g.writeObjectFieldStart("args");
                g.writeStringField("name", name);
                g.writeEndObject();
                g.writeEndObject();
            }
        }

        /** The slice of what began at {@code since} (-1: its beginning was not seen) and ends with {@code e}. */
        private long ended(Event e, long since, String name) throws IOException {
            if (since >= 0) {
                slice(e.threadId(), name, since - start, e.nanos() - since, -1);
            }
            return -1;
        }

        private void slice(int tid, String name, long ts, long dur, long cpu) throws IOException {
            g.writeStartObject();
            g.writeStringField("ph", "X");
            g.writeNumberField("pid", 1);
            g.writeNumberField("tid", tid);
            g.writeFieldName("ts");
            g.writeNumber(us(ts));
            g.writeFieldName("dur");
            g.writeNumber(us(dur));
            g.writeStringField("name", name);
            if (cpu >= 0) {
                g.writeObjectFieldStart("args");
                g.writeFieldName("cpu_us");
                g.writeNumber(us(cpu));
                g.writeEndObject();
            }
            g.writeEndObject();
        }

        private void instant(Event e, String name) throws IOException {
            g.writeStartObject();
            g.writeStringField("ph", "i");
            g.writeStringField("s", "t");
            g.writeNumberField("pid", 1);
            g.writeNumberField("tid", e.threadId());
            g.writeFieldName("ts");
            g.writeNumber(us(e.nanos() - start));
            g.writeStringField("name", name);
            g.writeEndObject();
        }
    }

    /** Microseconds with three decimals, the trace-event format's unit at nanosecond precision. */
    private static String us(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e3);
    }

    private static JsonGenerator generator(OutputStream out) throws IOException {
        JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        return g;
    }

    private interface EventWriter {
        void write(Event e) throws IOException;
    }

    /** Replays the trace in time order into {@code w}, whose write errors end the replay as they are. */
    private static void read(TraceReader r, EventWriter w) throws IOException {
        try {
            r.readMerged(e -> {
                try {
                    w.write(e);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            });
        } catch (UncheckedIOException x) {
            throw x.getCause();
        }
    }
}
