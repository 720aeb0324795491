package org.orbscope.testkit;

import java.io.IOException;
import java.nio.file.Path;
import org.orbscope.trace.EventType;
import org.orbscope.trace.testing.SyntheticTrace;

/**
 * A trace written by the real writer with every figure known in advance: two monitors (reentrant holds, a
 * contended entry each, a wait inside a hold, a timed-out wait, a notify), a park, allocations, nested and
 * recursive calls with CPU times, an exit without enter, a call still open at the end, GC pauses, drop and error
 * markers, and JFR spans. Times are nanoseconds since the trace's start; TraceSummaryTest lists the figures.
 */
public final class KnownTrace {
    private KnownTrace() {
    }

    public static final String ACCOUNT = "com.acme.Account";
    public static final String QUEUE = "com.acme.Queue";
    public static final String SYNC = "java.util.concurrent.locks.ReentrantLock$NonfairSync";

    /** Writes the trace into {@code file}. */
    public static Path write(Path file) throws IOException {
        try (SyntheticTrace t = SyntheticTrace.create(file)) {
            int run = t.method("com.acme.App#run()V");
            int fib = t.method("com.acme.App#fib(I)I");
            int leaf = t.method("com.acme.App#leaf()V");
            int a = t.monitor(ACCOUNT, 0xA1);
            int b = t.monitor(QUEUE, 0xB2);
            int order = t.classId("com.acme.Order");
            int big = t.classId("com.acme.BigOrder");
            int sync = t.classId(SYNC);
            t.writer().addDropped(5);
            SyntheticTrace.Script main = t.thread("main");
            SyntheticTrace.Script worker = t.thread("worker");
            SyntheticTrace.Script waiter = t.thread("waiter");
            SyntheticTrace.Script jfr = t.thread("orbscope-jfr");

            main.at(0).start(null, "main")
                    .at(1_000).enter(run, 10_000)
                    .at(2_000).monitorEntered(a)
                    .at(2_500).monitorEntered(a)
                    .at(3_000).monitorExit(a)
                    .at(12_000).monitorExit(a)
                    .at(13_000).enter(fib, 20_000)
                    .at(14_000).enter(fib, 21_000)
                    .at(15_000).enter(leaf)
                    .at(17_000).exit()
                    .at(19_000).exit(26_000)
                    .at(20_000).exit(28_000)
                    .at(21_000).allocation(order, 24).allocation(order, 24).allocation(big, 56)
                    .gc("G1 Young Generation", "G1 Evacuation Pause", 700)
                    .at(22_000).monitorContended(b)
                    .at(30_000).monitorEntered(b)
                    .at(31_000).notify(b, false)
                    .at(32_000).monitorExit(b)
                    .at(40_000).exit(40_000)
                    .dropped(3) // with no call or monitor open: the reader forgets what a thread has open at a drop
                    .at(41_000).end();
            worker.at(5_000).start(main, "worker")
                    .at(6_000).monitorEntered(b)
                    .at(7_000).waitBegin(b, 0)
                    .at(9_000).waitEnd(b, false)
                    .at(25_000).monitorExit(b)
                    .at(26_000).monitorContended(a)
                    .at(27_000).monitorEntered(a)
                    .at(28_000).monitorExit(a)
                    .at(29_000).parkBegin(sync, 0)
                    .at(33_000).parkEnd()
                    .at(34_000).enter(leaf)
                    .at(35_500).exitExceptionally()
                    .gc("G1 Young Generation", "G1 Evacuation Pause", 300)
                    .agentErrors(2)
                    .at(36_000).end();
            waiter.at(3_000).waitBegin(a, 5)
                    .at(8_000).waitEnd(a, true)
                    .at(10_000).exit()
                    .at(11_000).enter(run);
            jfr.at(39_000)
                    .jfrSpan(EventType.JFR_MONITOR_ENTER, false, 22_000, 8_000, main, t.classId(QUEUE), 0x7f00)
                    .jfrSpan(EventType.JFR_MONITOR_WAIT, true, 3_000, 5_000, waiter, t.classId(ACCOUNT), 0x7f10)
                    .jfrSpan(EventType.JFR_THREAD_PARK, false, 29_000, 4_000, worker, sync, 0x7f20);
        }
        return file;
    }
}
