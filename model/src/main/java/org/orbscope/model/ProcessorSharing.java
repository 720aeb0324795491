package org.orbscope.model;

/**
 * C cores shared by processor sharing: with n active jobs each progresses at rate min(1, C/n). All active jobs
 * progress at the same rate, so one virtual clock V (attained service of any job present since V started) is
 * enough: a job with work w started at virtual time v finishes when V reaches v + w. Jobs sit in a heap keyed on
 * that finish virtual time, so adding a job and finding/removing the next completion cost O(log n) and no
 * per-event pass over the active jobs is needed.
 */
final class ProcessorSharing {
    private final double cores;
    private final TimerHeap jobs = new TimerHeap();
    private int active;
    private double virtualTime;
    private double lastTime;
    private double busyCoreTime;

    ProcessorSharing(double cores) {
        this.cores = cores;
    }

    private double rate() {
        return active <= cores ? 1.0 : cores / active;
    }

    /** Moves the clocks to {@code now}; must be called before add/poll at each event time. */
    void advance(double now) {
        double dt = now - lastTime;
        if (active > 0 && dt > 0) {
            virtualTime += dt * rate();
            busyCoreTime += dt * Math.min(active, cores);
        }
        lastTime = now;
    }

    void add(int payload, double work) {
        jobs.add(virtualTime + work, payload);
        active++;
    }

    /** Real time of the next completion, +inf when idle. */
    double nextCompletion() {
        if (active == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double remaining = jobs.minKey() - virtualTime;
        // Rounding may leave a tiny negative remainder for a job that is due now.
        return remaining <= 0 ? lastTime : lastTime + remaining / rate();
    }

    int pollCompleted() {
        active--;
        return jobs.poll();
    }

    int active() {
        return active;
    }

    double cores() {
        return cores;
    }

    /** Integral over time of busy cores (min(n, C)); divide by C x elapsed for utilization. */
    double busyCoreTime() {
        return busyCoreTime;
    }
}
