package org.orbscope.postprocess.stages;

import java.util.List;
import org.orbscope.run.RequestStages;
import org.orbscope.run.SystemSample;

/**
 * The per-request stage table of one trace, what was missing from it, and the process samples the agent took
 * (process CPU over time; empty when the trace has none).
 */
public record StageResult(List<RequestStages> rows, StageDiagnostics diagnostics, List<SystemSample> processSamples) {
    public StageResult(List<RequestStages> rows, StageDiagnostics diagnostics) {
        this(rows, diagnostics, List.of());
    }
}
