package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.model.ArrivalLaw;
import org.orbscope.model.Calibration;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.StageSample;
import org.orbscope.run.LocksCsv;
import org.orbscope.run.ServerDirectory;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.trace.tools.jvm.MonitorSummary.Monitor;

class LockHoldsTest {
    private static final String LEDGER = "org.acme.Ledger";

    private static Monitor agent(String cls, String id, long acquired, long holds, long holdNanos) {
        return new Monitor(cls + "@" + id, cls, id, "agent", acquired, 0, 0, 0, holds, holdNanos, holdNanos, 0, 0, 0,
                0, 0, 1);
    }

    /** Operations a, b, c, d of one servant taking the locks named. */
    private static ModelParameters model(String... locks) {
        ModelParameters.Builder b = ModelParameters.builder().dispatcherThreads(4).cores(1)
                .servant("obj", "RootPOA", 0);
        for (int i = 0; i < locks.length; i++) {
            String op = "op" + i;
            b.operation("obj", op, Dist.deterministic(3e6), Dist.ZERO, Dist.ZERO).lock("obj." + op, locks[i],
                    Dist.deterministic(1e6)).stream(ArrivalLaw.POISSON, 10, 0, "obj." + op);
        }
        return b.build();
    }

    @Test
    void aLockTakesTheMeanTimedHoldOfItsClassesAgentMonitors() {
        List<Monitor> monitors = List.of(
                agent(LEDGER, "1", 3, 3, 3_000_000), agent(LEDGER, "2", 2, 1, 5_000_000),
                // A JFR span names a monitor by address, with no hold: not counted.
                new Monitor(LEDGER + "@7f00", LEDGER, "7f00", "jfr", 0, 1, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0, 1),
                agent("com.x.Audit", "3", 2, 2, 1_000_000), agent("com.x.AuditLog", "4", 2, 2, 9_000_000),
                agent("org.y.Queue", "5", 5, 0, 0));
        LockHolds h = LockHolds.of(model(LEDGER, "Audit", "Queue", "gone"), monitors);
        // Ledger: 8 ms over 4 timed holds of two instances; Audit by its simple name, not AuditLog.
        assertEquals(java.util.Set.of(LEDGER, "Audit"), h.holds().keySet());
        // Constants of the measured means (a distribution would print its law).
        assertEquals("2.000ms", h.holds().get(LEDGER).toString());
        assertEquals("0.5000ms", h.holds().get("Audit").toString());
        assertEquals(4, h.notes().size());
        assertEquals("lock 'org.acme.Ledger': hold 2.0000 ms, the mean of 4 timed holds (of 5 entries) of 2 "
                + "monitor(s) of org.acme.Ledger in the trace", h.notes().get(0));
        assertTrue(h.notes().get(2).contains("none with its exit recorded"), h.notes().get(2));
        assertTrue(h.notes().get(2).endsWith("the scenario's hold stands"), h.notes().get(2));
        assertTrue(h.notes().get(3).startsWith("lock 'gone': no monitor of class gone in the trace"),
                h.notes().get(3));
    }

