package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/orbscope} rebuilds the jars before it runs them when a main source file or a pom is newer than the
 * cli jar, offline first and online when that fails, and says so on stderr. The launcher runs as shipped in a
 * copy of the project's layout; {@code mvn} and {@code java} are stand-ins that log how they were called, so the
 * test sees every decision without a build.
 */
class LauncherRebuildTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;
    private Path home;
    private Path source;
    private Path jar;
    private Path mvnLog;

    @BeforeEach
    void layout() throws IOException {
        home = dir.resolve("orbscope");
        Files.createDirectories(home.resolve("bin"));
        Path launcher = home.resolve("bin/orbscope");
        Files.copy(Path.of("..", "bin", "orbscope"), launcher);
        executable(launcher);
        source = write(home.resolve("scenario/src/main/java/A.java"), "class A {}");
        write(home.resolve("pom.xml"), "<project/>");
        write(home.resolve("scenario/pom.xml"), "<project/>");
        jar = write(home.resolve("cli/target/orbscope.jar"), "jar");
        write(home.resolve("agent/target/orbscope-agent.jar"), "jar");
        mvnLog = dir.resolve("mvn.log");
        Path bin = Files.createDirectories(dir.resolve("fakebin"));
        // mvn: logs its arguments; fails offline when told to, and fails always when told to; a build touches the jars.
        executable(write(bin.resolve("mvn"), String.join("\n",
                "#!/bin/sh",
                "echo \"$*\" >> " + mvnLog,
                "case \" $* \" in *' -o '*) [ -e " + dir.resolve("offline-fails") + " ] && exit 1;; esac",
                "echo '[INFO] Building orbscope-trace 0.1.0-SNAPSHOT                  [1/15]'",
                "[ -e " + dir.resolve("build-fails") + " ] && { echo 'BUILD FAILURE' >&2; exit 1; }",
                "touch cli/target/orbscope.jar agent/target/orbscope-agent.jar",
                "")));
        executable(write(bin.resolve("java"), "#!/bin/sh\necho \"java $*\"\n"));
        // Everything built after the sources: nothing is stale.
        for (Path p : List.of(source, home.resolve("pom.xml"), home.resolve("scenario/pom.xml"))) {
            Files.setLastModifiedTime(p, FileTime.fromMillis(T0));
        }
        Files.setLastModifiedTime(jar, FileTime.fromMillis(T0 + 100_000));
        Files.setLastModifiedTime(home.resolve("agent/target/orbscope-agent.jar"), FileTime.fromMillis(T0 + 100_000));
    }

    private static Path write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Result(int exit, String out, String err) {
    }

    private Result launch() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/orbscope").toString(), "validate", "x.yaml");
        pb.environment().put("PATH", dir.resolve("fakebin") + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA", dir.resolve("fakebin/java").toString());
        pb.redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ended");
        return new Result(p.exitValue(), Files.readString(dir.resolve("out.txt")), Files.readString(dir.resolve("err.txt")));
    }

    private List<String> mvnCalls() throws IOException {
        return Files.exists(mvnLog) ? Files.readAllLines(mvnLog) : List.of();
    }

    private void assertRanTheCli(Result r) {
        assertEquals(0, r.exit(), r.toString());
        assertEquals("java -jar " + jar + " validate x.yaml", r.out().strip(), r.toString());
    }

    @Test
    void upToDateJarsRunWithoutABuild() throws Exception {
        Result r = launch();
        assertRanTheCli(r);
        assertEquals(List.of(), mvnCalls());
        assertEquals("", r.err());
    }

    @Test
    void aChangedSourceRebuildsOfflineQuietlyBeforeRunning() throws Exception {
        Files.setLastModifiedTime(source, FileTime.fromMillis(T0 + 200_000));
        Result r = launch();
        assertRanTheCli(r);
        assertEquals(List.of("-B -q -o -DskipTests package"), mvnCalls());
        assertTrue(r.err().contains("orbscope: building the jars (sources changed"), r.err());
        assertTrue(Files.getLastModifiedTime(jar).toMillis() > T0 + 200_000, "the jar is newer than the source now");

        // Built: the next start runs at once.
        Files.delete(mvnLog);
        assertRanTheCli(launch());
        assertEquals(List.of(), mvnCalls());
    }

    @Test
    void testSourcesAndBuildOutputDoNotCountAsChanges() throws Exception {
        long later = T0 + 200_000;
        Files.setLastModifiedTime(write(home.resolve("scenario/src/test/java/ATest.java"), "class ATest {}"), FileTime.fromMillis(later));
        Files.setLastModifiedTime(write(home.resolve("scenario/target/classes/A.class"), "x"), FileTime.fromMillis(later));
        Files.setLastModifiedTime(write(home.resolve("runs/r/points.csv"), "x"), FileTime.fromMillis(later));
        assertRanTheCli(launch());
        assertEquals(List.of(), mvnCalls());
    }

    @Test
    void aChangedPomRebuildsOnlineWhenTheOfflineBuildFails() throws Exception {
        Files.setLastModifiedTime(home.resolve("scenario/pom.xml"), FileTime.fromMillis(T0 + 200_000));
        Files.writeString(dir.resolve("offline-fails"), "");
        Result r = launch();
        assertRanTheCli(r);
        assertEquals(List.of("-B -q -o -DskipTests package", "-B -Dstyle.color=never -DskipTests package"), mvnCalls());
        assertTrue(r.err().contains("fetching dependencies from Maven Central and building"), r.err());
        assertFalse(r.err().contains("failed"), "the normal path of a fresh machine reads as one: " + r);
        assertFalse(r.err().contains("\u001b["), "no escape codes: " + r);
    }

    @Test
    void aFailedBuildStopsWithItsMessageAndRunsNothing() throws Exception {
        Files.setLastModifiedTime(source, FileTime.fromMillis(T0 + 200_000));
        Files.writeString(dir.resolve("build-fails"), "");
        Result r = launch();
        assertNotEquals(0, r.exit(), r.toString());
        assertFalse(r.out().contains("java -jar"), "the stale jar is not run: " + r);
        assertTrue(r.err().contains("BUILD FAILURE"), "the build's own message: " + r);
    }

    @Test
    void aRunStartedInTheBackgroundOfAScriptStillTakesSigint() throws Exception {
        // The stand-in java prints the signals it ignores: a shell's '&' starts a command with SIGINT ignored.
        Path java = dir.resolve("fakebin/java-signals");
        executable(write(java, "#!/bin/sh\ngrep '^SigIgn:' /proc/self/status\n"));
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", home.resolve("bin/orbscope") + " validate x.yaml & wait");
        pb.environment().put("PATH", dir.resolve("fakebin") + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA", java.toString());
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ended");
        String mask = out.strip().replaceFirst("^SigIgn:\\s*", "");
        long ignored = Long.parseLong(mask, 16);
        assertEquals(0, ignored & (1L << 1), "SIGINT (2) is not ignored by the JVM the launcher starts: " + out);
    }

    @Test
    void aMissingJarBuildsOnFirstUse() throws Exception {
        Files.delete(home.resolve("agent/target/orbscope-agent.jar"));
        assertRanTheCli(launch());
        assertEquals(List.of("-B -q -o -DskipTests package"), mvnCalls());
    }

    @Test
    void aFreshMachinesFirstBuildShowsMavensStepsAndNamesItsTime() throws Exception {
        Files.delete(jar);
        Files.writeString(dir.resolve("offline-fails"), "");
        Result r = launch();
        assertRanTheCli(r);
        assertTrue(r.err().contains("orbscope: first use: building the jars (about a minute"), r.err());
        assertTrue(r.err().contains("the first time takes a few minutes"), r.err());
        assertTrue(r.err().contains("orbscope:   building orbscope-trace 0.1.0-SNAPSHOT [1/15]"), r.err());
    }
}
