package org.orbscope.postprocess.point;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.watch.CpuStateSample;
import org.orbscope.run.watch.InterfaceSample;
import org.orbscope.run.watch.JvmSample;
import org.orbscope.run.watch.MachineSample;
import org.orbscope.run.watch.ProcessSample;
import org.orbscope.run.watch.WatchCsv;
import org.orbscope.run.watch.WatchDirectory;

/** The checks' thresholds on small hand-written watch files and client figures. */
class TrustChecksTest {
    private static final long T0 = 1_000_000_000_000L;
    private static final long SEC = 1_000_000_000L;

    @TempDir
    Path dir;

    private static MachineSample machine(long t, long swapOut, long outSegments, long retransmits) {
        return new MachineSample(t, 2, 0, 0, 0, 0, 8L << 30, 4L << 30, 4L << 30, 0, 0, 0, swapOut, 0, outSegments,
                retransmits, 0);
    }

    private static CpuStateSample all(long t, long busyMs, long idleMs, long stealMs) {
        return new CpuStateSample(t, CpuStateSample.ALL, busyMs, 0, 0, idleMs, 0, 0, 0, stealMs);
    }

    private static CpuStateSample cpu(long t, int n) {
        return new CpuStateSample(t, String.valueOf(n), 0, 0, 0, 0, 0, 0, 0, 0);
    }

    private static ProcessSample process(long t, long pid, String role, String name, long cpuMs, long intervalMs) {
        return new ProcessSample(t, pid, role, "", name, cpuMs, 0, cpuMs, intervalMs, 1, 1, name);
    }

    /** Ten seconds on a 2-CPU machine: the run's server busy on half a CPU, and {@code others}. */
    private WatchWindow window(List<ProcessSample> others, long stealMs, long swapOut, long drops) {
        List<ProcessSample> p = new ArrayList<>(others);
        for (int s = 1; s <= 10; s++) {
            p.add(process(T0 + s * SEC, 10, "server", "ServerMain", 500, 1000));
            p.add(process(T0 + s * SEC, 11, "run", "orbscope.jar", 300, 1000));
        }
        List<CpuStateSample> cpus = List.of(all(T0, 0, 0, 0), cpu(T0, 0), cpu(T0, 1),
                all(T0 + 10 * SEC, 10_000, 10_000 - stealMs, stealMs), cpu(T0 + 10 * SEC, 0), cpu(T0 + 10 * SEC, 1));
        List<InterfaceSample> net = List.of(new InterfaceSample(T0, "lo", 0, 0, 0, 0, 0, 0, 0, 0),
                new InterfaceSample(T0 + 10 * SEC, "lo", 9, 9, 0, drops, 9, 9, 0, 0));
        return WatchWindow.of(T0, T0 + 10 * SEC, List.of(machine(T0, 0, 0, 0),
                machine(T0 + 10 * SEC, swapOut, 10_000, 0)), cpus, net, p, List.of());
    }

    private static List<String> checks(List<Validity.Reason> reasons) {
        return reasons.stream().map(Validity.Reason::check).toList();
    }

    @Test
    void theRunsOwnProcessesNeverCount() {
        assertEquals(List.of(), MachineChecks.of(window(List.of(), 0, 0, 0)));
    }

