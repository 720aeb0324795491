package org.orbscope.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.orbscope.model.Models.MS;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {
    @Test
    void slaParsing() {
        assertEquals(new Sla("p95", 95, 50), Sla.parse("p95<50ms"));
        assertEquals(new Sla("p99.9", 99.9, 1000), Sla.parse("p99.9 < 1s"));
        assertEquals("mean", Sla.parse("mean<20ms").statistic());
        assertThrows(IllegalArgumentException.class, () -> Sla.parse("p95>50ms"));
        assertThrows(IllegalArgumentException.class, () -> Sla.parse("p150<5ms"));
    }

    @Test
    void maxRateOfMm1MatchesTheory() {
        // M/M/1, mu = 1000/s: mean W < 5 ms  <=>  lambda < mu - 1/W = 800/s.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.exponential(MS), Dist.ZERO,
                ArrivalLaw.POISSON, 100).build();
        List<String> log = new ArrayList<>();
        CapacitySearch.Answer a = CapacitySearch.maxRate(p, Sla.parse("mean<5ms"), 400_000, 1, log::add);
        assertEquals(800, a.value(), 800 * 0.03, String.join("\n", log));
        assertTrue(log.size() > 10);
        // p95 of M/M/1 response (exponential with rate mu - lambda) < 10 ms <=> lambda < 1000 - ln(20)/0.01.
        a = CapacitySearch.maxRate(p, Sla.parse("p95<10ms"), 400_000, 1, s -> { });
        assertEquals(1000 - Math.log(20) * 100, a.value(), 700 * 0.03);
    }

    @Test
    void poolSizeSearchPrefersEnoughThreadsForNonCpuWork() {
        // Servants mostly wait (non-CPU): more threads always help; the answer is a large pool.
        ModelParameters p = Models.single(ThreadingModel.THREAD_POOL, 1, 1, Dist.deterministic(0.1 * MS),
                Dist.exponential(2 * MS), ArrivalLaw.POISSON, 1000).build();
        List<String> log = new ArrayList<>();
        CapacitySearch.Answer a = CapacitySearch.poolSize(p, 12, 50_000, 1, log::add);
        assertEquals(13, log.size());
        assertTrue(a.value() == 0 || a.value() >= 8, String.join("\n", log));
    }
}
