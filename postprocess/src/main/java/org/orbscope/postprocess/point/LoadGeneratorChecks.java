package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.watch.ProcessSample;

/**
 * Whether the load generator kept its schedule: how late it sent (against each request's intended time), the rate
 * it achieved against the one its schedule asked, and whether its JVMs were short of CPU or paused by their GC.
 * A client that falls behind offers the server a lighter, burstier load than the scenario says.
 */
final class LoadGeneratorChecks {
    /** Half the requests were sent this late or later: the client fell behind its schedule. */
    static final double LATENESS_P50_MS = 1.0;
    /** Half the requests were sent this late or later: the server was not offered the scenario's load at all. */
    static final double LATENESS_P50_INVALID_MS = 50.0;
    /** One request in a hundred was sent this late or later. */
    static final double LATENESS_P99_MS = 20.0;
    /** The achieved rate fell this share short of the schedule's, or three Poisson standard deviations if more. */
    static final double RATE_SHORTFALL = 0.10;
    /** The achieved rate fell this share short of the schedule's: the point measured another load. */
    static final double RATE_SHORTFALL_INVALID = 0.5;
    /** The client JVMs took this share of the CPUs they were given: the client was CPU-bound. */
    static final double CLIENT_CPU_SHARE = 0.9;
    /** The client JVMs' collections took this share of the window. */
    static final double CLIENT_GC_SHARE = 0.05;
    /** A client collection this long or longer stopped its senders for a noticeable time. */
    static final double CLIENT_GC_PAUSE_MS = 100;

    private LoadGeneratorChecks() {
    }

    /**
     * The reasons of {@code client}'s point: {@code open} when its arrivals are open (a schedule to keep);
     * {@code clientCpus} the CPUs the client JVMs were given.
     */
    static List<Validity.Reason> of(ClientPart client, boolean open, WatchWindow watch, int clientCpus) {
        List<Validity.Reason> out = new ArrayList<>();
        if (open) {
            lateness(client.lateness(), out);
            rate(client, out);
        }
        if (watch.watched() && clientCpus > 0) {
            double share = watch.cpuMs(ProcessSample.Role.CLIENT) / watch.windowMs() / clientCpus;
            if (share >= CLIENT_CPU_SHARE) {
                out.add(Validity.Reason.suspect("load.client-cpu", CLIENT_CPU_SHARE, share, String.format(
                        Locale.ROOT, "the client JVMs took %.0f%% of their %d CPU(s): the load generator was "
                                + "CPU-bound", 100 * share, clientCpus)));
            }
        }
        gc(watch, out);
        return out;
    }

    private static void lateness(Summary late, List<Validity.Reason> out) {
        if (late == null || late.count() == 0 || late.p50Ms() == null) {
            return;
        }
        String figures = String.format(Locale.ROOT, "sends left late against the schedule: p50 %.3f ms, p99 %.3f "
                + "ms, max %.3f ms", late.p50Ms(), late.p99Ms(), late.maxMs());
        String omission = " (coordinated omission: the client waited before sending, so the server saw a lighter, "
                + "burstier load than asked; responses count from the intended times and include the delay)";
        if (late.p50Ms() >= LATENESS_P50_INVALID_MS) {
            out.add(Validity.Reason.invalid("load.lateness", LATENESS_P50_INVALID_MS, late.p50Ms(),
                    figures + omission));
        } else if (late.p50Ms() >= LATENESS_P50_MS) {
            out.add(Validity.Reason.suspect("load.lateness", LATENESS_P50_MS, late.p50Ms(), figures + omission));
        } else if (late.p99Ms() >= LATENESS_P99_MS) {
            out.add(Validity.Reason.suspect("load.lateness", LATENESS_P99_MS, late.p99Ms(), figures + omission));
        }
    }

    private static void rate(ClientPart client, List<Validity.Reason> out) {
        Double achieved = client.achievedRatePerSec();
        Double scheduled = client.scheduledRatePerSec();
        if (achieved == null || scheduled == null || scheduled <= 0 || client.records() == 0) {
            return;
        }
        double shortfall = 1 - achieved / scheduled;
        double tolerance = Math.max(RATE_SHORTFALL, 3 / Math.sqrt(client.records()));
        String sentence = String.format(Locale.ROOT, "achieved %.1f requests/s of the %.1f/s the schedule asked "
                + "(%.0f%% short)", achieved, scheduled, 100 * shortfall);
        if (shortfall >= RATE_SHORTFALL_INVALID) {
            out.add(Validity.Reason.invalid("load.rate", RATE_SHORTFALL_INVALID, shortfall, sentence));
        } else if (shortfall >= tolerance) {
            out.add(Validity.Reason.suspect("load.rate", tolerance, shortfall, sentence));
        }
    }

    private static void gc(WatchWindow watch, List<Validity.Reason> out) {
        double gcMs = 0;
        double longest = 0;
        for (WatchWindow.Jvm j : watch.jvms(ProcessSample.Role.CLIENT.label())) {
            gcMs = Math.max(gcMs, j.gcPauseMs());
            longest = Math.max(longest, j.longestPauseMs());
        }
        double share = watch.watched() ? gcMs / watch.windowMs() : 0;
        if (share >= CLIENT_GC_SHARE || longest >= CLIENT_GC_PAUSE_MS) {
            out.add(Validity.Reason.suspect("load.client-gc", CLIENT_GC_PAUSE_MS, longest, String.format(Locale.ROOT,
                    "the client's collections stopped it for %.0f ms (%.1f%% of the window), the longest %.0f ms",
                    gcMs, 100 * share, longest)));
        }
    }
}
