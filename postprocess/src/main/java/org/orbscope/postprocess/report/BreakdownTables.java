package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.run.Breakdown;
import org.orbscope.postprocess.run.PointSummary;
import org.orbscope.postprocess.stats.Summary;

/** A point's requests per target object, operation, arrival process and client JVM, one table per dimension. */
final class BreakdownTables {
    static final List<String> HEADERS = List.of("requests", "ok", "failed", "not sent", "throughput (req/s)",
            "mean (ms)", "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)", "server completion mean (ms)",
            "CPU per request (ms)", "share of server CPU (%)");

    private BreakdownTables() {
    }

    /**
     * The point's tables; {@code shown} keeps only dimensions with two groups or more (one group repeats the
     * point's own figures).
     */
    static List<Table> of(PointSummary p, boolean shown) {
        List<Table> out = new ArrayList<>();
        for (Map.Entry<String, List<Breakdown.GroupFigures>> e : p.breakdown.entrySet()) {
            if (shown && (e.getValue().size() < 2 || Breakdown.redundant(p.breakdown, e.getKey()))) {
                continue;
            }
            List<String> headers = new ArrayList<>();
            headers.add(e.getKey());
            headers.addAll(HEADERS);
            Table.Builder t = new Table.Builder("breakdown-" + HtmlReport.anchor(p.name) + "-" + e.getKey(),
                    "By " + e.getKey(), "", headers);
            for (Breakdown.GroupFigures g : e.getValue()) {
                Summary r = g.response();
                t.row(Arrays.asList(g.key(), g.requests(), g.ok(), g.failed(), g.notSent(), g.throughputPerSec(),
                        SweepTable.stat(r, "mean"), SweepTable.stat(r, "p50"), SweepTable.stat(r, "p90"),
                        SweepTable.stat(r, "p99"), SweepTable.stat(r, "max"),
                        g.completion() == null ? null : g.completion().meanMs(), g.cpuPerRequestMs(),
                        g.cpuShare() == null ? null : 100 * g.cpuShare()));
            }
            out.add(t.build());
        }
        return out;
    }
}
