package org.orbscope.run.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.EpochClock;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;

/**
 * The watcher beside real processes: a JVM this test starts (so one of the run's) and a CPU hog that is not the
 * run's, both bounded in time. Asserts what was recorded, not how fast.
 */
class WatcherTest {
    /** Long enough for a loaded 2-core machine to start a JVM and for the watcher to scan a few times. */
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    @Test
    @Timeout(300)
    void recordsTheMachineTheRunsJvmAndAHogBesideIt() throws Exception {
        assertNull(ProcFs.unavailable(), "the watcher needs Linux's /proc");
        PointDirectory point = new PointDirectory(dir.resolve("runs/r1/points/p1"));
        WatchDirectory out = point.watch();
        ProcessHandle hog = startHog();
        long loop = hog.children().findFirst().orElseThrow().pid();
        Process child = null;
        long before = EpochClock.now();
        Watcher watcher = Watcher.start(point, out, EpochClock.calibrate());
        try {
            child = JvmLauncher.main(IdleMain.class.getName()).log(dir.resolve("idle.log")).start();
            long childPid = child.pid();
            await(() -> hogRow(out, loop).isPresent() && jvmRows(out, childPid) >= 3, "the hog's row and the "
                    + "child JVM's counters in " + out.dir());
        } finally {
            if (child != null) {
                JvmLauncher.stop(child, Duration.ofSeconds(10));
            }
            watcher.close();
            hog.descendants().forEach(ProcessHandle::destroy);
            hog.destroy();
        }
        long after = EpochClock.now();

        ProcessSample h = hogRow(out, loop).orElseThrow();
        assertEquals("sh", h.name());
        assertTrue(h.command().contains("while :"), h.command());
        assertTrue(h.cpuShare() >= ProcessTable.NOTICEABLE_SHARE && h.cpuShare() <= 1.5, h.toString());

        List<ProcessSample> processes = rows(WatchCsv.PROCESSES.read(out.processes()));
        long childPid = child.pid();
        List<ProcessSample> mine = processes.stream().filter(p -> p.pid() == childPid).toList();
        assertFalse(mine.isEmpty(), "no row of the child JVM " + childPid);
        for (ProcessSample p : mine) {
            assertEquals("run", p.role(), p.toString());
            assertEquals(IdleMain.class.getSimpleName(), p.part(), p.toString());
            assertEquals(IdleMain.class.getName(), p.name(), p.toString());
        }
        // Any row while it ran: the last may catch the JVM ended but not yet reaped (a zombie: no memory, one thread).
        assertTrue(mine.stream().anyMatch(r -> r.cpuMs() > 0 && r.threads() > 1 && r.rssBytes() > 0), "a JVM that "
                + "started took CPU, threads and memory: " + mine);
        long self = ProcessHandle.current().pid();
        assertTrue(processes.stream().anyMatch(p -> p.pid() == self && p.role().equals("run") && p.part().isEmpty()),
                "the watcher's own process is the run's");

        List<JvmSample> jvms = rows(WatchCsv.JVMS.read(out.jvms()));
        JvmSample last = jvms.stream().filter(j -> j.pid() == childPid).reduce((a, b) -> b).orElseThrow();
        assertTrue(last.heapUsedBytes() > 0 && last.heapCommittedBytes() >= last.heapUsedBytes() && last.threads() > 1
                && last.compilations() > 0, last.toString());
        assertTrue(last.gcPauses() > 0 && last.gcPauseMs() > 0 && last.safepoints() > 0, "the child allocates "
                + "until it collects: " + last);

        List<MachineSample> machine = rows(WatchCsv.MACHINE.read(out.machine()));
        assertTrue(machine.size() >= 10, machine.size() + " machine rows");
        assertTrue(machine.get(0).epochNs() >= before && machine.get(0).epochNs() - before < 10_000_000_000L,
                "the first row is on the epoch axis, near the start: " + machine.get(0).epochNs() + " vs " + before);
        assertTrue(machine.get(machine.size() - 1).epochNs() <= after, "the last row is before the watcher closed");
        for (int i = 1; i < machine.size(); i++) {
            assertTrue(machine.get(i).epochNs() > machine.get(i - 1).epochNs(), "rows in time order");
            assertTrue(machine.get(i).contextSwitches() >= machine.get(i - 1).contextSwitches());
        }
        assertTrue(machine.get(0).memTotalBytes() > 0 && machine.get(0).memAvailableBytes() > 0);

        List<CpuStateSample> cpus = rows(WatchCsv.CPUS.read(out.cpus()));
        int cores = Runtime.getRuntime().availableProcessors();
        assertTrue(cpus.stream().filter(CpuStateSample::total).count() == machine.size(), "one total per sample");
        assertTrue(cpus.stream().map(CpuStateSample::cpu).distinct().count() >= Math.min(cores, 1) + 1);
        CpuStateSample first = cpus.get(0);
        CpuStateSample lastTotal = cpus.stream().filter(CpuStateSample::total).reduce((a, b) -> b).orElseThrow();
        assertTrue(lastTotal.busyMs() > first.busyMs(), "the hog kept a CPU busy");

        List<InterfaceSample> network = rows(WatchCsv.NETWORK.read(out.network()));
        assertTrue(network.stream().anyMatch(n -> n.name().equals("lo")), "loopback is watched");
        assertTrue(Files.readString(out.log()).contains("the watcher's thread took"), Files.readString(out.log()));
    }

