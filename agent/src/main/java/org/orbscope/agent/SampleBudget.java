package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@code budget=P%}: adapts the request sample so that the agent's cost stays within P% of the process's CPU time.
 * Once a control period ({@link #PERIOD_NANOS}) the flusher asks it; it estimates the agent's cost in the period
 * from what the agent can read cheaply, and writes the period as a {@code request-sample} event on the system stream:
 * the sample in force from then on, the requests seen and recorded in the period, the cost and the process's CPU time,
 * so the report states the sample of every period exactly and the trace shows what the agent spent.
 *
 * <p>The cost is the CPU time of the agent's writer and flusher threads ({@link ThreadMXBean}) plus the wall time of
 * the agent's work on the application's threads in recorded fragments, which every thread times itself
 * ({@link ThreadRecorder#timing}): each event's work from before its clock reads to its end, a span longer than
 * {@link #PREEMPTED_NANOS} counted as that (the thread was preempted or blocked in it). Not in it: the advice's flag
 * test on requests not recorded, the same whatever the sample, and what the agent's work displaces from the caches.
 *
 * <p>The control: the work on recorded requests goes as one over the sample, and the agent's threads cost about
 * the same whatever it is. A share above {@link #RAISE_ABOVE} of the budget sets the sample so that the work on
 * recorded requests fits in {@link #AIM} of the budget less the threads' cost, at once; a share below
 * {@link #LOWER_BELOW} lowers it towards the same aim by at most half per period; between the two it holds (the
 * hysteresis keeps a steady load's sample still). Where the agent's threads alone take the budget, the recorded
 * requests keep a tenth of the aim rather than none. The sample stays between {@code request.sample} and
 * {@link #MOST}. A period that saw no request, or no process CPU, keeps it.
 */
final class SampleBudget {
    static final long PERIOD_NANOS = 1_000_000_000L;
    /** The work of one event on an application thread is never longer: a longer span was a preemption or a block. */
    static final long PREEMPTED_NANOS = 50_000L;
    /**
     * The band, as shares of the budget: the process's CPU in a second moves a lot from one second to the next under
     * a steady load (wake-ups, the JIT, the collector), so the sample holds while the cost stays between these and
     * aims well inside the budget.
     */
    static final double RAISE_ABOVE = 0.6;
    static final double LOWER_BELOW = 0.2;
    static final double AIM = 0.4;
    static final int MOST = 1_000_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final RequestSample sample;
    private final SystemStream system;
    private final double budget;
    private final int least;
    private final long[] agentThreads;
    /** Each of the agent's threads' CPU time at the last period's end. */
    private final long[] lastCpuOfThread;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final long[] totals = new long[3];
    private final long[] last = new long[3];
    private long lastProcessCpu;
    private long lastNanos;

    /**
     * A budget of {@code budgetPpm} millionths of the process's CPU for {@code sample}, starting now; the agent's
     * own threads are those of {@code agentThreadIds}.
     */
    SampleBudget(RequestSample sample, SystemStream system, int budgetPpm, int least, long... agentThreadIds) {
        this.sample = sample;
        this.system = system;
        this.budget = budgetPpm / 1e6;
        this.least = least;
        this.agentThreads = agentThreadIds.clone();
        this.lastCpuOfThread = new long[agentThreads.length];
        CpuClock.enable();
        sample.totals(last);
        threadsCpuSince();
        lastProcessCpu = os.getProcessCpuTime();
        lastNanos = System.nanoTime();
    }

    /** Whether a control period has passed since the last one. */
    boolean due(long nanos) {
        return nanos - lastNanos >= PERIOD_NANOS;
    }

    /** Ends a control period at {@code nanos}: estimates its cost, sets the sample for the next and writes both. */
    void period(long nanos) {
        end(nanos, true);
    }

    /** Ends the last period at stop, once every recorder is finished: written with the sample unchanged. */
    void last(long nanos) {
        end(nanos, false);
    }

    private void end(long nanos, boolean adapt) {
        sample.totals(totals);
        long threads = threadsCpuSince();
        long processCpu = os.getProcessCpuTime();
        long seen = totals[RequestSample.SEEN] - last[RequestSample.SEEN];
        long recorded = totals[RequestSample.RECORDED] - last[RequestSample.RECORDED];
        long work = Math.max(0, totals[RequestSample.WORK_NANOS] - last[RequestSample.WORK_NANOS]);
        long agent = threads + work;
        long period = Math.max(0, processCpu - lastProcessCpu);
        int every = sample.every;
        int next = adapt ? next(every, seen, threads, work, period, budget, least) : every;
        if (next != every) {
            sample.every = next;
        }
        System.arraycopy(totals, 0, last, 0, totals.length);
        lastProcessCpu = processCpu;
        lastNanos = nanos;
        system.write(b -> b.requestSample(nanos, next, seen, recorded, agent, period));
    }

    /**
     * The sample for the next period, after one that saw {@code seen} requests, in which the agent's threads took
     * {@code threads} and its work on recorded requests {@code work} of the process's {@code period}, for a budget
     * of that share of the process's CPU and a sample of at least {@code least}.
     */
    static int next(int every, long seen, long threads, long work, long period, double budget, int least) {
        if (seen == 0 || period <= 0) {
            return every;
        }
        double share = (threads + work) / (double) period;
        // What the recorded requests may take: the aim less the agent's threads, whose cost the sample moves little;
        // at least a tenth of the aim, so threads that alone take the budget do not drive the sample to its end.
        double room = Math.max(budget * AIM * period - threads, budget * AIM * period / 10);
        long wanted = (long) Math.ceil(every * work / room);
        if (share > budget * RAISE_ABOVE && work > room) {
            return (int) Math.min(MOST, Math.max(every + 1L, wanted));
        }
        if (share < budget * LOWER_BELOW) {
            return (int) Math.max(least, Math.max(every / 2, wanted));
        }
        return every;
    }

    /**
     * The CPU time the agent's own threads took since the last call: a thread that has ended (the flusher, at stop)
     * counts nothing more, the others what they added.
     */
    private long threadsCpuSince() {
        long sum = 0;
        for (int i = 0; i < agentThreads.length; i++) {
            long t = THREADS.getThreadCpuTime(agentThreads[i]);
            if (t > lastCpuOfThread[i]) {
                sum += t - lastCpuOfThread[i];
                lastCpuOfThread[i] = t;
            }
        }
        return sum;
    }
}
