package org.orbscope.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Starts a Java main class in its own JVM: the same {@code java} as this one, the class path given (this JVM's
 * by default), optionally pinned to CPUs with {@code taskset}, with an agent, and the JVM's console output in a
 * log file. The runner, the benchmarks and the tests start every child JVM through here; a workload server or
 * client gets its main class and arguments from its launch record ({@link ServerLaunch}, {@link ClientLaunch}).
 *
 * <pre>{@code
 * Process p = new ServerLaunch(yaml, dir).jvm().cpus(List.of(0)).log(dir.resolve("server.log")).start();
 * }</pre>
 */
public final class JvmLauncher {
    private final String mainClass;
    private final List<String> prefix = new ArrayList<>();
    private final List<String> jvmArgs = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private List<Integer> cpus = List.of();
    private String classpath = defaultClasspath();
    private String agent;
    private Path log;
    private Path workDir;

    private JvmLauncher(String mainClass) {
        this.mainClass = mainClass;
    }

    public static JvmLauncher main(String mainClass) {
        return new JvmLauncher(mainClass);
    }

    /**
     * This JVM's class path with its directories after its jars, each in its order: a class-data-sharing archive
     * of the jars (named in {@value #CHILD_JAVA_OPTS}) maps only where no directory comes before them (JDK 17). A
     * test's class path starts with its module's two class directories, whose classes no jar holds.
     */
    public static String defaultClasspath() {
        return DefaultClasspath.VALUE;
    }

    /** Made once, when the first JVM is launched: the class path of this JVM does not change. */
    private static final class DefaultClasspath {
        static final String VALUE = reordered();
    }

