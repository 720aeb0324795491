package org.orbscope.hosts;

import org.orbscope.coordination.Coordinator;
import org.orbscope.run.EpochClock;

/**
 * A ping exchange with the coordinator over CORBA: each ping reads this host's clock, the coordinator's (as the
 * call is served) and this host's again. The coordinator's reading is taken to fall in the middle of the round
 * trip; the ping with the shortest round trip, the least disturbed, gives the offset.
 */
final class ClockExchange {
    /** Pings per exchange. */
    static final int PINGS = 16;

    /**
     * @param offsetNs the coordinator's clock minus this host's
     * @param roundTripNs the round trip of the ping the offset comes from
     */
    record Sample(long offsetNs, long roundTripNs, int pings) {
    }

    private ClockExchange() {
    }

    static Sample measure(Coordinator c) {
        EpochClock local = EpochClock.calibrate();
        long bestTrip = Long.MAX_VALUE;
        long offset = 0;
        for (int i = 0; i < PINGS; i++) {
            long sent = local.epochNanos(System.nanoTime());
            long theirs = c.clock();
            long back = local.epochNanos(System.nanoTime());
            if (back - sent < bestTrip) {
                bestTrip = back - sent;
                offset = theirs - (sent + bestTrip / 2);
            }
        }
        return new Sample(offset, bestTrip, PINGS);
    }
}
