package org.orbscope.cli;

import java.io.PrintStream;

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

    void finished(int index, String point, PointResult r, PointSummary s) {
        String line = "point " + (index + 1) + "/" + total + " " + point + ": "
                + (r.ok() ? "ok" : "FAILED: " + r.error())
                + (s.sent() >= 0 ? String.format(java.util.Locale.ROOT, " (sent %d, completed %d, failed %d, mean %s ms, p99 %s ms)",
                        s.sent(), s.completed(), s.failed(), SummaryTable.num(s.meanMs()), SummaryTable.num(s.p99Ms())) : "");
        out.println((tty ? "\033[2K\r" : "") + line);
    }
}
