package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.Breakdown;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;

/**
 * A point's requests per target object, operation, arrival process and client JVM, one table per dimension; a server
 * trace read on its own gives them per object and operation as the trace names them, with the server's figures only.
 */
final class BreakdownTables {
    static final List<String> HEADERS = List.of("requests", "ok", "failed", "not sent", "throughput (req/s)",
            "throughput (Mb/s)", "mean (ms)", "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)", "server completion mean (ms)",
            "CPU per request (ms)", "share of server CPU (%)");
    /** The columns of a server trace's tables, read without client records: the server's figures only. */
    static final List<String> TRACE_HEADERS = List.of("requests", "completion mean (ms)", "p50 (ms)", "p90 (ms)",
            "p99 (ms)", "max (ms)", "CPU per request (ms)", "share of server CPU (%)");
    /**
     * Groups a page shows per dimension: a dispatch sweep's 10,000 objects would bury the page; the busiest are
     * kept and breakdown.csv holds them all.
     */
    static final int SHOWN_GROUPS = 25;

    private BreakdownTables() {
    }

    /**
     * The point's tables; {@code shown} keeps only dimensions with two groups or more (one group repeats the
     * point's own figures).
     */
    static List<Table> of(PointAnalysis p, boolean shown) {
        List<Table> out = new ArrayList<>();
        for (Map.Entry<String, List<Breakdown.GroupFigures>> e : p.breakdown().entrySet()) {
            if (shown && (e.getValue().size() < 2 || Breakdown.redundant(p.breakdown(), e.getKey()))) {
                continue;
            }
            boolean traceOnly = traceOnly(e.getValue());
            List<String> headers = new ArrayList<>();
            headers.add(e.getKey());
            headers.addAll(traceOnly ? TRACE_HEADERS : HEADERS);
            List<Breakdown.GroupFigures> groups = e.getValue();
            String note = "";
            if (shown && groups.size() > SHOWN_GROUPS) {
                groups = groups.stream()
                        .sorted(Comparator.comparingLong(Breakdown.GroupFigures::requests).reversed())
                        .limit(SHOWN_GROUPS).toList();
                note = "The " + SHOWN_GROUPS + " of " + e.getValue().size() + " groups with the most requests; "
                        + "report/breakdown.csv has them all.";
            }
            Table.Builder t = new Table.Builder("breakdown-" + HtmlReport.anchor(p.name()) + "-" + e.getKey(),
                    "By " + e.getKey(), note, headers);
            for (Breakdown.GroupFigures g : groups) {
                Summary r = g.response();
                Summary c = g.completion();
                Double share = g.cpuShare() == null ? null : 100 * g.cpuShare();
                t.row(traceOnly ? Arrays.asList(g.key(), g.requests(), SweepTable.stat(c, "mean"), SweepTable.stat(c, "p50"),
                        SweepTable.stat(c, "p90"), SweepTable.stat(c, "p99"), SweepTable.stat(c, "max"),
                        g.cpuPerRequestMs(), share)
                        : Arrays.asList(g.key(), g.requests(), g.ok(), g.failed(), g.notSent(), g.throughputPerSec(),
                        g.bytesPerSec() == null ? null : g.bytesPerSec() * 8 / 1e6, SweepTable.stat(r, "mean"), SweepTable.stat(r, "p50"), SweepTable.stat(r, "p90"),
                        SweepTable.stat(r, "p99"), SweepTable.stat(r, "max"), c == null ? null : c.meanMs(),
                        g.cpuPerRequestMs(), share));
            }
            out.add(t.build());
        }
        return out;
    }

    /** Whether the groups come from a server trace alone: no client outcomes. */
    static boolean traceOnly(List<Breakdown.GroupFigures> groups) {
        return groups.stream().allMatch(g -> g.ok() == null);
    }

    /** Whether the point's breakdown comes from a server trace alone. */
    static boolean traceOnly(PointAnalysis p) {
        return p.breakdown().values().stream().allMatch(BreakdownTables::traceOnly);
    }
}
