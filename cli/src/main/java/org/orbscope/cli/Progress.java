package org.orbscope.cli;

import java.io.Console;
import java.io.File;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.orbscope.postprocess.point.Validity;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.PointEstimate;
import org.orbscope.run.PointProgress;
import org.orbscope.run.PointStatus;
import org.orbscope.run.SweepEta;
import org.orbscope.scenario.SweepPoint;

/**
 * What {@code orbscope run} shows while it runs: the sweep's expected time, then for each point a status of its
 * clients so far (sent, completed, failed, rate, p50/p99, from their progress.json) with the sweep's elapsed time
 * and what it has left ({@link SweepEta}), and its result when it ends. On a terminal the status is one line
 * rewritten in place every second, behind a bar of the points done; otherwise (logs, CI, a pipe) a plain line
 * every {@value #PLAIN_SECONDS} s. Quiet, only the points' results are printed. With repetitions
 * ({@code run --repeat N}) each point counts N times in the sweep's time until it stops repeating
 * ({@link #repeatedEnough}), and each repetition gets its result line, then the point its spread.
 */
final class Progress implements AutoCloseable {
    /** How often a plain status line is printed. */
    static final int PLAIN_SECONDS = 10;
    private static final int BAR = 20;
    private final PrintStream out;
    private final boolean tty;
    private final boolean quiet;
    private final List<SweepPoint> points;
    /** The most repetitions of each point. */
    private final int repeat;
    private final List<PointEstimate> estimates;
    private final SweepEta eta;
    private final int columns;
    private final long sweepStart = System.nanoTime();
    private final ScheduledExecutorService ticker;
    private ScheduledFuture<?> watching;
    private int current = -1;
    /** The repetition in progress, from 1. */
    private int repetition = 1;
    private long pointStart;
    /** Whether a terminal status is shown (its two lines, the cursor at the end of the second). */
    private boolean shown;

    /**
     * @param columns the width of the terminal {@code out} is ({@link #terminal}), where the status is
     *     rewritten in place; 0 when it is not one
     * @param quiet only the points' results
     */
    Progress(PrintStream out, int columns, boolean quiet, List<SweepPoint> points) {
        this(out, columns, quiet, points, 1);
    }

