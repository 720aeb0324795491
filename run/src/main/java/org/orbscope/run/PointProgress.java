package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import org.HdrHistogram.Histogram;

/**
 * How far the client JVMs of a point are together, from the {@link ClientProgress} each wrote: counts add up,
 * response percentiles come from their histograms added together, and the elapsed time is the longest client's.
 *
 * @param reporting client JVMs whose progress.json exists (a client writes its first once its schedule starts)
 * @param ended those of them that have ended
 * @param expected requests all of them mean to send; null when one does not know or not every client reports
 * @param p50Ms median response time of their {@code ok} requests after the warm-up, or null before the first
 * @param p99Ms their 99th percentile, or null
 */
public record PointProgress(int reporting, int ended, Long expected, long sent, long completed, long failed,
                            double elapsedSec, Double p50Ms, Double p99Ms) {

    /** What the clients of {@code dir} wrote so far; {@code clients}: how many the point runs. */
    public static PointProgress read(PointDirectory dir, int clients) {
        int reporting = 0;
        int ended = 0;
        long expected = 0;
        boolean known = true;
        long sent = 0;
        long completed = 0;
        long failed = 0;
        double elapsed = 0;
        Histogram response = new Histogram(3);
        for (ClientDirectory c : dir.existingClients()) {
            if (!Files.isRegularFile(c.progress())) {
                continue;
            }
            ClientProgress p;
            Histogram h;
            try {
                p = ClientProgress.read(c.progress());
                h = p.responseHistogram();
            } catch (IOException e) {
                continue; // gone with its point, or not written by this version: the others still count
            }
            reporting++;
            ended += p.ended() ? 1 : 0;
            known &= p.expected() != null;
            expected += p.expected() == null ? 0 : p.expected();
            sent += p.sent();
            completed += p.completed();
            failed += p.failed();
            elapsed = Math.max(elapsed, p.elapsedSec());
            response.add(h);
        }
        boolean measured = response.getTotalCount() > 0;
        return new PointProgress(reporting, ended, known && reporting >= clients ? expected : null, sent,
                completed, failed, elapsed, measured ? response.getValueAtPercentile(50) / 1e6 : null,
                measured ? response.getValueAtPercentile(99) / 1e6 : null);
    }

    /** Requests answered {@code ok} per second of the elapsed time, or null before the schedule started. */
    public Double achievedRatePerSec() {
        return elapsedSec > 0 ? completed / elapsedSec : null;
    }

    /** No client has reported yet. */
    public boolean none() {
        return reporting == 0;
    }
}
