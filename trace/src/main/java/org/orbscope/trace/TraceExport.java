package org.orbscope.trace;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Exports a trace as JSON lines (one object per event) or as Chrome/Perfetto trace-event JSON (one track per
 * thread; calls, monitor contention, waits and parks as slices; GC on its own track; process CPU as a
 * counter). JSON is written by hand because this module must stay JDK-only (it runs inside any JVM).
 */
public final class TraceExport {
    private TraceExport() {
    }

    public static void jsonLines(TraceReader r, PrintStream out) throws IOException {
        Dictionary d = r.dictionary();
        StringBuilder b = new StringBuilder(200);
        r.readMerged(e -> {
            b.setLength(0);
            b.append("{\"type\":\"").append(EventType.name(e.type())).append("\",\"thread\":");
            str(b, d.threadName(e.threadId())).append(",\"epochNanos\":").append(r.toEpochNanos(e.nanos()));
            if (e.type() == EventType.METHOD_ENTER || (e.type() == EventType.METHOD_EXIT && e.depth() >= 0)) {
                b.append(",\"method\":");
                str(b, d.method(e.methodId())).append(",\"depth\":").append(e.depth());
            }
            if (e.type() == EventType.METHOD_EXIT) {
                b.append(",\"exceptional\":").append(e.isExceptional());
                if (e.depth() >= 0) {
                    b.append(",\"wallNanos\":").append(e.wallNanos());
                }
            }
            if (e.cpuNanos() >= 0) {
                b.append(",\"threadCpuNanos\":").append(e.cpuNanos());
            }
            if (e.hasKey()) {
                b.append(",\"key\":").append(e.key());
            }
            switch (e.type()) {
                case EventType.MONITOR_CONTENDED: case EventType.MONITOR_ENTERED: case EventType.MONITOR_EXIT:
                case EventType.WAIT_BEGIN: case EventType.WAIT_END: case EventType.NOTIFY:
                    b.append(",\"monitor\":");
                    str(b, d.monitor(e.monitorId()));
                    if (e.type() == EventType.WAIT_BEGIN) {
                        b.append(",\"timeoutMillis\":").append(e.timeoutNanos() / 1_000_000L);
                    } else if (e.type() == EventType.WAIT_END) {
                        b.append(",\"timedOut\":").append(e.timedOut());
                    } else if (e.type() == EventType.NOTIFY) {
                        b.append(",\"all\":").append(e.isNotifyAll());
                    }
                    break;
                case EventType.GC:
                    b.append(",\"collector\":");
                    str(b, d.string(e.collectorStringId())).append(",\"cause\":");
                    str(b, d.string(e.causeStringId())).append(",\"durationNanos\":").append(e.durationNanos());
                    break;
                case EventType.REQUEST_NAME:
                    b.append(",\"attribute\":");
                    str(b, d.string(e.attributeStringId())).append(",\"value\":");
                    str(b, d.string(e.valueStringId()));
                    break;
                case EventType.ALLOCATION:
                    b.append(",\"class\":");
                    str(b, d.className(e.classId())).append(",\"bytes\":").append(e.bytes());
                    break;
                case EventType.PROCESS_SAMPLE:
                    b.append(",\"processCpuNanos\":").append(e.processCpuNanos()).append(",\"epochMillis\":").append(e.epochMillis());
                    break;
                case EventType.THREAD_NAME:
                    b.append(",\"name\":");
                    str(b, d.string(e.nameStringId()));
                    break;
                case EventType.DROPPED: case EventType.AGENT_ERRORS: case EventType.CHUNK_LOST:
                    b.append(",\"count\":").append(e.count());
                    break;
                case EventType.PARK_BEGIN:
                    b.append(",\"blocker\":");
                    str(b, e.classId() == 0 ? null : d.className(e.classId())).append(",\"timeoutNanos\":").append(e.timeoutNanos());
                    break;
                case EventType.THREAD_START:
                    b.append(",\"parent\":");
                    str(b, e.parentThreadId() == 0 ? null : d.threadName(e.parentThreadId()));
                    break;
                case EventType.JFR_MONITOR_ENTER: case EventType.JFR_MONITOR_WAIT: case EventType.JFR_THREAD_PARK:
                    b.append(",\"subjectThread\":");
                    str(b, e.subjectThreadId() == 0 ? null : d.threadName(e.subjectThreadId())).append(",\"class\":");
                    str(b, e.classId() == 0 ? null : d.className(e.classId())).append(",\"address\":").append(e.address())
                            .append(",\"durationNanos\":").append(e.durationNanos());
                    break;
                default:
            }
            out.println(b.append('}'));
        });
    }

