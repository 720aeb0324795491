package org.orbscope.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointStatus;

/** A per-point progress bar on a terminal; plain lines when stdout is not one (logs, CI, tests). */
final class Progress {
    private static final int WIDTH = 30;
    private final PrintStream out;
    private final boolean tty;
    private final int total;

    Progress(PrintStream out, int total) {
        this.out = out;
        this.tty = System.console() != null;
        this.total = total;
    }

    void starting(int index, String point) {
        if (tty) {
            int filled = WIDTH * index / Math.max(1, total);
            out.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + (index + 1) + "/" + total + " " + point + "   ");
            out.flush();
        } else {
            out.println("point " + (index + 1) + "/" + total + " " + point + " ...");
        }
    }

    /**
     * {@code clients} are the summaries the point's client JVMs wrote (none when they wrote none); with several,
     * counts add up, the mean is weighted by completed requests and the p99 is the worst client's.
     */
    void finished(int index, String point, PointStatus status, List<ClientSummary> clients) {
        String line = "point " + (index + 1) + "/" + total + " " + point + ": "
                + (status.ok() ? "ok" : status.status().toUpperCase(Locale.ROOT) + ": " + status.error());
        if (!clients.isEmpty()) {
            long sent = 0;
            long completed = 0;
            long failed = 0;
            double weighted = 0;
            Double p99 = null;
            for (ClientSummary c : clients) {
                sent += c.sent();
                completed += c.completed();
                failed += c.failed();
                Double mean = c.response().meanMs();
                weighted += mean == null ? 0 : mean * c.completed();
                Double p = c.response().p99Ms();
                p99 = p == null ? p99 : p99 == null ? p : Math.max(p99, p);
            }
            line += String.format(Locale.ROOT, " (sent %d, completed %d, failed %d, mean %s ms, p99 %s ms%s)", sent,
                    completed, failed, ms(completed == 0 ? null : weighted / completed), ms(p99),
                    clients.size() > 1 ? " in the worst of " + clients.size() + " clients" : "");
        }
        out.println((tty ? "\033[2K\r" : "") + line);
    }

    private static String ms(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }
}
