package org.orbscope.postprocess.stages;

import org.orbscope.run.RequestStages;
import java.util.ArrayList;
import java.util.List;

/**
 * Joins receiver, controller and dispatcher fragments into requests. Keys are object identities that the
 * JVM reuses once a request object is garbage, so fragments are matched by key and then by time: each
 * receiver fragment starts a request, the next controller and dispatcher fragment with its key belong to it.
 */
final class FragmentJoiner {
    private final StageCalculator calculator;
    private final Gaps gaps;

    FragmentJoiner(GcIntervals gc, Gaps gaps) {
        this.calculator = new StageCalculator(gc);
        this.gaps = gaps;
    }

    private static int compare(Fragment a, Fragment b) {
        if (a.hasKey != b.hasKey) {
            return a.hasKey ? -1 : 1;
        }
        int c = Long.compare(a.key, b.key);
        return c != 0 ? c : Long.compare(a.sortTime, b.sortTime);
    }

    List<RequestStages> join(List<Fragment> fragments, StageDiagnostics diag) {
        Fragment[] all = fragments.toArray(new Fragment[0]);
        fragments.clear();
        for (Fragment f : all) {
            f.sortTime = f.anchor();
        }
        java.util.Arrays.sort(all, FragmentJoiner::compare);
        List<RequestStages> rows = new ArrayList<>(all.length / 3 + 16);
        ReceiverFragment r = null;
        ControllerFragment c = null;
        DispatcherFragment d = null;
        boolean open = false;
        long currentKey = 0;
        for (int i = 0; i < all.length; i++) {
            Fragment f = all[i];
            // Rows replace fragments as we go, so the two never fill the heap together.
            all[i] = null;
            if (!f.hasKey) {
                diag.unkeyedFragments++;
                if (open) {
                    rows.add(calculator.row(r, c, d));
                    open = false;
                }
                rows.add(calculator.row(f instanceof ReceiverFragment rf ? rf : null,
                        f instanceof ControllerFragment cf ? cf : null,
                        f instanceof DispatcherFragment df ? df : null));
                continue;
            }
            boolean sameKey = open && f.key == currentKey;
            boolean fits = sameKey && (f instanceof ControllerFragment ? c == null && d == null
                    : f instanceof DispatcherFragment && d == null);
            if (fits && r != null && gaps.ambiguous(r.sortTime, f.sortTime, f instanceof ControllerFragment)) {
                // It may belong to a later request whose receiver part is lost, or to this one: joined, the
                // request is counted once (a row of its own would count it twice when it is this one's), and
                // being uncertain it is incomplete.
                diag.ambiguousJoins++;
                f.cut = true;
            }
            if (!fits) {
                if (open) {
                    rows.add(calculator.row(r, c, d));
                }
                r = null;
                c = null;
                d = null;
                open = true;
                currentKey = f.key;
            }
            if (f instanceof ReceiverFragment rf) {
                r = rf;
            } else if (f instanceof ControllerFragment cf) {
                c = cf;
            } else {
                d = (DispatcherFragment) f;
            }
        }
        if (open) {
            rows.add(calculator.row(r, c, d));
        }
        rows.sort(java.util.Comparator.comparingLong(RequestStages::orderTime));
        for (int i = 0; i < rows.size(); i++) {
            RequestStages row = rows.get(i);
            row.index = i;
            diag.requests++;
            switch (row.status) {
                case RequestStages.COMPLETE -> diag.complete++;
                case RequestStages.REJECTED -> diag.rejected++;
                default -> diag.incomplete++;
            }
        }
        return rows;
    }
}
