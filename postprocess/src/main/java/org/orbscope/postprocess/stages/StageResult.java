package org.orbscope.postprocess.stages;

import java.util.List;
import org.orbscope.run.RequestStages;
import org.orbscope.run.SystemSample;

/**
 * The per-request stage table of one trace, what was missing from it, the process samples the agent took
 * (process CPU over time; empty when the trace has none) and the GC pauses it recorded.
 */
public record StageResult(List<RequestStages> rows, StageDiagnostics diagnostics, List<SystemSample> processSamples,
                          List<GcPause> gcPauses) {
    public StageResult(List<RequestStages> rows, StageDiagnostics diagnostics) {
        this(rows, diagnostics, List.of(), List.of());
    }

    /** A GC pause of the traced JVM: when it began (epoch ns) and how long it stopped the application. */
    public record GcPause(long startEpochNs, long durationNs) {
    }
}
