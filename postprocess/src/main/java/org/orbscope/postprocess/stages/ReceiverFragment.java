package org.orbscope.postprocess.stages;

/** Receiver-thread part of a request: arrival, 1st phase end (enqueued), 2nd phase end. */
final class ReceiverFragment extends Fragment {
    static final int ARRIVAL = 0;
    static final int ENQUEUED = 1;
    static final int END = 2;
    boolean rejected;

    ReceiverFragment() {
        super(3);
    }

    @Override
    long anchor() {
        return first(ARRIVAL, ENQUEUED, END);
    }
}
