package org.orbscope.trace.tools;

import java.io.IOException;
import java.io.PrintStream;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * A human-readable text trace in the spirit of JPMT: one line per event in time order, with the time since
 * the trace start, the thread, and method calls indented by call depth; exits show wall and CPU time.
 */
public final class TraceDump {
    private TraceDump() {
    }

    /** Dumps every event; {@code threadFilter} (a substring of the thread name) may be null. */
    public static void dump(TraceReader r, PrintStream out, String threadFilter) throws IOException {
        Dictionary d = r.dictionary();
        long start = r.startNanos();
        if (r.isTruncated()) {
            out.println("# TRUNCATED trace: " + r.truncation());
        }
        out.println("#    time(ms) thread                          event");
        StringBuilder line = new StringBuilder(160);
        r.readMerged(e -> {
            String thread = d.threadName(e.threadId());
            if (threadFilter != null && !thread.contains(threadFilter)) {
                return;
            }
            line.setLength(0);
            line.append(String.format("%13.6f %-31s ", (e.nanos() - start) / 1e6, clip(thread, 31)));
            switch (e.type()) {
                case EventType.METHOD_ENTER:
                    indent(line, e.depth()).append("> ").append(d.method(e.methodId()));
                    if (e.hasKey()) {
                        line.append(" key=").append(Long.toHexString(e.key()));
                    }
                    break;
                case EventType.METHOD_EXIT:
                    indent(line, Math.max(e.depth(), 0)).append(e.isExceptional() ? "< (exception) " : "< ")
                            .append(e.depth() < 0 ? "(enter not recorded)" : d.methodShort(e.methodId()));
                    if (e.depth() >= 0) {
                        line.append(String.format("  wall %.3f us", e.wallNanos() / 1e3));
                        if (e.cpuNanos() >= 0 && e.enterCpuNanos() >= 0) {
                            line.append(String.format("  cpu %.3f us", (e.cpuNanos() - e.enterCpuNanos()) / 1e3));
                        }
                    }
                    break;
                case EventType.MONITOR_CONTENDED:
                case EventType.MONITOR_ENTERED:
                case EventType.MONITOR_EXIT:
                case EventType.NOTIFY:
                    indent(line, e.depth()).append(EventType.name(e.type())).append(e.isNotifyAll() ? "-all " : " ")
                            .append(d.monitor(e.monitorId()));
                    break;
                case EventType.WAIT_BEGIN:
                    indent(line, e.depth()).append("wait-begin ").append(d.monitor(e.monitorId())).append(" timeout=")
                            .append(e.timeoutNanos() / 1_000_000L).append("ms");
                    break;
                case EventType.WAIT_END:
                    indent(line, e.depth()).append("wait-end ").append(d.monitor(e.monitorId()))
                            .append(e.timedOut() ? " (timed out)" : " (notified)");
                    break;
                case EventType.PARK_BEGIN:
                    indent(line, e.depth()).append("park-begin blocker=").append(e.classId() == 0 ? "-" : d.className(e.classId()));
                    break;
                case EventType.ALLOCATION:
                    indent(line, e.depth()).append("allocation ").append(d.className(e.classId())).append(' ').append(e.bytes())
                            .append(" bytes");
                    break;
                case EventType.REQUEST_NAME:
                    indent(line, e.depth()).append(d.string(e.attributeStringId())).append(" = ").append(d.string(e.valueStringId()));
                    break;
                case EventType.IDENTITY:
                    indent(line, e.depth()).append(d.string(e.pathStringId())).append(" @").append(Long.toHexString(e.identityHash()));
                    break;
                case EventType.GC:
                    line.append("gc ").append(d.string(e.collectorStringId())).append(" (").append(d.string(e.causeStringId()))
                            .append(") ").append(String.format("%.3f ms", e.durationNanos() / 1e6));
                    break;
                case EventType.PROCESS_SAMPLE:
                    line.append(String.format("process-sample cpu=%.3f ms", e.processCpuNanos() / 1e6));
                    break;
                case EventType.REQUEST_SAMPLE:
                    line.append(String.format("request-sample every=%d seen=%d recorded=%d agent=%.3f ms of %.3f ms",
                            e.requestEvery(), e.requestsSeen(), e.requestsRecorded(), e.agentCpuNanos() / 1e6,
                            e.periodCpuNanos() / 1e6));
                    break;
                case EventType.THREAD_START:
                    line.append("thread-start parent=").append(e.parentThreadId() == 0 ? "-" : d.threadName(e.parentThreadId()));
                    break;
                case EventType.THREAD_NAME:
                    line.append("thread-name ").append(d.string(e.nameStringId()));
                    break;
                case EventType.DROPPED:
                case EventType.AGENT_ERRORS:
                    line.append(EventType.name(e.type())).append(' ').append(e.count());
                    break;
                case EventType.CHUNK_LOST:
                    line.append("chunk-lost: this thread's events before this point may be missing");
                    break;
                case EventType.JFR_MONITOR_ENTER:
                case EventType.JFR_MONITOR_WAIT:
                case EventType.JFR_THREAD_PARK:
                    line.append(EventType.name(e.type())).append(" thread=")
                            .append(e.subjectThreadId() == 0 ? "-" : d.threadName(e.subjectThreadId()))
                            .append(' ').append(e.classId() == 0 ? "-" : d.className(e.classId())).append('@')
                            .append(Long.toHexString(e.address())).append(String.format(" %.3f ms", e.durationNanos() / 1e6))
                            .append(e.type() == EventType.JFR_MONITOR_WAIT ? (e.timedOut() ? " (timed out)" : " (notified)") : "");
                    break;
                default:
                    line.append(EventType.name(e.type()));
            }
            out.println(line);
        });
    }

    private static StringBuilder indent(StringBuilder b, int depth) {
        for (int i = 0; i < depth; i++) {
            b.append("  ");
        }
        return b;
    }

    private static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
