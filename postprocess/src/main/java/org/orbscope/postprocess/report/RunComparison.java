package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.orbscope.postprocess.point.Breakdown;
import org.orbscope.postprocess.point.OrderedSample;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.RepetitionSpread;
import org.orbscope.postprocess.point.Timeline;
import org.orbscope.postprocess.point.Validity;
import org.orbscope.postprocess.stats.BatchMeans;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;

/**
 * Several runs side by side (before and after a tuning change, one ORB against another, monitored against
 * unmonitored): their points matched by name, each figure with its 95% batch-means half-width, and every run's
 * figure as a ratio to the first run's, flagged when the two differ by more than their own spread.
 */
public final class RunComparison {
    /** A figure compared across runs: its id (CSV and JSON), its heading, and how a point gives it. */
    public record Measure(String id, String title, String unit, Function<PointAnalysis, BatchMeans.Estimate> of) {
    }

    /** A figure of one point in one run, with its ratio to the first run's ({@code null} for the first run). */
    public record Cell(String run, Double value, Double halfWidth, Double ratio, boolean differs) {
    }

    /** One measure of one point across the runs (null cells where a run lacks the point or the figure). */
    public record Row(String point, String measure, List<Cell> cells) {
    }

    /** The measures compared, in report order. */
    public static final List<Measure> MEASURES = List.of(
            new Measure("response_mean_ms", "Client mean response time", "ms", RunComparison::responseMean),
            new Measure("response_p99_ms", "Client 99th percentile response time", "ms",
                    a -> series(a.client().responseSeries(), s -> BatchMeans.percentile(s, 99), a.client().response(),
                            Summary::p99Ms)),
            new Measure("throughput_per_s", "Achieved throughput", "req/s", RunComparison::throughput),
            new Measure("completion_mean_ms", "Server mean completion time", "ms",
                    a -> stageMean(a, "completion")),
            new Measure("queue_mean_ms", "Server mean queueing time", "ms", a -> stageMean(a, "queue")),
            new Measure("cpu_per_request_ms", "Server CPU per request", "ms", a -> stageMean(a, "cpu")));

    /** Points and runs a warning names one by one: the first this many. */
    private static final int FEW = 6;

    private final List<RunData> runs;
    private final List<String> names;
    private final List<String> points;
    /** Each run's scenario settings ({@link ScenarioDocument#settings}); null where its scenario is not known. */
    private final List<Map<String, String>> settings = new ArrayList<>();

    /** The runs, each named by its run directory's name. */
    public RunComparison(List<RunData> runs) {
        this(runs, List.of());
    }

