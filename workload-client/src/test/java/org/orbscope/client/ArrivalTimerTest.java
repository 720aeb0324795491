package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ArrivalTimerTest {
    @Test
    void aLateWakeUpDoublesTheMarginAndPunctualOnesNarrowItSlowly() {
        ArrivalTimer t = new ArrivalTimer();
        long m = t.marginNanos();
        t.learn(m + 10_000);
        assertEquals(m + 10_000 + (m + 10_000 >> 2), t.marginNanos(), "a little late: the overshoot and a quarter");
        m = t.marginNanos();
        t.learn(50_000_000);
        assertEquals(2 * m, t.marginNanos(), "one long stall only doubles it");
        m = t.marginNanos();
        t.learn(10_000);
        assertEquals(m - (m >> 9), t.marginNanos(), "1/512 narrower");
        for (int i = 0; i < 100_000; i++) {
            t.learn(0);
        }
        assertEquals(ArrivalTimer.MIN_MARGIN_NANOS, t.marginNanos(), "never below the floor");
        for (int i = 0; i < 20; i++) {
            t.learn(60_000_000);
        }
        assertEquals(ArrivalTimer.MAX_MARGIN_NANOS, t.marginNanos(), "never above the cap");
    }

    @Test
    void neverReturnsBeforeTheIntendedTime() {
        ArrivalTimer t = new ArrivalTimer();
        AtomicReference<String> abort = new AtomicReference<>();
        for (int i = 0; i < 200; i++) {
            long due = System.nanoTime() + 50_000 + (i % 7) * 113_000;
            t.awaitUntil(due, abort);
            assertTrue(System.nanoTime() >= due);
        }
    }

    @Test
    void anAbortEndsTheWaitEarly() {
        ArrivalTimer t = new ArrivalTimer();
        AtomicReference<String> abort = new AtomicReference<>("stop");
        long due = System.nanoTime() + 60_000_000_000L;
        t.awaitUntil(due, abort);
        assertTrue(System.nanoTime() < due);
    }
}
