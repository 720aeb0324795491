package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.orbscope.postprocess.point.ByteThroughput;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.Prediction;
import org.orbscope.postprocess.point.ServerStages;
import org.orbscope.postprocess.stats.Summary;

/** The sweep table shaped like Harkema et al.'s Tables 1-2, shared by the HTML, Markdown and CSV outputs. */
public final class SweepTable {
    /** A column: its human header, its CSV name, and its raw value for a point (null = unknown). */
    public record Column(String header, String csvName, Function<PointAnalysis, Object> value) {
    }

    private SweepTable() {
    }

    /**
     * Columns of the human table: what a reader looks at first (the client's response time and throughput, the
     * request counts, the measured server times), then Harkema et al.'s remaining columns and what orbscope adds.
     */
    public static List<Column> display() {
        List<Column> c = new ArrayList<>();
        c.add(new Column("Point", "point", p -> p.name()));
        c.add(new Column("Client response (ms): mean (p5-p95)", "client_response_mean_ms",
                p -> p.client().response() == null || p.client().response().meanMs() == null ? null
                        : new Table.Spread(p.client().response().meanMs(), p.client().response().p5Ms(),
                                p.client().response().p95Ms())));
        c.add(new Column("Achieved throughput (req/s)", "achieved_rate_per_s", p -> p.client().achievedRatePerSec()));
        c.add(new Column("Requests answered ok", "client_ok", p -> p.client().records() == 0 ? null
                : (Object) p.client().ok()));
        c.add(new Column("Server requests (measured / traced)", "requests", SweepTable::serverRequests));
        c.add(new Column("Arrival rate (req/ms)", "arrival_rate_per_ms", p -> p.offeredRatePerMs()));
        c.add(new Column("Measured queuing time (ms)", "queue_mean_ms", p -> mean(p, "queue")));
        c.add(new Column("Measured completion time (ms)", "completion_mean_ms", p -> mean(p, "completion")));
        c.add(new Column("Measured CPU utilization (%)", "util_measured_pct", p -> pct(p.utilization().measured())));
        c.add(new Column("Utilization check", "util_check", p -> p.utilization().agree() == null ? null
                : p.utilization().agree() ? "ok" : "DIFFERS"));
        c.add(new Column("Simulated queuing time (ms)", "sim_queue_ms",
                p -> simulated(p, s -> withError(s.queueMs(), s.queueRelativeError()))));
        c.add(new Column("Simulated completion time (ms)", "sim_completion_ms",
                p -> simulated(p, s -> withError(s.completionMs(), s.completionRelativeError()))));
        c.add(new Column("Processor-sharing prediction (ms)", "ps_prediction_ms",
                p -> p.prediction().psPredictionMs()));
        c.add(new Column("Measured CPU time (ms)", "cpu_per_request_ms", p -> p.server().cpuPerRequestMs()));
        c.add(new Column("Calculated CPU utilization (%)", "util_calculated_pct",
                p -> pct(p.utilization().calculated())));
        c.add(new Column("Simulated CPU utilization (%)", "util_simulated_pct",
                p -> simulated(p, s -> pct(s.utilization()))));
        c.add(new Column("Process CPU utilization (%)", "util_process_pct", p -> pct(p.utilization().process())));
        c.add(new Column("User-level throughput (Mb/s)", "mbit_per_s", p -> bytes(p, ByteThroughput::megabitsPerSec)));
        c.add(new Column("Of the raw socket's (%)", "socket_share_pct", p -> bytes(p, b -> pct(b.socketShare()))));
        return c;
    }

    /**
     * The columns of the sweep table's first part, the most read; the rest go into its detail table. They fit a
     * page 1280 pixels wide.
     */
    public static final List<String> FIRST = List.of("point", "client_response_mean_ms", "achieved_rate_per_s",
            "client_ok", "requests", "arrival_rate_per_ms", "queue_mean_ms", "completion_mean_ms",
            "util_measured_pct", "util_check");

    /**
     * The server's requests as the sweep table counts them: measured / in the trace; "not monitored" for a point
     * run without a trace, never a zero that reads as requests lost.
     */
    static Object serverRequests(PointAnalysis p) {
        String trace = p.server().trace();
        if (ServerStages.READ.equals(trace)) {
            return p.server().measured() + " / " + p.server().requests();
        }
        if (ServerStages.ABSENT.equals(trace)) {
            return ServerStages.NOT_MONITORED.equals(p.server().traceNote()) ? "not monitored" : "no trace";
        }
        return ServerStages.UNREADABLE.equals(trace) ? "trace unreadable" : null;
    }

