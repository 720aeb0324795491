package org.orbscope.postprocess.report;

import java.util.Arrays;
import java.util.List;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.Repetition;
import org.orbscope.postprocess.point.RepetitionSpread;

/**
 * A point's repetitions ({@code orbscope run --repeat}) as a table of the report: a row per repetition (its mean
 * with the within-run half-width, p50, p99, throughput, verdict), then the spread across them.
 */
final class RepetitionTable {
    static final List<String> HEADERS = List.of("repetition", "status", "mean ms", "p50 ms", "p99 ms",
            "throughput req/s", "verdict", "checks");

    private RepetitionTable() {
    }

    /** The table of {@code a}'s repetitions; null for a point run once. */
    static Table of(PointAnalysis a) {
        List<Repetition> each = a.repetitions();
        if (each == null) {
            return null;
        }
        RepetitionSpread s = a.spread();
        String note = "Each repetition ran in fresh server and client JVMs; its mean is given with its own 95% "
                + "half-width (batch means). The last row is the mean of the repetitions' means with its 95% "
                + "half-width across them (Student t, n-1 degrees of freedom)"
                + (s == null ? "; no repetition measured a mean."
                : s.relativeHalfWidth() == null ? "; one repetition measured a mean, so there is no interval."
                : ", +/- " + SweepTable.format(100 * s.relativeHalfWidth()) + "% of the mean; the means ranged from "
                        + SweepTable.format(s.minMs()) + " to " + SweepTable.format(s.maxMs()) + " ms.");
        Table.Builder t = new Table.Builder("repetitions-" + HtmlReport.anchor(a.name()), "Repetitions of " + a.name(),
                note, HEADERS);
        for (Repetition r : each) {
            t.row(Arrays.asList(String.valueOf(r.repetition()), r.status(), new Table.Estimate(r.meanMs(), r.meanHalfWidthMs()),
                    r.p50Ms(), r.p99Ms(), r.throughputPerSec(), r.verdict() == null ? null : r.verdict().label(),
                    String.join(" ", r.checks())));
        }
        if (s != null) {
            t.row(Arrays.asList("across repetitions", s.repetitions() + " counted",
                    new Table.Estimate(s.meanMs(), s.halfWidthMs()), null, null, null,
                    a.validity() == null ? null : a.validity().verdict().label(), ""));
        }
        return t.build();
    }
}
