package org.orbscope.postprocess.point;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.ReceivedCsv;
import org.orbscope.run.StageColumn;

/**
 * The server side of a point: what its trace says about every request (the stages of Harkema et al.'s model and what
 * they are made of), how many requests it holds by status, and what it could not see. Times in ms.
 *
 * @param trace {@link #READ}, {@link #ABSENT} or {@link #UNREADABLE}; null for a point of several servers
 * @param roles where the stage roles of the trace's methods came from
 * @param traceNote why the trace is absent or unreadable
 * @param requests requests in the trace (in the window, for a window of a trace on its own)
 * @param measured complete requests the statistics are computed over (not probes, not the client's warm-up)
 * @param requestSample the agent recorded one request in this many, drawn at random; null: every request.
 *     Counts are of recorded requests; the server's rate is scaled up by it
 * @param lostChunks damaged chunks of the trace that were skipped (checksum mismatch)
 * @param gcTotalMs the GC pauses' total, null when the trace was not read
 * @param matchedToClient server requests paired with a client record
 * @param probes requests before the workload began (the server's warm-up calls, the client's reachability checks)
 * @param received what the server's objects were sent, from its received.csv (null when it wrote none)
 * @param serverRatePerMs the arrival rate the server saw over the measurement window
 * @param stages per stage of {@link #STAGES} that any measured request has: its statistics
 * @param makeUp per stage of {@link #MAKE_UP}: the mean of each part of {@link #PARTS}
 * @param cpuPerRequestMs CPU time per request, null when the trace has no thread CPU times
 * @param distributions per stage of {@link #STAGES}: the measured requests' times (ns), for the histograms
 * @param stageSeries per stage of {@link #COMPARED_STAGES}: the measured requests' times in arrival order
 * @param notes what is missing or suspicious about the trace, in the order found
 */
public record ServerStages(String trace, String roles, String traceNote, long requests, long complete, long rejected,
                           long incomplete, long measured, Integer requestSample, long droppedEvents, boolean truncated,
                           long lostChunks, int gcPauses, Double gcTotalMs, long matchedToClient, long probes,
                           List<ReceivedCsv.Row> received, Double serverRatePerMs, Map<String, Summary> stages,
                           Map<String, Map<String, Double>> makeUp, Double cpuPerRequestMs,
                           Map<String, Distribution> distributions, Map<String, OrderedSample> stageSeries,
                           List<String> notes) {
    public static final String READ = "read";
    public static final String ABSENT = "absent";
    public static final String UNREADABLE = "unreadable";
    /** The trace note of a point run with monitoring off: no trace was asked for. */
    public static final String NOT_MONITORED = "monitoring off: no server trace, so no stage data (client-side "
            + "results only)";
    /** Stage name -> wall-time column, in report order. */
    public static final Map<String, StageColumn> STAGES;
    /** Stage name -> its first make-up column (cpu; gc, blocked, wait, park, rest follow). */
    public static final Map<String, StageColumn> MAKE_UP;
    /** The parts of a stage's make-up, in {@link StageColumn#makeUp} order. */
    public static final List<String> PARTS = List.of("cpu", "gc", "blocked", "wait", "park", "rest");
    /** Stages whose times are kept in arrival order, for the spread of their means (run comparisons). */
    public static final List<String> COMPARED_STAGES = List.of("queue", "completion", "cpu");
    /** No trace analyzed here: a point of several servers, whose servers each have their own. */
    public static final ServerStages NONE = unread(null, null, null, List.of());

    static {
        Map<String, StageColumn> stages = new LinkedHashMap<>();
        stages.put("receiver", StageColumn.RECEIVER);
        stages.put("queue", StageColumn.QUEUE);
        stages.put("dispatcher", StageColumn.DISPATCHER);
        stages.put("servant", StageColumn.SERVANT);
        stages.put("reply", StageColumn.REPLY);
        stages.put("completion", StageColumn.COMPLETION);
        stages.put("receiver2", StageColumn.RECEIVER2);
        stages.put("dispatcher2", StageColumn.DISPATCHER2);
        stages.put("cpu", StageColumn.CPU_TOTAL);
        STAGES = Frozen.map(stages);
        Map<String, StageColumn> makeUp = new LinkedHashMap<>();
        makeUp.put("receiver", StageColumn.RECEIVER_CPU);
        makeUp.put("queue", StageColumn.QUEUE_CPU);
        makeUp.put("dispatcher", StageColumn.DISPATCHER_CPU);
        makeUp.put("servant", StageColumn.SERVANT_CPU);
        MAKE_UP = Frozen.map(makeUp);
    }

    public ServerStages {
        received = Frozen.list(received);
        stages = Frozen.map(stages);
        makeUp = Frozen.map(makeUp);
        distributions = Frozen.map(distributions);
        stageSeries = Frozen.map(stageSeries);
        notes = List.copyOf(notes);
    }

    /** A server whose trace was not read ({@link #ABSENT}, {@link #UNREADABLE}): counts zero, no stages. */
    static ServerStages unread(String trace, String traceNote, List<ReceivedCsv.Row> received, List<String> notes) {
        return new ServerStages(trace, null, traceNote, 0, 0, 0, 0, 0, null, 0, false, 0, 0, null, 0, 0, received, null,
                Map.of(), Map.of(), null, Map.of(), Map.of(), notes);
    }

    /**
     * A trace read: the statistics of its measured requests, with where its roles came from, its probes and
     * pairs, and the notes found on the way.
     */
    static ServerStages read(String roles, StageStatistics.Figures f, long matchedToClient, long probes,
                             List<ReceivedCsv.Row> received, List<String> notes) {
        return new ServerStages(READ, roles, null, f.requests(), f.complete(), f.rejected(), f.incomplete(),
                f.measured(), f.requestSample(), f.droppedEvents(), f.truncated(), f.lostChunks(), f.gcPauses(),
                f.gcTotalMs(), matchedToClient, probes, received, f.serverRatePerMs(), f.stages(), f.makeUp(),
                f.cpuPerRequestMs(), f.distributions(), f.stageSeries(), notes);
    }

    /** The mean of a stage (ms), or null when no measured request has it. */
    public Double mean(String stage) {
        Summary s = stages.get(stage);
        return s == null ? null : s.meanMs();
    }
}