    /**
     * Why the point's server trace was not read ("not monitored", or the note that says what went wrong); null when
     * it was read, or the point has several servers.
     */
    static String unread(PointAnalysis p) {
        ServerStages s = p.server();
        if (s.trace() == null || ServerStages.READ.equals(s.trace())) {
            return null;
        }
        return ServerStages.NOT_MONITORED.equals(s.traceNote()) ? "not monitored" : String.valueOf(s.traceNote());
    }

    /**
     * The columns of the human table that say something for these points: a column unknown at every point (the
     * server's columns of a run without a trace, the rate of a closed loop) is left out.
     */
    public static List<Column> shown(List<PointAnalysis> points) {
        return display().stream().filter(c -> "point".equals(c.csvName()) || points.stream()
                .anyMatch(p -> !"-".equals(format(c.value().apply(p))))).toList();
    }

    /** The columns {@code orbscope run} prints when it ends: a subset of summary.csv's. */
    public static List<Column> console(List<String> sweptPaths) {
        List<String> keep = List.of("point", "status", "client_sent", "client_ok", "client_failed",
                "achieved_rate_per_s", "client_response_mean_ms", "client_response_p50_ms", "client_response_p99_ms",
                "client_response_max_ms", "util_measured_pct");
        return csv(sweptPaths).stream().filter(c -> keep.contains(c.csvName()) || sweptPaths.contains(c.csvName()))
                .toList();
    }

    /**
     * Columns of summary.csv: the point, its swept values, how it ended, the client's figures, then the server's;
     * plain numbers, empty when unknown.
     */
    public static List<Column> csv(List<String> sweptPaths) {
        List<Column> c = new ArrayList<>();
        c.add(new Column("", "point", p -> p.name()));
        for (String path : sweptPaths) {
            c.add(new Column("", path, p -> p.params().get(path)));
        }
        c.add(new Column("", "status", p -> p.status()));
        c.add(new Column("", "client_sent", p -> p.client().ok() + p.client().failed()));
        c.add(new Column("", "client_ok", p -> p.client().ok()));
        c.add(new Column("", "client_failed", p -> p.client().failed()));
        c.add(new Column("", "client_not_sent", p -> p.client().notSent()));
        c.add(new Column("", "achieved_rate_per_s", p -> p.client().achievedRatePerSec()));
        for (String stat : new String[] {"mean", "p5", "p50", "p90", "p95", "p99", "max"}) {
            c.add(new Column("", "client_response_" + stat + "_ms", p -> stat(p.client().response(), stat)));
        }
        c.add(new Column("", "bytes_per_request", p -> bytes(p, ByteThroughput::bytesPerRequest)));
        c.add(new Column("", "bytes_per_s", p -> bytes(p, ByteThroughput::bytesPerSec)));
        c.add(new Column("", "mbit_per_s", p -> bytes(p, ByteThroughput::megabitsPerSec)));
        c.add(new Column("", "socket_case", p -> bytes(p, ByteThroughput::socketCase)));
        c.add(new Column("", "socket_bytes_per_s", p -> bytes(p, ByteThroughput::socketBytesPerSec)));
        c.add(new Column("", "socket_share_pct", p -> bytes(p, b -> pct(b.socketShare()))));
        c.add(new Column("", "arrival_rate_per_ms", p -> p.offeredRatePerMs()));
        c.add(new Column("", "server_rate_per_ms", p -> p.server().serverRatePerMs()));
        for (String stage : new String[] {"queue", "completion", "receiver", "dispatcher", "servant"}) {
            c.add(new Column("", stage + "_mean_ms", p -> mean(p, stage)));
            c.add(new Column("", stage + "_variance_ms2", p -> stage(p, stage, Summary::varianceMs2)));
            c.add(new Column("", stage + "_p50_ms", p -> stage(p, stage, Summary::p50Ms)));
            c.add(new Column("", stage + "_p95_ms", p -> stage(p, stage, Summary::p95Ms)));
            c.add(new Column("", stage + "_p99_ms", p -> stage(p, stage, Summary::p99Ms)));
        }
        c.add(new Column("", "sim_queue_ms", p -> simulated(p, Prediction.Simulated::queueMs)));
        c.add(new Column("", "sim_queue_rel_err", p -> simulated(p, Prediction.Simulated::queueRelativeError)));
        c.add(new Column("", "sim_completion_ms", p -> simulated(p, Prediction.Simulated::completionMs)));
        c.add(new Column("", "sim_completion_rel_err",
                p -> simulated(p, Prediction.Simulated::completionRelativeError)));
        c.add(new Column("", "ps_prediction_ms", p -> p.prediction().psPredictionMs()));
        c.add(new Column("", "cpu_per_request_ms", p -> p.server().cpuPerRequestMs()));
        c.add(new Column("", "util_measured_pct", p -> pct(p.utilization().measured())));
        c.add(new Column("", "util_calculated_pct", p -> pct(p.utilization().calculated())));
        c.add(new Column("", "util_simulated_pct", p -> simulated(p, s -> pct(s.utilization()))));
        c.add(new Column("", "util_agree", p -> p.utilization().agree()));
        c.add(new Column("", "util_basis", p -> p.utilization().basis()));
        c.add(new Column("", "util_process_pct", p -> pct(p.utilization().process())));
        c.add(new Column("", "util_tooling_pct", p -> pct(p.utilization().tooling())));
        c.add(new Column("", "util_jvm_pct", p -> pct(p.utilization().jvm())));
        c.add(new Column("", "network_and_client_ms", p -> p.networkAndClientMs()));
        c.add(new Column("", "server_requests", p -> p.server().requests()));
        c.add(new Column("", "server_complete", p -> p.server().complete()));
        c.add(new Column("", "server_incomplete", p -> p.server().incomplete()));
        c.add(new Column("", "server_rejected", p -> p.server().rejected()));
        c.add(new Column("", "measured_requests", p -> p.server().measured()));
        c.add(new Column("", "dropped_events", p -> p.server().droppedEvents()));
        c.add(new Column("", "trace", p -> p.server().trace()));
        return c;
    }

