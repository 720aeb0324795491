package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.orbscope.postprocess.point.LittlesLaw;

/** Little's law checked on every point of closed loops: a row per point, and a warning when one misses it. */
final class LittlesLawTable {
    static final List<String> HEADERS = List.of("point", "clients N", "throughput X (req/s)", "response R (ms)",
            "think time Z (ms)", "X x (R + Z)", "off by (%)", "check");

    private LittlesLawTable() {
    }

    /** The table, its rows named as the sweep's figures name the points; null when no point has a closed loop. */
    static Table of(RunData run) {
        List<List<Object>> rows = new ArrayList<>();
        List<String> off = new ArrayList<>();
        List<String> names = SweepFigures.shortNames(run);
        for (int i = 0; i < run.points().size(); i++) {
            LittlesLaw l = run.points().get(i).littlesLaw();
            if (l == null) {
                continue;
            }
            rows.add(Arrays.asList(names.get(i), l.clients(), l.throughputPerSec(), l.responseMs(), l.thinkMs(),
                    l.product(), 100 * l.relativeError(), l.holds() ? "ok" : "OFF"));
            if (!l.holds()) {
                off.add(names.get(i));
            }
        }
        if (rows.isEmpty()) {
            return null;
        }
        String note = String.format(Locale.ROOT, "N clients that each send, wait for the answer and think hold "
                + "X x (R + Z) = N exactly in a steady state: X the closed processes' requests answered ok per second "
                + "of each one's own span, R their mean response time (warm-up included), Z their mean think time. "
                + "The check is ok within %.0f%%.", 100 * LittlesLaw.TOLERANCE);
        if (!off.isEmpty()) {
            note += " Warning: " + String.join(", ", off) + (off.size() == 1 ? " misses" : " miss") + " it. The law "
                    + "has nothing to fit, so this is a measurement problem, not the ORB's: failed or unrecorded "
                    + "requests, clients that ran for part of the span, response times not counted from when a "
                    + "thread was ready to send, or a point too short to settle.";
        }
        Table.Builder t = new Table.Builder("littles-law", "Little's law on the closed loops", note, HEADERS);
        rows.forEach(t::row);
        return t.build();
    }
}
