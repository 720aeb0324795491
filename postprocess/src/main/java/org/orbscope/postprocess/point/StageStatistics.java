package org.orbscope.postprocess.point;

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
    private final PointAnalysis analysis;
    /** Requests whose times go into the point's stage series (which keeps every one it is given). */
    private final long seriesLimit;
    private static final StageColumn[] CPU_PARTS = {StageColumn.CPU_RECEIVER, StageColumn.CPU_CONTROLLER,
        StageColumn.CPU_DISPATCHER};
    private final double[] partSums = new double[CPU_PARTS.length];
    private final long[] partCounts = new long[CPU_PARTS.length];

    /**
     * Statistics into {@code a}'s distributions; the first {@code seriesLimit} measured requests also go into its
     * stage series, in arrival order.
     */
    StageStatistics(PointAnalysis a, long seriesLimit) {
        this.analysis = a;
        this.seriesLimit = seriesLimit;
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
                if (measured <= seriesLimit && PointAnalyzer.COMPARED_STAGES.contains(e.getKey())) {
                    analysis.stageSeries.computeIfAbsent(e.getKey(), k -> new OrderedSample())
                            .add(r.get(StageColumn.ARRIVAL), r.get(e.getValue()));
                }
            }
        }
        if (r.has(StageColumn.CPU_TOTAL)) {
            cpuRows++;
        }
        for (int i = 0; i < CPU_PARTS.length; i++) {
            if (r.has(CPU_PARTS[i])) {
                partSums[i] += r.get(CPU_PARTS[i]);
                partCounts[i]++;
            }
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
        if (d.requestSample > 1) {
            p.server.requestSample = d.requestSample;
            p.notes.add("the agent recorded one request in " + d.requestSample + ", drawn at random (request.sample): "
                    + "the stage figures are over the recorded requests, the counts are theirs, and the server's rate is "
                    + "scaled up by " + d.requestSample);
        }
        if (d.truncated) {
            p.notes.add("server trace is truncated: requests in flight at the cut are incomplete, later ones missing");
        }
        if (d.lostChunks > 0) {
            p.notes.add(d.lostChunks + " damaged part(s) of the server trace were skipped (checksum mismatch): "
                    + "requests with events there are incomplete");
        }
        if (d.profilePicked != null) {
            p.notes.add("stage roles from " + d.profilePicked);
        }
        if (d.requests == 0) {
            p.notes.add(d.boundaryEvents == 0 ? "the server trace has no request-stage events: " + (d.profileMismatch
                    != null ? d.profileMismatch : "was the agent started with the ORB's profile (monitoring.profile)?")
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
        if (cpuRows == measured && cpuRows > 0) {
            p.cpuPerRequestMs = dist.get("cpu").mean() / 1e6;
        } else if (partCounts[0] > 0 && partCounts[2] > 0) {
            // CPU sampled per fragment (the profile's cpu.sample): each part's mean over the requests that have it.
            double ns = partSums[0] / partCounts[0] + partSums[2] / partCounts[2]
                    + (partCounts[1] > 0 ? partSums[1] / partCounts[1] : 0);
            p.cpuPerRequestMs = ns / 1e6;
            p.notes.add(String.format(java.util.Locale.ROOT, "CPU per request is the sum of the receiver's, "
                    + "controller's and dispatcher's mean CPU over the requests whose part was sampled (%d, %d and %d "
                    + "of %d)", partCounts[0], partCounts[1], partCounts[2], measured));
        } else if (cpuRows > 0) {
            p.cpuPerRequestMs = dist.get("cpu").mean() / 1e6;
        } else if (measured > 0) {
            p.notes.add("the trace has no thread CPU times: CPU columns are empty");
        }
        if (measured < 2 || last <= first) {
            return null;
        }
        p.serverRatePerMs = (measured - 1) * (double) d.requestSample / ((last - first) / 1e6);
        return new long[] {first, last};
    }
}
