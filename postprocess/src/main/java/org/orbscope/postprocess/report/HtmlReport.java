package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.ClientPart;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.ServerStages;
import org.orbscope.postprocess.point.Utilization;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;

/** report/index.html: one self-contained page (inline CSS and SVG, no scripts, no network). */
public final class HtmlReport {
    static final String CSS = "body{font-family:sans-serif;margin:2em;max-width:1200px;color:#222}"
            + "table{border-collapse:collapse;margin:0.5em 0 1em}td,th{border:1px solid #bbb;padding:3px 7px;"
            + "text-align:right}th{background:#eee}td:first-child,th:first-child{text-align:left}"
            + ".warn{color:#a40000}.ok{color:#176317}details{margin:0.6em 0;border:1px solid #ccc;padding:0.4em 1em}"
            + "summary{font-weight:bold;cursor:pointer}pre{background:#f6f6f6;padding:0.6em;overflow:auto}"
            + ".charts{display:flex;flex-wrap:wrap;gap:10px}dt{font-weight:bold}dd{margin:0 0 0.4em 1.5em}"
            // The sweep table's most-read columns fit a page 1280 pixels wide: headers wrap, numbers do not, a long
            // point name (a zipped sweep's) breaks; the rest of Harkema et al.'s columns are in a detail table.
            // A table wider still scrolls inside its own box rather than widening the page.
            + ".wide{overflow-x:auto}.sweep{font-size:0.85em}.sweep td{white-space:nowrap}"
            + ".sweep td:first-child{white-space:normal;overflow-wrap:anywhere;min-width:7em;max-width:22em}"
            + ".sweep th{font-weight:normal}";

    private HtmlReport() {
    }

    /** A page the report links to from its introduction. */
    public record Link(String href, String text) {
    }

    public static String render(RunData run) {
        return render(run, List.of());
    }

    public static String render(RunData run, List<Link> links) {
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>orbscope report: ")
                .append(Svg.esc(run.scenarioName())).append("</title><style>").append(CSS).append("</style></head><body>");
        b.append("<h1>orbscope report: ").append(Svg.esc(run.scenarioName())).append("</h1>");
        b.append("<p>Run <code>").append(Svg.esc(run.runName())).append("</code>, report generated ")
                .append(Svg.esc(run.generated())).append(". ").append(Svg.esc(run.description())).append("</p>");
        for (Link l : links) {
            b.append("<p class=\"link\"><a href=\"").append(Svg.esc(l.href())).append("\">").append(Svg.esc(l.text()))
                    .append("</a></p>");
        }
        TrustBox.html(b, run.points());
        whatRan(b, run);
        b.append("<h2 id=\"sweep\">").append(run.points().size() == 1 ? "Summary table" : "Sweep table")
                .append("</h2>");
        sweepTables(b, run);
        SweepFigures.render(b, run);
        pivots(b, run);
        List<Table> groups = GroupSweepTables.of(run);
        if (!groups.isEmpty()) {
            b.append("<h2 id=\"groups\">Groups across the sweep</h2>");
            groups.forEach(t -> table(b, t, "h3"));
        }
        Table little = LittlesLawTable.of(run);
        if (little != null) {
            table(b, little, "h2");
        }
        // A trace on its own has no client: no response times to draw against throughput or as a spectrum.
        boolean client = run.points().stream().anyMatch(p -> p.client().records() > 0);
        if (client) {
            b.append("<h2 id=\"throughput\">Response time against throughput</h2><p>Each point at the throughput it "
                    + "achieved (requests answered per second); dashed, the queueing model's completion time as the "
                    + "arrival rate rises from 5% to 95% of the rate that saturates the server's CPU.</p>")
                    .append(ThroughputFigure.render("throughput", run));
            latency(b, run);
        }
        regression(b, run);
        b.append("<h2 id=\"points\">Per-point drill-down</h2>");
        for (PointAnalysis p : run.points()) {
            point(b, p, run.points().size() == 1);
        }
        glossary(b);
        b.append("</body></html>\n");
        return b.toString();
    }

