package org.orbscope.agent;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts a test application in its own JVM, optionally with the agent, and collects its output. */
final class ChildJvm {
    final Process process;
    final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static Path agentJar() {
        String p = System.getProperty("orbscope.agent.jar");
        Path jar = p != null ? Paths.get(p) : Paths.get("..", "agent", "target", "orbscope-agent.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("agent jar missing: " + jar + " (the agent tests run after mvn package)");
        }
        return jar.toAbsolutePath();
    }

    static ChildJvm start(Path dir, String agentOptions, String mainClass, String... args) throws IOException {
        return startWithClasspath(dir, agentOptions, Paths.get("target", "test-classes").toAbsolutePath().toString(), mainClass, args);
    }

    /**
     * The test class path (test classes + test dependencies such as JacORB) without the agent's own classes,
     * ByteBuddy and the trace module: in the child those come only from the agent jar, as for a user.
     */
    static String testClasspathWithoutAgent() {
        List<String> keep = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String n = e.replace('\\', '/');
            if (n.contains("byte-buddy") || n.contains("orbscope-agent") || n.contains("orbscope-trace")
                    || n.endsWith("/target/classes") || n.endsWith("/target/classes/") || n.contains("surefire") || n.contains("junit")) {
                continue;
            }
            keep.add(e);
        }
        return String.join(File.pathSeparator, keep);
    }

    /**
     * The JacORB server of the tests ({@code example.traced.OrbServer}) under the agent with {@code agentOptions},
     * once it has written its IOR to {@code ior}; it serves until the file {@code stop} appears.
     */
    static ChildJvm orbServer(Path dir, String agentOptions, Path ior, Path stop) throws IOException, InterruptedException {
        ChildJvm server = startWithClasspath(dir, agentOptions, testClasspathWithoutAgent(), "example.traced.OrbServer",
                ior.toString(), stop.toString());
        long deadline = System.nanoTime() + 120_000_000_000L; // a JacORB server under the agent on a busy machine
        while (!Files.exists(ior) && System.nanoTime() < deadline && server.process.isAlive()) {
            Thread.sleep(20);
        }
        if (!Files.exists(ior)) {
            throw new IllegalStateException("the server published no IOR: " + server.output());
        }
        return server;
    }

    static ChildJvm startWithClasspath(Path dir, String agentOptions, String classpath, String mainClass, String... args)
            throws IOException {
        return launch(dir, new ArrayList<>(), List.of(), agentOptions, classpath, mainClass, args);
    }

    /** Like {@link #start}, with JVM options such as {@code -Xmx16m} before the main class. */
    static ChildJvm startWithJvmArgs(Path dir, List<String> jvmArgs, String agentOptions, String mainClass, String... args)
            throws IOException {
        return launch(dir, new ArrayList<>(), jvmArgs, agentOptions, Paths.get("target", "test-classes").toAbsolutePath().toString(),
                mainClass, args);
    }

    /**
     * Like {@link #start}, with the files the child writes limited to {@code kib} KiB (bash's
     * {@code ulimit -f}): writing past it fails with "File too large", as on a full disk, and the JVM ignores
     * the SIGXFSZ signal that comes with it.
     */
    static ChildJvm startWithFileSizeLimit(Path dir, int kib, String agentOptions, String mainClass, String... args) throws IOException {
        List<String> shell = new ArrayList<>(Arrays.asList("/bin/bash", "-c", "ulimit -f " + kib + " && exec \"$@\"", "bash"));
        return launch(dir, shell, List.of(), agentOptions, Paths.get("target", "test-classes").toAbsolutePath().toString(), mainClass,
                args);
    }

    private static ChildJvm launch(Path dir, List<String> cmd, List<String> jvmArgs, String agentOptions, String classpath,
            String mainClass, String... args) throws IOException {
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        if (agentOptions != null) {
            cmd.add("-javaagent:" + agentJar() + "=" + agentOptions);
        }
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(mainClass);
        cmd.addAll(Arrays.asList(args));
        Path log = dir.resolve("child-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        return new ChildJvm(p, log);
    }

    int await(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("child JVM did not finish in " + seconds + " s; output:\n" + output());
        }
        return process.exitValue();
    }

    String output() {
        try {
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    long pid() {
        return process.pid();
    }

    static String path(File f) {
        return f.getAbsolutePath();
    }
}
