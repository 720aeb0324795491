package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Path;
import org.orbscope.postprocess.stages.RowSink;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.trace.profile.OrbProfile;

/** Turns a server trace file into the per-request stage table. */
@FunctionalInterface
public interface StageSource {
    StageResult extract(Path trace) throws IOException;

    /**
     * Hands the rows to {@code sink} as they are produced and returns the rest of the result (its rows empty).
     * This default holds the whole table first; {@link #streaming} holds only the requests in flight.
     */
    default StageResult stream(Path trace, RowSink sink) throws IOException {
        StageResult r = extract(trace);
        r.rows().forEach(sink::accept);
        return new StageResult(java.util.List.of(), r.diagnostics(), r.processSamples(), r.gcPauses());
    }

    /** The stage table of a trace read with {@code profile} (null: the trace's own roles), streamed. */
    static StageSource streaming(OrbProfile profile) {
        return streaming(profile, TraceStages.ReadProgress.NONE);
    }

    /** As {@link #streaming(OrbProfile)}, telling {@code progress} how far each trace has been read. */
    static StageSource streaming(OrbProfile profile, TraceStages.ReadProgress progress) {
        return new StageSource() {
            @Override
            public StageResult extract(Path trace) throws IOException {
                return TraceStages.extract(trace, profile, null, progress);
            }

            @Override
            public StageResult stream(Path trace, RowSink sink) throws IOException {
                return TraceStages.extract(trace, profile, sink, progress);
            }
        };
    }
}
