package org.orbscope.postprocess.report;

import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.ClientPart;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.ServerStages;
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
        TrustBox.markdown(run.points()).forEach(l -> b.append(l).append('\n'));
        if (!run.points().isEmpty()) {
            run.points().get(0).facts().forEach(f -> b.append("- ").append(f).append('\n'));
            b.append('\n');
        }
        b.append("## Sweep table\n\n");
        table(b, SweepTable.shown(run.points()), run.points());
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
        Table little = LittlesLawTable.of(run);
        if (little != null) {
            b.append('\n');
            table(b, little, "##");
        }
        if (run.points().stream().anyMatch(p -> p.client().records() > 0)) {
            b.append("\n## Latency distribution\n");
            table(b, LatencyFigures.spectrumTable("spectrum", run.points()), "###");
        }
        List<Table> regression = RegressionTables.of(RegressionTables.groups(run));
        if (!regression.isEmpty()) {
            b.append("\n## Regression\n");
            regression.forEach(t -> table(b, t, "###"));
        }
        for (PointAnalysis a : run.points()) {
            point(b, a);
        }
        return b.toString();
    }

    /** A point's section: its notes, requests, servers, hosts, stages, make-up, breakdown and response. */
    private static void point(StringBuilder b, PointAnalysis p) {
        b.append("\n## Point ").append(p.name()).append("\n\n");
        p.notes().forEach(n -> b.append("- **note:** ").append(n).append('\n'));
        ClientPart c = p.client();
        if (c.records() > 0 || !p.inputs().traceAlone()) {
            b.append("- client: ").append(c.records()).append(" records, ").append(c.ok()).append(" ok, ")
                    .append(c.failed()).append(" failed, ").append(c.notSent()).append(" not sent")
                    .append(c.sessionsInWords()).append('\n');
        }
        if (p.servers() == null) {
            // Several servers have a trace each: their rows in the server table below say what they hold.
            ServerStages s = p.server();
            if (SweepTable.unread(p) != null) {
                b.append("- server: ").append(SweepTable.unread(p)).append('\n');
            } else {
                b.append("- server trace: ").append(s.trace()).append(", ").append(s.requests())
                        .append(" requests, ").append(s.complete()).append(" complete, ")
                        .append(s.incomplete()).append(" incomplete, ").append(s.rejected())
                        .append(" rejected, ").append(s.probes()).append(" before the workload, ")
                        .append(s.matchedToClient()).append(" paired with client records, ")
                        .append(s.measured()).append(" measured\n");
            }
        }
        b.append('\n');
        Table repetitions = RepetitionTable.of(p);
        if (repetitions != null) {
            table(b, repetitions, "###");
            b.append('\n');
        }
        servers(b, p);
        if (p.hosts().hosts() != null) {
            b.append("| ").append(String.join(" | ", HostsTable.HEADER)).append(" |\n|")
                    .append("---|".repeat(HostsTable.HEADER.length)).append('\n');
            HostsTable.rows(p).forEach(r -> b.append("| ").append(String.join(" | ", r)).append(" |\n"));
            b.append('\n').append(HostsTable.spread(p)).append("\n\n");
        }
        if (!p.server().stages().isEmpty()) {
            stages(b, p.server().stages());
        }
        if (!p.server().makeUp().isEmpty()) {
            makeUp(b, p.server().makeUp());
        }
        BreakdownTables.of(p, true).forEach(t -> table(b, t, "###"));
        Summary r = c.response();
        if (r != null && r.count() > 0) {
            b.append("Client response: mean ").append(SweepTable.format(r.meanMs())).append(" ms, p99 ")
                    .append(SweepTable.format(r.p99Ms())).append(" ms");
            if (p.networkAndClientMs() != null) {
                b.append(" (mean minus server completion: ").append(SweepTable.format(p.networkAndClientMs()))
                        .append(" ms)");
            }
            b.append(".\n");
        }
    }

    private static void makeUp(StringBuilder b, Map<String, Map<String, Double>> makeUp) {
        b.append("| make-up (mean ms) |");
        for (String part : ServerStages.PARTS) {
            b.append(' ').append(part).append(" |");
        }
        b.append("\n|---|").append("---:|".repeat(ServerStages.PARTS.size())).append('\n');
        for (Map.Entry<String, Map<String, Double>> e : makeUp.entrySet()) {
            b.append("| ").append(e.getKey()).append(" |");
            for (String part : ServerStages.PARTS) {
                b.append(' ').append(SweepTable.format(e.getValue().get(part))).append(" |");
            }
            b.append('\n');
        }
        b.append('\n');
    }

    /** Each of several servers: its row of figures, then its stage table when it was traced. */
    private static void servers(StringBuilder b, PointAnalysis p) {
        List<List<String>> rows = ServerTable.rows(p);
        if (rows.isEmpty()) {
            return;
        }
        b.append("| ").append(String.join(" | ", ServerTable.HEADERS)).append(" |\n|")
                .append("---|".repeat(ServerTable.HEADERS.size())).append('\n');
        rows.forEach(r -> b.append("| ").append(String.join(" | ", r)).append(" |\n"));
        b.append('\n');
        p.servers().forEach((name, f) -> {
            if (!f.stages().stages().isEmpty()) {
                b.append("Stages of server ").append(name).append(" (stages-").append(name).append(".csv):\n\n");
                stages(b, f.stages().stages());
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
            cols.forEach(c -> b.append(' ').append(SweepTable.format(c.value().apply(p))).append(" |"));
            b.append('\n');
        }
    }
}
