package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orbscope.postprocess.stages.StageDiagnostics;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.trace.RequestSampling;

/**
 * The stage statistics of a point's measured requests, taken one request at a time: distributions in
 * HdrHistogram, make-up sums and the arrival window, so that a trace of any length is summarized in fixed memory.
 */
final class StageStatistics {
    private final Map<String, Distribution> dist = new LinkedHashMap<>();
    private final Map<String, OrderedSample> series = new LinkedHashMap<>();
    private final Map<String, double[]> makeUpSums = new LinkedHashMap<>();
    private final Map<String, long[]> makeUpCounts = new LinkedHashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private long measured;
    /** The requests the measured ones stand for: each as many as the request sample in force when it arrived. */
    private long weights;
    private long cpuRows;
    /** Requests whose times go into the point's stage series (which keeps every one it is given). */
    private final long seriesLimit;
    private static final StageColumn[] CPU_PARTS = {StageColumn.CPU_RECEIVER, StageColumn.CPU_CONTROLLER,
        StageColumn.CPU_DISPATCHER};
    private final double[] partSums = new double[CPU_PARTS.length];
    private final long[] partCounts = new long[CPU_PARTS.length];
    private final long[] partWeights = new long[CPU_PARTS.length];

    /**
     * The statistics of a point's measured requests and the trace's counts.
     *
     * @param windowFromNs the first measured arrival (epoch ns), Long.MAX_VALUE when unknown
     * @param windowToNs the last measured arrival, Long.MIN_VALUE when unknown
     * @param notes what the counts say is missing or suspicious
     */
    record Figures(long requests, long complete, long rejected, long incomplete, long measured,
                   Integer requestSample, long droppedEvents, boolean truncated, long lostChunks, int gcPauses,
                   Double gcTotalMs, Double serverRatePerMs, Map<String, Summary> stages, Map<String, Map<String, Double>> makeUp,
                   Double cpuPerRequestMs, Map<String, Distribution> distributions,
                   Map<String, OrderedSample> stageSeries, long windowFromNs, long windowToNs, List<String> notes) {
    }

    /** Statistics whose first {@code seriesLimit} measured requests also go into the stage series, in arrival order. */
    StageStatistics(long seriesLimit) {
        this.seriesLimit = seriesLimit;
        ServerStages.STAGES.keySet().forEach(k -> dist.put(k, new Distribution()));
        ServerStages.MAKE_UP.keySet().forEach(k -> {
            makeUpSums.put(k, new double[ServerStages.PARTS.size()]);
            makeUpCounts.put(k, new long[ServerStages.PARTS.size()]);
        });
    }

    /**
     * A measured request, standing for {@code weight} requests: the agent recorded one in that many when it arrived
     * ({@link org.orbscope.trace.RequestSampling#everyAt}), so its stage times weigh as much in every mean.
     */
    void add(RequestStages r, int weight) {
        measured++;
        weights += weight;
        first = Math.min(first, r.get(StageColumn.ARRIVAL));
        last = Math.max(last, r.get(StageColumn.ARRIVAL));
        for (Map.Entry<String, StageColumn> e : ServerStages.STAGES.entrySet()) {
            if (r.has(e.getValue())) {
                dist.get(e.getKey()).add(r.get(e.getValue()), weight);
                if (measured <= seriesLimit && ServerStages.COMPARED_STAGES.contains(e.getKey())) {
                    series.computeIfAbsent(e.getKey(), k -> new OrderedSample())
                            .add(r.get(StageColumn.ARRIVAL), r.get(e.getValue()));
                }
            }
        }
        if (r.has(StageColumn.CPU_TOTAL)) {
            cpuRows++;
        }
        for (int i = 0; i < CPU_PARTS.length; i++) {
            if (r.has(CPU_PARTS[i])) {
                partSums[i] += (double) r.get(CPU_PARTS[i]) * weight;
                partCounts[i]++;
                partWeights[i] += weight;
            }
        }
        for (Map.Entry<String, StageColumn> e : ServerStages.MAKE_UP.entrySet()) {
            double[] sums = makeUpSums.get(e.getKey());
            long[] counts = makeUpCounts.get(e.getKey());
            for (int i = 0; i < ServerStages.PARTS.size(); i++) {
                StageColumn c = StageColumn.makeUp(e.getValue(), i);
                if (r.has(c)) {
                    sums[i] += (double) r.get(c) * weight;
                    counts[i] += weight;
                }
            }
        }
    }

    /** The figures of the requests added, with the counts of {@code d}. */
    Figures finish(StageDiagnostics d) {
        List<String> notes = new ArrayList<>();
        countNotes(d, notes);
        Map<String, Summary> stages = new LinkedHashMap<>();
        for (Map.Entry<String, Distribution> e : dist.entrySet()) {
            if (!e.getValue().isEmpty()) {
                stages.put(e.getKey(), Summary.of(e.getValue()));
            }
        }
        Double cpuPerRequestMs = cpuPerRequestMs(notes);
        boolean windowKnown = measured >= 2 && last > first;
        // The arrivals after the first over the window: each measured request stands for its weight.
        Double rate = windowKnown ? (weights - weights / (double) measured) / ((last - first) / 1e6) : null;
        return new Figures(d.requests, d.complete, d.rejected, d.incomplete, measured,
                stated(d.sampling), d.droppedEvents, d.truncated, d.lostChunks, d.gcPauses,
                d.gcTotalNs / 1e6, rate, stages, makeUp(), cpuPerRequestMs, dist, series,
                windowKnown ? first : Long.MAX_VALUE, windowKnown ? last : Long.MIN_VALUE, notes);
    }

