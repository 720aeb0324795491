package org.orbscope.postprocess.stages;

/** Controller-thread part of a request (JacORB RequestController): finding and assigning a dispatcher. */
final class ControllerFragment extends Fragment {
    static final int BEGIN = 0;
    static final int END = 1;
    long assigned = Long.MIN_VALUE;

    ControllerFragment() {
        super(2);
    }

    @Override
    void clearMarks() {
        super.clearMarks();
        assigned = Long.MIN_VALUE;
    }

    @Override
    long anchor() {
        long t = first(BEGIN, END);
        if (t != Long.MAX_VALUE) {
            return t;
        }
        return assigned == Long.MIN_VALUE ? Long.MAX_VALUE : assigned;
    }
}
