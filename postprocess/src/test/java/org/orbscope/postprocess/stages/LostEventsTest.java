package org.orbscope.postprocess.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * Events lost in the middle of a trace (a damaged chunk skipped, a drop marker) at every point of a known
 * stream of requests: a request is never counted twice, and only the requests whose events were lost (or were
 * in flight at the loss) are incomplete. The stream is replayed as the trace reader delivers it: after a lost
 * chunk the exits of calls entered before it pair with nothing and do not arrive.
 */
class LostEventsTest {
    private static final long T0 = 1_700_000_000_000_000_000L;
    private static final int REQUESTS = 4;
    /** Exit events whose enter the script leaves out (the extractor ignores those enters). */
    private static final Set<Role> EXIT_ONLY = Set.of(Role.RECV_END, Role.DISP_RESULT, Role.DISP_END);

    private record Ev(long request, long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu) {
    }

    /** Four requests 5 ms apart on one receiver and one controller thread, alternating two dispatcher threads. */
    private static List<Ev> script() {
        List<Ev> evs = new ArrayList<>();
        for (int i = 0; i < REQUESTS; i++) {
            long request = i + 1;
            RequestScript s = RequestScript.at(request, T0 + i * 5_000_000L);
            s.dispatcherTid = RequestScript.DISPATCHER + i % 2;
            s.all(new Recorder(request, evs));
        }
        evs.sort(Comparator.comparingLong(Ev::ts));
        return evs;
    }

    /**
     * Replays {@code evs} without the events at {@code lost} (indexes), marking the loss before index
     * {@code at}: as a skipped chunk ({@code drop} false) or as a drop marker of thread {@code dropTid}.
     */
    private static StageResult replay(List<Ev> evs, int at, Set<Integer> lost, boolean drop, long dropTid) {
        StageExtractor x = new StageExtractor();
        Map<Long, Map<Role, Integer>> openAfter = new HashMap<>();
        Map<Long, Boolean> lastDelivered = new HashMap<>();
        for (int i = 0; i <= evs.size(); i++) {
            if (i == at) {
                if (drop) {
                    x.dropped(dropTid, evs.get(Math.min(at, evs.size() - 1)).ts(), Math.max(1, lost.size()));
                } else {
                    x.eventsLost();
                }
                // The reader forgets each thread's open calls there (a skipped chunk) or the drop lost them.
                openAfter.clear();
                lastDelivered.clear();
            }
            if (i == evs.size()) {
                break;
            }
            Ev e = evs.get(i);
            boolean afterLoss = i >= at && (!drop || e.tid() == dropTid);
            if (lost.contains(i)) {
                lastDelivered.put(e.tid(), false);
                continue;
            }
            boolean deliver = true;
            if (afterLoss && !e.enter()) {
                Map<Role, Integer> open = openAfter.computeIfAbsent(e.tid(), k -> new HashMap<>());
                if (EXIT_ONLY.contains(e.role())) {
                    deliver = lastDelivered.getOrDefault(e.tid(), false);
                } else {
                    deliver = open.getOrDefault(e.role(), 0) > 0;
                    open.merge(e.role(), -1, Integer::sum);
                }
            } else if (afterLoss) {
                openAfter.computeIfAbsent(e.tid(), k -> new HashMap<>()).merge(e.role(), 1, Integer::sum);
            }
            lastDelivered.put(e.tid(), deliver);
            if (deliver) {
                x.boundary(e.tid(), e.ts(), e.role(), e.enter(), e.hasKey(), e.key(), e.cpu(), false);
            }
        }
        return x.finish(false);
    }

    /** No request counted twice; no request that lost events complete. */
    private static void check(String what, StageResult r, Set<Long> touched) {
        List<RequestStages> rows = r.rows();
        assertTrue(rows.size() <= REQUESTS, what + ": " + rows.size() + " requests from " + REQUESTS + " " + keys(rows));
        Set<String> seen = new HashSet<>();
        for (RequestStages row : rows) {
            if (!row.key.isEmpty()) {
                assertTrue(seen.add(row.key), what + ": request " + row.key + " counted twice " + keys(rows));
            }
            if (row.missing.contains("events_lost")) {
                assertFalse(row.has(StageColumn.COMPLETION) || row.has(StageColumn.DISPATCHER),
                        what + ": request " + row.key + " measured across the loss");
            }
            if (row.complete()) {
                assertFalse(touched.contains(Long.parseLong(row.key, 16)), what + ": request " + row.key
                        + " lost events but is complete");
            }
        }
        assertEquals(rows.size(), r.diagnostics().complete + r.diagnostics().incomplete + r.diagnostics().rejected);
    }

    private static List<String> keys(List<RequestStages> rows) {
        return rows.stream().map(x -> x.key + ":" + x.status + "(" + x.missing + ")").toList();
    }

    @Test
    void aLostChunkAnywhereWithNothingOfTheseThreadsInItKeepsEveryRequestOnce() {
        List<Ev> evs = script();
        for (int at = 0; at <= evs.size(); at++) {
            StageResult r = replay(evs, at, Set.of(), false, 0);
            check("loss marker before event " + at, r, Set.of());
            assertEquals(REQUESTS, r.rows().size(), "loss marker before event " + at + ": " + keys(r.rows()));
        }
    }

    @Test
    void eventsLostFromOneThreadMakeOnlyTheirRequestsAndThoseInFlightIncomplete() {
        List<Ev> evs = script();
        for (long tid = RequestScript.RECEIVER; tid <= RequestScript.DISPATCHER + 1; tid++) {
            List<Integer> mine = new ArrayList<>();
            for (int i = 0; i < evs.size(); i++) {
                if (evs.get(i).tid() == tid) {
                    mine.add(i);
                }
            }
            // From its second event: a thread whose first events are lost is not known to the extractor yet.
            for (int from = 1; from < mine.size(); from++) {
                for (int to = from + 1; to <= Math.min(mine.size(), from + 8); to++) {
                    Set<Integer> lost = new HashSet<>(mine.subList(from, to));
                    Set<Long> touched = new HashSet<>();
                    // A request's controller part is optional to its status: losing only that leaves it complete.
                    lost.stream().filter(i -> evs.get(i).tid() != RequestScript.CONTROLLER)
                            .forEach(i -> touched.add(evs.get(i).request()));
                    int at = mine.get(from);
                    String what = "thread " + tid + " events " + lost;
                    check(what + " in a skipped chunk", replay(evs, at, lost, false, 0), touched);
                    check(what + " dropped", replay(evs, at, lost, true, tid), touched);
                }
            }
        }
    }

    /** Records what a {@link RequestScript} emits, with the request each event belongs to. */
    private record Recorder(long request, List<Ev> evs) implements StageEventSink {
        @Override
        public void threadName(long tid, String name) {
        }

        @Override
        public void boundary(long tid, long ts, Role role, boolean enter, boolean hasKey, long key, long cpu,
                             boolean exceptional) {
            evs.add(new Ev(request, tid, ts, role, enter, hasKey, key, cpu));
        }

        @Override
        public void blocking(long tid, long ts, BlockKind kind, boolean begin) {
        }

        @Override
        public void gc(long start, long duration) {
        }

        @Override
        public void threadEnded(long tid, long ts) {
        }

        @Override
        public void eventsLost() {
        }

        @Override
        public void dropped(long tid, long ts, long count) {
        }
    }
}
