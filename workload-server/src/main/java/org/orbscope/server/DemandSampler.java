package org.orbscope.server;

import java.util.SplittableRandom;
import org.orbscope.scenario.OperationSpec;

/**
 * Draws the CPU and waiting demands of one operation of one servant. Each sampler owns a seeded stream, so
 * a run is reproducible in the sequence of draws; requests served concurrently take draws in arrival order
 * at the servant, which is why the draw is synchronized (it is tens of nanoseconds, far below any demand).
 */
final class DemandSampler {
    private final OperationSpec spec;
    private final SplittableRandom random;
    private final ServantLock lock;

    DemandSampler(OperationSpec spec, long seed, ServantLock lock) {
        this.spec = spec;
        this.random = new SplittableRandom(seed);
        this.lock = lock;
    }

    /** {cpu ns, wait ns, CPU ns inside the lock}. */
    synchronized long[] next() {
        return new long[] {spec.cpu().sampleNanos(random), spec.waiting().sampleNanos(random),
                lock == null ? 0 : spec.lock().hold().sampleNanos(random)};
    }

    /** The lock the operation takes after its CPU outside it, or null. */
    ServantLock lock() {
        return lock;
    }

    int replySize() {
        return spec.replySize();
    }
}