    /** One statistic of a summary by name (mean, p5, p50, p90, p95, p99, max); null when unknown. */
    public static Double stat(Summary s, String name) {
        if (s == null) {
            return null;
        }
        return switch (name) {
            case "mean" -> s.meanMs();
            case "p5" -> s.p5Ms();
            case "p50" -> s.p50Ms();
            case "p90" -> s.p90Ms();
            case "p95" -> s.p95Ms();
            case "p99" -> s.p99Ms();
            default -> s.maxMs();
        };
    }

    static Double mean(PointAnalysis p, String stage) {
        return p.server().mean(stage);
    }

    /** A statistic of a stage of the point's server; null when no measured request has the stage. */
    private static Double stage(PointAnalysis p, String stage, Function<Summary, Double> stat) {
        Summary s = p.server().stages().get(stage);
        return s == null ? null : stat.apply(s);
    }

    /** A figure of the point's throughput in bytes; null when it is unknown. */
    private static Object bytes(PointAnalysis p, Function<ByteThroughput, Object> figure) {
        ByteThroughput b = p.bytes();
        return b == null ? null : figure.apply(b);
    }

    /** A figure of the point's simulation; null when it was not simulated. */
    private static Object simulated(PointAnalysis p, Function<Prediction.Simulated, Object> figure) {
        Prediction.Simulated s = p.prediction().simulated();
        return s == null ? null : figure.apply(s);
    }

    private static Double pct(Double fraction) {
        return fraction == null ? null : fraction * 100;
    }

    private static Object withError(Double value, Double relErr) {
        if (value == null) {
            return null;
        }
        return relErr == null ? value : new ValueWithError(value, relErr);
    }

    /** A simulated value shown with its relative error against the measured one. */
    record ValueWithError(double value, double relativeError) {
        @Override
        public String toString() {
            return format(value) + String.format(Locale.ROOT, " (%+.0f%%)", 100 * relativeError);
        }
    }

    /** How a cell reads in the HTML and Markdown tables; "-" for unknown. */
    public static String format(Object v) {
        if (v == null) {
            return "-";
        }
        if (v instanceof Double d) {
            if (d.isNaN()) {
                return "-";
            }
            double a = Math.abs(d);
            return String.format(Locale.ROOT, a == 0 ? "0" : a >= 100 ? "%.1f" : a >= 0.01 ? "%.2f" : a >= 1e-4 ? "%.4f"
                    : "%.3g", d);
        }
        return v.toString();
    }

    /** A raw CSV cell: plain numbers, empty for unknown. */
    public static Object raw(Object v) {
        if (v instanceof ValueWithError e) {
            return e.value();
        }
        if (v instanceof Double d && d.isNaN()) {
            return null;
        }
        return v;
    }
}
