package org.orbscope.postprocess.stages;

import java.util.Arrays;

/**
 * Stretches of time in which a thread's events are missing (one per drop marker, one per thread at the cut
 * of a truncated trace), by the kind of thread. They decide when joining by a reused key is unsafe.
 */
final class Gaps {
    private static final int RECEIVER = 1;
    private static final int CONTROLLER = 2;
    private static final int DISPATCHER = 4;

    private long[] from = new long[8];
    private long[] to = new long[8];
    private int[] kinds = new int[8];
    private int n;

    void add(ThreadState t, long a, long b) {
        int kind = (t.receiverThread ? RECEIVER : 0) | (t.controllerThread ? CONTROLLER : 0)
                | (t.dispatcherThread ? DISPATCHER : 0);
        if (kind == 0) {
            return;
        }
        if (n == from.length) {
            from = Arrays.copyOf(from, n * 2);
            to = Arrays.copyOf(to, n * 2);
            kinds = Arrays.copyOf(kinds, n * 2);
        }
        from[n] = a;
        to[n] = b;
        kinds[n] = kind;
        n++;
    }

    /** Forgets the gaps that end before {@code t}: no join still to come looks at them. */
    void forgetBefore(long t) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (to[i] >= t) {
                from[kept] = from[i];
                to[kept] = to[i];
                kinds[kept] = kinds[i];
                kept++;
            }
        }
        n = kept;
    }

    private boolean overlaps(int kind, long a, long b) {
        for (int i = 0; i < n; i++) {
            if ((kinds[i] & kind) != 0 && from[i] < b && to[i] > a) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a controller or dispatcher fragment at {@code b} may belong to another request than the receiver
     * fragment at {@code a} with the same key. A key is reused only once its request object is garbage, i.e.
     * after that request's dispatcher finished; so a wrong match needs both the true dispatcher (controller)
     * fragment lost in a gap and the true receiver fragment of the later request lost in a receiver gap.
     */
    boolean ambiguous(long a, long b, boolean controller) {
        return overlaps(RECEIVER, a, b) && overlaps(controller ? CONTROLLER : DISPATCHER, a, b);
    }
}