    @Test
    void aLockTheServerTimedIsHeldForItsWallHoldAndPassesAfterItsHandOffOverTheMeasuredRequests() {
        // A warm-up interval of 2 entries held 50 ms each, then an interval of 4 entries held 5 ms of wall time on
        // average (4 ms of CPU; squares summing to 1.2 x 4 x 5000^2 us^2: a squared coefficient of variation of 0.2),
        // 2 of them contended, each entered 1 ms and 3 ms after a release (mean 2 ms, squared CV 0.25).
        List<LocksCsv.Row> rows = List.of(
                new LocksCsv.Row(LEDGER, 0, 2, 1, 50_000_000, 100_000_000, 5_000_000_000L, 99_000_000, 9, 81),
                new LocksCsv.Row(LEDGER, 100_000_000, 4, 2, 9_000_000, 20_000_000, 120_000_000, 16_000_000,
                        4_000_000, 10_000_000),
                new LocksCsv.Row("Idle", 100_000_000, 0, 0, 0, 0, 0, 0, 0, 0));
        LockHolds h = LockHolds.timed(model(LEDGER, "Idle"), rows, new long[] {100_000_000, 150_000_000});
        Dist hold = h.holds().get(LEDGER);
        assertEquals(5e6, hold.mean(), 1e-3);
        assertEquals(1.2 * 25e12, hold.secondMoment(), 1e3);
        Dist handoff = h.handoffs().get(LEDGER);
        assertEquals(2e6, handoff.mean(), 1e-3);
        assertEquals(1.25 * 4e12, handoff.secondMoment(), 1e3);
        assertEquals(Map.of(LEDGER, hold), h.holds(), "the idle lock keeps the scenario's hold");
        assertEquals("lock 'org.acme.Ledger': as the server timed 4 of its 6 entries (the measured requests'): hold "
                + "5.0000 ms in wall time (4.0000 ms of CPU; squared coefficient of variation 0.20); 2 entries "
                + "followed a release with a thread waiting, 2.0000 ms after it (squared coefficient of variation "
                + "0.25); mean wait 2.2500 ms", h.notes().get(0));
        assertTrue(h.notes().get(1).endsWith("the scenario's hold stands"), h.notes().get(1));
        // Every entry: the warm-up's 50 ms holds in the mean.
        assertEquals(20e6, LockHolds.timed(model(LEDGER), rows, LockHolds.WHOLE_RUN).holds().get(LEDGER).mean(),
                1e-3);
    }

    @Test
    void aHandOffWithMoreSpreadThanAnExponentialKeepsItsTwoMoments() {
        // The hand-offs of a busy lock: mostly a few microseconds, now and then milliseconds (squared CV 11.7).
        Dist d = Dist.withMoments(0.16e6, 11.7);
        assertEquals(0.16e6, d.mean(), 1e-6);
        assertEquals(12.7 * 0.16e6 * 0.16e6, d.secondMoment(), 0.01 * 12.7 * 0.16e6 * 0.16e6);
    }

    @Test
    void theServersLocksCsvBesideTheTraceComesBeforeTheTrace(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioLoader.parse("t.yaml", String.join("\n",
                "name: t",
                "server:",
                "  objects:",
                "    - {id: o, poa: RootPOA, operations: {call: {lock: {name: L, hold: 1ms}}}}",
                "client:",
                "  processes: [{requests: 10, arrival: {rate: 10/s}, targets: [{object: o, operation: call}]}]"));
        ServerDirectory server = new ServerDirectory(dir);
        LocksCsv.write(server.locks(), List.of(new LocksCsv.Row("L", 0, 2, 0, 0, 3_000_000, 4_500_000, 2_000_000, 0,
                0)));
        LockHolds h = LockHolds.read(s, server.trace(), LockHolds.WHOLE_RUN);
        assertEquals("1.500ms", h.holds().get("L").toString());
        assertEquals("0.000ms", h.handoffs().get("L").toString());
    }

    @Test
    void theMeasuredHoldComesOutOfTheMeasuredServantCpu() {
        // Servant CPU measured 3 ms per request, a hold measured 2 ms inside it: 1 ms outside the lock, 2 ms in it.
        StageSample s = new StageSample();
        for (int i = 0; i < 100; i++) {
            s.add(new StageSample.Request("obj", "op0", i * 1e8, 4e6, 0, 0, 3e6, 0, 0, 0, 0, 0, 0));
        }
        ModelParameters held = PointPrediction.withLocks(model(LEDGER), Map.of(LEDGER, Dist.deterministic(2e6)),
                Map.of());
        ModelParameters p = Calibration.apply(held, s, Calibration.Mode.PAPER);
        ModelParameters.Operation op = p.operations().get(0);
        assertEquals(1e6, op.cpu().mean(), 1e-3);
        assertEquals(2e6, op.lock().hold().mean(), 1e-9);
    }
}
