package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.orbscope.postprocess.point.Breakdown;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;

/**
 * The groups of a dimension across the sweep, a row per point: how each target, operation, process or client
 * fared as the swept values moved. Balay et al. set the hot module against the rest over the inter-arrival time;
 * the performance-patterns excerpt gives each client's calls per second through the proxy as a fraction of the
 * simple client-server pattern's, so each throughput carries its ratio to the group's figure at the first point.
 */
final class GroupSweepTables {
    /** More groups than this (Beekhuis's 10,000 objects) stay in the drill-downs and breakdown.csv. */
    static final int MAX_GROUPS = 12;

    private GroupSweepTables() {
    }

    static List<Table> of(RunData run) {
        List<Table> out = new ArrayList<>();
        if (run.points().size() < 2) {
            return out;
        }
                for (String dim : Breakdown.DIMENSIONS) {
            Set<String> keys = new LinkedHashSet<>();
            boolean redundant = false;
            boolean mixed = false;
            for (PointAnalysis a : run.points()) {
                List<Breakdown.GroupFigures> groups = a.breakdown().getOrDefault(dim, List.of());
                groups.forEach(g -> keys.add(g.key()));
                redundant |= Breakdown.redundant(a.breakdown(), dim);
                mixed |= groups.size() > 1;
            }
            // A dimension whose group follows the swept values (the operation of a marshalling sweep) has one group
            // a point: the sweep table says it all.
            if (keys.size() < 2 || keys.size() > MAX_GROUPS || redundant || !mixed) {
                continue;
            }
            if ("target".equals(dim)) {
                // The copies merged into their object tell the hot spot from the rest; one by one they bury it.
                out.removeIf(t -> t.id().equals("groups-object"));
            }
            List<String> headers = new ArrayList<>(List.of("point"));
            for (String k : keys) {
                headers.add(k + ": req/s (x first point)");
                headers.add(k + ": mean (p5-p95) ms");
            }
            Table.Builder t = new Table.Builder("groups-" + dim, "By " + dim + " across the sweep",
                    "Throughput is requests answered ok per second of the point, with its ratio to the same group's "
                            + "at the first point; response times are the client's.", headers);
            Map<String, Breakdown.GroupFigures> base = groups(run.points().get(0), dim);
            List<String> names = SweepFigures.shortNames(run);
            for (int i = 0; i < run.points().size(); i++) {
                PointAnalysis a = run.points().get(i);
                Map<String, Breakdown.GroupFigures> groups = groups(a, dim);
                List<Object> cells = new ArrayList<>(List.of(names.get(i)));
                for (String k : keys) {
                    Breakdown.GroupFigures g = groups.get(k);
                    Breakdown.GroupFigures b = base.get(k);
                    cells.add(g == null ? null : throughput(g, b));
                    Summary r = g == null ? null : g.response();
                    cells.add(r == null || r.meanMs() == null ? null : new Table.Spread(r.meanMs(), r.p5Ms(), r.p95Ms()));
                }
                t.row(cells);
            }
            out.add(t.build());
        }
        return out;
    }

    private static Map<String, Breakdown.GroupFigures> groups(PointAnalysis a, String dim) {
        Map<String, Breakdown.GroupFigures> out = new java.util.LinkedHashMap<>();
        a.breakdown().getOrDefault(dim, List.of()).forEach(g -> out.put(g.key(), g));
        return out;
    }

    private static String throughput(Breakdown.GroupFigures g, Breakdown.GroupFigures first) {
        if (g.throughputPerSec() == null) {
            return null;
        }
        String v = SweepTable.format(g.throughputPerSec());
        if (first == null || first.throughputPerSec() == null || first.throughputPerSec() <= 0) {
            return v;
        }
        return v + String.format(Locale.ROOT, " (%.2fx)", g.throughputPerSec() / first.throughputPerSec());
    }
}
