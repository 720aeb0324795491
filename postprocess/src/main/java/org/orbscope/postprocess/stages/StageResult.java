package org.orbscope.postprocess.stages;

import org.orbscope.run.RequestStages;
import java.util.List;

/** The per-request stage table of one trace plus what was missing from it. */
public record StageResult(List<RequestStages> rows, StageDiagnostics diagnostics) {
}
