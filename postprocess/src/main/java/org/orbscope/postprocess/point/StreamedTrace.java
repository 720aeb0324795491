package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.stages.RowSink;
import org.orbscope.postprocess.stages.StageDiagnostics;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.postprocess.table.StageTableFiles;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.trace.RequestSampling;

/**
 * The server part of the report of a trace on its own, taken row by row as the trace is read: the first
 * {@code skip} arrivals are marked as probes, every row goes to stages.csv (and stages.parquet) as it is produced, the measured ones
 * into the {@link StageStatistics}; with a window, only the requests that arrived in it count, and the
 * {@link OverTime} sees them all. Nothing holds the table, so memory does not grow with the recording; only
 * the model's calibration keeps a sample, of at most {@link #SAMPLE} requests.
 */
final class StreamedTrace {
    /**
     * Requests kept for the model's calibration and for the spread of the stage means: both settle long before
     * this many.
     */
    static final int SAMPLE = 200_000;

    private final StageStatistics stats = new StageStatistics(SAMPLE);
    /** Which requests the agent recorded: a row stands for as many as the sample in force at its arrival. */
    private RequestSampling sampling = RequestSampling.everyRequest();
    private final long warmup;
    private Measured measured;
    private long skip;
    private final List<RequestStages> sample;
    private long probes;
    private long measuredCount;
    private final TraceWindow only;
    private final OverTime overTime;
    /** The requests in the window, counted as the whole trace's are. */
    private long requests;
    private long complete;
    private long rejected;
    /** The requests by the object and operation the trace names; kept only if it names some. */
    private final Breakdown breakdown = new Breakdown();
    private boolean named;

    /**
     * What the trace gave.
     *
     * @param trace its diagnostics, process samples and GC pauses (its rows empty)
     * @param breakdown its requests by object and operation, or null when it names none
     * @param sample the measured requests kept for the model (at most {@link #SAMPLE})
     */
    record Result(StageResult trace, long probes, StageStatistics.Figures figures,
                  Map<String, List<Breakdown.GroupFigures>> breakdown, List<RequestStages> sample) {
    }

    /**
     * @param skip requests at the start that are not the workload's
     * @param keepSample whether the measured requests are kept for the model
     * @param only the requests that count (by arrival); the others are read past
     * @param overTime where every request and GC pause of the trace goes, or null
     */
    StreamedTrace(long skip, long warmup, boolean keepSample, TraceWindow only, OverTime overTime) {
        this.only = only;
        this.overTime = overTime;
        this.warmup = warmup;
        this.measured = new Measured(warmup);
        this.skip = skip;
        this.sample = keepSample ? new ArrayList<>() : null;
    }

    /**
     * Reads the trace and writes {@code stagesCsv} (and with {@code parquet} the stages.parquet beside it), if
     * not null; what is missing or suspicious goes to {@code notes} as it is found.
     */
    Result read(StageSource traces, Path trace, Path stagesCsv, boolean parquet, List<String> notes)
            throws IOException {
        StageTableFiles out = stagesCsv == null ? null : StageTableFiles.open(stagesCsv, parquet, notes::add);
        StageResult result;
        try {
            result = traces.stream(trace, new RowSink() {
                @Override
                public void accept(RequestStages row) {
                    take(row, out);
                }

                @Override
                public void requestSampling(RequestSampling s) {
                    // The first requests of a sampled trace: about 1 in n of those the scenario leaves out.
                    sampling = s;
                    measured = new Measured(PointAnalyzer.sampledCount(warmup, s.first()));
                    skip = PointAnalyzer.sampledCount(skip, s.first());
                }

                @Override
                public void gc(long startEpochNs, long durationNs) {
                    if (overTime != null) {
                        overTime.gc(startEpochNs, durationNs);
                    }
                }
            });
        } finally {
            if (out != null) {
                out.close();
            }
        }
        StageDiagnostics d = result.diagnostics();
        if (!only.all()) {
            d = d.copy();
            d.requests = requests;
            d.complete = complete;
            d.rejected = rejected;
            d.incomplete = requests - complete - rejected;
        }
        StageStatistics.Figures figures = stats.finish(d);
        notes.addAll(figures.notes());
        if (sample != null && measuredCount > sample.size()) {
            notes.add("the model is calibrated from the first " + sample.size() + " of the " + measuredCount
                    + " measured requests");
        }
        if (measuredCount > SAMPLE) {
            notes.add("the spread of the stage means (batch means) is taken over the first " + SAMPLE + " of the "
                    + measuredCount + " measured requests");
        }
        return new Result(result, probes, figures, named ? breakdown.figures(Double.NaN) : null,
                sample == null ? List.of() : sample);
    }

    private void take(RequestStages row, StageTableFiles table) {
        boolean in = only.contains(row.orderTime());
        if (in) {
            requests++;
            if (row.complete()) {
                complete++;
            } else if (RequestStages.REJECTED.equals(row.status)) {
                rejected++;
            }
        }
        if (probes < skip && row.has(StageColumn.ARRIVAL)) {
            row.status = RequestStages.PROBE;
            probes++;
        }
        if (overTime != null) {
            overTime.add(row);
        }
        if (!in) {
            return;
        }
        if (table != null) {
            table.append(row);
        }
        boolean counts = measured.test(row);
        if (!RequestStages.PROBE.equals(row.status)) {
            named |= !row.operation.isEmpty() || !row.object.isEmpty();
            breakdown.traced(row, counts);
        }
        if (counts) {
            measuredCount++;
            stats.add(row, sampling.everyAt(row.get(StageColumn.ARRIVAL)));
            if (sample != null && sample.size() < SAMPLE) {
                sample.add(row);
            }
        }
    }
}
