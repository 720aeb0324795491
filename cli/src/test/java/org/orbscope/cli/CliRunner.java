package org.orbscope.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the orbscope command in this JVM and keeps what it printed. */
final class CliRunner {
    final int exit;
    final String out;
    final String err;

    private CliRunner(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    /**
     * How long a test lets a server take to start ({@code --ready-timeout}, seconds): a monitored JVM on a
     * loaded 2-core machine can take minutes, far beyond the 60 s a user's run waits by default.
     */
    static final String READY_TIMEOUT_SECONDS = "300";

    /** Whether the workload server and client are on the class path (a test that runs points needs them). */
    static boolean workloadBuilt() {
        try {
            Class.forName(org.orbscope.run.ServerLaunch.MAIN);
            Class.forName(org.orbscope.run.ClientLaunch.MAIN);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * A process's whole command line, its arguments separated by spaces, from {@code /proc} ("" once it is gone).
     * {@code ProcessHandle.Info} cuts the line at 4096 bytes on Linux, before the main class of a JVM whose class
     * path is the tests' (its length grows with the checkout's path).
     */
    static String commandLine(ProcessHandle h) {
        try {
            return new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc", Long.toString(h.pid()),
                    "cmdline")), StandardCharsets.UTF_8).replace('\0', ' ').strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** The one run directory {@code orbscope run --out runs} made. */
    static java.nio.file.Path onlyRun(java.nio.file.Path runs) throws java.io.IOException {
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(runs)) {
            return s.findFirst().orElseThrow();
        }
    }

    /**
     * Runs the command; a {@code run} that names no {@code --fail-on} gets {@code --fail-on never}: the tests of what
     * a run records run side by side in surefire's forks, where their tiny points are often, and rightly, judged
     * invalid; TrustVerdictRunTest tests the verdicts' exit codes.
     */
    static synchronized CliRunner run(String... args) {
        if (args.length > 0 && args[0].equals("run") && !java.util.Arrays.asList(args).contains("--fail-on")) {
            String[] more = java.util.Arrays.copyOf(args, args.length + 2);
            more[args.length] = "--fail-on";
            more[args.length + 1] = "never";
            args = more;
        }
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Orbscope.commandLine().execute(args);
            return new CliRunner(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    @Override
    public String toString() {
        return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
}
