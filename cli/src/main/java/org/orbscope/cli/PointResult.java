package org.orbscope.cli;

/** What happened to one sweep point: exit codes and, when it failed, why. */
record PointResult(String point, int serverExit, int clientExit, String error) {
    boolean ok() {
        return error == null && serverExit == 0 && clientExit == 0;
    }
}
