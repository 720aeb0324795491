package org.orbscope.postprocess.stages;

/**
 * A thread's clocks at one boundary event: wall time, its CPU time, and the running totals of the time it
 * spent blocked, waiting and parked. A stage's make-up is the difference of two marks on one thread. Most
 * marks have no blocking history; they share no extra object, which keeps big tables small.
 */
class Mark {
    static final long UNKNOWN = Long.MIN_VALUE;

    final long ts;
    final long cpu;

    Mark(long ts, long cpu) {
        this.ts = ts;
        this.cpu = cpu;
    }

    static Mark of(long ts, long cpu, long blocked, long waited, long parked) {
        return (blocked | waited | parked) == 0 ? new Mark(ts, cpu) : new Blocking(ts, cpu, blocked, waited, parked);
    }

    long blocked() {
        return 0;
    }

    long waited() {
        return 0;
    }

    long parked() {
        return 0;
    }

    static long cpuBetween(Mark a, Mark b) {
        if (a == null || b == null || a.cpu == UNKNOWN || b.cpu == UNKNOWN) {
            return UNKNOWN;
        }
        return Math.max(0, b.cpu - a.cpu);
    }

    /** A mark of a thread that has blocked, waited or parked before. */
    static final class Blocking extends Mark {
        private final long blocked;
        private final long waited;
        private final long parked;

        Blocking(long ts, long cpu, long blocked, long waited, long parked) {
            super(ts, cpu);
            this.blocked = blocked;
            this.waited = waited;
            this.parked = parked;
        }

        @Override
        long blocked() {
            return blocked;
        }

        @Override
        long waited() {
            return waited;
        }

        @Override
        long parked() {
            return parked;
        }
    }
}
