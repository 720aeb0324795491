package org.orbscope.trace.internal;

import java.util.Arrays;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceFormatException;

/**
 * Decodes one thread's events: the time and CPU bases the deltas count from, and the call stack that pairs each
 * exit with its enter (its method, time and CPU time).
 */
final class ThreadDecoder {
    final int thread;
    private long last;
    private long lastCpu;
    private int depth;
    private int[] methods = new int[64];
    private long[] enterNanos = new long[64];
    private long[] enterCpu = new long[64];

    ThreadDecoder(int thread) {
        this.thread = thread;
    }

    /** A new segment of the thread begins: its times count from {@code base}, its CPU times from 0. */
    void begin(long base) {
        last = base;
        lastCpu = 0;
    }

    /** Calls open now may have ended in events that are missing: pair no later exit with them. */
    void forgetCalls() {
        depth = 0;
    }

    void decode(Cursor c, RawEvent e, DictionaryTables dict) throws TraceFormatException {
        int tag = c.u8();
        last += c.var();
        e.clear(tag & TraceFormat.MASK, tag & ~TraceFormat.MASK, thread, last, depth);
        switch (e.type) {
            case EventType.METHOD_ENTER:
                e.methodId = (int) c.var();
                readCpu(c, e);
                if ((e.flags & TraceFormat.FLAG_KEY) != 0) {
                    e.key = c.var();
                }
                push(e);
                break;
            case EventType.METHOD_EXIT:
                readCpu(c, e);
                pop(e);
                break;
            case EventType.THREAD_END:
            case EventType.PARK_END:
                break;
            case EventType.THREAD_NAME:
                e.b = c.var();
                dict.renameThread(thread, e.b);
                break;
            case EventType.MONITOR_CONTENDED:
            case EventType.MONITOR_ENTERED:
            case EventType.MONITOR_EXIT:
            case EventType.WAIT_END:
            case EventType.NOTIFY:
            case EventType.AGENT_ERRORS:
                e.a = c.var();
                break;
            case EventType.DROPPED:
                e.a = c.var();
                // The dropped events may hold exits of calls open here: pair none of them with a later exit.
                forgetCalls();
                break;
            case EventType.THREAD_START:
            case EventType.WAIT_BEGIN:
            case EventType.PARK_BEGIN:
            case EventType.ALLOCATION:
            case EventType.PROCESS_SAMPLE:
            case EventType.REQUEST_NAME:
            case EventType.IDENTITY:
                e.a = c.var();
                e.b = c.var();
                break;
            case EventType.GC:
                e.a = c.var();
                e.b = c.var();
                e.c = c.var();
                break;
            case EventType.REQUEST_SAMPLE:
                e.a = c.var();
                e.b = c.var();
                e.c = c.var();
                e.d = c.var();
                e.key = c.var();
                break;
            case EventType.JFR_MONITOR_ENTER:
            case EventType.JFR_MONITOR_WAIT:
            case EventType.JFR_THREAD_PARK: {
                long z = c.var();
                e.nanos = last + ((z >>> 1) ^ -(z & 1));
                e.a = c.var();
                e.b = c.var();
                e.c = c.var();
                e.key = c.var();
                break;
            }
            default:
                throw c.damaged("unknown event type " + e.type);
        }
    }

    private void readCpu(Cursor c, RawEvent e) throws TraceFormatException {
        if ((e.flags & TraceFormat.FLAG_CPU) != 0) {
            long z = c.var();
            lastCpu += (z >>> 1) ^ -(z & 1);
            e.cpuNanos = lastCpu;
        }
    }

    private void push(RawEvent e) {
        if (depth == methods.length) {
            methods = Arrays.copyOf(methods, depth * 2);
            enterNanos = Arrays.copyOf(enterNanos, depth * 2);
            enterCpu = Arrays.copyOf(enterCpu, depth * 2);
        }
        e.depth = depth;
        methods[depth] = e.methodId;
        enterNanos[depth] = e.nanos;
        enterCpu[depth] = e.cpuNanos;
        depth++;
    }

    private void pop(RawEvent e) {
        if (depth == 0) {
            // An exit whose enter was dropped or happened before recording started (attach).
            e.depth = -1;
            return;
        }
        depth--;
        e.depth = depth;
        e.methodId = methods[depth];
        e.enterNanos = enterNanos[depth];
        e.enterCpuNanos = enterCpu[depth];
    }

    /** The marker standing where damage was skipped: {@code stretches} damaged stretches, on {@code threadId}. */
    static void lostMarker(RawEvent e, int threadId, long nanos, long stretches) {
        e.clear(EventType.CHUNK_LOST, 0, threadId, nanos, 0);
        e.a = stretches;
    }
}
