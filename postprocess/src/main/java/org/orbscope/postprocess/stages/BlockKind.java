package org.orbscope.postprocess.stages;

/** Ways a thread spends wall time without running: blocked entering a monitor, in Object.wait, parked. */
public enum BlockKind {
    BLOCKED, WAITING, PARKED
}
