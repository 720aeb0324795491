package org.orbscope.run;

/**
 * The exit codes of every orbscope process: the {@code orbscope} command, the workload server and client JVMs,
 * a host and the socket yardstick's JVMs. README.md and docs/run-directory.md state them for users.
 *
 * <p>A JVM that a signal ends without a clean stop of its own reports 128 plus the signal's number (143 for
 * SIGTERM, 137 for SIGKILL); those codes are the JVM's, not orbscope's.
 */
public final class ExitCode {
    /** Everything asked for was done: every point ended ok, every request was answered, the file was written. */
    public static final int OK = 0;
    /**
     * The run failed: requests failed, a JVM died or was not ready in time, a file could not be written, a monitored
     * server left no trace (its agent could not start or write, and the server ran on unmonitored).
     */
    public static final int RUN_FAILED = 1;
    /** Bad input (a scenario, an option, a launch argument): nothing was started. */
    public static final int BAD_INPUT = 2;
    /**
     * {@code orbscope run}: every point ran, but a point's figures must not be used: its verdict is
     * {@code invalid} (or {@code suspect}, with {@code --fail-on suspect}). The reasons are in summary.json.
     */
    public static final int POINT_INVALID = 3;
    /** Interrupted by SIGINT or SIGTERM; what was measured until then is written. */
    public static final int INTERRUPTED = 130;
    /**
     * Not a process's code: what stands for it when a JVM asked to stop would not end, or its host went away
     * before telling it.
     */
    public static final int NOT_ENDED = -1;

    private ExitCode() {
    }
}
