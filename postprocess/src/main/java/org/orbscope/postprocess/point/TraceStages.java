package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
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
import org.orbscope.trace.RequestSampling;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;

/**
 * Reads a server trace into the per-request stage table: streams the trace reader (file order: each thread's
 * events in order, which is all the extractor needs) into a {@link StageExtractor}. Method ids map to stage
 * roles through {@link TraceRoles}; times become epoch ns with the trace header's calibration.
 */
public final class TraceStages implements EventVisitor {
    /**
     * Told how far the reading of a trace has come: as it starts (0 events, 0), every {@value #PROGRESS_EVENTS}
     * events, and at its end (fraction 1); a long recording takes minutes.
     */
    @FunctionalInterface
    public interface ReadProgress {
        ReadProgress NONE = (trace, events, fraction) -> { };

        /**
         * @param trace the trace file or ring directory
         * @param events events read so far
         * @param fraction how far through the recording, 0 to 1: by events where the trace counts them (a closed
         *     trace's footer), else by the time of the last event read within the recording's span
         */
        void read(Path trace, long events, double fraction);
    }

    /** Events between two calls of a {@link ReadProgress}: a power of two, so counting costs a mask. */
    static final long PROGRESS_EVENTS = 1 << 16;

    private final StageExtractor extractor;
    private final TraceRoles roles;
    private final long epochOffset;
    private long droppedMarkers;
    private final List<SystemSample> processSamples = new ArrayList<>();
    private final RowSink sink;
    private final Dictionary dictionary;
    /** The threads whose names the extractor has: rows it hands on while reading carry them. */
    private final BitSet named = new BitSet();
    private final List<StageResult.GcPause> gcPauses = new ArrayList<>();
    private final Path trace;
    private final ReadProgress progress;
    private final long footerEvents;
    private final long[] span;
    private long events;

    private TraceStages(Path trace, TraceReader reader, TraceRoles roles, RowSink sink, ReadProgress progress) {
        this.trace = trace;
        this.progress = progress;
        this.footerEvents = reader.footerEvents();
        this.span = reader.segmentSpan();
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
        return extract(trace, profile, sink, ReadProgress.NONE);
    }

    /** As {@link #extract(Path, OrbProfile, RowSink)}, telling {@code progress} how far it has read. */
    public static StageResult extract(Path trace, OrbProfile profile, RowSink sink, ReadProgress progress)
            throws IOException {
        progress.read(trace, 0, 0); // before the reader indexes the file, which takes a while for a long one
        try (TraceReader r = TraceReader.open(trace)) {
            TraceRoles roles;
            try {
                roles = TraceRoles.of(r, profile);
            } catch (ProfileException e) {
                throw new IOException(e.getMessage(), e);
            }
            RequestSampling sampling = RequestSampling.of(r);
            if (sink != null) {
                sink.requestSampling(sampling);
            }
            TraceStages t = new TraceStages(trace, r, roles, sink, progress);
            r.read(t);
            progress.read(trace, t.events, 1);
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
            result.diagnostics().sampling = sampling;
            result.diagnostics().ringGaps = r.gaps().stream().map(g -> g.describe(r.startNanos())).toList();
            return new StageResult(result.rows(), result.diagnostics(), t.processSamples, t.gcPauses);
        }
    }

    /** How far the events read so far are through the recording ({@link ReadProgress}). */
    private double fraction(long nanos) {
        double f = footerEvents > 0 ? (double) events / footerEvents
                : span[1] > span[0] ? (double) (nanos - span[0]) / (span[1] - span[0]) : 0;
        return Math.max(0, Math.min(1, f));
    }

    @Override
    public void onEvent(Event e) {
        if ((++events & (PROGRESS_EVENTS - 1)) == 0) {
            progress.read(trace, events, fraction(e.nanos()));
        }
        int tid = e.threadId();
        if (tid >= 0 && !named.get(tid) && dictionary.javaThreadId(tid) >= 0) {
            // The name as soon as the trace defines it: a streaming sink writes a row before the reading ends.
            extractor.threadName(tid, dictionary.threadName(tid));
            named.set(tid);
        }
        long ts = e.nanos() + epochOffset;
        switch (e.type()) {
            case EventType.METHOD_ENTER:
            case EventType.METHOD_EXIT: {
                Role r = roles.role(e.methodId());
                if (r != null) {
                    boolean keyed = e.hasKey();
                    extractor.boundary(e.threadId(), ts, r, e.type() == EventType.METHOD_ENTER, keyed, e.key(),
                            e.cpuNanos() < 0 ? StageEventSink.NO_CPU : e.cpuNanos(), e.isExceptional());
                }
                break;
            }
            case EventType.REQUEST_NAME:
                extractor.requestName(e.threadId(), ts, dictionary.string(e.attributeStringId()), dictionary.string(e.valueStringId()));
                break;
            case EventType.MONITOR_CONTENDED:
                extractor.blocking(e.threadId(), ts, BlockKind.BLOCKED, true);
                break;
            case EventType.MONITOR_ENTERED:
                extractor.blocking(e.threadId(), ts, BlockKind.BLOCKED, false);
                break;
            case EventType.WAIT_BEGIN:
                extractor.blocking(e.threadId(), ts, BlockKind.WAITING, true);
                break;
            case EventType.WAIT_END:
                extractor.blocking(e.threadId(), ts, BlockKind.WAITING, false);
                break;
            case EventType.PARK_BEGIN:
                extractor.blocking(e.threadId(), ts, BlockKind.PARKED, true);
                break;
            case EventType.PARK_END:
                extractor.blocking(e.threadId(), ts, BlockKind.PARKED, false);
                break;
            case EventType.GC:
                extractor.gc(ts, e.durationNanos());
                if (sink != null) {
                    sink.gc(ts, e.durationNanos());
                }
                gcPauses.add(new StageResult.GcPause(ts, e.durationNanos()));
                break;
            case EventType.THREAD_END:
                extractor.threadEnded(e.threadId(), ts);
                break;
            case EventType.CHUNK_LOST:
                extractor.eventsLost();
                break;
            case EventType.PROCESS_SAMPLE:
                processSamples.add(new SystemSample(e.epochMillis(), e.processCpuNanos(), 0, 0, 0, 0, 0, 0, 0));
                break;
            case EventType.DROPPED:
                droppedMarkers += e.count();
                extractor.dropped(e.threadId(), ts, e.count());
                break;
            default:
                break;
        }
    }
}
