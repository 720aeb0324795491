package org.orbscope.postprocess.point;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.orbscope.run.RequestRecord;
import org.orbscope.run.watch.ProcessSample;

/**
 * Whether the server kept up: its CPU near the cores it was given, its queue growing through the window (the
 * response rising as requests wait longer and longer), requests that failed, and the ORB's own word that a pool
 * ran out (JacORB's "Thread pool exhausted") or that its queue refused requests ("Request queue is full"), read
 * from the server's log.
 */
final class ServerChecks {
    /** The server took this share of its CPUs: it is near saturation, where small changes move the response. */
    static final double SATURATION_SHARE = 0.9;
    /** This share of the requests failed or were not sent: the figures cover a different load. */
    static final double FAILED_INVALID_SHARE = 0.01;
    /**
     * The server's ORB said this many times that a pool ran out: requests waited for a thread again and again.
     * Fewer times are a note: JacORB says it at a burst that finds every thread of its pool busy, which an open
     * workload's random arrivals bring now and then.
     */
    static final int POOL_EXHAUSTED_LINES = 10;
    /** A line of the server's log that says a pool ran out (JacORB: "Thread pool exhausted, consider ..."). */
    static final Pattern POOL_EXHAUSTED = Pattern.compile("(?i)pool\\b.*\\bexhausted|exhausted\\b.*\\bpool");
    /**
     * A line of the server's log that says the ORB's request queue was full (JacORB: "Request queue is full,
     * consider ..."): it refused the request, and the client of a oneway never learns of it.
     */
    static final Pattern QUEUE_FULL = Pattern.compile("(?i)queue\\b.*\\bfull\\b");

    private ServerChecks() {
    }

    /**
     * The reasons of a server {@code s} whose utilization was {@code utilization}, of a point whose client part is
     * {@code client} and whose responses were {@code steady}; {@code sole} when the point's clients sent to it alone.
     * What is worth saying but no reason goes into {@code notes}.
     */
    static List<Validity.Reason> of(ServerInputs s, Utilization utilization, ClientPart client, SteadyState steady,
                                    WatchWindow watch, boolean sole, List<String> notes) {
        List<Validity.Reason> out = new ArrayList<>();
        String who = sole ? "the server" : "server " + s.name();
        double share = Double.NaN;
        if (sole && watch.watched() && s.cpus() > 0) {
            share = watch.cpuMs(ProcessSample.Role.SERVER) / watch.windowMs() / s.cpus();
        } else if (utilization.process() != null) {
            share = utilization.process();
        }
        boolean growing = sole && steady.drifts(SteadyState.QUEUE_GROWTH) && steady.drift() > 0;
        if (growing) {
            out.add(Validity.Reason.invalid("server.queue-growing", SteadyState.QUEUE_GROWTH, steady.drift(),
                    String.format(Locale.ROOT, "saturated: %s fell behind the arrivals and its queue grew through "
                            + "the window (the response rose by %.0f%% of its mean from start to end): the figures "
                            + "are of a transient, not of a steady state", who, 100 * steady.drift())));
        }
        if (share >= SATURATION_SHARE) {
            out.add(Validity.Reason.suspect("server.saturation", SATURATION_SHARE, share, String.format(Locale.ROOT,
                    "saturation: %s took %.0f%% of its %d CPU(s)", who, 100 * share, s.cpus())));
        }
        if (sole) {
            failed(client, out);
        }
        logLines(s.log(), who, out, notes);
        return out;
    }

    /** The reason of a point whose requests failed (for several servers: once for the point). */
    static List<Validity.Reason> failedOnly(ClientPart client) {
        List<Validity.Reason> out = new ArrayList<>();
        failed(client, out);
        return out;
    }

    private static void failed(ClientPart client, List<Validity.Reason> out) {
        long bad = client.failed() + client.notSent();
        if (bad == 0 || client.records() == 0) {
            return;
        }
        double share = (double) bad / client.records();
        String outcomes = client.outcomes().entrySet().stream().filter(e -> !e.getKey().equals(RequestRecord.OK))
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
        String sentence = String.format(Locale.ROOT, "%d of %d requests were not answered normally (%s)", bad,
                client.records(), outcomes);
        out.add(share >= FAILED_INVALID_SHARE
                ? Validity.Reason.invalid("server.failed", FAILED_INVALID_SHARE, share, sentence)
                : Validity.Reason.suspect("server.failed", FAILED_INVALID_SHARE, share, sentence));
    }

    private static void logLines(Path log, String who, List<Validity.Reason> out, List<String> notes) {
        if (log == null || !Files.isRegularFile(log)) {
            return;
        }
        List<String> exhausted = new ArrayList<>();
        List<String> full = new ArrayList<>();
        try (Stream<String> all = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            all.forEach(l -> {
                if (QUEUE_FULL.matcher(l).find()) {
                    full.add(l);
                } else if (POOL_EXHAUSTED.matcher(l).find()) {
                    exhausted.add(l);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            return;
        }
        if (!full.isEmpty()) {
            out.add(Validity.Reason.invalid("server.queue-full", 1, full.size(), String.format(Locale.ROOT,
                    "%s's ORB refused requests with its queue full %d time(s) (a oneway's client never learns of it): "
                    + "\"%s\"", who, full.size(), quoted(full.get(0)))));
        }
        if (exhausted.isEmpty()) {
            return;
        }
        String sentence = String.format(Locale.ROOT, "%s's ORB ran out of a pool %d time(s): \"%s\"", who,
                exhausted.size(), quoted(exhausted.get(0)));
        if (exhausted.size() >= POOL_EXHAUSTED_LINES) {
            out.add(Validity.Reason.suspect("server.pool-exhausted", POOL_EXHAUSTED_LINES, exhausted.size(), sentence));
        } else {
            notes.add(sentence);
        }
    }

    private static String quoted(String line) {
        String first = line.strip();
        return first.length() > 120 ? first.substring(0, 120) + "..." : first;
    }
}
