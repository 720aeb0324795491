package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The recording's flusher thread ({@code orbscope-flusher}): every sample interval ({@code sample.interval.ms}) it
 * finishes the recorders of threads that have ended, so their last events reach the file, and writes on the system
 * stream a process CPU sample and the drops and agent errors counted since its last round; with {@code budget=},
 * it ends each control period of the request sample ({@link SampleBudget}). It ends when the recorder stops.
 */
final class Flusher implements Runnable {
    private final Recorder recorder;
    private final TraceWriter writer;
    private final SystemStream system;
    private final Settings settings;
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long reportedDropped;
    private long reportedErrors;
    private final Thread thread;
    /** The request sample's budget, or null without {@code budget=}. */
    private final SampleBudget budget;

    private Flusher(Recorder recorder, TraceWriter writer, SystemStream system, Settings settings) {
        this.recorder = recorder;
        this.writer = writer;
        this.system = system;
        this.settings = settings;
        this.thread = new Thread(this, "orbscope-flusher");
        thread.setDaemon(true);
        this.budget = settings.budgetPpm == 0 ? null : new SampleBudget(recorder.requestSample(), system,
                settings.budgetPpm, settings.requestEvery, writer.writerThreadId(), thread.getId());
    }

    static Flusher start(Recorder recorder, TraceWriter writer, SystemStream system, Settings settings) {
        Flusher f = new Flusher(recorder, writer, system, settings);
        f.thread.start();
        return f;
    }

    /** Interrupts the flusher's sleep and waits up to {@code millis} for it to end. */
    void stop(long millis) throws InterruptedException {
        thread.interrupt();
        thread.join(millis);
    }

    /** The request sample's budget, or null. */
    SampleBudget budget() {
        return budget;
    }

    @Override
    public void run() {
        while (recorder.isActive()) {
            try {
                Thread.sleep(settings.flushIntervalMillis);
            } catch (InterruptedException e) {
                return;
            }
            try {
                round(System.nanoTime());
            } catch (Throwable t) {
                recorder.errors().add();
            }
        }
    }

    private void round(long now) {
        long dropped = ThreadRecorders.flushEnded(writer, now, settings.retireAfterNanos);
        if (settings.process) {
            system.write(b -> b.processSample(now, os.getProcessCpuTime(), System.currentTimeMillis()));
        }
        if (budget != null && budget.due(now)) {
            budget.period(now);
        }
        long errors = recorder.errors().total();
        if (dropped > reportedDropped) {
            long d = dropped - reportedDropped;
            system.write(b -> b.dropped(now, d));
            reportedDropped = dropped;
        }
        if (errors > reportedErrors) {
            long e = errors - reportedErrors;
            system.write(b -> b.agentErrors(now, e));
            reportedErrors = errors;
        }
    }
}