    @Test
    void aHogIsNamedByNameAndPid() {
        List<ProcessSample> hog = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            hog.add(process(T0 + s * SEC, 123, "other", "stress-ng", 900, 1000));
            hog.add(process(T0 + s * SEC, 77, "other", "sshd", 10, 1000)); // below anyone's notice
        }
        List<Validity.Reason> r = MachineChecks.of(window(hog, 0, 0, 0));
        assertEquals(List.of("machine.other-processes"), checks(r));
        assertTrue(r.get(0).sentence().contains("stress-ng (pid 123) 45%"), r.get(0).sentence());
        assertEquals(Validity.Verdict.SUSPECT, Validity.of(r).verdict());
    }

    @Test
    void aLittleBackgroundIsTolerated() {
        List<ProcessSample> quiet = new ArrayList<>();
        for (int s = 1; s <= 10; s++) {
            quiet.add(process(T0 + s * SEC, 5, "other", "dockerd", 150, 1000)); // 7.5% of the machine
        }
        assertEquals(List.of(), MachineChecks.of(window(quiet, 0, 0, 0)));
    }

    @Test
    void anotherRunIsNamed() {
        List<ProcessSample> foreign = List.of(process(T0 + 5 * SEC, 99, "foreign", "ClientMain", 400, 1000));
        List<Validity.Reason> r = MachineChecks.of(window(foreign, 0, 0, 0));
        assertEquals(List.of("machine.concurrent-run"), checks(r));
        assertTrue(r.get(0).sentence().contains("ClientMain (pid 99)"), r.get(0).sentence());
    }

    @Test
    void rowsOutsideTheWindowCountByTheirShareInside() {
        // A row at 10.5 s covers 9.5-10.5 s: half of it inside the window.
        List<ProcessSample> late = List.of(process(T0 + 10 * SEC + SEC / 2, 8, "other", "x", 1000, 1000));
        WatchWindow w = window(late, 0, 0, 0);
        assertEquals(500, w.processes().stream().filter(p -> p.pid() == 8).findFirst().orElseThrow().cpuMs(), 1e-6);
    }

    @Test
    void stealSwapAndDropsEachFire() {
        List<Validity.Reason> r = MachineChecks.of(window(List.of(), 2_000, 1_000, 3));
        assertEquals(List.of("machine.steal", "machine.swapping", "machine.network-drops"), checks(r));
    }

    private static ClientPart client(double p50LateMs, double p99LateMs, double achieved, double scheduled,
                                     long records, long failed) {
        Summary late = new Summary(records, p50LateMs, 0.0, 0.0, 0.0, 0.0, p50LateMs, p99LateMs, p99LateMs,
                p99LateMs, p99LateMs);
        return new ClientPart(records, records - failed, failed, 0, failed == 0 ? Map.of("ok", records)
                : Map.of("ok", records - failed, "TRANSIENT", failed), null, late, true, false, 1, null, achieved,
                scheduled, null, null, null, List.of(), null, new OrderedSample(), List.of());
    }

    @Test
    void aClientThatKeptItsScheduleIsNotFlagged() {
        assertEquals(List.of(), LoadGeneratorChecks.of(client(0.01, 3, 228.9, 229.1, 750, 0), true,
                WatchWindow.NONE, 2));
    }

    @Test
    void lateSendsNameCoordinatedOmission() {
        List<Validity.Reason> r = LoadGeneratorChecks.of(client(271, 900, 58.6, 90, 750, 0), true,
                WatchWindow.NONE, 2);
        assertEquals(List.of("load.lateness", "load.rate"), checks(r));
        assertTrue(r.get(0).sentence().contains("coordinated omission"), r.get(0).sentence());
        assertEquals(Validity.Verdict.INVALID, r.get(0).severity());
        assertEquals(Validity.Verdict.SUSPECT, r.get(1).severity());
        // A closed workload has no schedule to keep.
        assertEquals(List.of(), LoadGeneratorChecks.of(client(271, 900, 58.6, 90, 750, 0), false,
                WatchWindow.NONE, 2));
    }

    @Test
    void aShortPointToleratesItsPoissonRate() {
        // 40 requests: 3 / sqrt(40) = 47% of Poisson noise in the achieved rate against the planned.
        assertEquals(List.of(), LoadGeneratorChecks.of(client(0.01, 1, 150, 200, 40, 0), true, WatchWindow.NONE, 2));
    }

    @Test
    void failedRequestsAndPoolExhaustionAreTheServers() throws Exception {
        Path log = dir.resolve("server.log");
        Files.writeString(log, "ready\n"
                + "WARNING: Thread pool exhausted, consider increasing jacorb.poa.thread_pool_max\n"
                .repeat(ServerChecks.POOL_EXHAUSTED_LINES));
        ServerInputs s = new ServerInputs("single", null, false, dir.resolve("server.trace"), null, 0, 0, 2, null,
                null, log, List.of());
        SteadyState steady = SteadyState.of(new long[0]);
        List<String> notes = new ArrayList<>();
        List<Validity.Reason> r = ServerChecks.of(s, Utilization.NONE, client(0, 0, 1, 1, 750, 30), steady,
                WatchWindow.NONE, true, notes);
        assertEquals(List.of("server.failed", "server.pool-exhausted"), checks(r));
        assertEquals(List.of(), notes);
        assertEquals(Validity.Verdict.INVALID, r.get(0).severity());
        assertTrue(r.get(0).sentence().contains("30 TRANSIENT"), r.get(0).sentence());
        // Now and then is a note: a burst that found every thread busy.
        Files.writeString(log, "Thread pool exhausted, consider increasing jacorb.poa.thread_pool_max\n");
        assertEquals(List.of(), ServerChecks.of(s, Utilization.NONE, client(0, 0, 1, 1, 750, 0), steady,
                WatchWindow.NONE, true, notes));
        assertEquals(1, notes.size(), notes.toString());
        // A full queue refused requests: a oneway's client counted them sent and answered.
        Files.writeString(log, "WARN org.jacorb.poa.queue - Request queue is full, consider increasing "
                + "jacorb.poa.queue_max (currently: 100)\n");
        r = ServerChecks.of(s, Utilization.NONE, client(0, 0, 1, 1, 750, 0), steady, WatchWindow.NONE, true, notes);
        assertEquals(List.of("server.queue-full"), checks(r));
        assertEquals(Validity.Verdict.INVALID, r.get(0).severity());
        assertTrue(r.get(0).sentence().startsWith("the server's ORB refused requests with its queue full 1 time(s)"),
                r.get(0).sentence());
    }

    @Test
    void aMonitoredServerWithoutATraceIsSuspect() {
        ServerInputs s = new ServerInputs("single", null, true, dir.resolve("server.trace"), null, 0, 0, 2, null,
                null, dir.resolve("server.log"), List.of());
        ServerStages absent = ServerStages.unread(ServerStages.ABSENT, "server/server.trace is missing", null,
                List.of());
        List<Validity.Reason> r = MonitoringChecks.of(s, absent, Utilization.NONE);
        assertEquals(List.of("monitoring.trace-missing"), checks(r));
        ServerInputs unmonitored = new ServerInputs("single", null, false, dir.resolve("server.trace"), null, 0, 0,
                2, null, null, dir.resolve("server.log"), List.of());
        assertEquals(List.of(), MonitoringChecks.of(unmonitored, absent, Utilization.NONE));
    }

    @Test
    void theModelsDisagreementNamesTheChecksThatExplainIt() {
        Prediction off = new Prediction(new Prediction.Simulated(1.0, 36.0, 0.8, -0.5, -0.8, "note"), null, null, null);
        ServerStages stages = ServerStages.NONE;
        Validity.Reason late = Validity.Reason.invalid("load.lateness", 50, 271, "late");
        String explained = ModelChecks.of(off, stages, List.of(late)).get(0).sentence();
        assertTrue(explained.endsWith("explained by load.lateness"), explained);
        String unexplained = ModelChecks.of(off, stages, List.of()).get(0).sentence();
        assertTrue(unexplained.contains("none of the checks explains it"), unexplained);
        Prediction close = new Prediction(new Prediction.Simulated(1.0, 36.0, 0.8, 0.0, 0.1, "note"), null, null, null);
        assertEquals(List.of(), ModelChecks.of(close, stages, List.of(late)));
    }

    @Test
    void theVerdictIsTheWeightiestReason() {
        Validity.Reason suspect = Validity.Reason.suspect("a", 1, 2, "s");
        Validity.Reason invalid = Validity.Reason.invalid("b", 1, 2, "i");
        assertEquals(Validity.Verdict.VALID, Validity.of(List.of()).verdict());
        assertEquals(Validity.Verdict.SUSPECT, Validity.of(List.of(suspect)).verdict());
        assertEquals(Validity.Verdict.INVALID, Validity.of(List.of(suspect, invalid)).verdict());
        assertEquals("invalid: i; s", Validity.of(List.of(suspect, invalid)).line());
    }

    @Test
    void aShortPointSaysItIsTooShortForItsPercentiles() {
        OrderedSample few = new OrderedSample();
        for (int i = 0; i < 50; i++) {
            few.add(i, 1_000_000L + i);
        }
        Precision p = Precision.of(few);
        assertEquals(List.of("precision.too-short"), checks(p.reasons()));
        OrderedSample more = new OrderedSample();
        for (int i = 0; i < 600; i++) {
            more.add(i, 1_000_000L + (i % 7) * 10_000L);
        }
        Precision q = Precision.of(more);
        assertEquals(List.of(), q.reasons());
        assertEquals("p99.9 and p99.99 of 600 measured responses are their maximum: the point is too short for them",
                q.note());
    }

    @Test
    void watchFilesAreReadOverTheWindow() throws Exception {
        WatchDirectory w = new WatchDirectory(dir.resolve("watch"));
        try (WatchCsv.Writer<MachineSample> m = WatchCsv.MACHINE.create(w.machine());
             WatchCsv.Writer<ProcessSample> p = WatchCsv.PROCESSES.create(w.processes());
             WatchCsv.Writer<CpuStateSample> c = WatchCsv.CPUS.create(w.cpus());
             WatchCsv.Writer<JvmSample> j = WatchCsv.JVMS.create(w.jvms())) {
            m.append(machine(T0, 0, 0, 0));
            m.append(machine(T0 + 2 * SEC, 0, 0, 0));
            c.append(all(T0, 0, 0, 0));
            c.append(cpu(T0, 0));
            c.append(all(T0 + 2 * SEC, 2000, 2000, 0));
            p.append(process(T0 + SEC, 42, "other", "stress-ng", 1000, 1000));
            p.append(process(T0 + 2 * SEC, 42, "other", "stress-ng", 1000, 1000));
            j.append(new JvmSample(T0, 7, "client", "client", 1, 5, 5, 1, 5, 0, 1, 1, 9, 1, 1));
            j.append(new JvmSample(T0 + SEC, 7, "client", "client", 3, 305, 250, 3, 305, 0, 1, 1, 9, 1, 1));
        }
        WatchWindow window = WatchWindow.read(w, T0, T0 + 2 * SEC);
        assertEquals(List.of("machine.other-processes"), checks(MachineChecks.of(window)));
        assertEquals(List.of("load.client-gc"), checks(LoadGeneratorChecks.of(client(0, 0, 1, 1, 750, 0), true,
                window, 1)));
    }
}
