package org.orbscope.postprocess.report;

import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.ServerStages;
import org.orbscope.postprocess.point.PointSummary;
import org.orbscope.postprocess.stats.Summary;

/** report/report.md: the tables of the HTML report, for terminals and diffs. */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    public static String render(RunData run) {
        StringBuilder b = new StringBuilder();
        b.append("# orbscope report: ").append(run.scenarioName()).append("\n\nRun `").append(run.runName())
                .append("`, generated ").append(run.generated()).append(".\n\n");
        if (!run.description().isEmpty()) {
            b.append(run.description()).append("\n\n");
        }
        if (!run.points().isEmpty()) {
            run.points().get(0).summary.facts.forEach(f -> b.append("- ").append(f).append('\n'));
            b.append('\n');
        }
        b.append("## Sweep table\n\n");
        table(b, SweepTable.shown(run.points().stream().map(a -> a.summary).toList()), run.points());
        List<PivotTables.Pivot> pivots = PivotTables.of(run);
        if (!pivots.isEmpty()) {
            b.append("\n## Matrices\n\nCells: mean (5th-95th percentile), ms.\n");
            pivots.forEach(p -> table(b, p.table(), "###"));
        }
        List<Table> groups = GroupSweepTables.of(run);
        if (!groups.isEmpty()) {
            b.append("\n## Groups across the sweep\n");
            groups.forEach(t -> table(b, t, "###"));
        }
        b.append("\n## Latency distribution\n");
        table(b, LatencyFigures.spectrumTable("spectrum", run.points()), "###");
        List<Table> regression = RegressionTables.of(RegressionTables.groups(run));
        if (!regression.isEmpty()) {
            b.append("\n## Regression\n");
            regression.forEach(t -> table(b, t, "###"));
        }
        for (PointAnalysis a : run.points()) {
            PointSummary p = a.summary;
            b.append("\n## Point ").append(p.name).append("\n\n");
            p.notes.forEach(n -> b.append("- **note:** ").append(n).append('\n'));
            b.append("- client: ").append(p.client.records).append(" records, ").append(p.client.ok).append(" ok, ")
                    .append(p.client.failed).append(" failed, ").append(p.client.notSent).append(" not sent\n");
            if (p.servers == null) {
                // Several servers have a trace each: their rows in the server table below say what they hold.
                b.append("- server trace: ").append(p.server.trace).append(", ").append(p.server.requests)
                        .append(" requests, ").append(p.server.complete).append(" complete, ")
                        .append(p.server.incomplete).append(" incomplete, ").append(p.server.rejected)
                        .append(" rejected, ").append(p.server.probes).append(" before the workload, ")
                        .append(p.server.matchedToClient).append(" paired with client records, ")
                        .append(p.server.measured).append(" measured\n");
            }
            b.append('\n');
            servers(b, p);
            if (p.hosts != null) {
                b.append("| ").append(String.join(" | ", HostsTable.HEADER)).append(" |\n|")
                        .append("---|".repeat(HostsTable.HEADER.length)).append('\n');
                HostsTable.rows(p).forEach(r -> b.append("| ").append(String.join(" | ", r)).append(" |\n"));
                b.append('\n').append(HostsTable.spread(p)).append("\n\n");
            }
            if (!p.stages.isEmpty()) {
                stages(b, p.stages);
            }
            if (!p.makeUp.isEmpty()) {
                b.append("| make-up (mean ms) |");
                for (String part : ServerStages.PARTS) {
                    b.append(' ').append(part).append(" |");
                }
                b.append("\n|---|").append("---:|".repeat(ServerStages.PARTS.size())).append('\n');
                for (Map.Entry<String, Map<String, Double>> e : p.makeUp.entrySet()) {
                    b.append("| ").append(e.getKey()).append(" |");
                    for (String part : ServerStages.PARTS) {
                        b.append(' ').append(SweepTable.format(e.getValue().get(part))).append(" |");
                    }
                    b.append('\n');
                }
                b.append('\n');
            }
            BreakdownTables.of(p, true).forEach(t -> table(b, t, "###"));
            Summary c = p.client.response;
            if (c != null && c.count() > 0) {
                b.append("Client response: mean ").append(SweepTable.format(c.meanMs())).append(" ms, p99 ")
                        .append(SweepTable.format(c.p99Ms())).append(" ms");
                if (p.networkAndClientMs != null) {
                    b.append(" (mean minus server completion: ").append(SweepTable.format(p.networkAndClientMs))
                            .append(" ms)");
                }
                b.append(".\n");
            }
        }
        return b.toString();
    }

    /** Each of several servers: its row of figures, then its stage table when it was traced. */
    private static void servers(StringBuilder b, PointSummary p) {
        List<List<String>> rows = ServerTable.rows(p);
        if (rows.isEmpty()) {
            return;
        }
        b.append("| ").append(String.join(" | ", ServerTable.HEADERS)).append(" |\n|")
                .append("---|".repeat(ServerTable.HEADERS.size())).append('\n');
        rows.forEach(r -> b.append("| ").append(String.join(" | ", r)).append(" |\n"));
        b.append('\n');
        p.servers.forEach((name, f) -> {
            if (!f.stages.isEmpty()) {
                b.append("Stages of server ").append(name).append(" (stages-").append(name).append(".csv):\n\n");
                stages(b, f.stages);
            }
        });
    }

    private static void stages(StringBuilder b, Map<String, Summary> stages) {
        b.append("| stage | n | mean ms | variance ms^2 | p50 | p90 | p95 | p99 | max |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map.Entry<String, Summary> e : stages.entrySet()) {
            Summary s = e.getValue();
            b.append("| ").append(e.getKey()).append(" | ").append(s.count());
            for (Double d : new Double[] {s.meanMs(), s.varianceMs2(), s.p50Ms(), s.p90Ms(), s.p95Ms(),
                    s.p99Ms(), s.maxMs()}) {
                b.append(" | ").append(SweepTable.format(d));
            }
            b.append(" |\n");
        }
        b.append('\n');
    }

    /** A {@link Table} under a heading ({@code ###}): a spread reads "mean (p5-p95)". */
    static void table(StringBuilder b, Table t, String heading) {
        b.append('\n').append(heading).append(' ').append(t.title()).append("\n\n");
        if (!t.note().isEmpty()) {
            b.append(t.note()).append("\n\n");
        }
        if (t.rows().isEmpty()) {
            return;
        }
        b.append('|');
        t.headers().forEach(h -> b.append(' ').append(h.replace("|", "\\|")).append(" |"));
        b.append("\n|").append("---|".repeat(t.headers().size())).append('\n');
        for (List<Object> row : t.rows()) {
            b.append('|');
            row.forEach(v -> b.append(' ').append(SweepTable.format(v).replace("|", "\\|")).append(" |"));
            b.append('\n');
        }
    }

    private static void table(StringBuilder b, List<SweepTable.Column> cols, List<PointAnalysis> points) {
        b.append('|');
        cols.forEach(c -> b.append(' ').append(c.header()).append(" |"));
        b.append("\n|");
        cols.forEach(c -> b.append("---|"));
        b.append('\n');
        for (PointAnalysis p : points) {
            b.append('|');
            cols.forEach(c -> b.append(' ').append(SweepTable.format(c.value().apply(p.summary))).append(" |"));
            b.append('\n');
        }
    }
}