    /**
     * The sweep table in two parts: the columns read first, then (folded) the model's predictions and the CPU
     * figures, each part narrow enough for the page.
     */
    private static void sweepTables(StringBuilder b, RunData run) {
        List<SweepTable.Column> shown = SweepTable.shown(run.points());
        List<SweepTable.Column> first = shown.stream().filter(c -> SweepTable.FIRST.contains(c.csvName())).toList();
        List<SweepTable.Column> rest = new ArrayList<>(List.of(shown.get(0)));
        shown.stream().filter(c -> !SweepTable.FIRST.contains(c.csvName())).forEach(rest::add);
        b.append(run.points().size() == 1 ? "<p>One row, shaped like those of Tables 1-2 of Harkema et al."
                : "<p>One row per sweep point, shaped like Tables 1-2 of Harkema et al.").append(" Times are means "
                + "over the measured requests. <em>Measured</em> utilization is the CPU of the server's application "
                + "threads (the ORB's receivers and dispatchers, which execute the requests); the utilization check "
                + "compares it with the arrival rate &times; CPU time per request, and says DIFFERS when the two are "
                + "more than 5% apart.");
        if (run.points().stream().allMatch(p -> "process".equals(p.utilization().basis()))) {
            b.append(" Here the CPU samples count the whole process only (a trace's agent samples the process): "
                    + "measured utilization is the process's, and the check is not made.");
        }
        b.append("</p>");
        b.append("<div class=\"wide\">");
        table(b, "sweep-table", first, run.points());
        b.append("</div>");
        if (rest.size() > 1) {
            b.append("<details id=\"sweep-more\"><summary>The model's predictions and the CPU figures</summary><p>"
                    + "<em>Simulated</em> columns come from Harkema et al.'s queueing model calibrated with the point's "
                    + "stage table (relative error against the measurement in brackets). The <em>processor-sharing "
                    + "prediction</em> is the CPU time per request divided by one minus the utilization it causes: the "
                    + "mean response time of one CPU shared by the requests in service. <em>Calculated</em> "
                    + "utilization = arrival rate &times; CPU time per request; <em>process</em> utilization adds "
                    + "orbscope's own threads and the JVM's (JIT, GC).</p><div class=\"wide\">");
            table(b, "sweep-detail", rest, run.points());
            b.append("</div></details>");
        }
    }

    private static void whatRan(StringBuilder b, RunData run) {
        b.append("<h2>What ran</h2>");
        if (run.points().isEmpty()) {
            b.append("<p class=\"warn\">The run directory has no points.</p>");
            return;
        }
        PointAnalysis first = run.points().get(0);
        b.append("<ul>");
        for (String f : first.facts()) {
            b.append("<li>").append(Svg.esc(f)).append("</li>");
        }
        if (first.facts().isEmpty() && first.inputs().traceAlone()) {
            traceFacts(b, first);
        }
        b.append("</ul>");
        if (!run.sweptPaths().isEmpty()) {
            b.append("<p>Swept <code>").append(Svg.esc(String.join(", ", run.sweptPaths()))).append("</code> over ")
                    .append(run.points().size()).append(" points; each point is a separate server + client run.</p>");
        }
        List<String> warnings = notesByText(run.points());
        if (!warnings.isEmpty()) {
            b.append("<h3>What is missing or suspicious</h3><ul class=\"warn\">");
            warnings.forEach(w -> b.append("<li>").append(Svg.esc(w)).append("</li>"));
            b.append("</ul>");
        }
    }

    /** What a trace on its own says of the server that ran: no scenario describes it. */
    private static void traceFacts(StringBuilder b, PointAnalysis a) {
        ServerStages s = a.server();
        b.append("<li>A server orbscope did not start, recorded by its agent: ").append(s.requests())
                .append(" requests in the trace, ").append(s.measured()).append(" of them measured (complete")
                .append(s.probes() > 0 ? ", after " + s.probes() + " probes" : "").append(")</li>");
        if (s.roles() != null) {
            b.append("<li>Stage roles: ").append(Svg.esc(s.roles())).append("</li>");
        }
        if (a.utilization().cpus() != null) {
            b.append("<li>Utilization relative to the ").append(a.utilization().cpus())
                    .append(" CPU(s) the server's JVM could use</li>");
        }
    }

