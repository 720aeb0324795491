package org.orbscope.cli;

import java.io.PrintStream;
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

    /** {@code client} is null when the client wrote no summary. */
    void finished(int index, String point, PointStatus status, ClientSummary client) {
        String line = "point " + (index + 1) + "/" + total + " " + point + ": "
                + (status.ok() ? "ok" : status.status().toUpperCase(Locale.ROOT) + ": " + status.error());
        if (client != null) {
            line += String.format(Locale.ROOT, " (sent %d, completed %d, failed %d, mean %s ms, p99 %s ms)",
                    client.sent(), client.completed(), client.failed(), ms(client.response().meanMs()),
                    ms(client.response().p99Ms()));
        }
        out.println((tty ? "\033[2K\r" : "") + line);
    }

    private static String ms(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }
}
