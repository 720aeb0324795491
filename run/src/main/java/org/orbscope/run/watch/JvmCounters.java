package org.orbscope.run.watch;

import java.util.ArrayList;
import java.util.List;
import sun.jvmstat.monitor.LongMonitor;
import sun.jvmstat.monitor.Monitor;
import sun.jvmstat.monitor.MonitorException;
import sun.jvmstat.monitor.MonitoredHost;
import sun.jvmstat.monitor.MonitoredVm;
import sun.jvmstat.monitor.VmIdentifier;

/**
 * One JVM's HotSpot performance counters, read from outside it through {@code sun.jvmstat.monitor} (the JDK's
 * reader of the {@code hsperfdata} file that every HotSpot JVM keeps mapped in {@code /tmp/hsperfdata_<user>/},
 * and what {@code jstat} reads). The JVMs under measurement keep these counters anyway, so watching them adds no
 * thread, no allocation and no safepoint to them: an in-JVM sampler (the platform MXBeans, as the server's
 * {@code system.csv} uses, or JFR streaming) would run inside the client whose sending it measures, and neither
 * gives the safepoint time. A read costs the watcher a few hundred nanoseconds (the counters are loads from the
 * mapped file); attaching costs about 20 ms once per JVM.
 *
 * <p>The module {@code jdk.internal.jvmstat} must export {@code sun.jvmstat.monitor} to the watcher: the cli jar's
 * manifest says {@code Add-Exports}, the build's tests pass {@code --add-exports}. Without it the watcher writes no
 * {@code jvms.csv} and says why ({@link #unavailable}).
 */
final class JvmCounters implements AutoCloseable {
    private static final String PACKAGE = "sun.jvmstat.monitor";
    private static MonitoredHost host;

    private final MonitoredVm vm;
    private final double ticksPerMs;
    private final List<LongMonitor[]> collectors = new ArrayList<>();
    private final List<LongMonitor> heapUsed;
    private final List<LongMonitor> heapCommitted;
    private final LongMonitor safepoints;
    private final LongMonitor safepointTime;
    private final LongMonitor safepointSyncTime;
    private final LongMonitor threads;
    private final LongMonitor compilations;
    private final LongMonitor jitTime;
    private long lastPauses = -1;
    private long[] lastInvocations;
    private long[] lastTimes;

    /** Null when the counters can be read, else why not. */
    static String unavailable() {
        Module jvmstat = ModuleLayer.boot().findModule("jdk.internal.jvmstat").orElse(null);
        if (jvmstat == null) {
            return "the JVMs' counters are not read: this Java has no jdk.internal.jvmstat module";
        }
        if (!jvmstat.isExported(PACKAGE, JvmCounters.class.getModule())) {
            return "the JVMs' counters are not read: this JVM does not export " + PACKAGE + " to the watcher (run "
                    + "it with --add-exports jdk.internal.jvmstat/" + PACKAGE + "=ALL-UNNAMED)";
        }
        return null;
    }

    /** Attaches to the JVM {@code pid}; throws when it has no counters (yet: a JVM maps them as it starts). */
    static JvmCounters attach(long pid) throws MonitorException, java.net.URISyntaxException {
        synchronized (JvmCounters.class) {
            if (host == null) {
                host = MonitoredHost.getMonitoredHost("localhost");
            }
        }
        return new JvmCounters(host.getMonitoredVm(new VmIdentifier(Long.toString(pid))));
    }

    private JvmCounters(MonitoredVm vm) throws MonitorException {
        this.vm = vm;
        LongMonitor frequency = counter("sun.os.hrt.frequency");
        ticksPerMs = frequency == null || frequency.longValue() <= 0 ? 1e6 : frequency.longValue() / 1000.0;
        for (int i = 0; ; i++) {
            String c = "sun.gc.collector." + i + ".";
            LongMonitor invocations = counter(c + "invocations");
            if (invocations == null) {
                break;
            }
            collectors.add(new LongMonitor[] {invocations, counter(c + "time"), counter(c + "lastEntryTime"),
                    counter(c + "lastExitTime")});
        }
        heapUsed = counters("sun\\.gc\\.generation\\.[0-9]+\\.space\\.[0-9]+\\.used");
        heapCommitted = counters("sun\\.gc\\.generation\\.[0-9]+\\.capacity");
        safepoints = counter("sun.rt.safepoints");
        safepointTime = counter("sun.rt.safepointTime");
        safepointSyncTime = counter("sun.rt.safepointSyncTime");
        threads = counter("java.threads.live");
        compilations = counter("sun.ci.totalCompiles");
        jitTime = counter("java.ci.totalTime");
    }

    /** The JVM's counters now; the longest pause is over the time since the previous call. */
    JvmSample sample(long epochNs, long pid, String role, String part) {
        int n = collectors.size();
        if (lastInvocations == null) {
            lastInvocations = new long[n];
            lastTimes = new long[n];
        }
        long pauses = 0;
        long pauseTicks = 0;
        double longest = 0;
        for (int i = 0; i < n; i++) {
            LongMonitor[] c = collectors.get(i);
            long invocations = value(c[0]);
            long time = value(c[1]);
            long ended = invocations - lastInvocations[i];
            if (lastPauses >= 0 && ended > 0 && time > lastTimes[i]) {
                long spent = time - lastTimes[i];
                long last = value(c[3]) - value(c[2]);
                // One collection ended in the interval: the last one (unless another has begun since, which leaves
                // only the interval's total as a bound). Several: the longest is the last or at most the others.
                long bound = last < 0 ? spent : ended == 1 ? last : Math.max(last, spent - last);
                longest = Math.max(longest, bound / ticksPerMs);
            }
            lastInvocations[i] = invocations;
            lastTimes[i] = time;
            pauses += invocations;
            pauseTicks += time;
        }
        lastPauses = pauses;
        return new JvmSample(epochNs, pid, role, part, pauses, pauseTicks / ticksPerMs, longest, value(safepoints),
                value(safepointTime) / ticksPerMs, value(safepointSyncTime) / ticksPerMs, sum(heapUsed),
                sum(heapCommitted), value(threads), value(compilations), value(jitTime) / ticksPerMs);
    }

    @Override
    public void close() {
        vm.detach();
    }

    private LongMonitor counter(String name) throws MonitorException {
        Monitor m = vm.findByName(name);
        return m instanceof LongMonitor l ? l : null;
    }

    private List<LongMonitor> counters(String pattern) throws MonitorException {
        List<LongMonitor> out = new ArrayList<>();
        for (Monitor m : vm.findByPattern(pattern)) {
            if (m instanceof LongMonitor l) {
                out.add(l);
            }
        }
        return out;
    }

    private static long value(LongMonitor m) {
        return m == null ? 0 : m.longValue();
    }

    private static long sum(List<LongMonitor> ms) {
        long s = 0;
        for (LongMonitor m : ms) {
            s += m.longValue();
        }
        return s;
    }
}
