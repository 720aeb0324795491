package org.orbscope.postprocess.stages;

import org.orbscope.trace.profile.ProfileMethod;

/**
 * The part of one request seen on one thread; fragments of a request are joined by key and time.
 * Marks are kept in one primitive array per fragment (5 longs each: ts, cpu, blocked, waited, parked) rather
 * than as objects: a big trace holds millions of them, and object count is what the garbage collector pays.
 */
abstract class Fragment {
    private static final int W = 5;
    private static final long ABSENT = Long.MIN_VALUE;

    long key;
    boolean hasKey;
    /** {@link #anchor()} computed once before sorting. */
    long sortTime;
    /** The order in which fragments were closed: breaks ties between equal times as a stable sort would. */
    long seq;
    ThreadState thread;
    /** Events of its thread may be missing inside it (a skipped chunk, a drop): its request is incomplete. */
    boolean cut;
    /**
     * Cut before it had a key: its marks from before the loss may belong to another request than the key that
     * comes after it, so they are forgotten when the key comes (and the fragment is joined by the later marks).
     */
    boolean keylessAtCut;
    private final long[] slots;
    /** The request's operation name and object key as the trace names them, or null. */
    String operation;
    String object;

    Fragment(int marks) {
        slots = new long[marks * W];
        for (int i = 0; i < marks; i++) {
            slots[i * W] = ABSENT;
        }
    }

    String threadName() {
        return thread == null || thread.name == null ? "" : thread.name;
    }

    void key(long k) {
        if (!hasKey) {
            key = k;
            hasKey = true;
            if (keylessAtCut) {
                keylessAtCut = false;
                clearMarks();
            }
        }
    }

    /** A request name read on this fragment's thread; attributes other than operation and object are ignored. */
    void name(String attribute, String value) {
        if (ProfileMethod.OPERATION.equals(attribute)) {
            operation = value;
        } else if (ProfileMethod.OBJECT.equals(attribute)) {
            object = value;
        }
    }

    void clearMarks() {
        for (int i = 0; i < slots.length; i += W) {
            slots[i] = ABSENT;
        }
    }

    void set(int mark, ThreadState t, long ts, long cpu) {
        int i = mark * W;
        slots[i] = ts;
        slots[i + 1] = cpu;
        slots[i + 2] = t.total(BlockKind.BLOCKED, ts);
        slots[i + 3] = t.total(BlockKind.WAITING, ts);
        slots[i + 4] = t.total(BlockKind.PARKED, ts);
    }

    boolean has(int mark) {
        return slots[mark * W] != ABSENT;
    }

    long ts(int mark) {
        return slots[mark * W];
    }

    /** The mark as a short-lived object for the row computation, or null when it was not seen. */
    Mark get(int mark) {
        int i = mark * W;
        return slots[i] == ABSENT ? null : Mark.of(slots[i], slots[i + 1], slots[i + 2], slots[i + 3], slots[i + 4]);
    }

    /** The time that orders this fragment among the fragments with the same key. */
    abstract long anchor();

    long first(int... marks) {
        for (int m : marks) {
            if (has(m)) {
                return ts(m);
            }
        }
        return Long.MAX_VALUE;
    }
}