    /**
     * The runs, named by {@code labels} in their order (a run past the labels by its run directory's name).
     */
    public RunComparison(List<RunData> runs, List<String> labels) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs two runs or more");
        }
        this.runs = List.copyOf(runs);
        List<String> n = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String given = i < labels.size() ? labels.get(i) : runs.get(i).runName();
            String name = given;
            for (int k = 2; n.contains(name); k++) {
                name = given + "#" + k;
            }
            n.add(name);
        }
        this.names = List.copyOf(n);
        Set<String> pts = new LinkedHashSet<>();
        runs.forEach(r -> r.points().forEach(p -> pts.add(p.name())));
        this.points = List.copyOf(pts);
        runs.forEach(r -> settings.add(settings(r)));
    }

    public List<RunData> runs() {
        return runs;
    }

    /** The runs' names as the report shows them (a repeated name gets #2, #3 ...). */
    public List<String> names() {
        return names;
    }

    /** Whether some point is in two runs or more: whether anything is compared. */
    public boolean anyMatched() {
        return points.stream().anyMatch(p -> runsWith(p).size() >= 2);
    }

    /** The names of the runs that have point {@code point}. */
    private List<String> runsWith(String point) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (point(i, point) != null) {
                out.add(names.get(i));
            }
        }
        return out;
    }

    /**
     * What makes the comparison doubtful, each in a sentence: first the points whose verdict is not valid (their
     * figures are doubtful or must not be used), then runs of different scenarios, points not in every run (or none
     * in two), a run whose scenario is not known.
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>(untrusted());
        if (runs.stream().map(RunData::scenarioName).distinct().count() > 1) {
            List<String> each = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                each.add(runs.get(i).scenarioName() + " (" + names.get(i) + ")");
            }
            out.add("the runs ran different scenarios: " + String.join(", ", each));
        }
        if (!anyMatched()) {
            List<String> each = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                each.add(names.get(i) + ": " + few(runs.get(i).points().stream().map(PointAnalysis::name).toList()));
            }
            out.add("no point is in two runs or more, so nothing is compared (points matched by name; "
                    + String.join("; ", each) + ")");
        } else {
            List<String> partial = new ArrayList<>();
            for (String p : points) {
                List<String> in = runsWith(p);
                if (in.size() < runs.size()) {
                    partial.add(p + " (only " + String.join(", ", in) + ")");
                }
            }
            if (!partial.isEmpty()) {
                out.add(partial.size() + " of " + points.size() + " points are not in every run: " + few(partial));
            }
        }
        for (int i = 0; i < runs.size(); i++) {
            if (settings.get(i) == null) {
                out.add(names.get(i) + ": its scenario.yaml is missing or does not load, so its settings are not "
                        + "compared");
            }
        }
        return out;
    }

    /** A sentence for each run with a point judged suspect or invalid, naming the points and their reasons. */
    private List<String> untrusted() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            List<String> doubtful = new ArrayList<>();
            for (PointAnalysis p : runs.get(i).points()) {
                Validity v = p.validity();
                if (v != null && v.verdict() != Validity.Verdict.VALID) {
                    doubtful.add(p.name() + " is " + v.verdict().label() + " (" + v.sentences() + ")");
                }
            }
            if (!doubtful.isEmpty()) {
                out.add(names.get(i) + ": " + few(doubtful));
            }
        }
        return out;
    }

    /** The first few of {@code items}, and how many more. */
    private static String few(List<String> items) {
        int shown = Math.min(items.size(), FEW);
        String s = items.isEmpty() ? "none" : String.join(", ", items.subList(0, shown));
        return items.size() > shown ? s + " and " + (items.size() - shown) + " more" : s;
    }

    /** A scenario setting and its value in each run (null: the run's scenario does not set it). */
    public record Setting(String path, List<String> values) {
    }

    /**
     * The settings of the runs' scenarios that differ, by path in document order (as {@code --set} takes them;
     * the sweep's lists under {@code sweep.}): what was changed between the runs. Runs whose scenario is not
     * known are left out.
     */
    public List<Setting> differingSettings() {
        Set<String> paths = new LinkedHashSet<>();
        settings.stream().filter(Objects::nonNull).forEach(s -> paths.addAll(s.keySet()));
        List<Setting> out = new ArrayList<>();
        for (String path : paths) {
            List<String> values = new ArrayList<>();
            settings.forEach(s -> values.add(s == null ? null : s.get(path)));
            if (settings.stream().filter(Objects::nonNull).map(s -> s.get(path)).distinct().count() > 1) {
                out.add(new Setting(path, values));
            }
        }
        return out;
    }

    /** The settings of a run's scenario, or null when its scenario.yaml is missing or does not load. */
    private static Map<String, String> settings(RunData run) {
        if (run.scenarioText().isBlank()) {
            return null;
        }
        try {
            return ScenarioLoader.parseDocument("scenario.yaml", run.scenarioText(), List.of()).settings();
        } catch (ScenarioException e) {
            return null;
        }
    }

    /** Every point name of any run: the first run's in its report order, then the others' new ones. */
    public List<String> points() {
        return points;
    }

    /** The point named {@code name} of run {@code i}, or null. */
    public PointAnalysis point(int run, String name) {
        return runs.get(run).points().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    /** Every measure of every point that some run has a figure for. */
    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Measure m : MEASURES) {
            for (String point : points) {
                Row r = row(m, point);
                if (r.cells().stream().anyMatch(c -> c.value() != null)) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    Row row(Measure m, String point) {
        List<BatchMeans.Estimate> est = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            PointAnalysis a = point(i, point);
            est.add(a == null ? null : m.of().apply(a));
        }
        BatchMeans.Estimate base = est.get(0);
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < est.size(); i++) {
            BatchMeans.Estimate e = est.get(i);
            Double value = e == null || Double.isNaN(e.value()) ? null : e.value();
            Double half = e == null || Double.isNaN(e.halfWidth()) ? null : e.halfWidth();
            Double ratio = i == 0 || value == null || base == null || Double.isNaN(base.value()) || base.value() == 0
                    ? null : value / base.value();
            boolean differs = i > 0 && e != null && base != null && base.differsFrom(e);
            cells.add(new Cell(names.get(i), value, half, ratio, differs));
        }
        return new Row(point, m.id(), cells);
    }

    /** A table per measure: a row per point, each run's figure (with its half-width), then each ratio to the first. */
    public List<Table> tables() {
        List<Table> out = new ArrayList<>();
        List<Row> rows = rows();
        for (Measure m : MEASURES) {
            List<String> headers = new ArrayList<>(List.of("point"));
            headers.add(names.get(0));
            for (String n : names.subList(1, names.size())) {
                headers.add(n);
                headers.add(n + " / " + names.get(0));
            }
            Table.Builder t = new Table.Builder("compare-" + m.id(), m.title() + " (" + m.unit() + ")",
                    "Each figure with its 95% half-width (batch means; for the mean response of a point run with "
                            + "--repeat, its mean across repetitions by Student t); a ratio is starred and red when the "
                            + "two runs differ by more than their half-widths together.", headers);
            for (Row r : rows) {
                if (!r.measure().equals(m.id())) {
                    continue;
                }
                List<Object> cells = new ArrayList<>();
                cells.add(r.point());
                for (Cell c : r.cells()) {
                    cells.add(c.value() == null ? null : new Table.Estimate(c.value(), c.halfWidth()));
                    if (c != r.cells().get(0)) {
                        cells.add(new Table.Ratio(c.ratio(), c.differs()));
                    }
                }
                t.row(cells);
            }
            if (!t.isEmpty()) {
                out.add(t.build());
            }
        }
        return out;
    }

    /**
     * Per point and dimension with two groups or more in some run: each group's mean response time (the server's
     * completion time where a run has no client's, a server trace) and throughput in every run, with the ratio of
     * means to the first run's (groups have no batch series: not flagged).
     */
    public List<Table> breakdownTables() {
        List<Table> out = new ArrayList<>();
        for (String point : points) {
            for (String dim : Breakdown.DIMENSIONS) {
                List<Map<String, Breakdown.GroupFigures>> byRun = new ArrayList<>();
                Set<String> keys = new LinkedHashSet<>();
                for (int i = 0; i < runs.size(); i++) {
                    PointAnalysis a = point(i, point);
                    Map<String, Breakdown.GroupFigures> groups = new LinkedHashMap<>();
                    if (a != null) {
                        a.breakdown().getOrDefault(dim, List.of()).forEach(g -> groups.put(g.key(), g));
                    }
                    byRun.add(groups);
                    keys.addAll(groups.keySet());
                }
                PointAnalysis first = point(0, point);
                if (keys.size() < 2 || first != null && Breakdown.redundant(first.breakdown(), dim)) {
                    continue;
                }
                // Client response times where every run has them; else the server's completion times (a trace).
                boolean response = byRun.stream().allMatch(groups -> groups.values().stream()
                        .allMatch(g -> g.response() != null));
                String measure = response ? "response" : "completion";
                List<String> headers = new ArrayList<>(List.of(dim));
                for (int i = 0; i < runs.size(); i++) {
                    headers.add(names.get(i) + " " + measure + " mean (ms)");
                    headers.add(names.get(i) + " throughput (req/s)");
                    if (i > 0) {
                        headers.add(names.get(i) + " / " + names.get(0) + " mean");
                    }
                }
                Table.Builder t = new Table.Builder("compare-breakdown-" + HtmlReport.anchor(point) + "-" + dim,
                        "Point " + point + " by " + dim, "", headers);
                for (String key : keys) {
                    List<Object> cells = new ArrayList<>(List.of(key));
                    Double base = mean(byRun.get(0).get(key), response);
                    for (int i = 0; i < runs.size(); i++) {
                        Breakdown.GroupFigures g = byRun.get(i).get(key);
                        Double mean = mean(g, response);
                        cells.add(mean);
                        cells.add(g == null ? null : g.throughputPerSec());
                        if (i > 0) {
                            cells.add(new Table.Ratio(mean == null || base == null || base == 0 ? null : mean / base,
                                    false));
                        }
                    }
                    t.row(cells);
                }
                out.add(t.build());
            }
        }
        return out;
    }

    private static Double mean(Breakdown.GroupFigures g, boolean response) {
        Summary s = g == null ? null : response ? g.response() : g.completion();
        return s == null ? null : s.meanMs();
    }

    /**
     * The client's mean response with its spread: across repetitions (Student t) for a point run with
     * {@code --repeat}, as JMH compares forks; else within the run (batch means).
     */
    static BatchMeans.Estimate responseMean(PointAnalysis a) {
        RepetitionSpread r = a.spread();
        if (r != null && r.halfWidthMs() != null) {
            return new BatchMeans.Estimate(r.meanMs(), r.halfWidthMs());
        }
        return series(a.client().responseSeries(), s -> BatchMeans.mean(s), a.client().response(), Summary::meanMs);
    }

    /** The mean of a server stage with its spread. */
    private static BatchMeans.Estimate stageMean(PointAnalysis a, String stage) {
        return series(a.server().stageSeries().get(stage), s -> BatchMeans.mean(s), a.server().stages().get(stage),
                Summary::meanMs);
    }

    /** A statistic of a series in time order with its spread; without the series, the summary's with none. */
    private static BatchMeans.Estimate series(OrderedSample sample, Function<long[], BatchMeans.Estimate> stat,
                                              Summary summary, Function<Summary, Double> fallback) {
        if (sample != null && sample.size() > 0) {
            return stat.apply(sample.values());
        }
        Double v = summary == null ? null : fallback.apply(summary);
        return v == null ? null : new BatchMeans.Estimate(v, Double.NaN);
    }

    /**
     * The achieved throughput with the spread of the requests answered per second, over the seconds the clients
     * logged (the first and last, cut short, left out).
     */
    static BatchMeans.Estimate throughput(PointAnalysis a) {
        Double rate = a.client().achievedRatePerSec();
        if (rate == null) {
            return null;
        }
        Timeline t = a.timeline();
        if (t == null || t.seconds().size() < 5) {
            return new BatchMeans.Estimate(rate, Double.NaN);
        }
        double[] counts = t.seconds().subList(1, t.seconds().size() - 1).stream().mapToDouble(Timeline.Second::requests)
                .toArray();
        return new BatchMeans.Estimate(rate, BatchMeans.meanOfCounts(counts).halfWidth());
    }
}
