package org.orbscope.run;

import java.util.List;

/**
 * The time a sweep has left: each remaining point's {@link PointEstimate}, scaled by how long the points that
 * ended {@code ok} took against their own estimates (a loaded machine, a slow start, a closed loop's real rate
 * all show there). Before a point has ended the estimates stand as they are. A point that will not run (a
 * repetition left out once its point is precise enough) is {@link #skipped}.
 */
public final class SweepEta {
    private final List<PointEstimate> points;
    private final boolean[] skipped;
    private double estimatedEnded;
    private double tookEnded;

    public SweepEta(List<PointEstimate> points) {
        this.points = List.copyOf(points);
        this.skipped = new boolean[points.size()];
    }

    /** Point {@code index} will not run: it has no time left. */
    public void skipped(int index) {
        skipped[index] = true;
    }

    /** The sum of the points' estimates: the sweep's expected time before it starts. */
    public double totalSec() {
        return points.stream().mapToDouble(PointEstimate::totalSec).sum();
    }

    /** Whether some point's workload time is an estimate of a closed loop. */
    public boolean closedLoops() {
        return points.stream().anyMatch(PointEstimate::closedLoop);
    }

    /** Point {@code index} ended after {@code seconds}; only a point that ended {@code ok} scales the others. */
    public void ended(int index, double seconds, boolean ok) {
        if (ok) {
            estimatedEnded += points.get(index).totalSec();
            tookEnded += seconds;
        }
    }

    /** How long the points that ended ok took against their estimates (1 before any). */
    public double factor() {
        return estimatedEnded > 0 ? tookEnded / estimatedEnded : 1;
    }

    /** Whether {@link #factor} comes from points that ran. */
    public boolean corrected() {
        return estimatedEnded > 0;
    }

    /**
     * The time left once point {@code current} has run for {@code elapsedSec}: what its scaled estimate has left
     * (none once it overruns), and the scaled estimates of the points after it.
     */
    public double remainingSec(int current, double elapsedSec) {
        double f = factor();
        double left = Math.max(0, points.get(current).totalSec() * f - elapsedSec);
        for (int i = current + 1; i < points.size(); i++) {
            left += skipped[i] ? 0 : points.get(i).totalSec() * f;
        }
        return left;
    }
}