    /**
     * The points' notes, each said once: with the point it is about, or "every point" / the points that share it
     * (an unpinned server is the same note at every point).
     */
    static List<String> notesByText(List<PointAnalysis> points) {
        Map<String, List<String>> byText = new java.util.LinkedHashMap<>();
        for (PointAnalysis p : points) {
            for (String n : p.notes()) {
                byText.computeIfAbsent(n, k -> new ArrayList<>()).add(p.name());
            }
        }
        List<String> out = new ArrayList<>();
        // Monitoring off is what ran (its facts say so), not something missing.
        byText.remove(ServerStages.NOT_MONITORED);
        byText.forEach((note, names) -> out.add((names.size() == points.size() && points.size() > 1 ? "every point"
                : String.join(", ", names)) + ": " + note));
        return out;
    }

    static void table(StringBuilder b, String id, List<SweepTable.Column> cols, List<PointAnalysis> points) {
        b.append("<table id=\"").append(id).append("\" class=\"sweep\"><thead><tr>");
        cols.forEach(c -> b.append("<th>").append(Svg.esc(c.header())).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (PointAnalysis p : points) {
            b.append("<tr>");
            for (SweepTable.Column c : cols) {
                Object v = c.value().apply(p);
                String cls = "DIFFERS".equals(v) ? " class=\"warn\"" : "ok".equals(v) ? " class=\"ok\"" : "";
                b.append("<td").append(cls).append('>');
                if ("point".equals(c.csvName())) {
                    b.append("<a href=\"#p-").append(anchor(p.name())).append("\">")
                            .append(Svg.esc(SweepTable.format(v))).append("</a>");
                } else {
                    b.append(Svg.esc(SweepTable.format(v)));
                }
                b.append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>");
    }

    /**
     * A point's drill-down: what ran, its notes, its requests, stages, breakdown and charts; {@code only} when it is
     * the run's only point, whose spectrum the latency section draws.
     */
    private static void point(StringBuilder b, PointAnalysis a, boolean only) {
        // The only point's drill-down is the page's substance: open.
        b.append("<details id=\"p-").append(anchor(a.name())).append(only ? "\" open" : "\"").append("><summary>Point ")
                .append(Svg.esc(a.name()))
                .append(a.offeredRatePerMs() != null ? " (" + SweepTable.format(a.offeredRatePerMs()) + " req/ms)" : "")
                .append("</summary>");
        b.append("<ul>");
        a.facts().forEach(f -> b.append("<li>").append(Svg.esc(f)).append("</li>"));
        b.append("</ul>");
        if (!a.notes().isEmpty()) {
            b.append("<ul class=\"warn\">");
            a.notes().forEach(n -> b.append("<li>").append(Svg.esc(n)).append("</li>"));
            b.append("</ul>");
        }
        requests(b, a);
        Table repetitions = RepetitionTable.of(a);
        if (repetitions != null) {
            table(b, repetitions, "h4");
        }
        if (a.hosts().hosts() != null) {
            hosts(b, a);
        }
        if (a.servers() != null) {
            servers(b, a);
        } else if (!a.server().stages().isEmpty()) {
            b.append("<h4>Stages (ms)</h4>");
            statsTable(b, a.server().stages());
            if (!a.server().makeUp().isEmpty()) {
                b.append("<h4>Make-up of each stage (mean ms)</h4>");
                makeUpTable(b, a.server().makeUp());
            }
        } else {
            b.append("<p class=\"warn\">No stage data for this point.</p>");
        }
        if (a.client().records() > 0 || !a.inputs().traceAlone()) {
            responseBesideCompletion(b, a);
        }
        if (a.servers() == null) {
            utilization(b, a);
        }
        breakdown(b, a);
        charts(b, a, only);
        if (!a.scenarioText().isEmpty()) {
            b.append("<h4>Scenario of this point (point.yaml)</h4><pre>").append(Svg.esc(a.scenarioText()))
                    .append("</pre>");
        }
        b.append("</details>");
    }

    /** The point's requests as the client and the server trace counted them. */
    private static void requests(StringBuilder b, PointAnalysis a) {
        ClientPart c = a.client();
        ServerStages s = a.server();
        b.append("<h4>Requests</h4><p>");
        if (c.records() > 0 || !a.inputs().traceAlone()) {
            b.append("Client: ").append(c.records()).append(" records, ").append(c.ok()).append(" ok, ")
                    .append(c.failed()).append(" failed, ").append(c.notSent()).append(" not sent")
                    .append(c.sessionsInWords()).append(". ");
        }
        if (SweepTable.unread(a) != null) {
            // No trace read: its counts would all be zero, which reads as requests lost.
            b.append("Server: ").append(Svg.esc(SweepTable.unread(a))).append(".</p>");
            return;
        }
        b.append("Server trace: ").append(s.requests()).append(" requests (").append(s.complete()).append(" complete, ")
                .append(s.incomplete()).append(" incomplete, ").append(s.rejected()).append(" rejected), ")
                .append(s.probes()).append(" before the workload (warm-up and reachability checks), ")
                .append(a.inputs().traceAlone() ? "" : s.matchedToClient() + " paired with client records, ")
                .append(s.measured()).append(" measured, ").append(s.droppedEvents())
                .append(" dropped events").append(s.truncated() ? ", trace truncated" : "").append(".</p>");
    }

    private static void hosts(StringBuilder b, PointAnalysis a) {
        b.append("<h4>Hosts</h4><table><thead><tr>");
        for (String h : HostsTable.HEADER) {
            b.append("<th>").append(Svg.esc(h)).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (String[] row : HostsTable.rows(a)) {
            b.append("<tr>");
            for (String c : row) {
                b.append("<td>").append(Svg.esc(c)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table><p>").append(Svg.esc(HostsTable.spread(a))).append("</p>");
    }

    /** The client's response time beside the server's completion time, and the difference of their means. */
    private static void responseBesideCompletion(StringBuilder b, PointAnalysis a) {
        b.append("<h4>Client response beside server completion (ms)</h4><table class=\"compare\"><thead><tr><th></th>"
                + "<th>mean</th><th>p50</th><th>p90</th><th>p99</th><th>max</th></tr></thead><tbody>");
        compareRow(b, "client response", a.client().response());
        compareRow(b, "server completion", a.server().stages().get("completion"));
        b.append("</tbody></table>");
        if (a.networkAndClientMs() != null) {
            b.append("<p>Difference of the means (network + client ORB + server 2nd phases not in completion): ")
                    .append(SweepTable.format(a.networkAndClientMs())).append(" ms.</p>");
        }
    }

    private static void breakdown(StringBuilder b, PointAnalysis a) {
        List<Table> breakdown = BreakdownTables.of(a, true);
        if (!breakdown.isEmpty() && BreakdownTables.traceOnly(a)) {
            b.append("<h4>Requests by object and operation</h4><p>As the server trace names them (the ORB's request "
                    + "headers; (unknown) where it does not); times are the server's completion "
                    + "times (ms) of the measured requests.</p>");
            breakdown.forEach(t -> table(b, t, "h5"));
        } else if (!breakdown.isEmpty()) {
            b.append("<h4>Requests by object, operation, process and client</h4><p>Throughput is requests answered "
                    + "ok per second of the point; times are the client's response times (ms); the server columns "
                    + "cover the requests paired with a client record.</p>");
            breakdown.forEach(t -> table(b, t, "h5"));
        }
    }

    /** The point's charts: spectrum (unless {@code only}), timeline, histograms, make-up and CPU over the run. */
    private static void charts(StringBuilder b, PointAnalysis a, boolean only) {
        b.append("<div class=\"charts\">");
        if (a.client().spectrum() != null && !only) {
            b.append(LatencyFigures.spectrumChart("spectrum-" + anchor(a.name()), "Percentile spectrum: client "
                    + "response time", List.of(new LatencyFigures.Named(a.name(), a.client().spectrum()))));
        }
        boolean timeline = a.timeline() != null && !a.timeline().seconds().isEmpty();
        if (timeline) {
            b.append(LatencyFigures.timelineChart("timeline-" + anchor(a.name()), a.timeline()));
        }
        Map<String, Distribution> distributions = a.server().distributions();
        for (String stage : new String[] {"completion", "queue", "receiver", "dispatcher", "servant"}) {
            if (distributions.containsKey(stage) && !distributions.get(stage).isEmpty()) {
                Histograms.Bins bins = Histograms.of(distributions.get(stage));
                b.append(Svg.histogram("Distribution: " + stage + " time", "ms", bins.counts(), bins.widthMs()));
            }
        }
        Distribution response = a.client().responseDistribution();
        if (response != null && !response.isEmpty()) {
            Histograms.Bins bins = Histograms.of(response);
            b.append(Svg.histogram("Distribution: client response time", "ms", bins.counts(), bins.widthMs()));
        }
        if (!a.server().makeUp().isEmpty()) {
            b.append(makeUpChart(a.server().makeUp()));
        }
        double[][] series = a.utilization().series();
        // The timeline draws the server's CPU on the clients' time axis: drawn once, there.
        if (series.length > 1 && !timeline) {
            double t0 = series[0][0];
            double[] x = new double[series.length];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = (series[i][0] - t0) / 1e9;
                y[i] = 100 * series[i][1];
            }
            b.append(Svg.lineChart("Server CPU utilization over the " + (a.inputs().traceAlone() ? "recording"
                    : "run"), "seconds from the first CPU sample", "%",
                    List.of(new Svg.Series("process CPU", x, y, null, null, false))));
        }
        b.append("</div>");
    }

    private static String makeUpChart(Map<String, Map<String, Double>> makeUp) {
        List<String> cats = new ArrayList<>(makeUp.keySet());
        List<String> parts = ServerStages.PARTS;
        double[][] v = new double[cats.size()][parts.size()];
        for (int i = 0; i < cats.size(); i++) {
            for (int j = 0; j < parts.size(); j++) {
                Double d = makeUp.get(cats.get(i)).get(parts.get(j));
                v[i][j] = d == null ? Double.NaN : d;
            }
        }
        return Svg.stackedBars("Stage make-up (mean)", "ms", cats, parts.toArray(String[]::new), v);
    }

    /** Each of several servers: a row of its figures, then its stages and notes when it was traced. */
    private static void servers(StringBuilder b, PointAnalysis p) {
        b.append("<h4>Servers</h4><table class=\"stages\"><thead><tr>");
        ServerTable.HEADERS.forEach(h -> b.append("<th>").append(Svg.esc(h)).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (List<String> row : ServerTable.rows(p)) {
            b.append("<tr>");
            row.forEach(c -> b.append("<td>").append(Svg.esc(c)).append("</td>"));
            b.append("</tr>");
        }
        b.append("</tbody></table>");
        p.servers().forEach((name, f) -> {
            if (!f.notes().isEmpty()) {
                b.append("<ul class=\"warn\">");
                f.notes().forEach(n -> b.append("<li>").append(Svg.esc(name)).append(": ").append(Svg.esc(n))
                        .append("</li>"));
                b.append("</ul>");
            }
            if (!f.stages().stages().isEmpty()) {
                b.append("<h4>Stages of server ").append(Svg.esc(name)).append(" (ms)</h4>");
                statsTable(b, f.stages().stages());
            }
        });
    }

    private static void utilization(StringBuilder b, PointAnalysis p) {
        Utilization u = p.utilization();
        b.append("<h4>CPU utilization").append("process".equals(u.basis()) ? "" : " sanity check").append("</h4><p>");
        if (u.measured() == null) {
            b.append("Measured utilization unknown: fewer than two usable process CPU samples ")
                    .append(p.inputs().traceAlone() ? "in the trace." : "in server/system.csv.");
        } else {
            b.append("Measured ").append(SweepTable.format(100 * u.measured())).append("% of ").append(u.cpus())
                    .append(" CPU(s) by the ").append(Svg.esc(u.basis())).append(" over ")
                    .append(SweepTable.format(u.windowSec())).append(" s");
            if (u.process() != null && u.tooling() != null && u.jvm() != null) {
                b.append(" (whole process ").append(SweepTable.format(100 * u.process()))
                        .append("%: orbscope's threads ").append(SweepTable.format(100 * u.tooling()))
                        .append("%, JVM-internal threads ")
                        .append(SweepTable.format(100 * u.jvm())).append("%)");
            }
            if (u.calculated() != null) {
                b.append("; arrival rate ").append(SweepTable.format(p.server().serverRatePerMs()))
                        .append(" req/ms &times; CPU ")
                        .append(SweepTable.format(p.server().cpuPerRequestMs())).append(" ms = ")
                        .append(SweepTable.format(100 * u.calculated())).append("%");
                if (u.agree() == null && "process".equals(u.basis())) {
                    b.append(" (not checked against the whole process: its JIT, GC and orbscope's threads are in no "
                            + "request's CPU time)");
                } else if (u.agree() != null) {
                    b.append(": ").append(u.agree() ? "<span class=\"ok\">agree within 5%</span>"
                            : "<span class=\"warn\">differ by more than 5%</span>");
                }
            } else {
                b.append("; no CPU time per request known, so the check cannot be made");
            }
            b.append('.');
        }
        b.append("</p>");
    }

    private static void statsTable(StringBuilder b, Map<String, Summary> stages) {
        b.append("<table class=\"stages\"><thead><tr><th>stage</th><th>n</th><th>mean</th><th>variance (ms&sup2;)</th>"
                + "<th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th></tr></thead><tbody>");
        for (Map.Entry<String, Summary> e : stages.entrySet()) {
            Summary s = e.getValue();
            b.append("<tr><td>").append(e.getKey()).append("</td><td>").append(s.count()).append("</td>");
            for (Double d : new Double[] {s.meanMs(), s.varianceMs2(), s.p50Ms()}) {
                b.append("<td>").append(SweepTable.format(d)).append("</td>");
            }
            tail(b, s);
            b.append("</tr>");
        }
        b.append("</tbody></table>");
    }

    private static void makeUpTable(StringBuilder b, Map<String, Map<String, Double>> makeUp) {
        b.append("<table class=\"makeup\"><thead><tr><th>stage</th>");
        for (String part : ServerStages.PARTS) {
            b.append("<th>").append(part).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Map.Entry<String, Map<String, Double>> e : makeUp.entrySet()) {
            b.append("<tr><td>").append(e.getKey()).append("</td>");
            for (String part : ServerStages.PARTS) {
                b.append("<td>").append(SweepTable.format(e.getValue().get(part))).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>");
    }

    private static void pivots(StringBuilder b, RunData run) {
        List<PivotTables.Pivot> pivots = PivotTables.of(run);
        if (pivots.isEmpty()) {
            return;
        }
        b.append("<h2 id=\"pivots\">Matrices</h2><p>The first swept axis as rows and the last as columns, as "
                + "Beekhuis's Appendix E gives them (data type x data size): each cell is the mean with the 5th and "
                + "95th percentile below it (90% of the requests took between the two); one matrix per combination "
                + "of the axes between them.</p>");
        pivots.forEach(p -> table(b, p.table(), "h3"));
    }

    private static void latency(StringBuilder b, RunData run) {
        b.append("<h2 id=\"latency\">Latency distribution</h2><p>The percentile spectrum of every point's client "
                + "response time, as HdrHistogram's plotter and wrk2 draw it: the x axis is 1/(1-p) on a log scale, "
                + "so 90%, 99% and 99.9% are equally far apart and the tail is as wide as the body. ")
                .append(run.points().size() == 1 ? "The drill-down has its percentiles second by second."
                        : "Each point's drill-down has its own spectrum and its percentiles second by second.")
                .append("</p>");
        List<LatencyFigures.Named> spectra = new ArrayList<>();
        run.points().forEach(a -> spectra.add(new LatencyFigures.Named(a.name(), a.client().spectrum())));
        b.append(LatencyFigures.spectrumChart("spectrum-overlay", "Percentile spectrum of every point", spectra));
        table(b, LatencyFigures.spectrumTable("spectrum", run.points()), "h3");
    }

    private static void regression(StringBuilder b, RunData run) {
        List<Table> tables = RegressionTables.of(RegressionTables.groups(run));
        if (tables.isEmpty()) {
            return;
        }
        b.append("<h2 id=\"regression\">Regression</h2><p>The points' mean client response time regressed on the "
                + "numeric swept axes, as Beekhuis's Appendix G does (Apache Commons Math: least squares for the "
                + "linear model, Levenberg-Marquardt for the power law, whose standard errors are asymptotic).</p>");
        tables.forEach(t -> table(b, t, "h3"));
    }

    /** A {@link Table} under a heading of level {@code h}: a spread as its mean over its 5th-95th band. */
    static void table(StringBuilder b, Table t, String h) {
        b.append('<').append(h).append('>').append(Svg.esc(t.title())).append("</").append(h).append('>');
        if (!t.note().isEmpty()) {
            b.append("<p class=\"note\">").append(Svg.esc(t.note())).append("</p>");
        }
        if (t.rows().isEmpty()) {
            // A model not fitted: its note says why, an empty grid would say nothing more.
            return;
        }
        b.append("<div class=\"wide\"><table id=\"").append(Svg.esc(t.id())).append("\" class=\"tbl\"><thead><tr>");
        t.headers().forEach(c -> b.append("<th>").append(Svg.esc(c)).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (List<Object> row : t.rows()) {
            b.append("<tr>");
            for (Object v : row) {
                if (v instanceof Table.Spread s) {
                    b.append("<td class=\"spread\">").append(SweepTable.format(s.mean())).append("<br><small>")
                            .append(SweepTable.format(s.p5())).append("&ndash;").append(SweepTable.format(s.p95()))
                            .append("</small></td>");
                } else if (v instanceof Table.Ratio r) {
                    b.append(r.differs() ? "<td class=\"warn\">" : "<td>").append(Svg.esc(r.toString())).append("</td>");
                } else {
                    b.append("<td>").append(Svg.esc(SweepTable.format(v))).append("</td>");
                }
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></div>");
    }

    private static void compareRow(StringBuilder b, String name, Summary s) {
        b.append("<tr><td>").append(name).append("</td>");
        if (s == null) {
            b.append("<td>-</td>".repeat(5)).append("</tr>");
            return;
        }
        b.append("<td>").append(SweepTable.format(s.meanMs())).append("</td><td>").append(SweepTable.format(s.p50Ms()))
                .append("</td><td>").append(SweepTable.format(s.p90Ms())).append("</td>");
        b.append("<td>").append(Svg.esc(SweepTable.format(s.p99Ms() == null ? null
                : LatencyFigures.percentile(s.p99Ms(), 99, s.count())))).append("</td><td>")
                .append(SweepTable.format(s.maxMs())).append("</td></tr>");
    }

    /** p90, p95, p99 and max of {@code s}: a percentile the sample cannot resolve marked "= max". */
    private static void tail(StringBuilder b, Summary s) {
        double[] levels = {90, 95, 99};
        Double[] values = {s.p90Ms(), s.p95Ms(), s.p99Ms()};
        for (int i = 0; i < levels.length; i++) {
            b.append("<td>").append(Svg.esc(SweepTable.format(values[i] == null ? null
                    : LatencyFigures.percentile(values[i], levels[i], s.count())))).append("</td>");
        }
        b.append("<td>").append(SweepTable.format(s.maxMs())).append("</td>");
    }

    /** The stages as every ORB profile maps them: the roles, not one ORB's classes. */
    private static void glossary(StringBuilder b) {
        b.append("<h2>How to read the stages</h2><p>The stages are the roles an ORB profile gives the ORB's own "
                + "methods (docs/profiles.md has each shipped ORB's); "
                + "every ORB has them, whatever its classes are called.</p><dl>"
                + "<dt>receiver</dt><dd>1st phase of the thread that reads the request: from its GIOP message "
                + "header being read off the socket to the request being handed on to a dispatcher (put into the "
                + "object adapter's queue, or given to a worker thread).</dd>"
                + "<dt>queue</dt><dd>Waiting to be dispatched: time in the ORB's request queue, including waiting for "
                + "a free dispatcher thread of its pool and the hand-over to it (JacORB's RequestController, the "
                + "thread pools of glassfish-corba, Yoko and the JDK's ORB). Zero when the ORB runs the request on "
                + "the thread that read it.</dd>"
                + "<dt>dispatcher</dt><dd>1st phase of the thread that runs the request: the object adapter's "
                + "(POA's) work, the skeleton's unmarshalling, the servant, the result's marshalling and the reply's "
                + "send.</dd>"
                + "<dt>servant</dt><dd>The skeleton's invocation (unmarshal + servant + result marshal), part of "
                + "dispatcher.</dd><dt>reply</dt><dd>Reply send, part of dispatcher.</dd>"
                + "<dt>completion</dt><dd>Receiver arrival to dispatcher 1st phase end (Harkema et al.'s completion "
                + "time).</dd><dt>receiver2, dispatcher2</dt><dd>2nd phases: clean-up after the request left the "
                + "thread.</dd><dt>cpu</dt><dd>All CPU time spent on the request by every thread, 1st and 2nd phases.</dd>"
                + "<dt>make-up</dt><dd>cpu = thread CPU time; gc = overlap with GC pauses; blocked = entering "
                + "contended monitors; wait = Object.wait; park = j.u.c. parking; rest = the remainder (runnable "
                + "but not running, I/O). For the queue, cpu/blocked/wait/park are the work of the thread that "
                + "hands the request over (a controller thread), where the ORB has one.</dd></dl>");
    }

    static String anchor(String name) {
        return name.replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
