package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * One thread's CPU clock as request fragments record it with {@code cpu.net} (the default): the JVM's thread CPU
 * clock minus the agent's own work on the thread, read twice when cold and carried forward across short exits.
 * Used only by its thread's {@link ThreadRecorder}, and only while that thread's fragment is charged; otherwise the
 * recorder reads {@link #now} as it is. What the cold reads correct: docs/results/cpu-clock-interval.md; what taking
 * the agent's work out costs: docs/results/null-request-overhead.md; what a stage's CPU time holds: docs/agent.md.
 */
final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /**
     * A thread whose last read is older than this reads the clock twice and keeps the second value: a read after a
     * block, or on a request recorded one in N, runs cold and takes longer, and its two halves (before and after
     * the clock's sample point) then differ, which {@link #netAt} assumes they do not.
     */
    private static final long COLD_NANOS = 10_000L;
    /**
     * When an exit's agent work starts less than this after the end of the thread's last read, its CPU time is
     * that read carried forward by the wall time since, with no system call: a thread that blocks or waits takes
     * longer than this to run again, so in so short a gap it ran unless it was preempted, and then the figure is
     * high by less than this plus half a read. The ends of nested calls are such exits.
     */
    private static final long CARRY_NANOS = 2_000L;

    /** Wall time of the end of the thread's last read (see {@link #COLD_NANOS}). */
    private long lastRead = Long.MIN_VALUE / 2;
    /** The last read's value and its sample point (the middle of the read, by the wall clock). */
    private long lastRaw;
    private long lastSampled;
    /**
     * Wall time of the agent's own work on this thread: from the start of each event's work (before its clock
     * reads) to its end. The CPU times a charged fragment records are the thread's CPU clock minus this, so a
     * stage's CPU time (the difference of two of them) leaves out what the agent did inside it: its events' writes,
     * their clock reads, its key and name look-ups. That work runs cold on a request recorded one in N and warm
     * when every request is recorded, so left in it would make the two disagree. Wall time stands for the agent's
     * CPU time: its work blocks only on the trace dictionary's lock for a first definition; what a preemption adds
     * is forgiven at the next read.
     */
    private long agentNanos;
    /** The last net CPU time recorded: the net CPU times a thread records never decrease. */
    private long lastNet;

    /** Turns the JVM's thread CPU clock on where it can be read and is off. */
    static void enable() {
        if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
    }

    /** The current thread's CPU time in nanoseconds as the JVM reads it, or -1 when it cannot tell. */
    static long now() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /**
     * The thread's CPU time for an event whose agent work began at wall time {@code start}, net of the agent's work
     * on this thread up to the clock's sample point, which is taken to be the middle of the read. The clock is read
     * a first time when it is cold ({@link #COLD_NANOS}), and not at all for an exit within {@link #CARRY_NANOS} of
     * the last read ({@code exit}). Enters always read it: a call's CPU time is then the difference of its enter's
     * read and its exit's read or carry, so a call that ends within the carry of its enter's read holds none of
     * the clock's read-to-read jitter, and its CPU time stays within its wall time. Negative when the JVM cannot tell.
     */
    long netAt(long start, boolean exit) {
        long net;
        if (exit && start - lastRead < CARRY_NANOS) {
            // carried forward to the start of this event's agent work, all of whose earlier work is in agentNanos
            net = lastRaw + (start - lastSampled) - agentNanos;
        } else {
            if (start - lastRead > COLD_NANOS) {
                now();
            }
            long before = System.nanoTime();
            long cpu = now();
            long after = System.nanoTime();
            if (cpu < 0) {
                return cpu;
            }
            long sampled = before + ((after - before) >> 1);
            lastRead = after;
            lastRaw = cpu;
            lastSampled = sampled;
            net = cpu - agentNanos - (sampled - start);
        }
        if (net < lastNet) {
            // Wall time charged that was no CPU time (the thread was preempted or blocked in the agent's work):
            // forgiven here, or every later read on the thread would stay clamped until it had run that long.
            agentNanos -= lastNet - net;
            net = lastNet;
        }
        lastNet = net;
        return net;
    }

    /** Charges {@code nanos} of the agent's work to this thread. */
    void charge(long nanos) {
        agentNanos += nanos;
    }
}
