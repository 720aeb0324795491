package org.orbscope.postprocess.run;

import java.io.IOException;
import java.nio.file.Path;
import org.orbscope.postprocess.stages.BlockKind;
import org.orbscope.postprocess.stages.Role;
import org.orbscope.postprocess.stages.RoleMap;
import org.orbscope.postprocess.stages.StageEventSink;
import org.orbscope.postprocess.stages.StageExtractor;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.EventVisitor;
import org.orbscope.trace.TraceReader;

/**
 * Reads a server trace into the per-request stage table: streams the trace reader (file order: each thread's
 * events in order, which is all the extractor needs) into a {@link StageExtractor}. Method ids map to stage
 * roles through the JacORB role map; times become epoch ns with the trace header's calibration.
 */
public final class TraceStages implements EventVisitor {
    private static final Role NONE = null;

    private final StageExtractor extractor = new StageExtractor();
    private final Dictionary dictionary;
    private final RoleMap roles;
    private final long epochOffset;
    private Role[] roleById = new Role[0];
    private boolean[] resolved = new boolean[0];
    private long droppedMarkers;

    private TraceStages(TraceReader reader, RoleMap roles) {
        this.dictionary = reader.dictionary();
        this.roles = roles;
        this.epochOffset = reader.toEpochNanos(0);
    }

    public static StageResult extract(Path trace) throws IOException {
        return extract(trace, RoleMap.jacorb());
    }

    public static StageResult extract(Path trace, RoleMap roles) throws IOException {
        try (TraceReader r = TraceReader.open(trace)) {
            TraceStages t = new TraceStages(r, roles);
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
            return t.extractor.finish(r.isTruncated());
        }
    }

    private Role role(int methodId) {
        if (methodId >= resolved.length) {
            int n = Math.max(methodId + 1, Math.max(64, resolved.length * 2));
            roleById = java.util.Arrays.copyOf(roleById, n);
            resolved = java.util.Arrays.copyOf(resolved, n);
        }
        if (!resolved[methodId]) {
            String cls = dictionary.methodClass(methodId);
            roleById[methodId] = cls == null ? NONE
                    : roles.roleOf(cls, dictionary.methodName(methodId), dictionary.methodDescriptor(methodId));
            resolved[methodId] = true;
        }
        return roleById[methodId];
    }

    @Override
    public void onEvent(Event e) {
        long ts = e.nanos + epochOffset;
        switch (e.type) {
            case EventType.METHOD_ENTER:
            case EventType.METHOD_EXIT: {
                Role r = role(e.methodId);
                if (r != null) {
                    boolean keyed = e.has(EventType.FLAG_KEY);
                    extractor.boundary(e.threadId, ts, r, e.type == EventType.METHOD_ENTER, keyed, e.key,
                            e.cpuNanos < 0 ? StageEventSink.NO_CPU : e.cpuNanos, e.isExceptional());
                }
                break;
            }
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
                break;
            case EventType.THREAD_END:
                extractor.threadEnded(e.threadId, ts);
                break;
            case EventType.CHUNK_LOST:
                extractor.eventsLost();
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
