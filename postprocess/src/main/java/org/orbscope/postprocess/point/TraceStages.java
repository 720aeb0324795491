package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.postprocess.stages.BlockKind;
import org.orbscope.postprocess.stages.Role;
import org.orbscope.postprocess.stages.RowSink;
import org.orbscope.postprocess.stages.TraceRoles;
import org.orbscope.run.SystemSample;
import org.orbscope.postprocess.stages.StageEventSink;
import org.orbscope.postprocess.stages.StageExtractor;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.EventVisitor;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;

/**
 * Reads a server trace into the per-request stage table: streams the trace reader (file order: each thread's
 * events in order, which is all the extractor needs) into a {@link StageExtractor}. Method ids map to stage
 * roles through {@link TraceRoles}; times become epoch ns with the trace header's calibration.
 */
public final class TraceStages implements EventVisitor {
    private final StageExtractor extractor;
    private final TraceRoles roles;
    private final long epochOffset;
    private long droppedMarkers;
    private final List<SystemSample> processSamples = new ArrayList<>();
    private final RowSink sink;
    private final Dictionary dictionary;
    private final List<StageResult.GcPause> gcPauses = new ArrayList<>();

    private TraceStages(TraceReader reader, TraceRoles roles, RowSink sink) {
        this.sink = sink;
        this.roles = roles;
        this.epochOffset = reader.toEpochNanos(0);
        this.dictionary = reader.dictionary();
        this.extractor = sink == null ? new StageExtractor() : new StageExtractor(sink);
    }

    /** The stage table of a trace, with the roles it carries (or the profile it names). */
    public static StageResult extract(Path trace) throws IOException {
        return extract(trace, null);
    }

    /**
     * The stage table of a trace; {@code profile} (null: the trace's own roles) says which methods mark stages.
     *
     * @throws IOException also for a profile the trace names that cannot be loaded
     */
    public static StageResult extract(Path trace, OrbProfile profile) throws IOException {
        return extract(trace, profile, null);
    }

    /**
     * Streams the stage table of a trace into {@code sink} as its rows are joined (null: keeps them in the
     * result). Memory grows with the requests in flight, not with the length of the trace.
     *
     * @return the diagnostics and process samples; the rows only when {@code sink} is null
     */
    public static StageResult extract(Path trace, OrbProfile profile, RowSink sink) throws IOException {
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles;
            try {
                roles = TraceRoles.of(r, profile);
            } catch (ProfileException e) {
                throw new IOException(e.getMessage(), e);
            }
            int requestSample = requestSample(r.info().get(OrbProfile.INFO_REQUEST_SAMPLE));
            if (sink != null) {
                sink.requestSample(requestSample);
            }
            TraceStages t = new TraceStages(r, roles, sink);
            r.read(t);
            for (int tid : r.threadIds()) {
                String name = r.dictionary().threadName(tid);
                if (name != null) {
                    t.extractor.threadName(tid, name);
                }
            }
            // The footer total covers drops that no marker reported (a marker may itself have been lost).
            long unmarked = r.droppedEvents() - t.droppedMarkers;
            if (unmarked > 0) {
                t.extractor.dropped(-1, 0, unmarked);
            }
            StageResult result = t.extractor.finish(r.isTruncated());
            result.diagnostics().roles = roles.source();
            result.diagnostics().profilePicked = roles.picked();
            result.diagnostics().profileMismatch = roles.mismatch(r);
            result.diagnostics().requestSample = requestSample;
            return new StageResult(result.rows(), result.diagnostics(), t.processSamples, t.gcPauses);
        }
    }

    /** The header's request sampling: 1 (every request) when absent or not a positive whole number. */
    private static int requestSample(String value) {
        try {
            return value == null ? 1 : Math.max(1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    @Override
    public void onEvent(Event e) {
        long ts = e.nanos + epochOffset;
        switch (e.type) {
            case EventType.METHOD_ENTER:
            case EventType.METHOD_EXIT: {
                Role r = roles.role(e.methodId);
                if (r != null) {
                    boolean keyed = e.has(EventType.FLAG_KEY);
                    extractor.boundary(e.threadId, ts, r, e.type == EventType.METHOD_ENTER, keyed, e.key,
                            e.cpuNanos < 0 ? StageEventSink.NO_CPU : e.cpuNanos, e.isExceptional());
                }
                break;
            }
            case EventType.REQUEST_NAME:
                extractor.requestName(e.threadId, ts, dictionary.string(e.a), dictionary.string(e.b));
                break;
            case EventType.MONITOR_CONTENDED:
                extractor.blocking(e.threadId, ts, BlockKind.BLOCKED, true);
                break;
            case EventType.MONITOR_ENTERED:
                extractor.blocking(e.threadId, ts, BlockKind.BLOCKED, false);
                break;
            case EventType.WAIT_BEGIN:
                extractor.blocking(e.threadId, ts, BlockKind.WAITING, true);
                break;
            case EventType.WAIT_END:
                extractor.blocking(e.threadId, ts, BlockKind.WAITING, false);
                break;
            case EventType.PARK_BEGIN:
                extractor.blocking(e.threadId, ts, BlockKind.PARKED, true);
                break;
            case EventType.PARK_END:
                extractor.blocking(e.threadId, ts, BlockKind.PARKED, false);
                break;
            case EventType.GC:
                extractor.gc(ts, e.c);
                if (sink != null) {
                    sink.gc(ts, e.c);
                }
                gcPauses.add(new StageResult.GcPause(ts, e.c));
                break;
            case EventType.THREAD_END:
                extractor.threadEnded(e.threadId, ts);
                break;
            case EventType.CHUNK_LOST:
                extractor.eventsLost();
                break;
            case EventType.PROCESS_SAMPLE:
                processSamples.add(new SystemSample(e.b, e.a, 0, 0, 0, 0, 0, 0, 0));
                break;
            case EventType.DROPPED:
                droppedMarkers += e.a;
                extractor.dropped(e.threadId, ts, e.a);
                break;
            default:
                break;
        }
    }
}
