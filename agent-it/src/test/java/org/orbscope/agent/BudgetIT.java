package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import example.traced.OrbServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Request;
import org.omg.CORBA.TCKind;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.TraceReader;

/**
 * {@code budget=1%} on a real JacORB server: the request sample starts at one in one, adapts within a few control
 * periods, and holds the agent's share of the process's CPU within the budget by the agent's own accounting (the
 * {@code request-sample} events), before and after the rate triples. The periods' counts state the sample exactly:
 * their recorded requests are the requests in the trace, their seen ones the messages the server received.
 */
class BudgetIT {
    private static final int RATE_PER_CLIENT = 400;
    /**
     * The servant's CPU per call, in microseconds: the server then spends a steady part of a core however quiet the
     * machine is (a null request's CPU is mostly waking threads, and falls when the guest is idle), against which
     * the agent's threads weigh a few percent.
     */
    private static final int WORK_MICROS = 150;
    private static final long PHASE_NANOS = TimeUnit.SECONDS.toNanos(6);
    /**
     * The budget: 5% of the process's CPU, of which the agent's writer and flusher threads alone take about 1% at this
     * rate on a 2-core guest (docs/agent.md, A CPU budget), so that the recorded requests have room in it.
     */
    private static final int BUDGET_PERCENT = 5;
    private static final double BUDGET = BUDGET_PERCENT / 100.0;

    @TempDir
    Path dir;

    @Test
    void theSampleAdaptsAndHoldsTheAgentWithinItsBudgetWhenTheRateTriples() throws Exception {
        Path ior = dir.resolve("counter.ior");
        Path stop = dir.resolve("stop");
        Path trace = dir.resolve("server.trace");
        ChildJvm server = ChildJvm.orbServer(dir, "profile=jacorb,budget=" + BUDGET_PERCENT + "%,out=" + trace, ior, stop);
        ORB orb = ORB.init(new String[0], OrbServer.orbProperties());
        AtomicLong sent = new AtomicLong();
        long tripled;
        long end;
        try {
            org.omg.CORBA.Object counter = orb.string_to_object(new String(Files.readAllBytes(ior), StandardCharsets.US_ASCII));
            long start = System.nanoTime();
            tripled = start + PHASE_NANOS;
            end = tripled + PHASE_NANOS;
            // One paced client for the first phase, three for the second: the rate triples at `tripled`.
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                long from = i == 0 ? start : tripled;
                Thread t = new Thread(() -> paced(orb, counter, from, end, sent), "client-" + i);
                t.start();
                clients.add(t);
            }
            for (Thread t : clients) {
                t.join(TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime()) + 60_000);
            }
        } finally {
            Files.write(stop, new byte[0]);
            orb.shutdown(true);
        }
        assertEquals(0, server.await(240), server.output());
        assertTrue(server.output().contains("orb server done"), server.output());

        List<long[]> periods = new ArrayList<>(); // time, every, seen, recorded, agent ns, process ns
        long[] begins = new long[1];
        try (TraceReader r = TraceReader.open(trace)) {
            assertFalse(r.isTruncated());
            assertEquals(0, r.agentErrors());
            assertEquals(0, r.droppedEvents());
            assertEquals(BUDGET_PERCENT + ".0%", r.header().get(TraceHeader.REQUEST_BUDGET), "the header names the budget");
            Dictionary d = r.dictionary();
            r.read(e -> {
                if (e.type() == EventType.REQUEST_SAMPLE) {
                    periods.add(new long[] {e.nanos(), e.requestEvery(), e.requestsSeen(), e.requestsRecorded(),
                            e.agentCpuNanos(), e.periodCpuNanos()});
                } else if (e.type() == EventType.METHOD_ENTER
                        && d.methodShort(e.methodId()).equals("GIOPConnection.receiveMessagesLoop")) {
                    begins[0]++;
                }
            });
        }
        StringBuilder table = new StringBuilder("period end (s after the rate tripled), N from then, seen, recorded,"
                + " agent ms, process ms, share:\n");
        long seen = 0;
        long recorded = 0;
        for (long[] p : periods) {
            seen += p[2];
            recorded += p[3];
            table.append(String.format("%.2f %d %d %d %.3f %.1f %.4f%n", (p[0] - tripled) / 1e9, p[1], p[2], p[3],
                    p[4] / 1e6, p[5] / 1e6, p[5] == 0 ? 0 : p[4] / (double) p[5]));
        }
        System.out.println(table);
        // Exact: every recorded request is in the trace, and every message the receiver took is seen (the requests
        // and one wait for the next message per connection, which ends when the client closes it).
        assertEquals(begins[0], recorded, "recorded requests in the trace against the periods' count:\n" + table);
        assertTrue(seen >= sent.get() && seen <= sent.get() + 4, "sent " + sent + ", seen " + seen + ":\n" + table);
        assertTrue(periods.size() >= 10, "a period a second over 12 s of load:\n" + table);

        // The sample adapted: one in one at first (everything recorded), more than that once the agent's cost showed.
        // A period may end before the first request arrives (a slow start on a loaded machine): the first that saw
        // requests is the one that records.
        long[] firstLoaded = periods.stream().filter(p -> p[2] > 0).findFirst().orElseThrow();
        assertTrue(firstLoaded[3] > 0, "the first period that saw requests records:\n" + table);
        long grownTo = periods.stream().mapToLong(p -> p[1]).max().orElse(0);
        assertTrue(grownTo > 1, "N grew:\n" + table);
        // Within the budget under load, by the agent's own accounting: every period that ended before the clients
        // did, after the first two that saw requests (the sample starts at one in one).
        int checked = 0;
        int loaded = 0;
        for (long[] p : periods) {
            if (p[2] > 0 && ++loaded > 2 && p[0] <= end) {
                checked++;
                assertTrue(p[4] <= BUDGET * p[5], "a period over the budget:\n" + table);
            }
        }
        assertTrue(checked >= 7, checked + " periods under load checked:\n" + table);
    }

    /** Sends {@code work} calls at {@link #RATE_PER_CLIENT} from {@code from} to {@code end}, each waited for. */
    private static void paced(ORB orb, org.omg.CORBA.Object counter, long from, long end, AtomicLong sent) {
        long gap = TimeUnit.SECONDS.toNanos(1) / RATE_PER_CLIENT;
        LockSupport.parkNanos(from - System.nanoTime());
        for (long next = from; next < end; next += gap) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            Request r = counter._request("work");
            r.add_in_arg().insert_long(WORK_MICROS);
            r.set_return_type(orb.get_primitive_tc(TCKind.tk_long));
            r.invoke();
            sent.incrementAndGet();
        }
    }
}