    private static String reordered() {
        List<String> jars = new ArrayList<>();
        List<String> dirs = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                (Files.isDirectory(Path.of(e)) ? dirs : jars).add(e);
            }
        }
        jars.addAll(dirs);
        return String.join(File.pathSeparator, jars);
    }

    public JvmLauncher args(String... a) {
        args.addAll(List.of(a));
        return this;
    }

    public JvmLauncher args(List<String> a) {
        args.addAll(a);
        return this;
    }

    /** The system property that names the run a JVM is of ({@link PointDirectory#runId}). */
    public static final String RUN_ID = "orbscope.run.id";

    /** The JVM option that says a JVM is of the run {@code runId}. */
    public static String runOption(String runId) {
        return "-D" + RUN_ID + "=" + runId;
    }

    /** Marks the JVM as one of the run {@code runId} ({@link #runOption}): the run's watcher knows it by that. */
    public JvmLauncher run(String runId) {
        jvmArgs.add(runOption(runId));
        return this;
    }

    public JvmLauncher jvmArgs(List<String> a) {
        jvmArgs.addAll(a);
        return this;
    }

    /** CPUs to pin the JVM to ({@code taskset -c}); empty = not pinned, and ignored where taskset is missing. */
    public JvmLauncher cpus(List<Integer> c) {
        cpus = List.copyOf(c);
        return this;
    }

    public JvmLauncher classpath(String cp) {
        classpath = cp;
        return this;
    }

    /** A {@code -javaagent:JAR=OPTIONS} argument, or null for none. */
    public JvmLauncher agent(String javaagentArgument) {
        agent = javaagentArgument;
        return this;
    }

    /** Where the JVM's standard output and error go (default: inherited). */
    public JvmLauncher log(Path file) {
        log = file;
        return this;
    }

    public JvmLauncher workDir(Path dir) {
        workDir = dir;
        return this;
    }

    /** Words before the java command, e.g. {@code bash -c 'ulimit -f 64 && exec "$@"' bash}. */
    public JvmLauncher prefix(String... words) {
        prefix.addAll(List.of(words));
        return this;
    }

    /** The full command line. */
    public List<String> command() {
        List<String> cmd = new ArrayList<>(prefix);
        if (!cpus.isEmpty() && tasksetAvailable()) {
            cmd.add("taskset");
            cmd.add("-c");
            cmd.add(cpus.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        cmd.add(javaBinary());
        if (agent != null) {
            cmd.add(agent);
        }
        cmd.addAll(childJavaOptions(classpath));
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    /**
     * The options of {@value #CHILD_JAVA_OPTS} (words split at blanks), given to every JVM started here before the
     * JVM's own options, which may override them. The children inherit the variable, so a host's server and
     * client JVMs get them too. The test suite sets {@code -XX:TieredStopAtLevel=1}: its child JVMs live seconds,
     * and the optimizing compiler's work would not pay back within them. A class-data-sharing archive named there
     * ({@value #SHARED_ARCHIVE}) holds classes of the default class path ({@link #defaultClasspath}); a JVM on
     * another {@code classpath} (a server of another ORB product) would map nothing from it, the JDK's own classes
     * included, so it goes without the option and maps the JDK's archive.
     */
    static List<String> childJavaOptions(String classpath) {
        String options = System.getenv(CHILD_JAVA_OPTS);
        if (options == null || options.isBlank()) {
            return List.of();
        }
        boolean defaultPath = classpath.equals(defaultClasspath());
        return Stream.of(options.strip().split("\\s+")).filter(o -> defaultPath || !o.startsWith(SHARED_ARCHIVE))
                .toList();
    }

    /** The JVM option that names a class-data-sharing archive: {@code -XX:SharedArchiveFile=FILE}. */
    public static final String SHARED_ARCHIVE = "-XX:SharedArchiveFile=";

    /** The environment variable with options for every child JVM. */
    public static final String CHILD_JAVA_OPTS = "ORBSCOPE_CHILD_JAVA_OPTS";

    public Process start() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command());
        if (workDir != null) {
            pb.directory(workDir.toFile());
        }
        if (log != null) {
            Files.createDirectories(log.toAbsolutePath().getParent());
            pb.redirectErrorStream(true).redirectOutput(log.toFile());
        } else {
            pb.inheritIO().redirectInput(ProcessBuilder.Redirect.PIPE);
        }
        Process p = pb.start();
        STARTED.forEach(listener -> listener.accept(p.pid()));
        return p;
    }

    /** Those told the id of every JVM started here ({@link #onStart}). */
    private static final List<LongConsumer> STARTED = new CopyOnWriteArrayList<>();

    /**
     * Tells {@code listener} the process id of every JVM started from now on, as it starts: the point's watcher
     * follows the JVMs of the point from their first sample without looking for them. {@link #offStart} ends it.
     */
    public static void onStart(LongConsumer listener) {
        STARTED.add(listener);
    }

    public static void offStart(LongConsumer listener) {
        STARTED.remove(listener);
    }

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static boolean tasksetAvailable() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits until {@code file} exists (a server's ready file), polling: null when it appeared; otherwise why not
     * (the process ended first, with its exit code; or the time ran out).
     */
    public static String awaitFile(Process p, Path file, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(file)) {
            if (!p.isAlive()) {
                return "exited with code " + p.exitValue() + " before " + file.getFileName() + " appeared";
            }
            if (System.nanoTime() > deadline) {
                return "did not write " + file + " within " + timeout.toSeconds() + " s";
            }
            Thread.sleep(20);
        }
        return null;
    }

    /**
     * Stops a workload JVM the way it asks to be stopped: its standard input is closed (the workload mains stop
     * on end of input), then SIGTERM after {@code grace}, then SIGKILL after {@code grace} more. Returns the
     * exit code, or {@link ExitCode#NOT_ENDED} if it would not end.
     */
    public static int stop(Process p, Duration grace) throws InterruptedException {
        try {
            p.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed: go on to SIGTERM
        }
        long ms = grace.toMillis();
        if (!p.waitFor(ms, TimeUnit.MILLISECONDS)) {
            p.destroy();
            if (!p.waitFor(ms, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                p.waitFor(ms, TimeUnit.MILLISECONDS);
            }
        }
        return p.isAlive() ? ExitCode.NOT_ENDED : p.exitValue();
    }
}
