package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.orbscope.trace.TraceReader;

/** What the trace commands accept besides a trace file: a ring's directory of segments, read as one recording. */
final class TraceInput {
    private TraceInput() {
    }

    static boolean isSegmentDirectory(Path p) {
        try {
            return TraceReader.isSegmentDirectory(p);
        } catch (IOException e) {
            return false;
        }
    }
}
