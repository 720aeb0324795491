package org.orbscope.agent;

import java.lang.management.ManagementFactory;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The recording's flusher thread ({@code orbscope-flusher}): every sample interval ({@code sample.interval.ms}) it
 * finishes the recorders of threads that have ended, so their last events reach the file, and writes on the system
 * stream a process CPU sample and the drops and agent errors counted since its last round. It ends when the
 * recorder stops.
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

    private Flusher(Recorder recorder, TraceWriter writer, SystemStream system, Settings settings) {
        this.recorder = recorder;
        this.writer = writer;
        this.system = system;
        this.settings = settings;
    }

    static Thread start(Recorder recorder, TraceWriter writer, SystemStream system, Settings settings) {
        Thread t = new Thread(new Flusher(recorder, writer, system, settings), "orbscope-flusher");
        t.setDaemon(true);
        t.start();
        return t;
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
