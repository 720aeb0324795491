package org.orbscope.testkit;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, every {@value #PERIOD_SECONDS} s while tests run, which tests of this JVM are running and for how long,
 * so that a long stretch of the suite (a test class that starts JVMs and waits on them) is never silent: surefire
 * prints a forked class's lines only when the class ends. JUnit registers it from {@code META-INF/services} in every
 * module that has the testkit on its test class path; the line goes to the stream that was standard output when
 * the tests began, so a test that captures {@code System.out} does not swallow it.
 */
public final class Heartbeat implements TestExecutionListener {
    static final int PERIOD_SECONDS = 20;

    private final Map<TestIdentifier, Long> running = new ConcurrentHashMap<>();
    private ScheduledExecutorService timer;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        PrintStream out = System.out;
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "test-heartbeat");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> beat(out), PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        timer.shutdownNow();
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.isTest()) {
            running.put(test, System.nanoTime());
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        running.remove(test);
    }

    private void beat(PrintStream out) {
        if (running.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        out.println("[still running] " + running.entrySet().stream()
                .map(e -> name(e.getKey()) + " (" + TimeUnit.NANOSECONDS.toSeconds(now - e.getValue()) + " s)")
                .collect(Collectors.joining(", ")));
    }

    /** The test's class and display name, from its unique id's last class segment. */
    private static String name(TestIdentifier test) {
        String id = test.getUniqueId();
        int cls = id.lastIndexOf("[class:");
        String className = cls < 0 ? "" : id.substring(cls + 7, id.indexOf(']', cls));
        return className.substring(className.lastIndexOf('.') + 1) + " " + test.getDisplayName();
    }
}
