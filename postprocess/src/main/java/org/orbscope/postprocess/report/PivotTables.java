package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.postprocess.sweep.SweepAxes;
import org.orbscope.postprocess.sweep.SweepAxis;

/**
 * Matrices in the style of Beekhuis's Appendix E: the first swept axis as rows and the last as columns (his data
 * type x data size), each cell the mean with the 5th and 95th percentile, one matrix per combination of the axes
 * between them (his four matrices: array or sequence x in or in-out). Drawn for the client's response time, and
 * the server's completion time when traced.
 */
final class PivotTables {
    /** A matrix and the values of the axes it holds fixed. */
    record Pivot(Map<String, String> fixed, String measure, Table table) {
    }

    private PivotTables() {
    }

    /** The matrices of a run: none for fewer than two axes or a zipped sweep. */
    static List<Pivot> of(RunData run) {
        SweepAxes axes = run.axes();
        List<Pivot> out = new ArrayList<>();
        if (axes.axes().size() < 2 || axes.zip()) {
            return out;
        }
        int n = axes.axes().size();
        SweepAxis rows = axes.axes().get(0);
        SweepAxis cols = axes.axes().get(n - 1);
        List<SweepAxis> fixed = axes.axes().subList(1, n - 1);
        boolean traced = run.points().stream().anyMatch(p -> p.server().stages().containsKey("completion"));
        Map<String, List<PointAnalysis>> blocks = SweepAxes.group(fixed, run.points(), PointAnalysis::params);
        int i = 0;
        for (Map.Entry<String, List<PointAnalysis>> block : blocks.entrySet()) {
            Map<String, String> fixedValues = new java.util.LinkedHashMap<>();
            fixed.forEach(a -> fixedValues.put(a.label(), a.valueOf(block.getValue().get(0).params())));
            out.add(new Pivot(fixedValues, "client response",
                    matrix("pivot-" + i, "Client response time (ms)", block.getKey(), rows, cols, block.getValue(),
                            p -> p.client().response())));
            if (traced) {
                out.add(new Pivot(fixedValues, "server completion",
                        matrix("pivot-completion-" + i, "Server completion time (ms)", block.getKey(), rows, cols,
                                block.getValue(), p -> p.server().stages().get("completion"))));
            }
            i++;
        }
        return out;
    }

    private static Table matrix(String id, String what, String fixedKey, SweepAxis rows, SweepAxis cols,
                                List<PointAnalysis> points, Function<PointAnalysis, Summary> stat) {
        List<String> headers = new ArrayList<>();
        headers.add(rows.label() + " \\ " + cols.title());
        headers.addAll(cols.values());
        Table.Builder t = new Table.Builder(id, what + ": " + rows.label() + " x " + cols.label()
                + (fixedKey.isEmpty() ? "" : ", " + fixedKey), "mean (5th-95th percentile)", headers);
        for (String r : rows.values()) {
            Object[] cells = new Object[headers.size()];
            cells[0] = r;
            for (int c = 0; c < cols.values().size(); c++) {
                for (PointAnalysis a : points) {
                    Map<String, String> params = a.params();
                    if (r.equals(rows.valueOf(params)) && cols.values().get(c).equals(cols.valueOf(params))) {
                        Summary s = stat.apply(a);
                        cells[c + 1] = s == null || s.meanMs() == null ? null
                                : new Table.Spread(s.meanMs(), s.p5Ms(), s.p95Ms());
                    }
                }
            }
            t.row(Arrays.asList(cells));
        }
        return t.build();
    }
}
