package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ScenarioLoader;

class ScheduleTest {
    private static Scenario scenario(String law, String rate, int requests, String targets) throws Exception {
        return ScenarioLoader.parse("test.yaml", String.join("\n",
                "name: t",
                "server:",
                "  objects:",
                "    - {id: a, operations: {call: {cpu: 1ms}}}",
                "    - {id: b, operations: {call: {cpu: 1ms}}}",
                "client:",
                "  seed: 7",
                "  processes:",
                "    - name: p",
                "      requests: " + requests,
                "      arrival: {law: " + law + ", rate: " + rate + "}",
                "      targets: " + targets));
    }

    private static double[] meanAndCv(Schedule s) {
        int n = s.size() - 1;
        double sum = 0;
        double sq = 0;
        for (int i = 1; i < s.size(); i++) {
            double gap = s.intendedNanos(i) - s.intendedNanos(i - 1);
            sum += gap;
            sq += gap * gap;
        }
        double mean = sum / n;
        double var = sq / n - mean * mean;
        return new double[] {mean, Math.sqrt(Math.max(0, var)) / mean};
    }

    @Test
    void poissonGapsHaveTheRateAsMeanAndCoefficientOfVariationOne() throws Exception {
        Scenario sc = scenario("poisson", "0.05/ms", 20_001, "[{object: a}]");
        Schedule s = Schedule.of(sc.client(), sc.client().maxDurationNanos() * 100);
        assertEquals(20_001, s.size());
        double[] m = meanAndCv(s);
        assertEquals(20e6, m[0], 20e6 * 0.03, "mean gap ns");
        assertEquals(1.0, m[1], 0.03, "coefficient of variation");
    }

    @Test
    void deterministicGapsDoNotVary() throws Exception {
        Scenario sc = scenario("deterministic", "200/s", 20_001, "[{object: a}]");
        double[] m = meanAndCv(Schedule.of(sc.client(), Long.MAX_VALUE / 4));
        assertEquals(5e6, m[0], 1.0);
        assertTrue(m[1] < 1e-6, "cv " + m[1]);
    }

    @Test
    void routingFollowsTheProbabilities() throws Exception {
        Scenario sc = scenario("poisson", "1000/s", 20_000, "[{object: a, probability: 0.8}, {object: b, probability: 0.2}]");
        Schedule s = Schedule.of(sc.client(), Long.MAX_VALUE / 4);
        int toA = 0;
        for (int i = 0; i < s.size(); i++) {
            if (s.target(i) == 0) {
                toA++;
            }
        }
        assertEquals(0.8, toA / (double) s.size(), 0.01);
    }

    @Test
    void theSameSeedGivesTheSameSchedule() throws Exception {
        Scenario sc = scenario("poisson", "100/s", 1000, "[{object: a}, {object: b}]");
        Schedule x = Schedule.of(sc.client(), Long.MAX_VALUE / 4);
        Schedule y = Schedule.of(sc.client(), Long.MAX_VALUE / 4);
        for (int i = 0; i < x.size(); i++) {
            assertEquals(x.intendedNanos(i), y.intendedNanos(i));
            assertEquals(x.target(i), y.target(i));
        }
    }
}
