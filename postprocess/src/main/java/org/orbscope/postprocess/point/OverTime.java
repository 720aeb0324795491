package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.SystemSamples;

/**
 * A recording over time, so that a user picks the window to report: per interval the requests that arrived,
 * how many completed, completion percentiles (HdrHistogram), process CPU from the agent's samples and GC pauses.
 * The intervals are fixed before the trace is read (its start and end are in its header and footer), at most
 * {@link #MAX_INTERVALS} of a round width, so memory does not grow with the recording. They count from the
 * recording's origin, where {@code --from/--to} count from too: an interval's {@code --from A --to B} (whole
 * widths since the origin) reports exactly its requests, and a ring, its segments and its dumps, which share
 * the origin, share the intervals.
 */
public final class OverTime {
    public static final int MAX_INTERVALS = 60;
    private static final long[] WIDTHS_NS = {1_000_000_000L, 2_000_000_000L, 5_000_000_000L, 10_000_000_000L,
        30_000_000_000L, 60_000_000_000L, 120_000_000_000L, 300_000_000_000L, 600_000_000_000L,
        1_800_000_000_000L, 3_600_000_000_000L, 7_200_000_000_000L, 21_600_000_000_000L};

    /** One interval's figures; {@code sinceOriginNs}: its start's time since the recording's origin, whole widths. */
    public record Interval(long startNs, long sinceOriginNs, long widthNs, long arrived, long complete,
                           double completionP50Ms, double completionP99Ms, double cpuUtilization, long gcPauses,
                           double gcMs) {
    }

    private final long originNs;
    private final long startNs;
    private final long widthNs;
    private final long[] arrived;
    private final long[] complete;
    private final Distribution[] completion;
    private final long[] gcPauses;
    private final long[] gcNs;

    /**
     * Intervals over [{@code fromNs}, {@code toNs}) epoch ns, counted from {@code originNs} (at or before
     * {@code fromNs}: the recording's origin, {@link PointInputs.Span#originNs}).
     */
    public OverTime(long fromNs, long toNs, long originNs) {
        long span = Math.max(1, toNs - fromNs);
        long w = WIDTHS_NS[WIDTHS_NS.length - 1];
        for (long c : WIDTHS_NS) {
            if (span / c < MAX_INTERVALS) {
                w = c;
                break;
            }
        }
        widthNs = w;
        this.originNs = originNs;
        startNs = originNs + Math.floorDiv(fromNs - originNs, w) * w;
        int n = (int) Math.min(MAX_INTERVALS * 4L, Math.floorDiv(toNs - 1 - startNs, w) + 1);
        arrived = new long[n];
        complete = new long[n];
        completion = new Distribution[n];
        gcPauses = new long[n];
        gcNs = new long[n];
    }

    private int slot(long epochNs) {
        long i = Math.floorDiv(epochNs - startNs, widthNs);
        return i < 0 || i >= arrived.length ? -1 : (int) i;
    }

    /** A request, by its arrival (or earliest known time). */
    public void add(RequestStages r) {
        int i = slot(r.orderTime());
        if (i < 0) {
            return;
        }
        arrived[i]++;
        if (r.complete()) {
            complete[i]++;
        }
        if (r.has(StageColumn.COMPLETION)) {
            if (completion[i] == null) {
                completion[i] = new Distribution();
            }
            completion[i].add(r.get(StageColumn.COMPLETION));
        }
    }

    /** A GC pause starting at {@code startEpochNs}. */
    public void gc(long startEpochNs, long durationNs) {
        int i = slot(startEpochNs);
        if (i >= 0) {
            gcPauses[i]++;
            gcNs[i] += durationNs;
        }
    }

    /** The intervals, CPU from {@code system} (NaN where it has no samples). */
    public List<Interval> intervals(SystemSamples system, int cpus) {
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < arrived.length; i++) {
            long a = startNs + i * widthNs;
            Distribution d = completion[i];
            out.add(new Interval(a, a - originNs, widthNs, arrived[i], complete[i],
                    d == null ? Double.NaN : d.percentile(50) / 1e6, d == null ? Double.NaN : d.percentile(99) / 1e6,
                    system == null ? Double.NaN : system.utilization(a, a + widthNs, cpus), gcPauses[i], gcNs[i] / 1e6));
        }
        return out;
    }
}