    /**
     * The one in N the figures state ({@code requestSample}): a fixed sample's, or under a budget the requests its
     * periods saw over those they recorded, rounded; null when every request was recorded.
     */
    private static Integer stated(RequestSampling s) {
        if (s.budget() != null) {
            return s.recorded() == 0 ? null : (int) Math.round(s.seen() / (double) s.recorded());
        }
        return s.first() > 1 ? s.first() : null;
    }

    /** What the trace's counts say is missing or suspicious. */
    private static void countNotes(StageDiagnostics d, List<String> notes) {
        RequestSampling s = d.sampling;
        if (s.budget() != null) {
            notes.add(String.format(Locale.ROOT, "the agent adapted its request sample to a budget of %s of the "
                    + "process's CPU (budget) and took %.2f%% by its own accounting: it recorded %d of the %d requests "
                    + "that began in its %d control periods, one in %d to one in %d drawn at random; the stage figures "
                    + "weigh each recorded request by the one in N in force when it arrived, the counts are the recorded "
                    + "requests', and the server's rate is scaled the same way", s.budget(), 100 * s.agentShare(),
                    s.recorded(), s.seen(), s.periods().size(), s.least(), s.most()));
        } else if (s.first() > 1) {
            notes.add("the agent recorded one request in " + s.first() + ", drawn at random (request.sample): "
                    + "the stage figures are over the recorded requests, the counts are theirs, and the server's rate is "
                    + "scaled up by " + s.first());
        }
        if (d.truncated) {
            notes.add("server trace is truncated: requests in flight at the cut are incomplete, later ones missing");
        }
        for (String gap : d.ringGaps) {
            notes.add("server trace: " + gap + "; requests with events there are incomplete");
        }
        long damaged = d.lostChunks - d.ringGaps.size();
        if (damaged > 0) {
            notes.add(damaged + " damaged part(s) of the server trace were skipped (checksum mismatch): "
                    + "requests with events there are incomplete");
        }
        if (d.profilePicked != null) {
            notes.add("stage roles from " + d.profilePicked);
        }
        if (d.requests == 0) {
            notes.add(d.boundaryEvents == 0 ? "the server trace has no request-stage events: " + (d.profileMismatch
                    != null ? d.profileMismatch : "was the agent started with the ORB's profile (monitoring.profile)?")
                    : "the server trace has stage events but no request could be assembled from them");
        }
        if (d.droppedEvents > 0) {
            notes.add("the agent dropped " + d.droppedEvents + " events; affected requests are incomplete");
        }
        if (d.incomplete > 0) {
            notes.add(d.incomplete + " of " + d.requests + " server requests are incomplete (markers missing; "
                    + "see status/missing in stages.csv) and are left out of the statistics");
        }
        if (d.expiredRequests > 0) {
            notes.add(d.expiredRequests + " requests stayed open longer than the join allows and were ended "
                    + "incomplete");
        }
        if (d.rejected > 0) {
            notes.add(d.rejected + " requests were rejected by the server (dispatcher queue full)");
        }
    }

    /** Per make-up stage, the mean of each part its measured requests have (ms). */
    private Map<String, Map<String, Double>> makeUp() {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (String stage : ServerStages.MAKE_UP.keySet()) {
            Map<String, Double> parts = new LinkedHashMap<>();
            for (int i = 0; i < ServerStages.PARTS.size(); i++) {
                long n = makeUpCounts.get(stage)[i];
                if (n > 0) {
                    parts.put(ServerStages.PARTS.get(i), makeUpSums.get(stage)[i] / n / 1e6);
                }
            }
            if (!parts.isEmpty()) {
                out.put(stage, Frozen.map(parts));
            }
        }
        return out;
    }

    /** The CPU time per request (ms), or null when the trace has no thread CPU times (said in {@code notes}). */
    private Double cpuPerRequestMs(List<String> notes) {
        if (cpuRows == measured && cpuRows > 0) {
            return dist.get("cpu").mean() / 1e6;
        } else if (partCounts[0] > 0 && partCounts[2] > 0) {
            // CPU sampled per fragment (the profile's cpu.sample): each part's mean over the requests that have it.
            double ns = partSums[0] / partWeights[0] + partSums[2] / partWeights[2]
                    + (partCounts[1] > 0 ? partSums[1] / partWeights[1] : 0);
            notes.add(String.format(java.util.Locale.ROOT, "CPU per request is the sum of the receiver's, "
                    + "controller's and dispatcher's mean CPU over the requests whose part was sampled (%d, %d and %d "
                    + "of %d)", partCounts[0], partCounts[1], partCounts[2], measured));
            return ns / 1e6;
        } else if (cpuRows > 0) {
            return dist.get("cpu").mean() / 1e6;
        } else if (measured > 0) {
            notes.add("the trace has no thread CPU times: CPU columns are empty");
        }
        return null;
    }
}
