package org.orbscope.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;
import org.orbscope.run.JvmLauncher;

/**
 * Makes the class-data-sharing archive that {@code ORBSCOPE_CHILD_JAVA_OPTS} names ({@code -XX:SharedArchiveFile=F})
 * before a module's tests start the JVMs that map it: the classes a workload server and client load
 * ({@code child-classes.txt}, a JVM's list of loaded classes), from the class path {@link JvmLauncher} gives its
 * children. Each JVM then maps them instead of reading, parsing and verifying them from the jars, most of a short
 * JVM's start-up. The forks of a module make it once, under a file lock, and again when a jar is newer than it.
 * {@link JvmLauncher} leaves the archive out of a JVM with another class path (an ORB fixture), which maps the
 * JDK's own archive instead.
 */
public final class ChildClassArchive implements TestExecutionListener {
    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        String options = System.getenv(JvmLauncher.CHILD_JAVA_OPTS);
        if (options == null) {
            return;
        }
        for (String o : options.strip().split("\\s+")) {
            if (o.startsWith(JvmLauncher.SHARED_ARCHIVE)) {
                try {
                    make(Path.of(o.substring(JvmLauncher.SHARED_ARCHIVE.length())));
                } catch (IOException e) {
                    System.err.println("orbscope testkit: no class-data-sharing archive for the child JVMs: " + e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static synchronized void make(Path archive) throws IOException, InterruptedException {
        Files.createDirectories(archive.toAbsolutePath().getParent());
        Path lock = archive.resolveSibling(archive.getFileName() + ".lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            String classpath = JvmLauncher.defaultClasspath();
            if (fresh(archive, classpath)) {
                return;
            }
            Path list = Files.createTempFile("child-classes", ".txt");
            Path tmp = archive.resolveSibling(archive.getFileName() + ".tmp");
            try (InputStream in = ChildClassArchive.class.getResourceAsStream("child-classes.txt")) {
                Files.copy(in, list, StandardCopyOption.REPLACE_EXISTING);
                Process dump = new ProcessBuilder(JvmLauncher.javaBinary(), "-Xshare:dump",
                        "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + tmp, "-cp", classpath)
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (!dump.waitFor(5, TimeUnit.MINUTES)) {
                    dump.destroyForcibly();
                    throw new IOException("java -Xshare:dump did not end in 5 minutes");
                }
                if (dump.exitValue() != 0 || !Files.isRegularFile(tmp)) {
                    throw new IOException("java -Xshare:dump exited with " + dump.exitValue());
                }
                Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(list);
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** Whether the archive exists and no jar of the class path is newer than it. */
    private static boolean fresh(Path archive, String classpath) throws IOException {
        if (!Files.isRegularFile(archive)) {
            return false;
        }
        FileTime made = Files.getLastModifiedTime(archive);
        for (String e : classpath.split(java.io.File.pathSeparator)) {
            Path p = Path.of(e);
            if (Files.isRegularFile(p) && Files.getLastModifiedTime(p).compareTo(made) > 0) {
                return false;
            }
        }
        return true;
    }
}
