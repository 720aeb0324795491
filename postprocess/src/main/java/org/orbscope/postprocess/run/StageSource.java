package org.orbscope.postprocess.run;

import java.io.IOException;
import java.nio.file.Path;
import org.orbscope.postprocess.stages.StageResult;

/** Turns a server trace file into the per-request stage table. */
@FunctionalInterface
public interface StageSource {
    StageResult extract(Path trace) throws IOException;
}
