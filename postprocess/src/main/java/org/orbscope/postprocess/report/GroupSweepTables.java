package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.orbscope.postprocess.point.Breakdown;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;

/**
 * The groups of a dimension across the sweep, a row per point: how each target, operation, process or client
 * fared as the swept values moved. Balay et al. set the hot module against the rest over the inter-arrival time;
 * the performance-patterns excerpt gives the calls per second of its three clients through the proxy, their mean,
 * as a fraction of the simple client-server pattern's (one pair alone), so each throughput carries its ratio to
 * the group's figure at the first point, and the processes' table the excerpt's ratio itself.
 */
final class GroupSweepTables {
    /** More groups than this (Beekhuis's 10,000 objects) stay in the drill-downs and breakdown.csv. */
    static final int MAX_GROUPS = 12;
    /**
     * A group ran at a point when it sent at least this share of the requests of the point's busiest group: a
     * client that sends one call while another sends thousands (the proxy scenarios' "one pair alone") took no part
     * in the load, and a rate over the point's window of its one call is no yardstick.
     */
    static final double RAN_SHARE = 0.1;

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
            boolean perProcess = "process".equals(dim);
            List<String> headers = new ArrayList<>(List.of("point"));
            if (perProcess) {
                headers.add("calls/s per process that ran: mean (x first point)");
            }
            for (String k : keys) {
                headers.add(k + ": req/s (x first point)");
                headers.add(k + ": mean (p5-p95) ms");
            }
            Table.Builder t = new Table.Builder("groups-" + dim, "By " + dim + " across the sweep",
                    "Throughput is requests answered ok per second of the point, with its ratio to the same group's "
                            + "at the first point when the group ran there (sent a tenth of the busiest group's "
                            + "requests or more); response times are the client's."
                            + (perProcess ? " The mean is over the processes that ran, each its requests over its "
                            + "own first send to last answer, as the performance-patterns excerpt averages its "
                            + "clients' calls per second; its ratio to the first point's is the excerpt's proxy "
                            + "ratio when the first point is one pair alone." : ""), headers);
            Map<String, Breakdown.GroupFigures> base = groups(run.points().get(0), dim);
            Set<String> baseRan = ran(base.values());
            Double baseMean = meanOwnRate(base.values());
            List<String> names = SweepFigures.shortNames(run);
            for (int i = 0; i < run.points().size(); i++) {
                PointAnalysis a = run.points().get(i);
                Map<String, Breakdown.GroupFigures> groups = groups(a, dim);
                List<Object> cells = new ArrayList<>(List.of(names.get(i)));
                if (perProcess) {
                    cells.add(withRatio(meanOwnRate(groups.values()), baseMean));
                }
                for (String k : keys) {
                    Breakdown.GroupFigures g = groups.get(k);
                    Breakdown.GroupFigures b = base.get(k);
                    cells.add(g == null ? null : withRatio(g.throughputPerSec(),
                            baseRan.contains(k) ? b.throughputPerSec() : null));
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

    /** The keys of the groups that ran ({@link #RAN_SHARE}). */
    static Set<String> ran(Collection<Breakdown.GroupFigures> groups) {
        long busiest = groups.stream().mapToLong(Breakdown.GroupFigures::requests).max().orElse(0);
        Set<String> out = new LinkedHashSet<>();
        groups.stream().filter(g -> g.requests() > 0 && g.requests() >= RAN_SHARE * busiest)
                .forEach(g -> out.add(g.key()));
        return out;
    }

    /** The mean of the own rates of the groups that ran; null when none has one. */
    static Double meanOwnRate(Collection<Breakdown.GroupFigures> groups) {
        Set<String> ran = ran(groups);
        OptionalDouble mean = groups.stream().filter(g -> ran.contains(g.key()) && g.ownRatePerSec() != null)
                .mapToDouble(Breakdown.GroupFigures::ownRatePerSec).average();
        return mean.isPresent() ? mean.getAsDouble() : null;
    }

    private static String withRatio(Double value, Double first) {
        if (value == null) {
            return null;
        }
        String v = SweepTable.format(value);
        if (first == null || first <= 0) {
            return v;
        }
        return v + String.format(Locale.ROOT, " (%.2fx)", value / first);
    }
}