    /**
     * Two runs whose point directories are named alike (started in the same second from the same scenario, under
     * different {@code --out}): the other run's client JVM is foreign, and a client JVM of this run that is no
     * descendant of the watcher's process (a client host's on this machine) is this run's. Both are started through a
     * shell that exits at once, so neither is a descendant of this JVM.
     */
    @Test
    @Timeout(300)
    void anotherRunsJvmIsForeignThoughItsDirectoriesAreNamedAlike() throws Exception {
        PointDirectory point = new PointDirectory(dir.resolve("a/r1/points/p1"));
        PointDirectory other = new PointDirectory(dir.resolve("b/r1/points/p1"));
        assertNotEquals(point.runId(), other.runId());
        WatchDirectory out = point.watch();
        Watcher watcher = Watcher.start(point, out, EpochClock.calibrate());
        ProcessHandle mine = null;
        ProcessHandle theirs = null;
        try {
            mine = startApart(point);
            theirs = startApart(other);
            long m = mine.pid();
            long t = theirs.pid();
            await(() -> row(out, m).isPresent() && row(out, t).isPresent(), "rows of both clients in " + out.dir());
        } finally {
            watcher.close();
            for (ProcessHandle p : new ProcessHandle[] {mine, theirs}) {
                if (p != null) {
                    p.destroy();
                }
            }
        }
        ProcessSample m = row(out, mine.pid()).orElseThrow();
        assertEquals("client", m.role(), m.toString());
        assertEquals("client", m.part(), m.toString());
        long theirPid = theirs.pid();
        ProcessSample t = row(out, theirPid).orElseThrow();
        assertEquals("foreign", t.role(), t.toString());
        assertTrue(rows(WatchCsv.PROCESSES.read(out.processes())).stream().filter(p -> p.pid() == theirPid)
                .allMatch(p -> p.role().equals("foreign")), "the other run's client is never this run's");
    }

    /** A stand-in workload client of {@code point}'s run that writes into its {@code client/}, no child of this JVM. */
    private static ProcessHandle startApart(PointDirectory point) throws Exception {
        List<String> command = JvmLauncher.main(ClientLaunch.MAIN).run(point.runId())
                .args(ClientLaunch.OUT, point.client().dir().toString()).command();
        String line = command.stream().map(w -> "'" + w.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
        Process launcher = new ProcessBuilder("sh", "-c", line + " </dev/null >/dev/null 2>&1 & echo $!").start();
        String pid = new String(launcher.getInputStream().readAllBytes()).trim();
        launcher.waitFor();
        return ProcessHandle.of(Long.parseLong(pid)).orElseThrow();
    }

    /** The last row of {@code pid} in processes.csv. */
    private static Optional<ProcessSample> row(WatchDirectory out, long pid) {
        if (!Files.exists(out.processes())) {
            return Optional.empty();
        }
        return WatchCsv.PROCESSES.read(out.processes()).rows().stream().filter(p -> p.pid() == pid)
                .reduce((a, b) -> b);
    }

    /**
     * A busy shell loop for at most 60 s, started through a shell that exits at once, so that it is no descendant
     * of this JVM (as a competing process would not be); returns the {@code timeout} process that bounds it.
     */
    private static ProcessHandle startHog() throws Exception {
        Process launcher = new ProcessBuilder("sh", "-c",
                "timeout 60 sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 & echo $!").start();
        String pid = new String(launcher.getInputStream().readAllBytes()).trim();
        launcher.waitFor();
        ProcessHandle timeout = ProcessHandle.of(Long.parseLong(pid)).orElseThrow();
        await(() -> timeout.children().findAny().isPresent(), "the hog's loop to start");
        return timeout;
    }

    /** The hog's busy loop in a row as another process that took a noticeable share. */
    private static Optional<ProcessSample> hogRow(WatchDirectory out, long loop) {
        if (!Files.exists(out.processes())) {
            return Optional.empty();
        }
        return WatchCsv.PROCESSES.read(out.processes()).rows().stream()
                .filter(p -> p.pid() == loop && p.role().equals("other")
                        && p.cpuShare() >= ProcessTable.NOTICEABLE_SHARE)
                .reduce((a, b) -> b);
    }

    private static long jvmRows(WatchDirectory out, long pid) {
        if (!Files.exists(out.jvms())) {
            return 0;
        }
        return WatchCsv.JVMS.read(out.jvms()).rows().stream().filter(j -> j.pid() == pid && j.gcPauses() > 0).count();
    }

    private static <R> List<R> rows(WatchCsv.Rows<R> rows) {
        assertNull(rows.problem());
        return rows.rows();
    }

    /** Polls for what the watcher writes (a file has nothing to block on) until it is there or the patience ends. */
    private static void await(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "no " + what + " within " + PATIENCE.toSeconds() + " s");
            Thread.sleep(100);
        }
    }
}
