package org.orbscope.postprocess.stages;

import org.orbscope.run.StageColumn;
import org.orbscope.run.RequestStages;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StageExtractorTest {
    private static final long T0 = 1_700_000_000_000_000_000L;

    @Test
    void knownTimesGiveExactStages() {
        StageExtractor x = new StageExtractor();
        x.threadName(RequestScript.RECEIVER, "ServerMessageReceptor1");
        x.threadName(RequestScript.DISPATCHER, "RequestProcessor-1");
        RequestScript s = RequestScript.at(0xabcL, T0);
        // Dispatcher and controller events first: the trace need not be ordered across threads.
        s.waitFrom = T0 + 65_000;
        s.waitTo = T0 + 69_000;
        s.dispatcher(x);
        s.controller(x);
        s.receiver(x);
        x.gc(T0 + 1_000_000, 500_000);
        StageResult r = x.finish(false);

        assertEquals(1, r.rows().size());
        RequestStages row = r.rows().get(0);
        assertEquals(RequestStages.COMPLETE, row.status, row.missing);
        assertEquals("abc", row.key);
        assertEquals("ServerMessageReceptor1", row.receiverThread);
        assertEquals("RequestProcessor-1", row.dispatcherThread);
        assertEquals(T0, row.get(StageColumn.ARRIVAL));
        assertEquals(40_000, row.get(StageColumn.RECEIVER));
        assertEquals(60_000, row.get(StageColumn.QUEUE));
        assertEquals(8_100_000, row.get(StageColumn.DISPATCHER));
        assertEquals(8_000_000, row.get(StageColumn.SERVANT));
        assertEquals(50_000, row.get(StageColumn.REPLY));
        assertEquals(8_200_000, row.get(StageColumn.COMPLETION));
        assertEquals(10_000, row.get(StageColumn.RECEIVER2));
        assertEquals(30_000, row.get(StageColumn.DISPATCHER2));
        // CPU = wall / 2 by construction of the script.
        assertEquals(20_000, row.get(StageColumn.RECEIVER_CPU));
        assertEquals(25_000, row.get(StageColumn.CPU_RECEIVER));
        assertEquals(4_000_000, row.get(StageColumn.CPU_SERVANT));
        assertEquals(25_000, row.get(StageColumn.CPU_REPLY));
        // poa = controller 10000 + dispatcher 1st phase 4050000 - servant - reply
        assertEquals(10_000 + 4_050_000 - 4_000_000 - 25_000, row.get(StageColumn.CPU_POA));
        assertEquals(25_000 + 10_000 + 4_065_000, row.get(StageColumn.CPU_TOTAL));
        // The servant's wall time beyond its CPU is GC and runnable-not-running time, not a waiting demand:
        // b_sem (blocked + wait + park inside the servant) is zero here.
        assertEquals(0, row.get(StageColumn.SERVANT_NONCPU));
        // The GC pause lies inside the servant and the dispatcher stage.
        assertEquals(500_000, row.get(StageColumn.SERVANT_GC));
        assertEquals(500_000, row.get(StageColumn.DISPATCHER_GC));
        assertEquals(0, row.get(StageColumn.RECEIVER_GC));
        assertEquals(4_000, row.get(StageColumn.QUEUE_WAIT));
        assertEquals(10_000, row.get(StageColumn.QUEUE_CPU));
        assertEquals(8_000_000 - 4_000_000 - 500_000, row.get(StageColumn.SERVANT_REST));
        assertEquals(1, r.diagnostics().complete);
    }

    @Test
    void aReceiverThatDispatchesItselfCountsTheUpcallOnce() {
        StageExtractor x = new StageExtractor();
        x.threadName(RequestScript.RECEIVER, "Yoko:GIOPConnectionThreaded:ReceiverThread");
        RequestScript s = RequestScript.at(0xabcL, T0);
        // Apache Yoko's threaded model: the receiver thread runs the upcall between its enqueue and its end.
        s.dispatcherTid = RequestScript.RECEIVER;
        s.receiverEnd = s.dispatcherEnd + 10_000;
        s.receiverUntilQueued(x);
        s.dispatcher(x);
        s.receiverEnd(x);
        RequestStages row = x.finish(false).rows().get(0);

        assertEquals(RequestStages.COMPLETE, row.status, row.missing);
        assertEquals(row.receiverThread, row.dispatcherThread);
        // CPU = wall / 2: the receiver's own 40 us before the enqueue, 60 us up to the dispatch, 10 us after it.
        long receiverOwn = (40_000 + 60_000 + 10_000) / 2;
        long dispatcher = (8_230_000 - 100_000) / 2;
        assertEquals(receiverOwn, row.get(StageColumn.CPU_RECEIVER));
        assertEquals(dispatcher, row.get(StageColumn.CPU_DISPATCHER));
        assertEquals(receiverOwn + dispatcher, row.get(StageColumn.CPU_TOTAL));
        assertEquals(4_000_000, row.get(StageColumn.CPU_SERVANT));
    }

    @Test
    void requestNamesGoToTheRequestWhoseFragmentTheirThreadIsIn() {
        StageExtractor x = new StageExtractor();
        RequestScript atReceiver = RequestScript.at(1, T0);
        atReceiver.boundOperation = "call";
        atReceiver.boundObject = "Impl/P/echo";
        RequestScript atServant = RequestScript.at(2, T0 + 20_000_000);
        atServant.servantOperation = "ping";
        atServant.servantObject = "%af%ab";
        RequestScript unnamed = RequestScript.at(3, T0 + 40_000_000);
        for (RequestScript s : List.of(atReceiver, atServant, unnamed)) {
            s.receiver(x);
            s.controller(x);
            s.dispatcher(x);
        }
        // A name on a thread that has no request open reaches no request.
        x.requestName(9, T0 + 50_000_000, "operation", "stray");
        StageResult r = x.finish(false);
        List<RequestStages> rows = r.rows();
        assertEquals(3, rows.size());
        assertEquals(List.of("call", "ping", ""), rows.stream().map(row -> row.operation).toList());
        assertEquals(List.of("Impl/P/echo", "%af%ab", ""), rows.stream().map(row -> row.object).toList());
        assertEquals(3, r.diagnostics().complete);
        assertEquals(1, r.diagnostics().unplacedNames);
    }

    @Test
    void reusedKeysAreJoinedByTime() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(7, T0);
        RequestScript b = RequestScript.at(7, T0 + 20_000_000);
        b.dispatcherTid = 4;
        b.dispatcher(x);
        a.dispatcher(x);
        a.receiver(x);
        b.receiver(x);
        a.controller(x);
        b.controller(x);
        List<RequestStages> rows = x.finish(false).rows();
        assertEquals(2, rows.size());
        for (RequestStages row : rows) {
            assertEquals(RequestStages.COMPLETE, row.status, row.missing);
            assertEquals(8_200_000, row.get(StageColumn.COMPLETION));
        }
        assertEquals(T0 + 20_000_000, rows.get(1).get(StageColumn.ARRIVAL));
    }

    @Test
    void interleavedRequestsOnTwoDispatchers() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(1, T0);
        RequestScript b = RequestScript.at(2, T0 + 1_000_000);
        b.dispatcherTid = 4;
        // The receiver handles a then b; events of the two dispatchers interleave freely.
        a.receiver(x);
        b.receiver(x);
        a.controller(x);
        b.controller(x);
        b.dispatcher(x);
        a.dispatcher(x);
        List<RequestStages> rows = x.finish(false).rows();
        assertEquals(2, rows.size());
        assertEquals("1", rows.get(0).key);
        assertEquals("2", rows.get(1).key);
        assertTrue(rows.stream().allMatch(RequestStages::complete));
    }

    @Test
    void neverCompletedRequestIsIncompleteAndHasNoInventedNumbers() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(1, T0);
        a.receiver(x);
        a.controller(x);
        StageResult r = x.finish(true);
        RequestStages row = r.rows().get(0);
        assertEquals(RequestStages.INCOMPLETE, row.status);
        assertTrue(row.missing.contains("dispatcher"), row.missing);
        assertFalse(row.has(StageColumn.COMPLETION));
        assertFalse(row.has(StageColumn.QUEUE));
        assertEquals(40_000, row.get(StageColumn.RECEIVER));
        assertTrue(r.diagnostics().truncated);
        assertEquals(1, r.diagnostics().incomplete);
    }

    @Test
    void droppedEventsCutTheOpenFragment() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(1, T0);
        a.receiver(x);
        a.controller(x);
        long t = RequestScript.DISPATCHER;
        x.boundary(t, a.dispatch, Role.DISP_BEGIN, true, false, 0, 0, false);
        x.dropped(t, a.dispatch + 1, 12);
        // After the drop the dispatcher's remaining events arrive; the request cannot be trusted.
        x.boundary(t, a.replyEnd, Role.DISP_REPLY, false, true, 1, 0, false);
        x.boundary(t, a.result, Role.DISP_RESULT, false, true, 1, 0, false);
        x.boundary(t, a.dispatcherEnd, Role.DISP_END, false, false, 0, 0, false);
        StageResult r = x.finish(false);
        assertEquals(12, r.diagnostics().droppedEvents);
        assertEquals(1, r.rows().size(), "the request's halves are one request");
        assertTrue(r.rows().stream().noneMatch(RequestStages::complete));
        // Nothing is measured across the drop: the marks on either side may belong to two requests.
        RequestStages row = r.rows().get(0);
        assertFalse(row.has(StageColumn.QUEUE) || row.has(StageColumn.DISPATCHER) || row.has(StageColumn.COMPLETION));
        assertTrue(row.missing.contains("events_lost"), row.missing);
    }

    @Test
    void rejectedRequestIsReportedAsRejected() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(9, T0);
        a.rejected = true;
        a.receiver(x);
        // JacORB answers TRANSIENT from the receiver thread itself: not a dispatcher stage.
        x.boundary(RequestScript.RECEIVER, a.receiverEnd - 1, Role.DISP_REPLY, true, true, 9, 0, false);
        StageResult r = x.finish(false);
        assertEquals(1, r.rows().size());
        assertEquals(RequestStages.REJECTED, r.rows().get(0).status);
        assertEquals(1, r.diagnostics().rejected);
    }

    @Test
    void nonRequestMessagesAreNotRequests() {
        StageExtractor x = new StageExtractor();
        x.boundary(1, T0, Role.RECV_ARRIVAL, true, false, 0, 0, false);
        x.boundary(1, T0 + 10, Role.RECV_END, false, false, 0, 0, false);
        StageResult r = x.finish(false);
        assertEquals(0, r.rows().size());
        assertEquals(1, r.diagnostics().nonRequestMessages);
    }

    @Test
    void withoutCpuTimesCpuColumnsStayEmpty() {
        StageExtractor x = new StageExtractor();
        RequestScript a = RequestScript.at(3, T0);
        StageEventSink noCpu = new StageEventSink() {
            @Override
            public void threadName(long tid, String name) {
                x.threadName(tid, name);
            }

            @Override
            public void boundary(long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                                 boolean exceptional) {
                x.boundary(tid, ts, role, enter, hasKey, key, StageEventSink.NO_CPU, exceptional);
            }

            @Override
            public void blocking(long tid, long ts, BlockKind kind, boolean begin) {
                x.blocking(tid, ts, kind, begin);
            }

            @Override
            public void gc(long start, long duration) {
                x.gc(start, duration);
            }

            @Override
            public void threadEnded(long tid, long ts) {
                x.threadEnded(tid, ts);
            }

            @Override
            public void eventsLost() {
                x.eventsLost();
            }

            @Override
            public void dropped(long tid, long ts, long count) {
                x.dropped(tid, ts, count);
            }
        };
        a.all(noCpu);
        RequestStages row = x.finish(false).rows().get(0);
        assertTrue(row.complete());
        assertEquals(8_200_000, row.get(StageColumn.COMPLETION));
        assertFalse(row.has(StageColumn.CPU_TOTAL));
        assertFalse(row.has(StageColumn.RECEIVER_CPU));
        assertFalse(row.has(StageColumn.RECEIVER_REST));
        assertEquals(0, row.get(StageColumn.RECEIVER_GC));
    }
}
