package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.postprocess.stats.Spectrum;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.RequestRecord;

/**
 * The client side of a point: what its client JVMs recorded (requests.csv) and said of themselves (summary.json).
 * Times in ms.
 *
 * @param records rows of every client's requests.csv
 * @param failed exceptions and requests without a reply
 * @param outcomes rows by outcome, in outcome order
 * @param response response times (from the intended time) of the ok requests after the warm-up
 * @param lateness how late the requests after the warm-up were sent against their schedule
 * @param complete whether every client completed its schedule; null when none said
 * @param interrupted whether a client was interrupted; null when none said
 * @param instances client JVMs of the point; null without client records
 * @param error the first error a client reported, or null
 * @param achievedRatePerSec the clients' achieved rates together; null when none said
 * @param scheduledRatePerSec the rate the clients' schedules asked for together (requests over the span of their
 *     intended send times, so the draws of a random schedule count as drawn); null when none said
 * @param processing the clients' own processing after replies, over every client JVM; null when none had any
 * @param connect the connections the clients opened and the time to each one's first reply, over every client
 *     JVM; null when none said
 * @param sessions the sessions the closed clients completed and cut, over every client JVM; null when none said
 * @param spectrum {@link #response} at HdrHistogram's percentile steps (wrk2's "detailed percentile spectrum")
 * @param responseDistribution the distribution {@link #response} summarizes (ns), for the report's histograms
 * @param responseSeries the response times in the order the requests ended, for batch means
 * @param notes what is missing or suspicious in the client's files
 */
public record ClientPart(long records, long ok, long failed, long notSent, Map<String, Long> outcomes,
                         Summary response, Summary lateness, Boolean complete, Boolean interrupted, Integer instances,
                         String error, Double achievedRatePerSec, Double scheduledRatePerSec,
                         ClientSummary.Processing processing, ClientSummary.Connect connect,
                         ClientSummary.Sessions sessions,
                         List<Spectrum.Step> spectrum,
                         Distribution responseDistribution, OrderedSample responseSeries, List<String> notes) {
    /** No client records: a trace on its own. */
    public static final ClientPart NONE = new ClientPart(0, 0, 0, 0, Map.of(), null, null, null, null, null, null,
            null, null, null, null, null, null, null, new OrderedSample(), List.of());

    public ClientPart {
        outcomes = Frozen.map(outcomes);
        spectrum = Frozen.list(spectrum);
        notes = List.copyOf(notes);
    }

    /** The client part of the records {@code c} read from {@code dirs}, with what each client's summary.json says. */
    static ClientPart of(ClientResults c, List<ClientDirectory> dirs) {
        long ok = c.count(RequestRecord.OK);
        long notSent = c.count(RequestRecord.NOT_SENT);
        List<String> notes = new ArrayList<>(c.problems);
        Boolean complete = null;
        boolean interrupted = false;
        boolean saidInterrupted = false;
        String error = null;
        Double achieved = null;
        Double scheduled = null;
        ClientSummary.Processing processing = null;
        ClientSummary.Connect connect = null;
        ClientSummary.Sessions sessions = null;
        for (ClientDirectory dir : dirs) {
            String which = dirs.size() == 1 ? "client" : "client " + dir.dir().getFileName();
            try {
                ClientSummary s = ClientSummary.read(dir.summary());
                complete = (complete == null || complete) && s.complete();
                interrupted |= s.interrupted();
                saidInterrupted = true;
                if (s.error() != null) {
                    error = error == null ? s.error() : error;
                    notes.add(which + " reported an error: " + s.error());
                }
                achieved = (achieved == null ? 0 : achieved) + s.achievedRatePerSec();
                scheduled = (scheduled == null ? 0 : scheduled) + s.offeredRatePerSec();
                processing = add(processing, s.processing());
                connect = add(connect, s.connect());
                sessions = add(sessions, s.sessions());
            } catch (NoSuchFileException e) {
                notes.add(which + "/summary.json missing: the client ended without writing it (killed?); its "
                        + "figures come from the rows of its requests.csv");
            } catch (IOException e) {
                notes.add(dir.summary() + ": unreadable: " + e.getMessage());
            }
        }
        if (interrupted) {
            notes.add("the client was interrupted: statistics cover the " + ok + " requests answered before");
        } else if (Boolean.FALSE.equals(complete)) {
            notes.add("the client did not complete its schedule: statistics cover the " + ok
                    + " requests that succeeded");
        }
        return new ClientPart(c.rows, ok, c.rows - ok - notSent, notSent, c.outcomes, Summary.of(c.response),
                Summary.of(c.lateness), complete, saidInterrupted ? interrupted : null, dirs.size(), error, achieved,
                scheduled, processing, connect, sessions, Spectrum.of(c.response), c.response, c.responseSeries, notes);
    }

    /** Two client JVMs' processing together: counts and totals add, the mean is over both. */
    private static ClientSummary.Processing add(ClientSummary.Processing a, ClientSummary.Processing b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        long n = a.count() + b.count();
        double total = a.totalSec() + b.totalSec();
        return new ClientSummary.Processing(n, n > 0 ? total * 1e3 / n : null, total);
    }

    /** The sessions in words for the report ({@code "; sessions: 32 completed, 7 cut by the run's end"}), or "". */
    public String sessionsInWords() {
        return sessions == null ? "" : "; sessions: " + sessions.completed() + " completed, " + sessions.cut()
                + " cut by the run's end";
    }

    /** Two client JVMs' sessions together: the counts add. */
    private static ClientSummary.Sessions add(ClientSummary.Sessions a, ClientSummary.Sessions b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return new ClientSummary.Sessions(a.completed() + b.completed(), a.cut() + b.cut());
    }

    /** Two client JVMs' connection openings together: counts add, the mean is over both, the longest is kept. */
    private static ClientSummary.Connect add(ClientSummary.Connect a, ClientSummary.Connect b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        long n = a.count() + b.count();
        double total = (a.meanMs() == null ? 0 : a.meanMs() * a.count()) + (b.meanMs() == null ? 0 : b.meanMs() * b.count());
        // Double.valueOf keeps the conditional boxed: a double there would unbox a null maxMs.
        Double max = a.maxMs() == null ? b.maxMs()
                : b.maxMs() == null ? a.maxMs() : Double.valueOf(Math.max(a.maxMs(), b.maxMs()));
        return new ClientSummary.Connect(n, n > 0 ? total / n : null, max);
    }
}