    /** As above, each point run up to {@code repeat} times. */
    Progress(PrintStream out, int columns, boolean quiet, List<SweepPoint> points, int repeat) {
        this.out = out;
        this.repeat = repeat;
        this.tty = columns > 0;
        this.columns = columns;
        this.quiet = quiet;
        this.points = points;
        this.estimates = points.stream().map(p -> PointEstimate.of(p.scenario())).toList();
        this.eta = new SweepEta(repeated(estimates, repeat));
        this.ticker = quiet ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "orbscope-progress");
            t.setDaemon(true);
            return t;
        });
    }

    /** The sweep's expected time, before its first point. */
    synchronized void sweepStarting() {
        if (!quiet) {
            out.println("expected: " + expected(estimates, repeat));
        }
    }

    /** Each estimate {@code repeat} times in a row: the repetitions of a point in the order they run. */
    static List<PointEstimate> repeated(List<PointEstimate> each, int repeat) {
        return each.stream().flatMap(e -> java.util.Collections.nCopies(repeat, e).stream()).toList();
    }

    /** The sweep's slot of repetition {@code k} of point {@code index}. */
    private int slot(int index, int k) {
        return index * repeat + k - 1;
    }

    /**
     * The expected time of a sweep, e.g. "24 points, about 35 min (34 min of workload, 3 s per point to start and
     * stop its JVMs)".
     */
    static String expected(List<PointEstimate> each) {
        return expected(each, 1);
    }

    /**
     * The expected time of a sweep whose points run {@code repeat} times each, e.g. "24 points, 3 repetitions each,
     * about 1 h 45 min (...)"; with {@code --until} this is the most it takes.
     */
    static String expected(List<PointEstimate> each, int repeat) {
        SweepEta eta = new SweepEta(repeated(each, repeat));
        double workload = repeat * each.stream().mapToDouble(PointEstimate::workloadSec).sum();
        double startup = each.stream().mapToDouble(PointEstimate::startupSec).max().orElse(0);
        boolean varies = each.stream().mapToDouble(PointEstimate::startupSec).distinct().count() > 1;
        return each.size() + (each.size() == 1 ? " point" : " points")
                + (repeat > 1 ? ", " + repeat + " repetitions each" : "") + ", about " + words(eta.totalSec())
                + " (" + words(workload) + " of workload, " + (varies ? "up to " : "") + words(startup)
                + (repeat > 1 ? " per repetition" : " per point") + " to start and stop its JVMs" + (eta.closedLoops()
                ? "; a closed loop's time is an estimate from its think time and demands" : "") + ")";
    }

    /**
     * Repetition {@code k} (from 1) of point {@code index} starts in {@code dir}: its line, then its status until
     * {@link #finished}.
     */
    synchronized void starting(int index, int k, PointDirectory dir) {
        pointStart = System.nanoTime();
        current = index;
        repetition = k;
        if (quiet) {
            return;
        }
        int clients = points.get(index).scenario().client().jvms();
        if (tty) {
            show(index, PointProgress.read(dir, clients)); // at once; a plain line waits its period
        } else {
            out.println(name(index, k) + " ...");
        }
        long period = tty ? 1 : PLAIN_SECONDS;
        watching = ticker.scheduleAtFixedRate(() -> {
            PointProgress p = PointProgress.read(dir, clients);
            synchronized (this) {
                if (current == index && watching != null) {
                    show(index, p);
                }
            }
        }, period, period, TimeUnit.SECONDS);
    }

    /**
     * A status of point {@code index}: as a plain line, e.g. "point 2/9 rate=100 0:20: sent 2400/3750, completed
     * 2398, failed 0, 200/s, p50 1.21 ms, p99 5.8 ms; sweep 0:42, about 1:30 left"; on a terminal as two lines in
     * place of the last two (the point and the sweep behind the bar, then the clients' figures), each cut to
     * the terminal's width.
     */
    private void show(int index, PointProgress p) {
        double inPoint = (System.nanoTime() - pointStart) / 1e9;
        String head = name(index, repetition) + " " + clock(inPoint);
        String sweep = "sweep " + clock((System.nanoTime() - sweepStart) / 1e9) + ", about "
                + clock(eta.remainingSec(slot(index, repetition), inPoint)) + " left";
        if (tty) {
            int filled = BAR * slot(index, repetition) / Math.max(1, points.size() * repeat);
            clear();
            out.print(fit("[" + "#".repeat(filled) + " ".repeat(BAR - filled) + "] " + head + "; " + sweep) + "\n"
                    + fit("  " + figures(index, p)));
            out.flush();
            shown = true;
        } else {
            out.println(head + ": " + figures(index, p) + "; " + sweep);
        }
    }

    /** Clears the terminal status, if one is shown, leaving the cursor where it began. */
    private void clear() {
        if (shown) {
            out.print("\r\033[2K\033[1A\r\033[2K");
            shown = false;
        }
    }

    private String fit(String line) {
        return line.length() >= columns ? line.substring(0, columns - 1) : line;
    }

    /** What the point's clients did so far: "sent 2400/3750, completed 2398, failed 0, 200/s, p50 ..." */
    private String figures(int index, PointProgress p) {
        StringBuilder b = new StringBuilder();
        int clients = points.get(index).scenario().client().jvms();
        if (p.none()) {
            b.append("starting the JVMs");
        } else {
            b.append("sent ").append(p.sent()).append(p.expected() == null ? "" : "/" + p.expected())
                    .append(", completed ").append(p.completed()).append(", failed ").append(p.failed());
            Double rate = p.achievedRatePerSec();
            if (rate != null) {
                b.append(", ").append(figure(rate)).append("/s");
            }
            if (p.p50Ms() != null) {
                b.append(", p50 ").append(figure(p.p50Ms())).append(" ms, p99 ").append(figure(p.p99Ms()))
                        .append(" ms");
            }
            if (p.ended() >= clients) {
                b.append(clients > 1 ? ", clients done" : ", client done");
            } else if (p.reporting() < clients) {
                b.append(" (").append(p.reporting()).append(" of ").append(clients).append(" clients)");
            }
        }
        return b.toString();
    }

    /**
     * Repetition {@code k} of point {@code index} ended: its result line (the point's, run once).
     * {@code clients} are the summaries the point's client JVMs wrote (none when they wrote none); with several,
     * counts add up, the mean is weighted by completed requests and the p99 is the worst client's. The point's
     * verdict ({@code validity}, null when it could not be judged) follows its status, its reasons at the end.
     */
    synchronized void finished(int index, int k, PointStatus status, List<ClientSummary> clients,
            Validity validity) {
        if (watching != null) {
            watching.cancel(false);
            watching = null;
        }
        current = -1;
        eta.ended(slot(index, k), (System.nanoTime() - pointStart) / 1e9, status.ok());
        String line = name(index, k) + ": "
                + (status.ok() ? "ok" : status.status().toUpperCase(Locale.ROOT) + ": " + status.error())
                + (validity == null ? "" : ", " + validity.verdict().label());
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
                // An if, not a conditional expression: mixing Double and double there unboxes a null p99.
                if (p != null) {
                    p99 = p99 == null ? p : Double.valueOf(Math.max(p99, p));
                }
            }
            line += String.format(Locale.ROOT, " (sent %d, completed %d, failed %d, mean %s ms, p99 %s ms%s)", sent,
                    completed, failed, completed == 0 ? "-" : figure(weighted / completed),
                    p99 == null ? "-" : figure(p99),
                    clients.size() > 1 ? " in the worst of " + clients.size() + " clients" : "");
        }
        if (validity != null && !validity.reasons().isEmpty()) {
            line += ": " + validity.sentences();
        }
        clear();
        out.println(line);
        if (repeat == 1) {
            sweepLine(index);
        }
    }

    /**
     * Point {@code index} repeats no more after repetition {@code k}: the repetitions it leaves out no longer count
     * in the sweep's time left.
     */
    synchronized void repeatedEnough(int index, int k) {
        for (int later = k + 1; later <= repeat; later++) {
            eta.skipped(slot(index, later));
        }
    }

    /** Point {@code index}'s last line after its repetitions ({@code line}), then the sweep's time. */
    synchronized void pointFinished(int index, String line) {
        clear();
        out.println(name(index, 0) + ": " + line);
        sweepLine(index);
    }

    private void sweepLine(int index) {
        if (!quiet && index + 1 < points.size()) {
            out.println("sweep: " + (index + 1) + "/" + points.size() + " points in "
                    + clock((System.nanoTime() - sweepStart) / 1e9) + ", about "
                    + clock(eta.remainingSec(slot(index + 1, 1), 0)) + " left"
                    + (eta.corrected() ? String.format(Locale.ROOT, " (points take %.2fx their estimate)",
                    eta.factor()) : ""));
        }
    }

    /** "point 2/9 rate=100", and ", repetition 2/3" for repetition {@code k} when points repeat (0: the point). */
    private String name(int index, int k) {
        return "point " + (index + 1) + "/" + points.size() + " " + points.get(index).name()
                + (repeat > 1 && k > 0 ? ", repetition " + k + "/" + repeat : "");
    }

    @Override
    public void close() {
        if (ticker != null) {
            ticker.shutdownNow();
        }
    }

    /**
     * A measured figure to three significant digits, what a response-time histogram holds (HdrHistogram with
     * three significant digits): "0.512", "9.05", "91.9", "228", "1230".
     */
    static String figure(double v) {
        return Double.isFinite(v) ? new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString()
                : "-";
    }

    /** Elapsed or remaining time as a clock: "0:42", "12:05", "1:02:03". */
    static String clock(double seconds) {
        long s = Math.round(Math.max(0, seconds));
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** A duration in words: "45 s", "3 min", "2 h 05 min"; minutes from 10 minutes on. */
    static String words(double seconds) {
        long s = Math.round(Math.max(0, seconds));
        if (s < 60) {
            return s + " s";
        }
        if (s < 600) {
            return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
        }
        long m = Math.round(s / 60.0);
        return m < 60 ? m + " min" : String.format(Locale.ROOT, "%d h %02d min", m / 60, m % 60);
    }

    /**
     * Whether {@code console} stands for a terminal on both standard input and output. Up to JDK 21 a console
     * exists only then; from JDK 22 one exists when the streams are redirected too, and Console.isTerminal (looked
     * up by reflection, as this code compiles for 17) tells.
     */
    static boolean isTerminal(Console console) {
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The width of the terminal standard output is (stty; 80 when it does not say), or 0 when it is not a
     * terminal (a file, a pipe: logs, CI, tests).
     */
    static int terminal() {
        if (!isTerminal(System.console())) {
            return 0;
        }
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(ProcessBuilder.Redirect.from(
                    new File("/dev/tty"))).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String[] size = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim().split(" ");
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0 && size.length == 2) {
                return Math.max(20, Integer.parseInt(size[1]));
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // no stty, or no terminal to ask
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 80;
    }
}
