package org.orbscope.postprocess.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.postprocess.stages.StageDiagnostics;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;

/**
 * The stage statistics of a point's measured requests, taken one request at a time: distributions in
 * HdrHistogram, make-up sums and the arrival window, so that a trace of any length is summarized in fixed memory.
 */
final class StageStatistics {
    private final Map<String, Distribution> dist;
    private final Map<String, double[]> makeUpSums = new LinkedHashMap<>();
    private final Map<String, long[]> makeUpCounts = new LinkedHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long measured;
    private long cpuRows;

    /** Statistics into {@code a}'s distributions. */
    StageStatistics(PointAnalysis a) {
        dist = a.distributions;
        PointAnalyzer.STAGES.keySet().forEach(k -> dist.put(k, new Distribution()));
        PointAnalyzer.MAKE_UP.keySet().forEach(k -> {
            makeUpSums.put(k, new double[PointAnalyzer.PARTS.length]);
            makeUpCounts.put(k, new long[PointAnalyzer.PARTS.length]);
        });
    }

    /** A measured request. */
    void add(RequestStages r) {
        measured++;
        first = Math.min(first, r.get(StageColumn.ARRIVAL));
        last = Math.max(last, r.get(StageColumn.ARRIVAL));
        for (Map.Entry<String, StageColumn> e : PointAnalyzer.STAGES.entrySet()) {
            if (r.has(e.getValue())) {
                dist.get(e.getKey()).add(r.get(e.getValue()));
            }
        }
        if (r.has(StageColumn.CPU_TOTAL)) {
            cpuRows++;
        }
        for (Map.Entry<String, StageColumn> e : PointAnalyzer.MAKE_UP.entrySet()) {
            double[] sums = makeUpSums.get(e.getKey());
            long[] counts = makeUpCounts.get(e.getKey());
            for (int i = 0; i < PointAnalyzer.PARTS.length; i++) {
                StageColumn c = StageColumn.makeUp(e.getValue(), i);
                if (r.has(c)) {
                    sums[i] += r.get(c);
                    counts[i]++;
                }
            }
        }
    }

    /** Fills the point's stage figures and notes; returns the measurement window {first, last arrival} or null. */
    long[] finish(PointSummary p, StageDiagnostics d) {
        p.server.requests = d.requests;
        p.server.complete = d.complete;
        p.server.rejected = d.rejected;
        p.server.incomplete = d.incomplete;
        p.server.droppedEvents = d.droppedEvents;
        p.server.truncated = d.truncated;
        p.server.gcPauses = d.gcPauses;
        p.server.gcTotalMs = d.gcTotalNs / 1e6;
        if (d.truncated) {
            p.notes.add("server trace is truncated: requests in flight at the cut are incomplete, later ones missing");
        }
        if (d.lostChunks > 0) {
            p.notes.add(d.lostChunks + " damaged part(s) of the server trace were skipped (checksum mismatch): "
                    + "requests with events there are incomplete");
        }
        if (d.requests == 0) {
            p.notes.add(d.boundaryEvents == 0 ? "the server trace has no request-stage events: was the agent "
                    + "started with the ORB's profile (monitoring.profile)?"
                    : "the server trace has stage events but no request could be assembled from them");
        }
        if (d.droppedEvents > 0) {
            p.notes.add("the agent dropped " + d.droppedEvents + " events; affected requests are incomplete");
        }
        if (d.incomplete > 0) {
            p.notes.add(d.incomplete + " of " + d.requests + " server requests are incomplete (markers missing; "
                    + "see status/missing in stages.csv) and are left out of the statistics");
        }
        if (d.expiredRequests > 0) {
            p.notes.add(d.expiredRequests + " requests stayed open longer than the join allows and were ended "
                    + "incomplete");
        }
        if (d.rejected > 0) {
            p.notes.add(d.rejected + " requests were rejected by the server (dispatcher queue full)");
        }
        p.server.measured = measured;
        for (Map.Entry<String, Distribution> e : dist.entrySet()) {
            if (!e.getValue().isEmpty()) {
                p.stages.put(e.getKey(), Summary.of(e.getValue()));
            }
        }
        for (String stage : PointAnalyzer.MAKE_UP.keySet()) {
            Map<String, Double> parts = new LinkedHashMap<>();
            for (int i = 0; i < PointAnalyzer.PARTS.length; i++) {
                long n = makeUpCounts.get(stage)[i];
                if (n > 0) {
                    parts.put(PointAnalyzer.PARTS[i], makeUpSums.get(stage)[i] / n / 1e6);
                }
            }
            if (!parts.isEmpty()) {
                p.makeUp.put(stage, parts);
            }
        }
        if (cpuRows > 0) {
            p.cpuPerRequestMs = dist.get("cpu").mean() / 1e6;
        } else if (measured > 0) {
            p.notes.add("the trace has no thread CPU times: CPU columns are empty");
        }
        if (measured < 2 || last <= first) {
            return null;
        }
        p.serverRatePerMs = (measured - 1) / ((last - first) / 1e6);
        return new long[] {first, last};
    }
}