    public static void perfetto(TraceReader r, PrintStream out) throws IOException {
        Dictionary d = r.dictionary();
        long start = r.startNanos();
        out.println("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
        StringBuilder b = new StringBuilder(200);
        boolean[] first = {true};
        Map<Integer, Boolean> named = new HashMap<>();
        Map<Integer, long[]> open = new HashMap<>(); // thread -> [contended/wait/park start]
        r.readMerged(e -> {
            if (named.putIfAbsent(e.threadId(), Boolean.TRUE) == null) {
                b.setLength(0);
                b.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":").append(e.threadId()).append(",\"args\":{\"name\":");
                str(b, d.threadName(e.threadId())).append("}}");
                emit(out, b, first);
            }
            long[] o = open.computeIfAbsent(e.threadId(), k -> new long[] {-1, -1, -1});
            switch (e.type()) {
                case EventType.METHOD_EXIT:
                    if (e.depth() >= 0) {
                        slice(out, b, first, e.threadId(), d.methodShort(e.methodId()), e.enterNanos() - start, e.wallNanos(),
                                e.cpuNanos() >= 0 && e.enterCpuNanos() >= 0 ? e.cpuNanos() - e.enterCpuNanos() : -1);
                    }
                    break;
                case EventType.MONITOR_CONTENDED:
                    o[0] = e.nanos();
                    break;
                case EventType.MONITOR_ENTERED:
                    if (o[0] >= 0) {
                        slice(out, b, first, e.threadId(), "blocked on " + d.monitor(e.monitorId()), o[0] - start, e.nanos() - o[0], -1);
                        o[0] = -1;
                    }
                    break;
                case EventType.WAIT_BEGIN:
                    o[1] = e.nanos();
                    break;
                case EventType.WAIT_END:
                    if (o[1] >= 0) {
                        slice(out, b, first, e.threadId(), "wait " + d.monitor(e.monitorId()), o[1] - start, e.nanos() - o[1], -1);
                        o[1] = -1;
                    }
                    break;
                case EventType.PARK_BEGIN:
                    o[2] = e.nanos();
                    break;
                case EventType.PARK_END:
                    if (o[2] >= 0) {
                        slice(out, b, first, e.threadId(), "park", o[2] - start, e.nanos() - o[2], -1);
                        o[2] = -1;
                    }
                    break;
                case EventType.GC:
                    if (named.putIfAbsent(0, Boolean.TRUE) == null) {
                        b.setLength(0);
                        b.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"GC\"}}");
                        emit(out, b, first);
                    }
                    slice(out, b, first, 0, "GC " + d.string(e.collectorStringId()) + " (" + d.string(e.causeStringId()) + ")",
                            e.nanos() - start, e.durationNanos(), -1);
                    break;
                case EventType.JFR_MONITOR_ENTER:
                case EventType.JFR_MONITOR_WAIT:
                case EventType.JFR_THREAD_PARK: {
                    int tid = e.subjectThreadId();
                    if (named.putIfAbsent(tid, Boolean.TRUE) == null) {
                        b.setLength(0);
                        b.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":").append(tid).append(",\"args\":{\"name\":");
                        str(b, tid == 0 ? "JFR (thread unknown)" : d.threadName(tid)).append("}}");
                        emit(out, b, first);
                    }
                    String what = e.type() == EventType.JFR_MONITOR_ENTER ? "JFR blocked on " : e.type() == EventType.JFR_MONITOR_WAIT ? "JFR wait " : "JFR park ";
                    slice(out, b, first, tid, what + (e.classId() == 0 ? "-" : d.className(e.classId())), e.nanos() - start, e.durationNanos(), -1);
                    break;
                }
                case EventType.PROCESS_SAMPLE:
                    b.setLength(0);
                    b.append("{\"ph\":\"C\",\"name\":\"process cpu ms\",\"pid\":1,\"ts\":").append(us(e.nanos() - start))
                            .append(",\"args\":{\"cpu\":").append(e.processCpuNanos() / 1e6).append("}}");
                    emit(out, b, first);
                    break;
                case EventType.CHUNK_LOST:
                    // The ends of what this thread had open may be in the skipped stretch.
                    Arrays.fill(o, -1);
                    // fall through: the loss is marked on the thread's track
                case EventType.NOTIFY:
                case EventType.DROPPED:
                case EventType.AGENT_ERRORS:
                    b.setLength(0);
                    b.append("{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":").append(e.threadId()).append(",\"ts\":").append(us(e.nanos() - start))
                            .append(",\"name\":");
                    str(b, EventType.name(e.type()) + (e.type() == EventType.NOTIFY ? " " + d.monitor(e.monitorId()) : " " + e.count())).append('}');
                    emit(out, b, first);
                    break;
                default:
            }
        });
        out.println("]}");
    }

    private static void slice(PrintStream out, StringBuilder b, boolean[] first, int tid, String name, long ts, long dur, long cpu) {
        b.setLength(0);
        b.append("{\"ph\":\"X\",\"pid\":1,\"tid\":").append(tid).append(",\"ts\":").append(us(ts)).append(",\"dur\":")
                .append(us(dur)).append(",\"name\":");
        str(b, name);
        if (cpu >= 0) {
            b.append(",\"args\":{\"cpu_us\":").append(us(cpu)).append('}');
        }
        emit(out, b.append('}'), first);
    }

    private static void emit(PrintStream out, StringBuilder b, boolean[] first) {
        if (!first[0]) {
            out.print(",\n");
        }
        first[0] = false;
        out.print(b);
    }

    private static String us(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e3);
    }

    static StringBuilder str(StringBuilder b, String s) {
        if (s == null) {
            return b.append("null");
        }
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"');
    }
}
