package org.orbscope.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

class PointEstimateTest {
    private static Scenario shipped(String name, String... overrides) throws Exception {
        return ScenarioLoader.loadDocument(Path.of("../scenarios/" + name + ".yaml"), List.of(overrides)).scenario();
    }

    @Test
    void anOpenProcessTakesItsRequestsAtItsRateAndTheLongestProcessCounts() throws Exception {
        // 600 at 200/s and 150 at 50/s, side by side: 3 s.
        PointEstimate e = PointEstimate.of(shipped("quickstart"));
        assertEquals(3.0, e.workloadSec(), 1e-9);
        assertEquals(PointEstimate.STARTUP_SEC, e.startupSec());
        assertFalse(e.closedLoop());
        assertEquals(3.0 + PointEstimate.STARTUP_SEC, e.totalSec(), 1e-9);
        assertEquals(10.0, PointEstimate.of(shipped("quickstart", "client.processes[1].requests=500")).workloadSec(),
                1e-9);
    }

    @Test
    void aDurationIsTakenAsItIsAndMonitoringNeedsMoreTimeAround() throws Exception {
        PointEstimate e = PointEstimate.of(shipped("paper-scenario-a", "client.processes[0].requests=null",
                "client.processes[0].duration=90s"));
        assertEquals(90.0, e.workloadSec(), 1e-9);
        assertEquals(PointEstimate.MONITORED_STARTUP_SEC, e.startupSec());
    }

    @Test
    void aClosedLoopIsEstimatedFromItsThinkTimeAndDemandsAndSaysSo() throws Exception {
        // 4 threads, 2,000 requests, each 10 ms of think time and 2 ms of CPU: 500 cycles of 12.1 ms per thread,
        // above the CPU bound (2,000 x 2 ms over the cores).
        Scenario s = shipped("quickstart", "client.processes[0].arrival={law: closed, threads: 4, thinkTime: 10ms}",
                "client.processes[0].requests=2000", "client.processes[0].targets=[{object: ledger, operation: call}]",
                "client.processes[1].requests=1");
        PointEstimate e = PointEstimate.of(s);
        assertTrue(e.closedLoop());
        double cpuBound = 2000 * 0.002 / Runtime.getRuntime().availableProcessors();
        assertEquals(Math.max(500 * (0.010 + 0.002 + PointEstimate.ROUND_TRIP_SEC), cpuBound), e.workloadSec(),
                1e-9);
    }

    @Test
    void theSweepsRemainingTimeScalesWithHowLongThePointsThatRanTookAgainstTheirEstimates() throws Exception {
        PointEstimate ten = new PointEstimate(8, 2, false);
        SweepEta eta = new SweepEta(List.of(ten, ten, ten));
        assertEquals(30, eta.totalSec(), 1e-9);
        assertEquals(25, eta.remainingSec(0, 5), 1e-9, "before any point ended the estimates stand");
        eta.ended(0, 15, true);
        assertEquals(1.5, eta.factor(), 1e-9);
        assertEquals(30, eta.remainingSec(1, 0), 1e-9);
        assertEquals(15, eta.remainingSec(1, 20), 1e-9, "an overrunning point has nothing left");
        eta.ended(1, 100, false);
        assertEquals(1.5, eta.factor(), 1e-9, "a failed point says nothing of the others' speed");
    }

    @Test
    void aSkippedPointHasNoTimeLeft() {
        PointEstimate ten = new PointEstimate(8, 2, false);
        SweepEta eta = new SweepEta(List.of(ten, ten, ten, ten));
        eta.ended(0, 10, true);
        eta.ended(1, 10, true);
        eta.skipped(2);
        assertEquals(10, eta.remainingSec(1, 10), 1e-9, "a repetition left out once its point is precise enough");
        assertEquals(40, eta.totalSec(), 1e-9, "the expected time before the sweep counts every point");
    }
}
