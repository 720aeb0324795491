package org.orbscope.agent;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * An instant of the agent's start on the thread that runs it: wall clock, the thread's CPU and the JVM's total JIT
 * compilation time, so that {@code orbscope attach} can state what the whole start cost the target (loading the
 * agent, ByteBuddy's set-up, the retransformation, the recording's threads) and the compilation it set off, which
 * runs on the JVM's compiler threads beside the application's. Uses only the JDK, so the launcher may take one
 * before the dispatch classes are defined.
 */
final class StartMark {
    final long wallNanos;
    /** -1: the JVM cannot tell. */
    final long cpuNanos;
    /** -1: the JVM cannot tell. */
    final long compileMillis;

    private StartMark(long wallNanos, long cpuNanos, long compileMillis) {
        this.wallNanos = wallNanos;
        this.cpuNanos = cpuNanos;
        this.compileMillis = compileMillis;
    }

    static StartMark now() {
        long wall = System.nanoTime();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compile = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        return new StartMark(wall, cpu, compile);
    }

    /**
     * From this mark to now: wall nanoseconds, the thread's CPU nanoseconds and the JIT's compilation nanoseconds
     * (-1 when unknown), space-separated, as {@link Agent#INSTALL} carries them after the install's three figures.
     */
    String since() {
        StartMark end = now();
        return (end.wallNanos - wallNanos) + " " + (cpuNanos < 0 || end.cpuNanos < 0 ? -1 : end.cpuNanos - cpuNanos) + " "
                + (compileMillis < 0 || end.compileMillis < 0 ? -1 : (end.compileMillis - compileMillis) * 1_000_000L);
    }
}
