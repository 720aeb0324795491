package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.orbscope.run.watch.MachineSample;
import org.orbscope.run.watch.ProcessSample;

/**
 * Whether the machine was the run's: CPU that processes outside the run took (by name and pid), another orbscope
 * run at the same time, steal by a hypervisor, swapping, and packets dropped or TCP segments sent again. Only
 * processes that are not the run's count: the run itself, its server and client JVMs and its hosts never do, so
 * a run is not judged by its own load.
 */
final class MachineChecks {
    /** Processes outside the run took this share of the machine's CPU time in the window. */
    static final double OTHERS_SHARE = 0.10;
    /** A process outside the run is named when it took this share of the machine's CPU time. */
    static final double NAMED_SHARE = 0.01;
    /**
     * Processes named at most, the greediest first; the rest are counted. Enough that a busy loop beside a run is
     * named while a test suite's other JVMs and their applications take more than it does.
     */
    static final int NAMED_AT_MOST = 8;
    /** Another orbscope run's processes count when they took this share of one CPU (one not merely idle). */
    static final double FOREIGN_CPU_SHARE = 0.02;
    /** A hypervisor took this share of the machine's CPU time. */
    static final double STEAL_SHARE = 0.05;
    /** Pages swapped in and out in the window (1 MiB of 4 KiB pages). */
    static final long SWAP_PAGES = 256;
    /** TCP segments sent again in the window, at least ... */
    static final long RETRANSMITS = 10;
    /** ... and this share of the segments sent. */
    static final double RETRANSMIT_SHARE = 0.01;

    private MachineChecks() {
    }

    static List<Validity.Reason> of(WatchWindow w) {
        List<Validity.Reason> out = new ArrayList<>();
        if (!w.watched() || w.cpus() == 0) {
            return out;
        }
        others(w, out);
        foreign(w, out);
        double steal = w.stealShare();
        if (steal >= STEAL_SHARE) {
            out.add(Validity.Reason.suspect("machine.steal", STEAL_SHARE, steal, String.format(Locale.ROOT,
                    "the hypervisor took %.0f%% of the CPUs' time (steal)", 100 * steal)));
        }
        long swapped = w.machineDelta(MachineSample::swapInPages) + w.machineDelta(MachineSample::swapOutPages);
        if (swapped >= SWAP_PAGES) {
            out.add(Validity.Reason.suspect("machine.swapping", SWAP_PAGES, swapped, String.format(Locale.ROOT,
                    "the machine swapped %d pages in and out", swapped)));
        }
        Map<String, Long> drops = w.interfaceDrops();
        if (!drops.isEmpty()) {
            long all = drops.values().stream().mapToLong(Long::longValue).sum();
            out.add(Validity.Reason.suspect("machine.network-drops", 1, all, "packets dropped or in error: "
                    + drops.entrySet().stream().map(e -> e.getValue() + " on " + e.getKey())
                    .collect(Collectors.joining(", "))));
        }
        long resent = w.machineDelta(MachineSample::tcpRetransmittedSegments);
        long sent = w.machineDelta(MachineSample::tcpOutSegments);
        if (resent >= RETRANSMITS && resent >= RETRANSMIT_SHARE * sent) {
            out.add(Validity.Reason.suspect("machine.retransmits", RETRANSMIT_SHARE,
                    sent == 0 ? 1 : (double) resent / sent, String.format(Locale.ROOT,
                            "TCP sent %d of %d segments again", resent, sent)));
        }
        return out;
    }

    /** Processes that are neither the run's nor another run's: by name and pid, the greediest first. */
    private static void others(WatchWindow w, List<Validity.Reason> out) {
        double machineMs = w.windowMs() * w.cpus();
        List<WatchWindow.Process> others = w.processes().stream()
                .filter(p -> p.roleValue() == ProcessSample.Role.OTHER)
                .sorted(Comparator.comparingDouble(WatchWindow.Process::cpuMs).reversed()).toList();
        double share = others.stream().mapToDouble(WatchWindow.Process::cpuMs).sum() / machineMs;
        if (share < OTHERS_SHARE) {
            return;
        }
        List<WatchWindow.Process> noticed = others.stream().filter(p -> p.cpuMs() / machineMs >= NAMED_SHARE).toList();
        List<String> named = new ArrayList<>(noticed.stream().limit(NAMED_AT_MOST)
                .map(p -> String.format(Locale.ROOT, "%s (pid %d) %.0f%%", p.name(), p.pid(),
                        100 * p.cpuMs() / machineMs)).toList());
        if (noticed.size() > NAMED_AT_MOST) {
            named.add((noticed.size() - NAMED_AT_MOST) + " more of 1% or more");
        }
        String sentence = named.size() == 1 && others.size() == 1
                ? String.format(Locale.ROOT, "other process %s (pid %d) took %.0f%% of the %d CPUs",
                        others.get(0).name(), others.get(0).pid(), 100 * share, w.cpus())
                : String.format(Locale.ROOT, "other processes took %.0f%% of the %d CPUs: %s", 100 * share, w.cpus(),
                        String.join(", ", named));
        out.add(Validity.Reason.suspect("machine.other-processes", OTHERS_SHARE, share, sentence));
    }

    /** Another orbscope run's processes that were busy in the window. */
    private static void foreign(WatchWindow w, List<Validity.Reason> out) {
        List<WatchWindow.Process> busy = w.processes().stream()
                .filter(p -> p.roleValue() == ProcessSample.Role.FOREIGN)
                .filter(p -> p.cpuMs() / w.windowMs() >= FOREIGN_CPU_SHARE)
                .sorted(Comparator.comparingDouble(WatchWindow.Process::cpuMs).reversed()).toList();
        if (busy.isEmpty()) {
            return;
        }
        double share = busy.stream().mapToDouble(WatchWindow.Process::cpuMs).sum() / (w.windowMs() * w.cpus());
        out.add(Validity.Reason.suspect("machine.concurrent-run", FOREIGN_CPU_SHARE, share, String.format(
                Locale.ROOT, "another orbscope run at the same time took %.0f%% of the %d CPUs: %s", 100 * share,
                w.cpus(), busy.stream().limit(NAMED_AT_MOST).map(p -> p.name() + " (pid " + p.pid() + ")")
                        .collect(Collectors.joining(", ")))));
    }
}
