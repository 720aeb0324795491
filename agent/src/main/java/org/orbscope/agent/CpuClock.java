package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The current thread's CPU clock, as the JVM reads it. */
final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuClock() {
    }

    /** Turns the JVM's thread CPU clock on where it can be read and is off. */
    static void enable() {
        if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    /** The current thread's CPU time in nanoseconds, or -1 when the JVM cannot tell. */
    static long now() {
        return THREADS.getCurrentThreadCpuTime();
    }
}
