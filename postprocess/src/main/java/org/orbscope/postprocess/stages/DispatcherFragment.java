package org.orbscope.postprocess.stages;

/** Dispatcher-thread part of a request: POA processing, servant, reply, 2nd phase. */
final class DispatcherFragment extends Fragment {
    static final int BEGIN = 0;
    static final int PROCESSED = 1;
    static final int SERVANT_BEGIN = 2;
    static final int SERVANT_END = 3;
    static final int REPLY_BEGIN = 4;
    static final int REPLY_END = 5;
    static final int RESULT = 6;
    static final int END = 7;

    DispatcherFragment() {
        super(8);
    }

    @Override
    long anchor() {
        return first(BEGIN, SERVANT_BEGIN, REPLY_BEGIN, RESULT, END);
    }

    /**
     * Dispatcher 1st phase end: the later of "processing returned" and "result handed back" (the latter comes
     * first for SYNC_WITH_SERVER oneways); -1 when the result marker is missing (no stand-in is guessed).
     */
    int firstPhaseEnd() {
        if (!has(RESULT)) {
            return -1;
        }
        return has(PROCESSED) && ts(PROCESSED) > ts(RESULT) ? PROCESSED : RESULT;
    }
}
