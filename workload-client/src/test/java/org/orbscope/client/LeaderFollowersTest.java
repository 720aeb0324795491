package org.orbscope.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaderFollowersTest {
    @Test
    void oneLeaderAtATimeEveryTurnTakenOnceAndAllThreadsEnd() throws Exception {
        LeaderFollowers turns = new LeaderFollowers();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger leaders = new AtomicInteger();
        AtomicInteger maxLeaders = new AtomicInteger();
        ConcurrentHashMap<Integer, Boolean> taken = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, AtomicInteger> byThread = new ConcurrentHashMap<>();
        int total = 20_000;
        Thread[] pool = new Thread[16];
        for (int k = 0; k < pool.length; k++) {
            pool[k] = new Thread(() -> {
                while (turns.lead()) {
                    maxLeaders.accumulateAndGet(leaders.incrementAndGet(), Math::max);
                    int i = next.getAndIncrement();
                    leaders.decrementAndGet();
                    if (i >= total) {
                        turns.close();
                        return;
                    }
                    assertTrue(taken.putIfAbsent(i, true) == null);
                    turns.promote();
                    byThread.computeIfAbsent(Thread.currentThread().getName(), n -> new AtomicInteger()).incrementAndGet();
                    if (i % 100 == 0) {
                        Thread.yield(); // a "call" that outlasts the next turn
                    }
                }
            }, "invoker-" + k);
            pool[k].start();
        }
        for (Thread t : pool) {
            t.join(30_000);
            assertTrue(!t.isAlive(), t.getName() + " still running");
        }
        assertEquals(total, taken.size());
        assertEquals(1, maxLeaders.get(), "never two leaders at once");
    }
}
