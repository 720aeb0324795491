package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

class PointPredictionTest {
    private static RequestStages request(long enqueued, long dispatched) {
        RequestStages r = new RequestStages();
        r.set(StageColumn.ENQUEUED, enqueued);
        r.set(StageColumn.DISPATCH, dispatched);
        return r;
    }

    @Test
    void onlyRequestsThatFoundTheQueueEmptyGiveAHandOffSample() {
        RequestStages first = request(100, 150);
        RequestStages behindFirst = request(120, 300); // enqueued while the first still waited
        RequestStages behindSecond = request(200, 320);
        RequestStages alone = request(400, 420);
        RequestStages noDispatch = new RequestStages();
        noDispatch.set(StageColumn.ENQUEUED, 500);
        // Given out of order: the table's order is not the queue's.
        Set<RequestStages> empty = PointPrediction.foundTheQueueEmpty(
                List.of(alone, behindSecond, first, noDispatch, behindFirst));
        assertEquals(2, empty.size());
        assertEquals(Set.of(first, alone), empty);
    }
}
