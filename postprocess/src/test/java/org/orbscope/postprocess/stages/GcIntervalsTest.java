package org.orbscope.postprocess.stages;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GcIntervalsTest {
    @Test
    void overlapCountsOnlyTheCoveredPart() {
        GcIntervals gc = new GcIntervals();
        gc.add(500, 100);   // out of order on purpose: GC events may come late
        gc.add(100, 50);
        gc.add(300, 100);
        assertEquals(0, gc.overlap(0, 100));
        assertEquals(50, gc.overlap(0, 1000) - 200);
        assertEquals(25 + 100 + 10, gc.overlap(125, 510));
        assertEquals(0, gc.overlap(600, 700));
        assertEquals(250, gc.total());
    }
}
