package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The budget's control law on the figures of one period (the whole loop, on a real server, is {@code BudgetIT}):
 * a budget of 1% of a period of 1 s of process CPU, so 10 ms, aimed at 4 ms, held between 2 and 6 ms.
 */
class SampleBudgetTest {
    private static final long PERIOD = 1_000_000_000L;
    private static final double BUDGET = 0.01;
    private static final long MS = 1_000_000L;

    @Test
    void overTheBudgetTheSampleGrowsAtOnceSoThatTheRecordedWorkFitsTheAim() {
        // 2 ms of threads and 18 ms of work at one in 4: 2 ms of room for the work, so one in 36.
        assertEquals(36, SampleBudget.next(4, 1000, 2 * MS, 18 * MS, PERIOD, BUDGET, 1));
    }

    @Test
    void withinTheBandTheSampleHolds() {
        assertEquals(4, SampleBudget.next(4, 1000, 2 * MS, 3 * MS, PERIOD, BUDGET, 1), "5 ms: between 2 and 6");
        assertEquals(4, SampleBudget.next(4, 0, 2 * MS, 50 * MS, PERIOD, BUDGET, 1), "no request seen");
        assertEquals(4, SampleBudget.next(4, 1000, 2 * MS, 50 * MS, 0, BUDGET, 1), "no process CPU");
    }

    @Test
    void underTheBandTheSampleFallsByHalfAtMostAndNeverBelowRequestSample() {
        assertEquals(50, SampleBudget.next(100, 1000, MS, MS / 10, PERIOD, BUDGET, 1));
        assertEquals(10, SampleBudget.next(12, 1000, MS, MS / 10, PERIOD, BUDGET, 10), "request.sample=10 is the least");
    }

    @Test
    void threadsThatAloneTakeTheBudgetLeaveTheRecordedRequestsATenthOfTheAim() {
        // 12 ms of threads: the sample cannot bring the share under 1%; the work keeps 0.4 ms, not nothing.
        assertEquals(50, SampleBudget.next(10, 1000, 12 * MS, 2 * MS, PERIOD, BUDGET, 1));
        assertEquals(10, SampleBudget.next(10, 1000, 12 * MS, MS / 4, PERIOD, BUDGET, 1), "already there: holds");
    }
}
